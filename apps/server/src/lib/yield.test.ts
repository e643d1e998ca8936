import { describe, expect, it } from 'vitest';
import { slicer } from './yield.js';

/** Runs `steps` steps through a slicer and counts the event loop's turns (immediates) that came between. */
async function turnsDuring(sliceMs: number, steps: number, stepMs = 0): Promise<number> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  const pause = slicer(sliceMs);
  for (let i = 0; i < steps; i++) {
    await pause();
    const until = performance.now() + stepMs;
    while (performance.now() < until); // a step of synchronous work
  }
  running = false;
  return turns;
}

describe('a loop sliced by time', () => {
  it('gives the event loop no turn while its slice lasts', async () => {
    expect(await turnsDuring(60_000, 1_000)).toBe(0);
  });

  it('gives it a turn once a slice of work went by', async () => {
    // 50 steps of 1 ms in slices of 5 ms: a turn every fifth step or so (at least every fifth), never one
    // per step.
    const turns = await turnsDuring(5, 50, 1);
    expect(turns).toBeGreaterThanOrEqual(5);
    expect(turns).toBeLessThan(50);
  });
});
