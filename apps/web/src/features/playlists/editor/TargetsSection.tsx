import { useState } from 'react';
import { MultiSelect, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTargetOptions } from '../playlists.api';
import type { Named } from './editorState';
import { FormSection } from './FormSection';
import type { PlaylistEditor } from './usePlaylistEditor';
import { useFetchDelayed } from '../../../lib/timing';

/** Screens or networks, searched on the server; the chosen ones keep their names. */
function TargetPicker({
  label,
  kind,
  value,
  onChange,
}: {
  label: string;
  kind: 'points' | 'nets' | 'walls';
  value: Named[];
  onChange: (value: Named[]) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const debounced = useFetchDelayed(search);
  const { data } = useTargetOptions(debounced);
  const known = new Map<number, Named>([...value, ...(data?.[kind] ?? [])].map((x) => [x.id, x]));
  return (
    <MultiSelect
      label={label}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={t('common.nothingFound')}
      data={[...known.values()].map((x) => ({ value: String(x.id), label: x.name }))}
      value={value.map((x) => String(x.id))}
      onChange={(ids) => onChange(ids.map((id) => known.get(Number(id))!).filter(Boolean))}
    />
  );
}

/** Where it plays: screens, networks and video walls. */
export function TargetsSection({ editor }: { editor: PlaylistEditor }) {
  const { t } = useTranslation();
  const { state, set } = editor;
  return (
    <FormSection title={t('playlists.targets')}>
      <TargetPicker
        label={t('playlists.screens')}
        kind="points"
        value={state.points}
        onChange={(v) => set('points', v)}
      />
      <TargetPicker
        label={t('playlists.nets')}
        kind="nets"
        value={state.nets}
        onChange={(v) => set('nets', v)}
      />
      <TargetPicker
        label={t('playlists.walls')}
        kind="walls"
        value={state.walls}
        onChange={(v) => set('walls', v)}
      />
      {state.walls.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('playlists.wallsHint')}
        </Text>
      )}
      {(state.points.length > 0 || state.nets.length > 0 || state.walls.length > 0) &&
        state.influence === 'PASSIVE' && (
          <Text size="sm" c="dimmed">
            {t('playlists.preparing')}
          </Text>
        )}
    </FormSection>
  );
}
