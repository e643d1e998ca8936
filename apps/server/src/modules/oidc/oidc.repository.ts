import { and, eq, gt, isNull } from 'drizzle-orm';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { externalIdentities, oidcRequests } from '../../db/schema.js';

/** All SQL of external sign-in: requests under way and linked identities. */
export class OidcRepository {
  constructor(private readonly db: Database) {}

  async insertRequest(values: {
    stateHash: string;
    nonce: string;
    codeVerifier: string;
    userId: number | null;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.insert(oidcRequests).values(values);
  }

  /** Takes a live request once by its state (across cabinets: it is not yet known whose it is). */
  async platformConsumeRequest(stateHash: string, at: Date) {
    const [row] = await this.db
      .update(oidcRequests)
      .set({ usedAt: at })
      .where(
        and(
          eq(oidcRequests.stateHash, stateHash),
          isNull(oidcRequests.usedAt),
          gt(oidcRequests.expiresAt, at),
        ),
      )
      .returning();
    return row;
  }

  /** The person an identity belongs to, across cabinets by design (sign-in). */
  async platformFindIdentity(issuer: string, subject: string) {
    const [row] = await this.db
      .select()
      .from(externalIdentities)
      .where(and(eq(externalIdentities.issuer, issuer), eq(externalIdentities.subject, subject)));
    return row;
  }

  /** The person's link to the provider, if any (the security page shows it). */
  async findIdentityOf(cabinetId: CabinetId, userId: number) {
    const [row] = await this.db
      .select({ issuer: externalIdentities.issuer, email: externalIdentities.email })
      .from(externalIdentities)
      .where(and(eq(externalIdentities.cabinetId, cabinetId), eq(externalIdentities.userId, userId)))
      .limit(1);
    return row;
  }

  /** Unlinks the person from the provider; answers whether there was a link. */
  async removeIdentitiesOf(cabinetId: CabinetId, userId: number): Promise<boolean> {
    const rows = await this.db
      .delete(externalIdentities)
      .where(and(eq(externalIdentities.cabinetId, cabinetId), eq(externalIdentities.userId, userId)))
      .returning({ id: externalIdentities.id });
    return rows.length > 0;
  }

  async insertIdentity(values: {
    cabinetId: CabinetId;
    userId: number;
    issuer: string;
    subject: string;
    email: string | null;
  }): Promise<void> {
    await this.db.insert(externalIdentities).values(values);
  }
}
