import { and, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { failureCounters } from '../../db/schema.js';

/** All SQL on failure counters (lib/throttle.ts): one statement per check, per failure, per reset. */
export class FailureRepository {
  constructor(private readonly db: Database) {}

  /** Live failure counts of the keys (a key past its expiry counts none). */
  async counts(keys: string[]): Promise<Map<string, number>> {
    if (keys.length === 0) return new Map();
    const rows = await this.db
      .select({ key: failureCounters.key, failures: failureCounters.failures })
      .from(failureCounters)
      .where(and(inArray(failureCounters.key, keys), gt(failureCounters.expiresAt, sql`now()`)));
    return new Map(rows.map((r) => [r.key, r.failures]));
  }

  /**
   * One more failure for each key, atomically whichever process counts it: a key past its expiry starts
   * again at one, with a fresh window.
   */
  async fail(keys: string[], windowSeconds: number): Promise<void> {
    if (keys.length === 0) return;
    const expires = sql`now() + make_interval(secs => ${windowSeconds})`;
    await this.db
      .insert(failureCounters)
      .values(keys.map((key) => ({ key, failures: 1, expiresAt: expires })))
      .onConflictDoUpdate({
        target: failureCounters.key,
        set: {
          failures: sql`case when ${failureCounters.expiresAt} <= now() then 1 else ${failureCounters.failures} + 1 end`,
          expiresAt: sql`case when ${failureCounters.expiresAt} <= now() then ${expires} else ${failureCounters.expiresAt} end`,
        },
      });
  }

  /**
   * One more request counted under `key` in a fixed window of `windowMs` (the rate limits' store,
   * lib/rate-store.ts): the count so far and the milliseconds left in its window, whichever process
   * counts it. A key past its window starts again at one.
   */
  async hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
    const expires = sql`now() + make_interval(secs => ${windowMs / 1000})`;
    const [row] = await this.db
      .insert(failureCounters)
      .values({ key, failures: 1, expiresAt: expires })
      .onConflictDoUpdate({
        target: failureCounters.key,
        set: {
          failures: sql`case when ${failureCounters.expiresAt} <= now() then 1 else ${failureCounters.failures} + 1 end`,
          expiresAt: sql`case when ${failureCounters.expiresAt} <= now() then ${expires} else ${failureCounters.expiresAt} end`,
        },
      })
      .returning({
        count: failureCounters.failures,
        ttlMs: sql<number>`greatest(0, ceil(extract(epoch from ${failureCounters.expiresAt} - now()) * 1000))::int`,
      });
    return { count: row!.count, ttlMs: Number(row!.ttlMs) };
  }

  async reset(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db.delete(failureCounters).where(inArray(failureCounters.key, keys));
  }

  /** Drops counters past their expiry; answers how many. */
  async sweep(): Promise<number> {
    const rows = await this.db
      .delete(failureCounters)
      .where(lt(failureCounters.expiresAt, sql`now()`))
      .returning({ key: failureCounters.key });
    return rows.length;
  }
}
