import { getPriority } from 'node:os';
import { serveJobs } from '../lib/worker-pool.js';

/** A worker for worker-pool.test.ts: answers its own thread's priority, or fails when asked to. */
serveJobs<{ fail?: boolean }, { nice: number }>((input) => {
  if (input.fail) throw new Error('asked to fail');
  return { nice: getPriority(0) };
});
