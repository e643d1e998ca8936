import { describe, expect, it } from 'vitest';
import { seededRandom } from '@vitrine/core';
import { WallClock, isClockAnswer } from './wall-clock';

describe('a tile’s clock', () => {
  it('learns the server’s offset from exchanges with delay and jitter, keeping the fast ones', () => {
    // The server is 2,500 ms ahead; each way takes 2 ms plus up to 40 ms of jitter.
    const random = seededRandom(7);
    let local = 1_000_000;
    const sent: number[] = [];
    const clock = new WallClock(
      (t0) => {
        sent.push(t0);
        return true;
      },
      () => local,
    );
    for (let i = 0; i < 24; i++) {
      local += 100;
      const t0 = local;
      sent.push(t0);
      const up = 2 + random() * 40;
      const down = 2 + random() * 40;
      const t1 = t0 + up + 2500;
      const t2 = t1 + 0.1;
      local = t2 - 2500 + down;
      clock.answer({ type: 'clock', t0, t1, t2 });
    }
    expect(clock.known).toBe(true);
    expect(Math.abs(clock.now() - (local + 2500))).toBeLessThan(15);
    expect(clock.uncertainty).toBeLessThan(25);
  });

  it('drops answers from the future or too late, and tells clock answers from other messages', () => {
    let local = 10_000;
    const clock = new WallClock(
      () => true,
      () => local,
    );
    clock.answer({ type: 'clock', t0: 20_000, t1: 0, t2: 0 });
    local = 30_000;
    clock.answer({ type: 'clock', t0: 10_000, t1: 0, t2: 0 });
    expect(clock.known).toBe(false);
    expect(clock.now()).toBe(30_000);
    expect(isClockAnswer({ type: 'clock', t0: 1, t1: 2, t2: 3 })).toBe(true);
    expect(isClockAnswer({ type: 'command', id: 1 })).toBe(false);
    expect(isClockAnswer({ type: 'clock', t0: 1, t1: 'x', t2: 3 })).toBe(false);
  });
});
