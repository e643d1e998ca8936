import { useMemo } from 'react';
import { Box, Group, Text, VisuallyHidden, useComputedColorScheme } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { DailySchedule } from '@vitrine/core';
import { hourTicks } from '../../lib/time';
import { LAYERS, drawnWidths } from './timeline/geometry';
import { HourTicks } from './timeline/HourTicks';
import { timelineKeys } from './timeline/keys';
import { timelineTicks } from './timeline/ticks';
import { typeTotals } from './timeline/totals';
import { OverlayLane, SegmentBars } from './timeline/TimelineBars';
import { TimelineSlider } from './timeline/TimelineSlider';
import { TimelineLegend } from './timeline/TimelineLegend';
import { TimelineTooltip } from './timeline/TimelineTooltip';
import { ZoomControls } from './timeline/ZoomControls';
import { usePlace } from './timeline/usePlace';
import { useTimelineView } from './timeline/useTimelineView';

/**
 * A screen's day as one bar from midnight to midnight (23 or 25 hours on a clock-change day), each playlist's
 * stretch colored by its type, with the hours of the screen's clock under it. Pointing at the bar tells what
 * plays when; a click zooms into that hour, where every show is wide enough to point at. From the keyboard
 * the bar is a slider: the arrows step from stretch to stretch, Enter zooms in and Escape out.
 */
export function ScheduleTimeline({
  schedule,
  names,
}: {
  schedule: DailySchedule;
  names: Map<number, string>;
}) {
  const { t } = useTranslation();
  const dark = useComputedColorScheme('light') === 'dark';
  const { ref, width } = useElementSize();
  const view = useTimelineView(schedule, width);
  const { cursor, from, to, span, perPx, zoom, clock } = view;
  const { segments, overlaySegments, timezone } = schedule;

  const widths = useMemo(() => drawnWidths(segments, perPx), [segments, perPx]);
  const ordered = useMemo(
    () => [...segments].sort((a, b) => LAYERS.indexOf(a.type) - LAYERS.indexOf(b.type)),
    [segments],
  );
  const totals = useMemo(() => typeTotals(segments, overlaySegments), [segments, overlaySegments]);
  const dayTicks = useMemo(
    () => hourTicks(schedule.start, schedule.end, timezone),
    [schedule.start, schedule.end, timezone],
  );
  const { hours, length, dayStart } = view;
  const ticks = useMemo(
    () => timelineTicks({ zoom, width, hours, dayTicks, length, from, to, dayStart, timezone }),
    [zoom, width, hours, dayTicks, length, from, to, dayStart, timezone],
  );

  const { current, describe } = usePlace(view, segments, widths, names);

  const free = dark ? 'var(--mantine-color-dark-5)' : 'var(--mantine-color-gray-2)';
  const tickColor = dark ? 'var(--mantine-color-dark-3)' : 'var(--mantine-color-gray-5)';

  return (
    <Box>
      <Group justify="space-between" mb="xs" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500} aria-live="polite">
          {zoom === null ? t('schedule.wholeDay') : `${clock(from, false)} – ${clock(to, false)}`}
        </Text>
        {zoom !== null && <ZoomControls zoom={zoom} hours={hours} setZoom={view.setZoom} />}
      </Group>
      <Box pos="relative" ref={ref}>
        <TimelineSlider
          view={view}
          valueText={describe(cursor ?? from, current)}
          background={free}
          onKey={timelineKeys(view, segments)}
        >
          <SegmentBars ordered={ordered} widths={widths} from={from} to={to} />
        </TimelineSlider>
        <OverlayLane overlays={overlaySegments} from={from} to={to} perPx={perPx} background={free} />
        {cursor !== null && cursor >= from && cursor <= to && (
          <TimelineTooltip
            left={((cursor - from) / span) * 100}
            time={clock(cursor)}
            current={current}
            name={current ? (names.get(current.playlistId) ?? `#${current.playlistId}`) : ''}
            clock={clock}
          />
        )}
        <HourTicks ticks={ticks} from={from} span={span} color={tickColor} />
      </Box>
      <VisuallyHidden aria-live="polite">{cursor === null ? '' : describe(cursor, current)}</VisuallyHidden>
      <TimelineLegend
        totals={totals}
        free={free}
        length={length}
        planned={totals.BACKGROUND + totals.ADVERTISING + totals.BLOCK}
      />
      <Text size="xs" c="dimmed" mt={4} id="schedule-timeline-help">
        {t('schedule.timelineHelp')}
      </Text>
    </Box>
  );
}
