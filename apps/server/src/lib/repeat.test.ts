import { describe, expect, it } from 'vitest';
import { repeat } from './repeat.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('repeat', () => {
  it('runs at once and again on its interval, never overlapping, and keeps going after a failure', async () => {
    let runs = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    const errors: unknown[] = [];
    const stop = repeat(
      10,
      async () => {
        runs += 1;
        concurrent += 1;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        await sleep(25);
        concurrent -= 1;
        if (runs === 1) throw new Error('first run fails');
      },
      (error) => errors.push(error),
    );
    expect(runs).toBe(1);
    await sleep(120);
    await stop();
    const after = runs;
    await sleep(40);
    expect(runs).toBe(after);
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(maxConcurrent).toBe(1);
    expect(errors).toHaveLength(1);
  });
});
