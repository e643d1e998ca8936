import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { recoveryCodes, securityEvents, users, type RecoveryCodeRow } from '../../db/schema.js';

/**
 * All SQL of two-factor sign-in: the secret and last accepted step on the user row, the recovery codes
 * and the security events. Each method takes the person's own cabinet (the user row's), so a code of one
 * account can never be read through another.
 */
export class TwoFaRepository {
  constructor(private readonly db: Database) {}

  async enable(cabinetId: CabinetId, userId: number, secret: string, step: number): Promise<void> {
    await this.db
      .update(users)
      .set({ isTwoFaEnabled: true, twoFaSecret: secret, twoFaLastStep: step, updatedAt: new Date() })
      .where(and(eq(users.cabinetId, cabinetId), eq(users.id, userId)));
  }

  async disable(cabinetId: CabinetId, userId: number): Promise<void> {
    await this.db
      .update(users)
      .set({ isTwoFaEnabled: false, twoFaSecret: null, twoFaLastStep: null, updatedAt: new Date() })
      .where(and(eq(users.cabinetId, cabinetId), eq(users.id, userId)));
    await this.db
      .delete(recoveryCodes)
      .where(and(eq(recoveryCodes.cabinetId, cabinetId), eq(recoveryCodes.userId, userId)));
  }

  /**
   * Takes a TOTP step: true when it is after the last accepted one (stored now), false when another
   * request took this step or a later one first. One conditional update, so two requests racing with the
   * same code cannot both win.
   */
  async takeStep(cabinetId: CabinetId, userId: number, step: number): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ twoFaLastStep: step })
      .where(
        and(
          eq(users.cabinetId, cabinetId),
          eq(users.id, userId),
          or(isNull(users.twoFaLastStep), lt(users.twoFaLastStep, step)),
        ),
      )
      .returning({ id: users.id });
    return rows.length > 0;
  }

  async replaceRecoveryCodes(cabinetId: CabinetId, userId: number, hashes: string[]): Promise<void> {
    await this.db
      .delete(recoveryCodes)
      .where(and(eq(recoveryCodes.cabinetId, cabinetId), eq(recoveryCodes.userId, userId)));
    if (hashes.length)
      await this.db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ cabinetId, userId, codeHash })));
  }

  async unusedRecoveryCodes(cabinetId: CabinetId, userId: number): Promise<RecoveryCodeRow[]> {
    return this.db
      .select()
      .from(recoveryCodes)
      .where(
        and(
          eq(recoveryCodes.cabinetId, cabinetId),
          eq(recoveryCodes.userId, userId),
          isNull(recoveryCodes.usedAt),
        ),
      );
  }

  /** The person's current recovery codes, used ones included (a used one is told apart from a wrong one). */
  async recoveryCodes(cabinetId: CabinetId, userId: number): Promise<RecoveryCodeRow[]> {
    return this.db
      .select()
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.cabinetId, cabinetId), eq(recoveryCodes.userId, userId)));
  }

  async countUnused(cabinetId: CabinetId, userId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(recoveryCodes)
      .where(
        and(
          eq(recoveryCodes.cabinetId, cabinetId),
          eq(recoveryCodes.userId, userId),
          isNull(recoveryCodes.usedAt),
        ),
      );
    return row?.n ?? 0;
  }

  /** Marks a recovery code used; false when another request used it first. */
  async useRecoveryCode(cabinetId: CabinetId, id: number, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(recoveryCodes)
      .set({ usedAt: at })
      .where(
        and(eq(recoveryCodes.cabinetId, cabinetId), eq(recoveryCodes.id, id), isNull(recoveryCodes.usedAt)),
      )
      .returning({ id: recoveryCodes.id });
    return rows.length > 0;
  }

  async recordEvent(values: {
    cabinetId: CabinetId;
    userId: number;
    actorId: number | null;
    kind: string;
    reason: string;
  }): Promise<void> {
    await this.db.insert(securityEvents).values(values);
  }

  async listEvents(cabinetId: CabinetId, userId: number) {
    return this.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.cabinetId, cabinetId), eq(securityEvents.userId, userId)));
  }
}
