import { useMemo, useState, type KeyboardEvent } from 'react';
import { Box, Group, Text, VisuallyHidden, useComputedColorScheme } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { DailySchedule, EntryType } from '@vitrine/core';
import { hourTicks, wallClock } from '../dashboard/time';
import {
  BAR_HEIGHT,
  HOUR,
  LANE_HEIGHT,
  LAYERS,
  drawnWidths,
  pick,
  typeVar,
  type Segment,
  type Tick,
} from './timeline/geometry';
import { HourTicks } from './timeline/HourTicks';
import { TimelineLegend } from './timeline/TimelineLegend';
import { TimelineTooltip } from './timeline/TimelineTooltip';
import { ZoomControls } from './timeline/ZoomControls';

/**
 * A screen's day as one bar from midnight to midnight (23 or 25 hours on a clock-change day), each playlist's
 * stretch colored by its type, with the hours of the screen's clock under it. Pointing at the bar tells what
 * plays when; a click zooms into that hour, where every show is wide enough to point at. From the keyboard
 * the bar is a slider: the arrows step from stretch to stretch, Enter zooms in and Escape out.
 */
export function PointScheduleTimeline({
  schedule,
  names,
}: {
  schedule: DailySchedule;
  names: Map<number, string>;
}) {
  const { t } = useTranslation();
  const dark = useComputedColorScheme('light') === 'dark';
  const { ref, width } = useElementSize();
  // Where the pointer or the keyboard is, in seconds of the day. The keyboard lands on a stretch's exact
  // start; the pointer names what is drawn under it.
  const [place, setPlace] = useState<{ at: number; exact: boolean } | null>(null);
  // The hour shown, counted in real hours from the day's start; null: the whole day.
  const [zoom, setZoom] = useState<number | null>(null);
  const length = (Date.parse(schedule.end) - Date.parse(schedule.start)) / 1000;
  const hours = Math.ceil(length / HOUR);
  const dayStart = Date.parse(schedule.start);
  const from = zoom === null ? 0 : zoom * HOUR;
  const to = zoom === null ? length : Math.min(length, from + HOUR);
  const span = to - from;
  const perPx = span / Math.max(width, 100);
  const segments = schedule.segments;
  const cursor = place?.at ?? null;

  const widths = useMemo(() => drawnWidths(segments, perPx), [segments, perPx]);
  const ordered = useMemo(
    () => [...segments].sort((a, b) => LAYERS.indexOf(a.type) - LAYERS.indexOf(b.type)),
    [segments],
  );
  const totals = useMemo(() => {
    const sum: Record<EntryType, number> = {
      BACKGROUND: 0,
      ADVERTISING: 0,
      BLOCK: 0,
      FLOATING: 0,
      LOOP_ITEM: 0,
    };
    for (const s of [...segments, ...schedule.overlaySegments]) sum[s.type] += s.end - s.start;
    return sum;
  }, [segments, schedule.overlaySegments]);
  const planned = totals.BACKGROUND + totals.ADVERTISING + totals.BLOCK;
  const dayTicks = useMemo(
    () => hourTicks(schedule.start, schedule.end, schedule.timezone),
    [schedule.start, schedule.end, schedule.timezone],
  );

  const clock = (seconds: number, withSeconds = true) =>
    wallClock(dayStart + seconds * 1000, schedule.timezone, withSeconds);
  const ticks: Tick[] = useMemo(() => {
    if (zoom === null) {
      // Every hour of the screen's clock; labels every 1, 2 or 3 hours as room allows.
      const step = width / hours >= 30 ? 1 : width / hours >= 15 ? 2 : 3;
      return [...dayTicks, { at: length, label: '24' }].map((tick, i) => ({
        ...tick,
        labelled: i % step === 0,
      }));
    }
    // Every 5 minutes of the hour; labels every 5, 15 or 30 minutes.
    const px = (300 / span) * width;
    const step = px >= 45 ? 1 : px >= 22 ? 3 : 6;
    const list: Tick[] = [];
    for (let at = from, i = 0; at <= to; at += 300, i++) {
      list.push({
        at,
        label: wallClock(dayStart + at * 1000, schedule.timezone, false),
        labelled: i % step === 0,
      });
    }
    return list;
  }, [zoom, width, hours, dayTicks, length, span, from, to, dayStart, schedule.timezone]);

  // Hundreds of stretches: drawn once per view, not on every pointer move.
  const bars = useMemo(
    () =>
      ordered.map((s) =>
        s.end < from || s.start > to ? null : (
          <rect
            key={`${s.type}-${s.start}`}
            x={s.start}
            y={0}
            width={widths.get(s) ?? s.end - s.start}
            height={1}
            fill={typeVar(s.type)}
          />
        ),
      ),
    [ordered, widths, from, to],
  );

  const overlayBars = useMemo(
    () =>
      schedule.overlaySegments.map((s) =>
        s.end < from || s.start > to ? null : (
          <rect
            key={`${s.type}-${s.playlistId}-${s.start}`}
            x={s.start}
            y={s.type === 'FLOATING' ? 0 : 0.5}
            width={Math.max(s.end - s.start, perPx)}
            height={0.5}
            fill={typeVar(s.type)}
          />
        ),
      ),
    [schedule.overlaySegments, from, to, perPx],
  );

  const current =
    cursor === null
      ? null
      : place?.exact
        ? pick(segments, cursor, null, 0)
        : pick(segments, cursor, widths, perPx / 2);
  const describe = (at: number, s: Segment | null) =>
    s
      ? t('schedule.at', {
          time: clock(at),
          playlist: names.get(s.playlistId) ?? `#${s.playlistId}`,
          type: t(`playlists.types.${s.type}`),
          from: clock(s.start),
          to: clock(s.end),
          count: s.items,
        })
      : t('schedule.atFree', { time: clock(at) });

  const timeAt = (event: { clientX: number; currentTarget: Element }) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = Math.min(Math.max(event.clientX - box.left, 0), box.width);
    return Math.min(length - 0.001, from + (x / box.width) * span);
  };
  const hourOf = (at: number) => Math.min(hours - 1, Math.floor(at / HOUR));

  /** Arrows step from stretch to stretch, Page Up/Down by an hour, Home and End to the day's ends. */
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = cursor ?? from;
    const starts = [...new Set(segments.map((s) => s.start))].sort((a, b) => a - b);
    let next: number | null = null;
    if (event.key === 'ArrowRight' || event.key === 'ArrowUp')
      next = cursor === null ? from : (starts.find((s) => s > at) ?? at);
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowDown')
      next = cursor === null ? from : ([...starts].reverse().find((s) => s < at) ?? 0);
    else if (event.key === 'PageUp') next = Math.min(length - 1, at + HOUR);
    else if (event.key === 'PageDown') next = Math.max(0, at - HOUR);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = Math.max(0, length - 1);
    else if (event.key === 'Enter') {
      event.preventDefault();
      setZoom(hourOf(at));
      return;
    } else if (event.key === 'Escape') {
      if (zoom !== null) setZoom(null);
      else setPlace(null);
      return;
    }
    if (next === null) return;
    event.preventDefault();
    setPlace({ at: next, exact: true });
    // Zoomed in, the view follows the keyboard to the next hour.
    if (zoom !== null && (next < from || next >= to)) setZoom(hourOf(next));
  };

  const free = dark ? 'var(--mantine-color-dark-5)' : 'var(--mantine-color-gray-2)';
  const tickColor = dark ? 'var(--mantine-color-dark-3)' : 'var(--mantine-color-gray-5)';
  const visible = cursor !== null && cursor >= from && cursor <= to;
  const left = cursor === null ? 0 : ((cursor - from) / span) * 100;

  return (
    <Box>
      <Group justify="space-between" mb="xs" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500} aria-live="polite">
          {zoom === null ? t('schedule.wholeDay') : `${clock(from, false)} – ${clock(to, false)}`}
        </Text>
        {zoom !== null && <ZoomControls zoom={zoom} hours={hours} setZoom={setZoom} />}
      </Group>
      <Box pos="relative" ref={ref}>
        <div
          role="slider"
          tabIndex={0}
          aria-label={t('schedule.timeline')}
          aria-valuemin={0}
          aria-valuemax={Math.round(length)}
          aria-valuenow={Math.round(cursor ?? from)}
          aria-valuetext={describe(cursor ?? from, current)}
          aria-describedby="schedule-timeline-help"
          data-testid="schedule-timeline"
          onPointerMove={(e) => setPlace({ at: timeAt(e), exact: false })}
          onPointerDown={(e) => setPlace({ at: timeAt(e), exact: false })}
          onPointerLeave={() => setPlace(null)}
          onClick={(e) => {
            if (zoom === null) setZoom(hourOf(timeAt(e)));
          }}
          onKeyDown={onKey}
          onBlur={() => setPlace(null)}
          style={{
            position: 'relative',
            height: BAR_HEIGHT,
            borderRadius: 'var(--mantine-radius-sm)',
            overflow: 'hidden',
            background: free,
            cursor: zoom === null ? 'zoom-in' : 'crosshair',
            touchAction: 'pan-y',
          }}
        >
          <svg
            width="100%"
            height={BAR_HEIGHT}
            viewBox={`${from} 0 ${span} 1`}
            preserveAspectRatio="none"
            aria-hidden
            style={{ display: 'block' }}
          >
            {bars}
          </svg>
          {visible && (
            <div
              aria-hidden
              style={{
                position: 'absolute',
                top: 0,
                bottom: 0,
                left: `${left}%`,
                width: 2,
                marginLeft: -1,
                background: 'var(--mantine-color-text)',
                pointerEvents: 'none',
              }}
            />
          )}
        </div>
        {overlayBars.some(Boolean) && (
          <svg
            width="100%"
            height={LANE_HEIGHT}
            viewBox={`${from} 0 ${span} 1`}
            preserveAspectRatio="none"
            aria-hidden
            data-testid="schedule-overlay-lane"
            style={{ display: 'block', marginTop: 2, borderRadius: 2, background: free }}
          >
            {overlayBars}
          </svg>
        )}
        {visible && (
          <TimelineTooltip
            left={left}
            time={clock(cursor)}
            current={current}
            name={current ? (names.get(current.playlistId) ?? `#${current.playlistId}`) : ''}
            clock={clock}
          />
        )}
        <HourTicks ticks={ticks} from={from} span={span} color={tickColor} />
      </Box>
      <VisuallyHidden aria-live="polite">{cursor === null ? '' : describe(cursor, current)}</VisuallyHidden>
      <TimelineLegend totals={totals} free={free} length={length} planned={planned} />
      <Text size="xs" c="dimmed" mt={4} id="schedule-timeline-help">
        {t('schedule.timelineHelp')}
      </Text>
    </Box>
  );
}
