/**
 * Broadcasting time: the seconds of a day a playlist's two time windows cover, and the days of its period
 * whose weekday is chosen (spec §5).
 */
import { DAY_SECONDS as DAY, timeSeconds, wallSeconds } from './wall-time.js';

export type Span = [number, number];

/** A window [from, to) of the day; `to` before `from` runs across midnight; 23:59:59 means the day's end. */
function windowSpans(from: string | null, to: string | null): Span[] {
  if (from === null || to === null || from === to) return [];
  const a = timeSeconds(from);
  let b = timeSeconds(to);
  if (!Number.isFinite(a) || !Number.isFinite(b)) return [];
  if (b === DAY - 1) b = DAY;
  if (a === b) return [];
  return a < b
    ? [[a, b]]
    : [
        [a, DAY],
        [0, b],
      ];
}

export interface TimeWindows {
  fromTime: string | null;
  toTime: string | null;
  fromTime2: string | null;
  toTime2: string | null;
}

/** The seconds of a day covered by a playlist's two windows: sorted, disjoint [from, to) spans. */
export function daySpans(p: TimeWindows): Span[] {
  const spans = [...windowSpans(p.fromTime, p.toTime), ...windowSpans(p.fromTime2, p.toTime2)].sort(
    (x, y) => x[0] - y[0],
  );
  const merged: Span[] = [];
  for (const [a, b] of spans) {
    const last = merged.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  return merged;
}

/** Seconds of the day a playlist may play: the union of its two time windows. */
export function dailySeconds(p: TimeWindows): number {
  return daySpans(p).reduce((sum, [a, b]) => sum + b - a, 0);
}

/** Calendar days between the dates (both included) whose weekday is chosen; 0 = Sunday. */
export function activeDays(p: { fromDate: string; toDate: string; weekDays: readonly number[] }): number {
  const from = wallSeconds(p.fromDate);
  const to = wallSeconds(p.toDate);
  if (!Number.isFinite(from) || !Number.isFinite(to) || to < from) return 0;
  const first = Math.floor(from / DAY);
  const last = Math.floor(to / DAY);
  const days = new Set(p.weekDays);
  let count = 0;
  // 1970-01-01 was a Thursday (4). Bounded so that a typo in a year cannot stall the caller.
  for (let d = first; d <= last && d - first < 40000; d++) if (days.has((((d + 4) % 7) + 7) % 7)) count++;
  return count;
}
