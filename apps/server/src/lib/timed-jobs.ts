import { hostname } from 'node:os';
import { repeat } from './repeat.js';

/** Where the claims of timed work are kept (modules/system/timed-job.repository.ts). */
export interface RunClaims {
  claim(
    name: string,
    timing: { leaseMs: number; everyMs: number; earlyMs: number },
    holder: string,
  ): Promise<boolean>;
  finished(name: string, everyMs: number, holder: string): Promise<void>;
}

/**
 * A run's claim holds its job for two intervals and at least this long, so a long run is not started
 * twice; a process killed mid-run gives the job up when its claim runs out.
 */
const MIN_LEASE_MS = 2 * 60_000;

/** This process, as the claims name it. */
export const processName = (): string => `${hostname()}:${process.pid}`;

/**
 * Timed work done once per installation, not once per process: every process looks every `everyMs`
 * (as `repeat` does), and the one that claims the due run does it. Adding a process adds a stand-in
 * should the one doing it stop, never a second run; a run that crashed is taken up by another process
 * when its claim runs out (two intervals, at least two minutes).
 */
export function repeatOnce(
  claims: RunClaims,
  name: string,
  everyMs: number,
  work: () => Promise<unknown>,
  onError: (error: unknown) => void,
  holder: string = processName(),
): () => Promise<void> {
  // The same process's next look comes one interval after its last (a timer's drift aside): a look a
  // little early still finds the run due.
  const earlyMs = Math.min(1000, everyMs / 10);
  return repeat(
    everyMs,
    async () => {
      const leaseMs = Math.max(2 * everyMs, MIN_LEASE_MS);
      if (!(await claims.claim(name, { leaseMs, everyMs, earlyMs }, holder))) return;
      try {
        await work();
      } finally {
        await claims.finished(name, everyMs, holder);
      }
    },
    onError,
  );
}
