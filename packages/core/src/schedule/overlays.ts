/**
 * Over the screen's timeline (docs/scheduling.md, Over the timeline): FLOATING playlists fill their own
 * lane, a window over whatever plays; a playlist's secondary content (LOOP_ITEM) loops beside its own
 * content for as long as that content is on screen.
 */
import type { ZoneDay } from '../zone.js';
import type { Candidate } from './common.js';
import { planFill } from './fill.js';
import { ms } from './rotation.js';
import { MIN_FILL_MS, type ScheduleEntry } from './types.js';

export function planOverlays(
  floating: Candidate[],
  candidates: readonly Candidate[],
  entries: readonly ScheduleEntry[],
  day: ZoneDay,
): ScheduleEntry[] {
  const windows: ScheduleEntry[] = [];
  planFill(floating, [], windows, day.start, day.end);
  const loops: ScheduleEntry[] = [];
  for (const c of candidates) {
    const p = c.playlist;
    const secondary = p.secondary;
    if (!secondary || p.type === 'FLOATING') continue;
    const loop = ms(secondary.seconds);
    // The playlist's own pauses between items do not break a run; anything else on screen does.
    const joins = p.interval ? ms(p.interval) : 0;
    const runs: [number, number][] = [];
    let open = false;
    for (const e of entries) {
      if (e.playlistId !== p.id) {
        open = false;
        continue;
      }
      const last = runs.at(-1);
      if (open && last && e.start - last[1] <= joins) last[1] = e.end;
      else runs.push([e.start, e.end]);
      open = true;
    }
    for (const [a, b] of runs) {
      for (let t = a; b - t >= MIN_FILL_MS; t += loop) {
        const end = Math.min(t + loop, b);
        loops.push({
          start: t,
          end,
          fileId: secondary.fileId,
          playlistId: p.id,
          type: 'LOOP_ITEM',
          cut: end < t + loop,
        });
      }
    }
  }
  loops.sort((x, y) => x.start - y.start || x.playlistId - y.playlistId);
  return [...windows, ...loops].sort((x, y) => x.start - y.start);
}
