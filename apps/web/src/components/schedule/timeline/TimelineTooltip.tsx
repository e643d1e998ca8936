import { Box, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BAR_HEIGHT, typeColor, type Segment } from './geometry';

/** What plays at the pointer: the time, the playlist, its stretch, its type and items (or free time). */
export function TimelineTooltip({
  left,
  time,
  current,
  name,
  clock,
}: {
  /** Where the pointer is, in % of the bar. */
  left: number;
  time: string;
  current: Segment | null;
  name: string;
  clock: (seconds: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      shadow="md"
      withBorder
      p="xs"
      radius="sm"
      aria-hidden
      data-testid="schedule-timeline-tooltip"
      style={{
        // Under the bar, over the hours and the legend: the controls above stay in sight.
        position: 'absolute',
        top: BAR_HEIGHT + 8,
        left: `clamp(0px, calc(${left}% - 110px), calc(100% - 220px))`,
        width: 220,
        pointerEvents: 'none',
        zIndex: 2,
      }}
    >
      <Text size="xs" c="dimmed">
        {time}
      </Text>
      {current ? (
        <>
          <Group gap={6} wrap="nowrap">
            <Box w={10} h={10} bg={typeColor(current.type)} style={{ borderRadius: 2, flexShrink: 0 }} />
            <Text size="sm" fw={600} truncate>
              {name}
            </Text>
          </Group>
          <Text size="xs">
            {clock(current.start)} – {clock(current.end)}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`playlists.types.${current.type}`)} · {t('schedule.items', { count: current.items })}
          </Text>
        </>
      ) : (
        <Text size="sm">{t('schedule.free')}</Text>
      )}
    </Paper>
  );
}
