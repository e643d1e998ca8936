import { Chip, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WEEK_DAYS } from '@vitrine/core';
import { fromLocalInput, fromTimeInput, toLocalInput } from '../../../lib/wallInputs';
import { FormSection } from './FormSection';
import type { PlaylistEditor } from './usePlaylistEditor';

/** When it plays: the dates, the days of the week and up to two time windows. */
export function PeriodSection({ editor }: { editor: PlaylistEditor }) {
  const { t } = useTranslation();
  const { state, set, errors } = editor;
  const timeInput = (key: 'fromTime' | 'toTime' | 'fromTime2' | 'toTime2', label: string) => (
    <TextInput
      type="time"
      step={1}
      label={label}
      value={state[key] ?? ''}
      error={errors[key]}
      onChange={(e) => set(key, e.currentTarget.value ? fromTimeInput(e.currentTarget.value) : null)}
    />
  );
  return (
    <FormSection title={t('playlists.period')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          type="datetime-local"
          step={1}
          label={t('playlists.fromDate')}
          value={toLocalInput(state.fromDate)}
          error={errors.fromDate}
          onChange={(e) => set('fromDate', fromLocalInput(e.currentTarget.value))}
        />
        <TextInput
          type="datetime-local"
          step={1}
          label={t('playlists.toDate')}
          min={toLocalInput(state.fromDate)}
          value={toLocalInput(state.toDate)}
          error={errors.toDate}
          onChange={(e) => set('toDate', fromLocalInput(e.currentTarget.value))}
        />
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="playlist-weekdays">
          {t('playlists.weekDays')}
        </Text>
        <Chip.Group
          multiple
          value={state.weekDays.map(String)}
          onChange={(v) => set('weekDays', v.map(Number).sort())}
        >
          <Group gap="xs" role="group" aria-labelledby="playlist-weekdays">
            {[1, 2, 3, 4, 5, 6, 0].map((d) => (
              <Chip key={d} value={String(d)} size="sm">
                {t(`playlists.days.${WEEK_DAYS[d]}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {errors.weekDays && (
          <Text c="red" size="sm">
            {errors.weekDays}
          </Text>
        )}
      </Stack>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {timeInput('fromTime', t('playlists.fromTime'))}
        {timeInput('toTime', t('playlists.toTime'))}
        {timeInput('fromTime2', t('playlists.fromTime2'))}
        {timeInput('toTime2', t('playlists.toTime2'))}
      </SimpleGrid>
    </FormSection>
  );
}
