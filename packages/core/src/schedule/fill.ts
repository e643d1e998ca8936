/** Background: fills the free time where it is active, taking turns (docs/scheduling.md, Background). */
import type { Candidate } from './common.js';
import { intersect, subtract, union, type Interval } from './intervals.js';
import { ms } from './rotation.js';
import { MIN_FILL_MS, type ScheduleEntry } from './types.js';

/**
 * Background (and floating windows, over their own lane): fills the free time where it is active, taking
 * turns, cut at gaps' and windows' ends.
 */
export function planFill(
  fill: Candidate[],
  busy: readonly Interval[],
  out: ScheduleEntry[],
  dayStart: number,
  dayEnd: number,
): void {
  if (fill.length === 0) return;
  const reach = union(fill.flatMap((c) => c.time));
  const gaps = subtract(intersect([[dayStart, dayEnd]], reach), busy);
  const pointers = fill.map(() => 0);
  let turn = -1;
  for (const [gapStart, gapEnd] of gaps) {
    let t = gapStart;
    while (gapEnd - t >= MIN_FILL_MS) {
      // Who is active at t, and the next start if nobody is.
      let chosen = -1;
      let chosenEnd = 0;
      let nextStart = Number.POSITIVE_INFINITY;
      for (let step = 1; step <= fill.length; step++) {
        const i = (turn + step) % fill.length;
        const c = fill[i]!;
        if (c.played >= c.cap) continue;
        while (pointers[i]! < c.time.length && c.time[pointers[i]!]![1] <= t) pointers[i]!++;
        const s = c.time[pointers[i]!];
        if (!s) continue;
        if (s[0] <= t) {
          chosen = i;
          chosenEnd = s[1];
          break;
        }
        nextStart = Math.min(nextStart, s[0]);
      }
      if (chosen < 0) {
        if (nextStart >= gapEnd) break;
        t = nextStart;
        continue;
      }
      const c = fill[chosen]!;
      const limit = Math.min(gapEnd, chosenEnd);
      if (limit - t < MIN_FILL_MS) {
        t = limit;
        continue;
      }
      const item = c.rotation.nextAt(t);
      if (!item) {
        // No file of its own may start now (their schedules): its stretch is left to the others.
        t = limit;
        continue;
      }
      const end = Math.min(t + ms(item.seconds), limit);
      out.push({
        start: t,
        end,
        fileId: item.fileId,
        playlistId: c.playlist.id,
        type: c.playlist.type,
        cut: end < t + ms(item.seconds),
      });
      c.played++;
      turn = chosen;
      // The playlist's interval between items: a pause on its backdrop before the next item.
      t = c.playlist.interval ? end + ms(c.playlist.interval) : end;
    }
  }
}
