import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random.js';
import type { Candidate } from './common.js';
import { schedulePlaylist } from './fixtures.js';
import type { Interval } from './intervals.js';
import { Rotation } from './rotation.js';
import { ShowStream } from './shows.js';

const DAY_START = 1_800_000_000_000;

/** Sorted, disjoint stretches of active time over a day, with gaps, from a seeded random. */
function stretches(r: () => number): Interval[] {
  const out: Interval[] = [];
  let t = DAY_START + Math.floor(r() * 3_600_000);
  for (let n = 1 + Math.floor(r() * 4); n > 0; n--) {
    // Whole minutes, so that a stretch often ends on a show's offset (the edge cases of the clock).
    const length = 60_000 * (1 + Math.floor(r() * 300));
    out.push([t, t + length]);
    t += length + Math.floor(r() * 2 * 3_600_000);
  }
  return out;
}

function stream(r: () => number): ShowStream {
  const time = stretches(r);
  const active = time.reduce((sum, [a, b]) => sum + b - a, 0);
  const interval =
    r() < 0.6
      ? [1_000, 15_000, 60_000, 120_000, 600_000][Math.floor(r() * 5)]!
      : 1_000 * (1 + Math.floor(r() * 1_800));
  const count = Math.max(1, Math.floor(active / interval) - Math.floor(r() * 3));
  const playlist = schedulePlaylist({ type: 'ADVERTISING' });
  const candidate: Candidate = {
    playlist,
    time,
    rotation: new Rotation(playlist.items, 'ASC', seededRandom(1)),
    windows: new Map(),
    cap: Number.POSITIVE_INFINITY,
    played: 0,
    seed: 1,
  };
  const cycle = r() < 0.3 ? 60_000 * (1 + Math.floor(r() * 15)) : null;
  return new ShowStream(candidate, interval, count, DAY_START, cycle);
}

/** What the placer did before `passUntil`: one show at a time while its next show's time is gone. */
function passOneByOne(s: ShowStream, cursor: number): number {
  let lost = 0;
  while (!s.done && Math.max(s.due, cursor) >= s.next) {
    lost++;
    s.advance();
  }
  return lost;
}

const state = (s: ShowStream) => ({
  k: s.k,
  due: s.due,
  next: s.next,
  stretchEnd: s.stretchEnd,
  done: s.done,
});

describe('ShowStream.passUntil', () => {
  it('passes the same shows as advancing one at a time, over stretches with gaps and commercial cycles', () => {
    const r = seededRandom(33);
    let compared = 0;
    let passed = 0;
    for (let round = 0; round < 400; round++) {
      const seed = Math.floor(r() * 1e9);
      const a = stream(seededRandom(seed));
      const b = stream(seededRandom(seed));
      const time = a.candidate.time;
      // Cursors only grow, as the placer's does: inside stretches, in gaps, on their edges and past the end.
      let cursor = time[0]![0] - 1;
      while (!a.done) {
        const pick = r();
        const edge = time[Math.floor(r() * time.length)]![Math.floor(r() * 2)]!;
        const finite = Number.isFinite(a.next);
        if (pick < 0.2 && edge > cursor) cursor = edge;
        else if (pick < 0.3 && finite) cursor = Math.max(cursor, a.next);
        else if (pick < 0.4 && finite)
          // Just before a later show's latest start: the last of the lost shows.
          cursor = Math.max(cursor, a.next + Math.floor(r() * 4) * (a.next - a.due) - 1);
        else cursor += 1 + Math.floor(r() * 3 * (finite ? a.next - a.due : 60_000));
        if (pick > 0.97) cursor = time.at(-1)![1] + 1;
        const lost = a.passUntil(cursor);
        expect(lost).toBe(passOneByOne(b, cursor));
        expect(state(a)).toEqual(state(b));
        compared++;
        passed += lost;
        // Between passes the placer places or skips shows one at a time.
        if (!a.done && r() < 0.5) {
          a.advance();
          b.advance();
        }
      }
    }
    expect(compared).toBeGreaterThan(2_000);
    expect(passed).toBeGreaterThan(10_000);
  });
});
