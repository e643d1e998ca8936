import { describe, expect, it } from 'vitest';
import { seededRandom } from '@vitrine/core';
import { WallClock, isClockAnswer, tileStyle } from './wall';

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

describe('a tile’s crop', () => {
  const wall = {
    tile: { x: 1950, y: 0, width: 1920, height: 1080 },
    canvas: { width: 3870, height: 2190 },
    placements: [{ fileId: 5, x: 840, y: 0, width: 2190, height: 2190 }],
  };

  it('lays the picture at the canvas size, moved by the tile’s place and scaled to the stage', () => {
    expect(tileStyle(wall, 9, { width: 960, height: 540 })).toEqual({
      width: '3870px',
      height: '2190px',
      transform: 'scale(0.5, 0.5) translate(-1950px, 0px)',
    });
    // A file placed to fit: its own rectangle of the canvas.
    expect(tileStyle(wall, 5, { width: 1920, height: 1080 })).toEqual({
      width: '2190px',
      height: '2190px',
      transform: 'scale(1, 1) translate(-1110px, 0px)',
    });
  });
});
