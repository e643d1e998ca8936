import { describe, expect, it } from 'vitest';
import { backoffMs } from './backoff.js';

describe('backoffMs', () => {
  it('doubles from the base up to the cap, spread within the jitter', () => {
    const policy = { baseMs: 1000, maxMs: 30_000, jitter: [0.8, 1.2] as const };
    expect([1, 2, 3, 4, 5, 6, 9].map((n) => backoffMs(policy, n, 0.5))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(backoffMs(policy, 1, 0)).toBe(800);
    expect(backoffMs(policy, 1, 1)).toBe(1200);
    // Never past the cap, even with the spread.
    expect(backoffMs(policy, 20, 1)).toBe(30_000);
    expect(backoffMs({ baseMs: 30_000, maxMs: 3_600_000 }, 3)).toBe(120_000);
  });
});
