import { getPriority } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { WORKER_NICE, WorkerPool } from './worker-pool.js';

const pool = new WorkerPool<{ fail?: boolean }, { nice: number }>(
  new URL('../test/worker-pool.fixture.ts', import.meta.url),
  2,
);
afterAll(() => pool.close());

describe('the worker pool', () => {
  it.runIf(process.platform === 'linux')(
    'runs its threads below the server thread’s priority, leaving the server thread’s own',
    async () => {
      const before = getPriority(0);
      const answers = await Promise.all([pool.run({}), pool.run({})]);
      for (const { nice } of answers) expect(nice).toBe(Math.min(19, before + WORKER_NICE));
      expect(getPriority(0)).toBe(before);
    },
  );

  it('answers a failed job with its message and keeps serving', async () => {
    await expect(pool.run({ fail: true })).rejects.toThrow('asked to fail');
    expect(await pool.run({})).toHaveProperty('nice');
  });
});
