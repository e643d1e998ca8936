import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { pairingCodes } from '../../db/schema.js';

/**
 * All SQL on pairing codes: the codes a waiting player shows. They are no cabinet's (a code only names the
 * screen it was bound to), so the methods take none.
 */
export class PairingRepository {
  constructor(private readonly db: Database) {}

  async platformInsertPairing(values: {
    code: string;
    deviceKeyHash: string;
    expiresAt: Date;
  }): Promise<boolean> {
    const rows = await this.db.insert(pairingCodes).values(values).onConflictDoNothing().returning();
    return rows.length > 0;
  }

  async platformLivePairing(code: string, now: Date) {
    const [row] = await this.db
      .select()
      .from(pairingCodes)
      .where(and(eq(pairingCodes.code, code), gt(pairingCodes.expiresAt, now)));
    return row;
  }

  /** Binds a live, unbound code to a screen; false if it is unknown, expired or already bound. */
  async platformBindPairing(code: string, pointId: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(pairingCodes)
      .set({ pointId })
      .where(and(eq(pairingCodes.code, code), gt(pairingCodes.expiresAt, now), isNull(pairingCodes.pointId)))
      .returning({ code: pairingCodes.code });
    return rows.length > 0;
  }

  async platformRemovePairing(code: string): Promise<void> {
    await this.db.delete(pairingCodes).where(eq(pairingCodes.code, code));
  }

  async platformRemoveExpiredPairings(now: Date): Promise<void> {
    await this.db
      .delete(pairingCodes)
      .where(and(lte(pairingCodes.expiresAt, now), isNull(pairingCodes.pointId)));
  }
}
