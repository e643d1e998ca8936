import { wallClock } from '../../../lib/time';
import type { Tick } from './geometry';

/**
 * The ticks under the bar. The whole day: every hour of the screen's clock (`dayTicks`), labelled every 1,
 * 2 or 3 hours as room allows. One hour: every 5 minutes, labelled every 5, 15 or 30 minutes.
 */
export function timelineTicks(view: {
  zoom: number | null;
  width: number;
  hours: number;
  dayTicks: { at: number; label: string }[];
  length: number;
  from: number;
  to: number;
  dayStart: number;
  timezone: string;
}): Tick[] {
  const { zoom, width, hours, length, from, to } = view;
  if (zoom === null) {
    const step = width / hours >= 30 ? 1 : width / hours >= 15 ? 2 : 3;
    return [...view.dayTicks, { at: length, label: '24' }].map((tick, i) => ({
      ...tick,
      labelled: i % step === 0,
    }));
  }
  const px = (300 / (to - from)) * width;
  const step = px >= 45 ? 1 : px >= 22 ? 3 : 6;
  const list: Tick[] = [];
  for (let at = from, i = 0; at <= to; at += 300, i++) {
    list.push({
      at,
      label: wallClock(view.dayStart + at * 1000, view.timezone, false),
      labelled: i % step === 0,
    });
  }
  return list;
}
