/**
 * Leftover mode (spec §3 SSP modes; docs/ssp.md, "The ad round"): ads take the time the screen's schedule
 * leaves empty — working time that no other playlist's content fills — instead of periodic slots.
 */
import { planDay } from '../schedule/day.js';
import { workingTime } from '../schedule/common.js';
import { subtract, union, type Interval } from '../schedule/intervals.js';
import type { ScheduleInput } from '../schedule/types.js';
import { addDays, localDate, zoneDay } from '../zone.js';

/**
 * The gaps of a screen's schedule that reach into [from, to]: its working time less every full-screen
 * entry of a playlist other than `playlistId` (the SSP playlist's own content gives way to its ads). Gaps
 * are whole (not cut at `from`), planned from the local day before, so slots laid from their starts stay
 * where they were round after round.
 */
export function scheduleGaps(input: ScheduleInput, playlistId: number, from: number, to: number): Interval[] {
  const zone = input.screen.timezone;
  const gaps: Interval[] = [];
  const last = localDate(zone, to);
  for (let date = addDays(localDate(zone, from), -1); date <= last; date = addDays(date, 1)) {
    const plan = planDay(input, date);
    const busy = union(
      plan.entries.filter((e) => e.playlistId !== playlistId).map((e): Interval => [e.start, e.end]),
    );
    gaps.push(...subtract(workingTime(input.screen, zoneDay(zone, date)), busy));
  }
  return union(gaps).filter(([start, end]) => end > from && start < to);
}

/**
 * Slot starts in the gaps: back to back from each gap's first whole second, each `slotSeconds` long and
 * wholly inside its gap (a gap shorter than a slot takes none); those after `from` and no later than `to`,
 * at most `max`.
 */
export function leftoverSlots(
  gaps: readonly Interval[],
  slotSeconds: number,
  from: number,
  to: number,
  max: number,
): number[] {
  const length = Math.max(1, slotSeconds) * 1000;
  const out: number[] = [];
  for (const [start, end] of gaps) {
    for (let at = Math.ceil(start / 1000) * 1000; at + length <= end && at <= to; at += length) {
      if (at <= from) continue;
      out.push(at);
      if (out.length >= max) return out;
    }
  }
  return out;
}
