import { useMemo, useRef, useState } from 'react';
import { Group, MultiSelect, Paper, SegmentedControl, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAllNets } from '../nets';
import { fileNameQuery, useFileSearch, useOptionPlaylists, useOptionPoints } from './statistics.api';
import { PRESETS, presetOf, presetRange, type IdFilter, type Preset, type StatFilters } from './filters';
import { withDay, withIds } from './filterChanges';
import { usePermissions } from '../../lib/permissions';
import { useFetchDelayed } from '../../lib/timing';

interface Named {
  id: number;
  name: string;
}

/** Every option list comes from the list the role may read anyway; a role without it gets no picker. */
function useOptionLists() {
  const has = usePermissions();
  const points = useOptionPoints(has('point.list'));
  const nets = useAllNets(has('net.route'), true);
  const playlists = useOptionPlaylists(has('playlist.list'));
  return {
    canFiles: has('files.route'),
    points: has('point.list') ? (points.data?.points ?? []) : null,
    nets: has('net.route') ? (nets.data?.nets ?? []) : null,
    playlists: has('playlist.list') ? (playlists.data?.list ?? []) : null,
  };
}

const toOptions = (items: Named[]) => items.map((x) => ({ value: String(x.id), label: x.name }));

/** Ids picked from a list; an id the list no longer has (removed, or from an old link) reads as #id. */
function IdsSelect({
  label,
  items,
  value,
  onChange,
}: {
  label: string;
  items: Named[];
  value: number[] | undefined;
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const data = useMemo(() => {
    const known = new Set(items.map((x) => x.id));
    return [
      ...toOptions(items),
      ...(value ?? []).filter((id) => !known.has(id)).map((id) => ({ value: String(id), label: `#${id}` })),
    ];
  }, [items, value]);
  return (
    <MultiSelect
      label={label}
      placeholder={value?.length ? undefined : t('statistics.all')}
      searchable
      clearable
      hidePickedOptions
      maxDropdownHeight={280}
      nothingFoundMessage={t('common.nothingFound')}
      data={data}
      value={(value ?? []).map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
      clearButtonProps={{ 'aria-label': t('statistics.clearFilter', { name: label }) }}
    />
  );
}

/** Files come from the gallery's search, as typed; the names picked are remembered for the chips. */
function FilesSelect({
  value,
  onChange,
}: {
  value: number[] | undefined;
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const debounced = useFetchDelayed(search.trim());
  const names = useRef(new Map<number, string>());
  const { data } = useFileSearch(debounced);
  // Files picked before (an address shared or reloaded) are named through GET /api/file/{id}.
  const picked = useQueries({
    queries: (value ?? []).map((id) => fileNameQuery(id, !names.current.has(id))),
  });
  for (const q of picked) if (q.data) names.current.set(q.data.id, q.data.name);
  const found = (data?.data ?? [])
    .filter((item) => 'mime' in item)
    .map((item) => ({ id: item.id, name: item.name }));
  for (const f of found) names.current.set(f.id, f.name);
  const options = [
    ...(value ?? []).map((id) => ({ value: String(id), label: names.current.get(id) ?? `#${id}` })),
    ...found.filter((f) => !value?.includes(f.id)).map((f) => ({ value: String(f.id), label: f.name })),
  ];
  const label = t('statistics.files');
  return (
    <MultiSelect
      label={label}
      placeholder={value?.length ? undefined : t('statistics.filesPlaceholder')}
      searchable
      clearable
      hidePickedOptions
      searchValue={search}
      onSearchChange={setSearch}
      // The server has searched already: show what it found.
      filter={({ options: all }) => all}
      nothingFoundMessage={debounced ? t('common.nothingFound') : t('statistics.typeToSearch')}
      data={options}
      value={(value ?? []).map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
      clearButtonProps={{ 'aria-label': t('statistics.clearFilter', { name: label }) }}
    />
  );
}

/** The range: a preset, or two days typed or picked. */
function RangeFilter({
  filters,
  onChange,
}: {
  filters: StatFilters;
  onChange: (filters: StatFilters) => void;
}) {
  const { t } = useTranslation();
  const preset = presetOf(filters);
  const setDay = (key: 'from' | 'to', value: string) => {
    const next = withDay(filters, key, value);
    if (next) onChange(next);
  };
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SegmentedControl
        aria-label={t('statistics.range')}
        value={preset ?? ''}
        onChange={(value) => onChange({ ...filters, ...presetRange(value as Preset) })}
        data={PRESETS.map((p) => ({ value: p, label: t(`statistics.presets.${p}`) }))}
      />
      <SimpleGrid cols={2} spacing="sm" w={{ base: '100%', xs: 336 }}>
        <TextInput
          type="date"
          label={t('statistics.from')}
          value={filters.from}
          max={filters.to}
          onChange={(e) => setDay('from', e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('statistics.to')}
          value={filters.to}
          min={filters.from}
          onChange={(e) => setDay('to', e.currentTarget.value)}
        />
      </SimpleGrid>
    </Group>
  );
}

/**
 * The statistics pages' shared filters: a range (presets or two days) and, where the role may list them,
 * screens, networks, playlists and files. Every change goes straight to the address.
 */
export function FilterBar({
  filters,
  onChange,
  ids = true,
}: {
  filters: StatFilters;
  onChange: (filters: StatFilters) => void;
  /** False: the range only (impressions). */
  ids?: boolean;
}) {
  const { t } = useTranslation();
  const lists = useOptionLists();
  const setIds = (key: IdFilter) => (value: number[]) => onChange(withIds(filters, key, value));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('statistics.filters')}>
      <Stack gap="sm">
        <RangeFilter filters={filters} onChange={onChange} />
        {ids && (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            {lists.points && (
              <IdsSelect
                label={t('statistics.screens')}
                items={lists.points}
                value={filters.points}
                onChange={setIds('points')}
              />
            )}
            {lists.nets && (
              <IdsSelect
                label={t('statistics.nets')}
                items={lists.nets}
                value={filters.nets}
                onChange={setIds('nets')}
              />
            )}
            {lists.playlists && (
              <IdsSelect
                label={t('statistics.playlists')}
                items={lists.playlists}
                value={filters.playlists}
                onChange={setIds('playlists')}
              />
            )}
            {lists.canFiles && <FilesSelect value={filters.files} onChange={setIds('files')} />}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
