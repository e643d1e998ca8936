import { Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EntryType } from '@vitrine/core';
import { formatDuration } from '../../../lib/time';
import { LAYERS, OVERLAY_TYPES, typeColor } from './geometry';

/** Each type's colour with its time in the day, and the free time. */
export function TimelineLegend({
  totals,
  free,
  length,
  planned,
}: {
  totals: Record<EntryType, number>;
  /** The free time's colour. */
  free: string;
  length: number;
  planned: number;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="lg" mt="xs" wrap="wrap">
      {[...LAYERS, ...OVERLAY_TYPES]
        .filter((type) => totals[type] > 0)
        .map((type) => (
          <Group key={type} gap={6} wrap="nowrap">
            <Box w={12} h={12} bg={typeColor(type)} style={{ borderRadius: 2 }} aria-hidden />
            <Text size="sm">
              {t(`playlists.types.${type}`)}: {formatDuration(totals[type])}
            </Text>
          </Group>
        ))}
      <Group gap={6} wrap="nowrap">
        <Box w={12} h={12} style={{ borderRadius: 2, background: free }} aria-hidden />
        <Text size="sm">
          {t('schedule.free')}: {formatDuration(Math.max(0, length - planned))}
        </Text>
      </Group>
    </Group>
  );
}
