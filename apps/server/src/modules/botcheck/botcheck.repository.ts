import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { usedBotChecks } from '../../db/schema.js';

/** All SQL on accepted bot-check solutions: installation-wide, not a cabinet's. */
export class BotCheckRepository {
  constructor(private readonly db: Database) {}

  /**
   * Records a solution as used; answers false when it was used before (one statement, so two requests
   * racing with the same solution cannot both pass).
   */
  async platformClaim(key: string, expiresAt: Date): Promise<boolean> {
    const rows = await this.db
      .insert(usedBotChecks)
      .values({ key, expiresAt })
      .onConflictDoNothing({ target: usedBotChecks.key })
      .returning({ key: usedBotChecks.key });
    return rows.length === 1;
  }

  /** Drops solutions past their expiry (they could not be accepted again anyway); answers how many. */
  async platformSweep(): Promise<number> {
    const rows = await this.db
      .delete(usedBotChecks)
      .where(lt(usedBotChecks.expiresAt, sql`now()`))
      .returning({ key: usedBotChecks.key });
    return rows.length;
  }
}
