import { useState } from 'react';
import type { DailySchedule } from '@vitrine/core';
import { wallClock } from '../../../lib/time';
import { HOUR } from './geometry';

/**
 * What the timeline shows and where the user is on it: the whole day or one hour (`zoom`, counted in real
 * hours from the day's start), the seconds in view (`from`..`to`), and the place the pointer or the keyboard
 * is at, in seconds of the day. The keyboard lands on a stretch's exact start; the pointer names what is
 * drawn under it.
 */
export function useTimelineView(schedule: DailySchedule, width: number) {
  const [place, setPlace] = useState<{ at: number; exact: boolean } | null>(null);
  const [zoom, setZoom] = useState<number | null>(null);
  const length = (Date.parse(schedule.end) - Date.parse(schedule.start)) / 1000;
  const hours = Math.ceil(length / HOUR);
  const dayStart = Date.parse(schedule.start);
  const from = zoom === null ? 0 : zoom * HOUR;
  const to = zoom === null ? length : Math.min(length, from + HOUR);
  const span = to - from;

  const clock = (seconds: number, withSeconds = true) =>
    wallClock(dayStart + seconds * 1000, schedule.timezone, withSeconds);
  /** The second of the day under the pointer. */
  const timeAt = (event: { clientX: number; currentTarget: Element }) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = Math.min(Math.max(event.clientX - box.left, 0), box.width);
    return Math.min(length - 0.001, from + (x / box.width) * span);
  };
  const hourOf = (at: number) => Math.min(hours - 1, Math.floor(at / HOUR));

  return {
    place,
    setPlace,
    cursor: place?.at ?? null,
    zoom,
    setZoom,
    length,
    hours,
    dayStart,
    from,
    to,
    span,
    perPx: span / Math.max(width, 100),
    clock,
    timeAt,
    hourOf,
  };
}

export type TimelineView = ReturnType<typeof useTimelineView>;
