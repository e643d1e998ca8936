import { useId, useMemo } from 'react';
import {
  Checkbox,
  type ComboboxItem,
  type OptionsFilter,
  MultiSelect,
  NumberInput,
  Select,
  Slider,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_WINDOWS,
  ROTATIONS,
  SYNC_INTERVAL,
  zoneAliases,
  zoneMatches,
  zoneNames,
  type PointPatch,
  type Rotation,
} from '@vitrine/core';
import { useAllNets } from '../nets';

/**
 * The screen settings one person edits on a screen's page and, for many screens at once, in the list's
 * bulk dialog: one component per setting so both places show the same fields with the same rules.
 */
export const SETTING_FIELDS = [
  'timezone',
  'rotation',
  'transitionMs',
  'relaunchInterval',
  'syncInterval',
  'workFrom',
  'workTo',
  'commercialCycle',
  'nets',
  'autostart',
  'windows',
] as const;
export type SettingField = (typeof SETTING_FIELDS)[number];

/** What a new screen starts with (the server's column defaults). */
export const SETTING_DEFAULTS: Required<Pick<PointPatch, SettingField>> = {
  timezone: 'UTC',
  rotation: 'NORMAL',
  transitionMs: 0,
  relaunchInterval: null,
  syncInterval: SYNC_INTERVAL.default,
  workFrom: null,
  workTo: null,
  commercialCycle: null,
  nets: [],
  autostart: true,
  windows: DEFAULT_WINDOWS,
};

export interface SettingFieldProps<F extends SettingField> {
  field: F;
  value: PointPatch[F];
  onChange: (value: PointPatch[F]) => void;
  error?: string | undefined;
}

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

const timeInput = (value: string) => (value.length === 5 ? `${value}:00` : value);

/** The label a setting goes by (the bulk dialog names the setting each tick changes). */
export function useSettingLabel(): (field: SettingField) => string {
  const { t } = useTranslation();
  return (field) =>
    field === 'windows'
      ? t('points.bulk.windows')
      : field === 'nets'
        ? t('points.networks')
        : t(`points.${field}`);
}

/** One setting's input. `windows` is one setting of three parts: full screen, mirror and volume. */
export function SettingInput<F extends SettingField>(props: SettingFieldProps<F>) {
  const { t } = useTranslation();
  const zones = useTimeZones(props.field === 'timezone' ? (props.value as string | undefined) : undefined);
  const volumeId = useId();
  const { field, error } = props;
  // One switch over the field name; each branch knows its own value type.
  const value = props.value as PointPatch[SettingField];
  const onChange = props.onChange as (value: unknown) => void;
  const nets = useAllNets(field === 'nets');
  switch (field) {
    case 'timezone':
      return (
        <Select
          label={t('points.timezone')}
          searchable
          allowDeselect={false}
          data={zones}
          filter={zoneFilter}
          value={(value as string | undefined) ?? 'UTC'}
          error={error}
          onChange={(z) => z && onChange(z)}
        />
      );
    case 'rotation':
      return (
        <Select
          label={t('points.rotation')}
          allowDeselect={false}
          data={ROTATIONS.map((r) => ({ value: r, label: t(`points.rotations.${r}`) }))}
          value={(value as Rotation | undefined) ?? 'NORMAL'}
          error={error}
          onChange={(r) => r && onChange(r as Rotation)}
        />
      );
    case 'transitionMs':
      return (
        <NumberInput
          label={t('points.transitionMs')}
          min={0}
          max={10000}
          value={(value as number | undefined) ?? 0}
          error={error}
          onChange={(n) => onChange(Number(n) || 0)}
        />
      );
    case 'relaunchInterval':
    case 'commercialCycle':
      return (
        <NumberInput
          label={t(`points.${field}`)}
          min={1}
          {...(field === 'relaunchInterval' ? { placeholder: t('points.never') } : {})}
          value={(value as number | null | undefined) ?? ''}
          error={error}
          onChange={(n) => onChange(n === '' ? null : Number(n))}
        />
      );
    case 'syncInterval':
      return (
        <NumberInput
          label={t('points.syncInterval')}
          description={t('points.syncIntervalHint')}
          min={SYNC_INTERVAL.min}
          max={SYNC_INTERVAL.max}
          allowDecimal={false}
          value={(value as number | undefined) ?? SYNC_INTERVAL.default}
          error={error}
          onChange={(n) => onChange(n === '' ? SYNC_INTERVAL.default : Number(n))}
        />
      );
    case 'workFrom':
    case 'workTo':
      return (
        <TextInput
          type="time"
          step={1}
          label={t(`points.${field}`)}
          value={(value as string | null | undefined) ?? ''}
          error={error}
          onChange={(e) => onChange(e.currentTarget.value ? timeInput(e.currentTarget.value) : null)}
        />
      );
    case 'nets':
      return (
        <MultiSelect
          label={t('points.networks')}
          data={(nets.data?.nets ?? []).map((n) => ({ value: String(n.id), label: n.name }))}
          value={((value as number[] | undefined) ?? []).map(String)}
          error={error}
          onChange={(ids) => onChange(ids.map(Number))}
        />
      );
    case 'autostart':
      return (
        <Checkbox
          label={t('points.autostart')}
          checked={(value as boolean | undefined) ?? true}
          error={error}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'windows': {
      const w = (value as PointPatch['windows']) ?? DEFAULT_WINDOWS;
      return (
        <Stack gap="sm">
          <Switch
            label={t('points.fullscreen')}
            checked={w.fullscreen}
            onChange={(e) => onChange({ ...w, fullscreen: e.currentTarget.checked })}
          />
          <Switch
            label={t('points.mirror')}
            checked={w.mirror}
            onChange={(e) => onChange({ ...w, mirror: e.currentTarget.checked })}
          />
          <Text size="sm" fw={500} id={volumeId}>
            {t('points.volume')}: {w.volume}
          </Text>
          <Slider
            aria-labelledby={volumeId}
            min={0}
            max={100}
            value={w.volume}
            onChange={(volume) => onChange({ ...w, volume })}
          />
        </Stack>
      );
    }
  }
}
