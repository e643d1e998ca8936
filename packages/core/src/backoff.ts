/**
 * Waiting before trying again, the one rule for the player's reconnects and outboxes and the server's
 * tracker deliveries: `baseMs` doubling with each failure up to `maxMs`, spread by a random factor in
 * `[low, high]` so that screens (or deliveries) that failed together do not all come back at once.
 */
export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
  /** The spread: the nominal wait times a factor between these (default [1, 1]: none). */
  jitter?: readonly [number, number];
}

/** The wait after `failures` failures in a row (1 = after the first), in whole milliseconds. */
export function backoffMs(policy: BackoffPolicy, failures: number, random: number = Math.random()): number {
  const doublings = Math.max(0, Math.min(failures - 1, 30));
  const nominal = Math.min(policy.maxMs, policy.baseMs * 2 ** doublings);
  const [low, high] = policy.jitter ?? [1, 1];
  return Math.round(Math.min(policy.maxMs, nominal * (low + (high - low) * random)));
}
