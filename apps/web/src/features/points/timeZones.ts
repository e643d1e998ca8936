import { useMemo } from 'react';
import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import { zoneAliases, zoneMatches, zoneNames } from '@vitrine/core';

/**
 * Browsers list zones by region and leave out plain UTC; a zone is labelled with its other names too
 * ('Europe/Kiev (Europe/Kyiv)'), and the screen's own zone is listed once, by its name, even when the
 * browser names it otherwise.
 */
export function useTimeZones(current?: string): ComboboxItem[] {
  return useMemo(() => {
    const listed = (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf(
      'timeZone',
    );
    const zones = ['UTC', ...listed.filter((z) => z !== 'UTC')];
    if (current && !zones.includes(current)) {
      // The browser lists the zone by another name (Europe/Kiev for Europe/Kyiv): the screen's name stands in.
      const other = zones.findIndex((zone) => zoneNames(current).includes(zone));
      if (other >= 0) zones[other] = current;
      else zones.push(current);
    }
    return zones.map((value) => {
      const aliases = zoneAliases(value).filter((alias) => alias.includes('/'));
      return { value, label: aliases.length ? `${value} (${aliases.join(', ')})` : value };
    });
  }, [current]);
}

/** The zone list's search: by any name of a zone, current or former ('Kyiv' finds Europe/Kiev). */
export const zoneFilter: OptionsFilter = ({ options, search }) =>
  (options as ComboboxItem[]).filter((option) => zoneMatches(option.value, search));
