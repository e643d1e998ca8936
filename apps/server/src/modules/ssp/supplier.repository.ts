import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sspSupplierChanges, sspSuppliers, users, type SspSupplierRow } from '../../db/schema.js';

export type SupplierValues = Omit<typeof sspSuppliers.$inferInsert, 'id' | 'createdAt'>;

/**
 * All SQL on ad suppliers: installation-wide rows the platform admin keeps (no cabinet owns them, hence
 * every method is `platform*`).
 */
export class SupplierRepository {
  constructor(private readonly db: Database) {}

  async platformCount(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(sspSuppliers);
    return Number(row?.n ?? 0);
  }

  async platformList(
    offset: number,
    limit: number,
    search?: string,
  ): Promise<{ rows: (SspSupplierRow & { updatedByName: string | null })[]; total: number }> {
    const where = search
      ? sql`${sspSuppliers.name} ilike ${`%${search.replace(/[\\%_]/g, '\\$&')}%`}`
      : undefined;
    const rows = await this.db
      .select({ s: sspSuppliers, updatedByName: users.login })
      .from(sspSuppliers)
      .leftJoin(users, eq(users.id, sspSuppliers.updatedBy))
      .where(where)
      .orderBy(asc(sspSuppliers.id))
      .offset(offset)
      .limit(limit);
    const [total] = await this.db.select({ n: count() }).from(sspSuppliers).where(where);
    return {
      rows: rows.map((r) => ({ ...r.s, updatedByName: r.updatedByName })),
      total: Number(total?.n ?? 0),
    };
  }

  async platformGet(id: number): Promise<(SspSupplierRow & { updatedByName: string | null }) | undefined> {
    const [row] = await this.db
      .select({ s: sspSuppliers, updatedByName: users.login })
      .from(sspSuppliers)
      .leftJoin(users, eq(users.id, sspSuppliers.updatedBy))
      .where(eq(sspSuppliers.id, id));
    return row ? { ...row.s, updatedByName: row.updatedByName } : undefined;
  }

  /** The suppliers an ad round asks: enabled, with an address. */
  async platformEnabled(): Promise<SspSupplierRow[]> {
    return this.db
      .select()
      .from(sspSuppliers)
      .where(sql`${sspSuppliers.enabled} and ${sspSuppliers.endpoint} is not null`)
      .orderBy(asc(sspSuppliers.id));
  }

  async platformInsert(values: SupplierValues): Promise<SspSupplierRow> {
    const [row] = await this.db.insert(sspSuppliers).values(values).returning();
    return row!;
  }

  /** The defaults, only into an empty table (a second process starting at once inserts nothing twice). */
  async platformSeed(values: SupplierValues[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${sspSuppliers} in share row exclusive mode`);
      const [row] = await tx.select({ n: count() }).from(sspSuppliers);
      if (Number(row?.n ?? 0) === 0) await tx.insert(sspSuppliers).values(values);
    });
  }

  async platformUpdate(id: number, values: Partial<SupplierValues>): Promise<void> {
    await this.db
      .update(sspSuppliers)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(sspSuppliers.id, id));
  }

  async platformAddChange(
    supplierId: number,
    userId: number,
    changes: Record<string, { old: unknown; new: unknown }>,
  ): Promise<void> {
    await this.db.insert(sspSupplierChanges).values({ supplierId, userId, changes });
  }

  async platformChanges(supplierId: number, offset: number, limit: number) {
    const rows = await this.db
      .select({
        id: sspSupplierChanges.id,
        userName: users.login,
        createdAt: sspSupplierChanges.createdAt,
        changes: sspSupplierChanges.changes,
      })
      .from(sspSupplierChanges)
      .leftJoin(users, eq(users.id, sspSupplierChanges.userId))
      .where(eq(sspSupplierChanges.supplierId, supplierId))
      .orderBy(desc(sspSupplierChanges.createdAt), desc(sspSupplierChanges.id))
      .offset(offset)
      .limit(limit);
    const [total] = await this.db
      .select({ n: count() })
      .from(sspSupplierChanges)
      .where(eq(sspSupplierChanges.supplierId, supplierId));
    return { rows, total: Number(total?.n ?? 0) };
  }
}
