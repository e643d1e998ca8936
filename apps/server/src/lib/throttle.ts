import type { FailureRepository } from '../modules/system/failure.repository.js';

/** One kind of failure counted per key: at `limit` failures within `windowSeconds` the key is blocked. */
export interface FailureRule {
  /** Put before every key of this rule ('sign-in-address:'). */
  scope: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Failures counted in the database, so every server process sees the same counts and a restart forgets
 * nothing. A check names its keys by rule; any one at its limit blocks.
 */
export class FailureThrottle {
  constructor(private readonly store: FailureRepository) {}

  private static key(rule: FailureRule, key: string): string {
    return `${rule.scope}${key}`;
  }

  async isBlocked(checks: [FailureRule, string][]): Promise<boolean> {
    const counts = await this.store.counts(checks.map(([rule, key]) => FailureThrottle.key(rule, key)));
    return checks.some(([rule, key]) => (counts.get(FailureThrottle.key(rule, key)) ?? 0) >= rule.limit);
  }

  async fail(checks: [FailureRule, string][]): Promise<void> {
    // Rules with different windows go in one statement each.
    const byWindow = new Map<number, string[]>();
    for (const [rule, key] of checks) {
      byWindow.set(rule.windowSeconds, [
        ...(byWindow.get(rule.windowSeconds) ?? []),
        FailureThrottle.key(rule, key),
      ]);
    }
    for (const [window, keys] of byWindow) await this.store.fail(keys, window);
  }

  /**
   * Counts one use of `key` and answers whether it is within the rule's limit: one atomic statement, so
   * requests sent at once cannot all pass (a limit on actions rather than on failures).
   */
  async take(rule: FailureRule, key: string): Promise<boolean> {
    const { count } = await this.store.hit(FailureThrottle.key(rule, key), rule.windowSeconds * 1000);
    return count <= rule.limit;
  }

  async reset(checks: [FailureRule, string][]): Promise<void> {
    await this.store.reset(checks.map(([rule, key]) => FailureThrottle.key(rule, key)));
  }
}
