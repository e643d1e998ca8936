/** Block content: sections pinned in time, older playlists first (docs/scheduling.md, Blocks). */
import type { Interval } from './intervals.js';
import { Rotation, hash, ms } from './rotation.js';
import { seededRandom } from '../random.js';
import type { ZoneDay } from '../zone.js';
import { availability, itemWindows, type Candidate, type Unplanned } from './common.js';
import { MIN_FILL_MS, type ScheduleEntry, type ScheduleItem } from './types.js';

/**
 * A block's sections in order and the files each plays on the day (a duplicate section plays the one
 * before it), with the files' own availability.
 */
function sectionsOf(c: Candidate, unplanned: Unplanned, day: ZoneDay) {
  const p = c.playlist;
  const sections = [...p.sections].sort((a, b) => a.order - b.order);
  const resolved: ScheduleItem[][] = [];
  // Files with schedules of their own: those resting all day leave their section; the others start only
  // in their windows.
  const windows = itemWindows(
    sections.flatMap((s) => s.items),
    day,
  );
  for (const [item, list] of windows)
    if (list.length === 0) unplanned.add(p.id, item.fileId, 'FILE_SCHEDULE', 0);
  const available = availability(windows);
  for (const [i, s] of sections.entries()) {
    resolved.push(
      s.duplicate && i > 0 ? resolved[i - 1]! : s.items.filter((item) => windows.get(item)?.length !== 0),
    );
  }
  return { sections, resolved, available };
}

export function planBlocks(
  blocks: Candidate[],
  out: ScheduleEntry[],
  unplanned: Unplanned,
  day: ZoneDay,
): void {
  const taken: Interval[] = [];
  const overlaps = (s: number, e: number): boolean => taken.some(([a, b]) => a < e && s < b);
  for (const c of blocks) {
    const p = c.playlist;
    const { sections, resolved, available } = sectionsOf(c, unplanned, day);
    const pause = ms(p.interval ?? 0) > 1 ? ms(p.interval!) : 0;
    const mine: Interval[] = [];
    let blockNo = 0;
    for (const [a, b] of c.time) {
      for (let blockStart = a; blockStart < b; blockStart += ms(p.blockDuration)) {
        let offset = blockStart;
        // Sections past the block's length (the editor refuses them) are not played.
        const blockEnd = Math.min(blockStart + ms(p.blockDuration), b);
        for (const [i, section] of sections.entries()) {
          const start = offset;
          const end = Math.min(offset + ms(section.duration), blockEnd);
          offset += ms(section.duration);
          if (start >= blockEnd) break;
          const items = resolved[i]!;
          if (items.length === 0) continue;
          const plays = section.repeat * (p.filesOrder === 'ONEOF' ? 1 : items.length);
          if (overlaps(start, end)) {
            unplanned.add(p.id, null, 'BLOCK_CONFLICT', plays);
            continue;
          }
          const rotation = new Rotation(
            items,
            p.filesOrder,
            seededRandom(hash(c.seed, blockNo, i)),
            available,
          );
          let t = start;
          let n = 0;
          for (; n < plays && end - t >= MIN_FILL_MS; n++) {
            if (c.played >= c.cap) {
              unplanned.add(p.id, null, 'QUOTA', plays - n);
              break;
            }
            const item = rotation.nextAt(t);
            if (!item) {
              unplanned.add(p.id, null, 'FILE_SCHEDULE', plays - n);
              break;
            }
            const stop = Math.min(t + ms(item.seconds), end);
            out.push({
              start: t,
              end: stop,
              fileId: item.fileId,
              playlistId: p.id,
              type: 'BLOCK',
              cut: stop < t + ms(item.seconds),
            });
            c.played++;
            // The playlist's interval between items: a pause on the playlist's backdrop.
            t = stop + pause;
          }
          mine.push([start, end]);
        }
        blockNo++;
      }
    }
    taken.push(...mine);
  }
}
