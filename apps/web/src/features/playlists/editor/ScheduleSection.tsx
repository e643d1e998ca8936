import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { QUOTA_KINDS, type QuotaKind } from '@vitrine/core';
import { FormSection } from './FormSection';
import type { PlaylistEditor } from './usePlaylistEditor';

/** An advertising playlist's schedule: a timetable or a number of shows, with suggested values. */
export function ScheduleSection({ editor }: { editor: PlaylistEditor }) {
  const { t } = useTranslation();
  const { state, set, errors, suggestions, setSuggestions } = editor;
  const narrow = useMediaQuery('(max-width: 36em)');
  return (
    <FormSection title={t('playlists.schedule')}>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="playlist-mode">
          {t('playlists.scheduleMode')}
        </Text>
        <SegmentedControl
          aria-labelledby="playlist-mode"
          fullWidth
          orientation={narrow ? 'vertical' : 'horizontal'}
          data={[
            { value: 'TIMETABLE', label: t('playlists.modes.TIMETABLE') },
            { value: 'SHOWS', label: t('playlists.modes.SHOWS') },
          ]}
          value={state.scheduleMode ?? 'TIMETABLE'}
          onChange={(v) => set('scheduleMode', v === 'SHOWS' ? 'SHOWS' : null)}
        />
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          min={1}
          label={state.scheduleMode === 'SHOWS' ? t('playlists.quantity') : t('playlists.periodicity')}
          value={state.periodicity}
          error={errors.periodicity}
          onChange={(v) => {
            set('periodicity', Number(v) || 0);
            setSuggestions([]);
          }}
        />
        {state.scheduleMode === 'SHOWS' && (
          <Select
            label={t('playlists.limitationType')}
            allowDeselect={false}
            data={QUOTA_KINDS.map((v) => ({ value: v, label: t(`playlists.quotaKinds.${v}`) }))}
            value={state.limitationType}
            onChange={(v) => v && set('limitationType', v as QuotaKind)}
          />
        )}
      </SimpleGrid>
      {suggestions.length > 0 && (
        <Group gap="xs" aria-label={t('playlists.suggested')} role="group">
          <Text size="sm">{t('playlists.suggested')}:</Text>
          {suggestions.map((v) => (
            <Button key={v} size="compact-sm" variant="light" onClick={() => set('periodicity', v)}>
              {v}
            </Button>
          ))}
        </Group>
      )}
      <Checkbox
        label={t('playlists.inLeftoversOnly')}
        checked={state.inLeftoversOnly}
        onChange={(e) => set('inLeftoversOnly', e.currentTarget.checked)}
      />
    </FormSection>
  );
}
