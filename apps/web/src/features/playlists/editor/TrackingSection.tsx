import { Checkbox, Group, MultiSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AD_SUPPLIERS, PIXEL_MACROS, SSP_MODES } from '@vitrine/core';
import { SspMissingNote } from '../../ssp';
import { pixelAddress, type EditorState } from './editorState';
import { FormSection } from './FormSection';
import type { PlaylistEditor } from './usePlaylistEditor';

/** Tracking: the pixel, statistics, access, the advertising sources and the SSP connector. */
export function TrackingSection({ editor }: { editor: PlaylistEditor }) {
  const { t } = useTranslation();
  const { state, set, errors } = editor;
  return (
    <FormSection title={t('playlists.tracking')}>
      <TextInput
        label={t('playlists.pixel')}
        description={t('playlists.pixelHelp', { macros: PIXEL_MACROS.map((m) => `{${m}}`).join(' ') })}
        placeholder="https://tracker.example.com/p.gif?show={EVENT_ID}&screen={SCREEN_ID}"
        value={state.pixel ?? ''}
        error={errors.pixel}
        onChange={(e) => set('pixel', pixelAddress(e.currentTarget.value) || null)}
      />
      <Group>
        <Checkbox
          label={t('playlists.noStats')}
          checked={state.noStats}
          onChange={(e) => set('noStats', e.currentTarget.checked)}
        />
        <Checkbox
          label={t('playlists.access')}
          checked={state.access}
          onChange={(e) => set('access', e.currentTarget.checked)}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label={t('playlists.source')}
          clearable
          data={AD_SUPPLIERS.map((s) => ({
            value: s.kind,
            label: t(`playlists.suppliers.${s.kind}`),
            disabled: !s.enabled,
          }))}
          value={state.source}
          onChange={(v) => set('source', v as EditorState['source'])}
        />
        <MultiSelect
          label={t('playlists.providers')}
          data={AD_SUPPLIERS.map((s) => ({
            value: s.kind,
            label: t(`playlists.suppliers.${s.kind}`),
            disabled: !s.enabled,
          }))}
          value={state.advertisingProviders}
          onChange={(v) => set('advertisingProviders', v as EditorState['advertisingProviders'])}
        />
        <Select
          label={t('playlists.sspConnector')}
          clearable
          data={SSP_MODES.map((v) => ({ value: v, label: t(`playlists.sspModes.${v}`) }))}
          value={state.sspConnector?.mode ?? null}
          onChange={(v) =>
            set('sspConnector', v ? { enabled: true, mode: v as (typeof SSP_MODES)[number] } : null)
          }
        />
      </SimpleGrid>
      {(state.sspConnector || state.source) && <SspMissingNote playlistId={editor.playlist?.id ?? null} />}
    </FormSection>
  );
}
