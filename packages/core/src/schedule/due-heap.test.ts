import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random.js';
import { DueHeap, type Due } from './due-heap.js';

interface Stream extends Due {
  dueInDay: number;
  id: number;
  done: boolean;
}

/** The first stream in due order, found by looking at every one. */
const earliest = (list: readonly Stream[]): Stream | undefined =>
  list.filter((s) => !s.done).sort((a, b) => a.dueInDay - b.dueInDay || a.id - b.id)[0];

describe('DueHeap', () => {
  it('always tops the earliest due, then the lowest id, as streams move on, leave and tie', () => {
    const r = seededRandom(7);
    let turns = 0;
    for (let round = 0; round < 60; round++) {
      const streams: Stream[] = Array.from({ length: 1 + Math.floor(r() * 150) }, () => ({
        // Few distinct dues, so that ties (a commercial cycle's shows) are common.
        dueInDay: 60_000 * Math.floor(r() * 20),
        id: 1 + Math.floor(r() * 2 ** 31),
        rank: 0,
        done: r() < 0.05,
      }));
      const heap = new DueHeap(streams);
      while (heap.size > 0) {
        // Mostly the top moves on; sometimes another stream (one let go first).
        const s = r() < 0.9 ? heap.top! : heap.items[Math.floor(r() * heap.size)]!;
        if (s === heap.top) expect(s).toBe(earliest(streams));
        if (r() < 0.1) s.done = true;
        else s.dueInDay += Math.floor(r() * 3) * 60_000 + Math.floor(r() * 2);
        heap.update(s);
        expect(heap.size).toBe(streams.filter((x) => !x.done).length);
        turns++;
      }
    }
    expect(turns).toBeGreaterThan(1_000);
  });
});
