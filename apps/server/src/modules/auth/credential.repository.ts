import { and, desc, eq, exists, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import {
  apiTokens,
  emailTokens,
  refreshSessions,
  registrations,
  users,
  type ApiTokenRow,
  type EmailTokenRow,
  type RefreshSessionRow,
  type RegistrationRow,
  type UserRow,
} from '../../db/schema.js';

export type EmailTokenKind = 'verify' | 'email' | 'recover' | 'unlock';

/**
 * All SQL on what proves identity: refresh sessions, personal API tokens, one-time e-mail links and the
 * registrations that wait for theirs.
 */
export class CredentialRepository {
  constructor(private readonly db: Database) {}

  // ---- refresh sessions ----
  async insertSession(values: {
    cabinetId: CabinetId;
    userId: number;
    tokenHash: string;
    familyId: string;
    expiresAt: Date;
    userAgent: string | null;
    ip: string | null;
  }): Promise<void> {
    await this.db.insert(refreshSessions).values(values);
  }

  async platformFindSession(tokenHash: string): Promise<RefreshSessionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(refreshSessions)
      .where(eq(refreshSessions.tokenHash, tokenHash));
    return row;
  }

  /** Marks a live session rotated; false when another request rotated or revoked it first. */
  async platformRotateSession(id: number, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(refreshSessions)
      .set({ rotatedAt: at })
      .where(
        and(eq(refreshSessions.id, id), isNull(refreshSessions.rotatedAt), isNull(refreshSessions.revokedAt)),
      )
      .returning({ id: refreshSessions.id });
    return rows.length > 0;
  }

  /**
   * The user behind an access token, when the session it was issued in is still live (some refresh token
   * of its family not revoked): one indexed lookup, on every request.
   */
  async platformLiveSessionUser(userId: number, familyId: string): Promise<UserRow | undefined> {
    const live = this.db
      .select({ one: sql`1` })
      .from(refreshSessions)
      .where(
        and(
          eq(refreshSessions.familyId, familyId),
          eq(refreshSessions.userId, userId),
          isNull(refreshSessions.revokedAt),
        ),
      );
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.id, userId), exists(live)));
    return row;
  }

  async platformRevokeFamily(familyId: string, at: Date): Promise<void> {
    await this.db
      .update(refreshSessions)
      .set({ revokedAt: at })
      .where(and(eq(refreshSessions.familyId, familyId), isNull(refreshSessions.revokedAt)));
  }

  async revokeUserSessions(cabinetId: CabinetId, userId: number, at: Date): Promise<void> {
    await this.db
      .update(refreshSessions)
      .set({ revokedAt: at })
      .where(
        and(
          eq(refreshSessions.cabinetId, cabinetId),
          eq(refreshSessions.userId, userId),
          isNull(refreshSessions.revokedAt),
        ),
      );
  }

  /** Ends every session of a person, in their own cabinet and in those shared with them. */
  async platformRevokeAllSessions(userId: number, at: Date): Promise<void> {
    await this.db
      .update(refreshSessions)
      .set({ revokedAt: at })
      .where(and(eq(refreshSessions.userId, userId), isNull(refreshSessions.revokedAt)));
  }

  // ---- personal API tokens ----
  async insertApiToken(values: {
    cabinetId: CabinetId;
    userId: number;
    name: string;
    tokenHash: string;
    hint: string;
  }): Promise<ApiTokenRow> {
    const [row] = await this.db.insert(apiTokens).values(values).returning();
    return row!;
  }

  async platformFindApiToken(tokenHash: string): Promise<ApiTokenRow | undefined> {
    const [row] = await this.db.select().from(apiTokens).where(eq(apiTokens.tokenHash, tokenHash));
    return row;
  }

  async platformTouchApiToken(id: number, at: Date): Promise<void> {
    await this.db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, id));
  }

  async listApiTokens(cabinetId: CabinetId, userId: number): Promise<ApiTokenRow[]> {
    return this.db
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.cabinetId, cabinetId), eq(apiTokens.userId, userId)))
      .orderBy(desc(apiTokens.id));
  }

  async removeApiToken(cabinetId: CabinetId, userId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(apiTokens)
      .where(and(eq(apiTokens.cabinetId, cabinetId), eq(apiTokens.userId, userId), eq(apiTokens.id, id)))
      .returning({ id: apiTokens.id });
    return rows.length > 0;
  }

  async removeUserApiTokens(cabinetId: CabinetId, userId: number): Promise<void> {
    await this.db
      .delete(apiTokens)
      .where(and(eq(apiTokens.cabinetId, cabinetId), eq(apiTokens.userId, userId)));
  }

  // ---- e-mail links ----
  async insertEmailToken(values: {
    cabinetId: CabinetId;
    userId: number;
    kind: EmailTokenKind;
    email: string;
    tokenHash: string;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.insert(emailTokens).values(values);
  }

  /** Takes a live link once: marks it used and returns it, or nothing when unknown, used or expired. */
  async platformConsumeEmailToken(
    tokenHash: string,
    kinds: EmailTokenKind[],
    at: Date,
  ): Promise<EmailTokenRow | undefined> {
    const [row] = await this.db
      .update(emailTokens)
      .set({ usedAt: at })
      .where(
        and(
          eq(emailTokens.tokenHash, tokenHash),
          inArray(emailTokens.kind, kinds),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, at),
        ),
      )
      .returning();
    return row;
  }

  /** Drops a person's unused e-mail links (their account was reclaimed: no earlier link may act on it). */
  async removeUserEmailTokens(cabinetId: CabinetId, userId: number): Promise<void> {
    await this.db
      .delete(emailTokens)
      .where(
        and(eq(emailTokens.cabinetId, cabinetId), eq(emailTokens.userId, userId), isNull(emailTokens.usedAt)),
      );
  }

  // ---- registrations waiting for their link (not accounts: platform-wide by nature) ----
  async insertRegistration(values: {
    login: string;
    email: string;
    name: string;
    passwordHash: string;
    tokenHash: string;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.insert(registrations).values(values);
  }

  /** Takes a live registration once by its link (deleted as it is taken), or nothing. */
  async platformTakeRegistration(tokenHash: string, at: Date): Promise<RegistrationRow | undefined> {
    const [row] = await this.db
      .delete(registrations)
      .where(and(eq(registrations.tokenHash, tokenHash), gt(registrations.expiresAt, at)))
      .returning();
    return row;
  }

  /** The newest live registration of an address (any case), if any. */
  async platformLatestRegistration(email: string, at: Date): Promise<RegistrationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(registrations)
      .where(
        and(eq(sql`lower(${registrations.email})`, email.toLowerCase()), gt(registrations.expiresAt, at)),
      )
      .orderBy(desc(registrations.id))
      .limit(1);
    return row;
  }

  /** A new link for a registration (the old one stops working). */
  async platformRenewRegistration(id: number, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db.update(registrations).set({ tokenHash, expiresAt }).where(eq(registrations.id, id));
  }

  /** Drops every registration of an address: it has an account now, so none of them may make another. */
  async platformDiscardRegistrations(email: string): Promise<number> {
    const rows = await this.db
      .delete(registrations)
      .where(eq(sql`lower(${registrations.email})`, email.toLowerCase()))
      .returning({ id: registrations.id });
    return rows.length;
  }

  /** Drops registrations whose link expired; answers how many. */
  async platformSweepRegistrations(at: Date): Promise<number> {
    const rows = await this.db
      .delete(registrations)
      .where(lte(registrations.expiresAt, at))
      .returning({ id: registrations.id });
    return rows.length;
  }
}
