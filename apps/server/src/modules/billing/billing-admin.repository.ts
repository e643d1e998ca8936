import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Tariff } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { containsPattern } from '../../db/sql.js';
import { cabinets, invoices, points, tariffChanges, users } from '../../db/schema.js';
import { accountColumns, type Account } from './billing.repository.js';

/**
 * The platform admin's reads of billing, across cabinets by design: customer cabinets with their owner
 * and screens, the tariff table's use and its history, and which cabinet an invoice number belongs to.
 */
export class BillingAdminRepository {
  constructor(private readonly db: Database) {}

  /** Cabinets on each tariff (customers only). */
  async platformCabinetsPerTariff(): Promise<Map<Tariff, number>> {
    const rows = await this.db
      .select({ tariff: cabinets.tariff, n: count() })
      .from(cabinets)
      .where(eq(cabinets.isPlatform, false))
      .groupBy(cabinets.tariff);
    return new Map(rows.map((r) => [r.tariff, r.n]));
  }

  /** Any cabinet on the tariff, the platform's own too (a tariff in use cannot be removed). */
  async platformTariffInUse(id: Tariff): Promise<boolean> {
    const [row] = await this.db
      .select({ id: cabinets.id })
      .from(cabinets)
      .where(eq(cabinets.tariff, id))
      .limit(1);
    return row !== undefined;
  }

  async platformTariffChanges(filter: { page: number; limit: number }) {
    const rows = await this.db
      .select({ change: tariffChanges, actor: users.login })
      .from(tariffChanges)
      .leftJoin(users, eq(users.id, tariffChanges.actorId))
      .orderBy(desc(tariffChanges.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit);
    const [total] = await this.db.select({ n: count() }).from(tariffChanges);
    return { rows: rows.map((r) => ({ ...r.change, actor: r.actor })), total: total?.n ?? 0 };
  }

  /** Customer cabinets with their owner and screens, for the platform admin. */
  async platformAccounts(filter: {
    page: number;
    limit: number;
    search?: string | undefined;
    ids?: CabinetId[];
  }): Promise<{
    rows: (Account & { owner: string | null; screens: number })[];
    total: number;
  }> {
    const where = and(
      eq(cabinets.isPlatform, false),
      filter.search ? ilike(cabinets.name, containsPattern(filter.search)) : undefined,
      filter.ids ? inArray(cabinets.id, filter.ids) : undefined,
    );
    const rows = await this.db
      .select({
        ...accountColumns,
        owner: sql<
          string | null
        >`(select ${users}.login from ${users} where ${users}.cabinet_id = ${cabinets}.id and ${users}.role = 'owner' order by ${users}.id limit 1)`,
        screens: sql<number>`(select count(*)::int from ${points} where ${points}.cabinet_id = ${cabinets}.id)`,
      })
      .from(cabinets)
      .where(where)
      .orderBy(desc(cabinets.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit);
    const [total] = await this.db.select({ n: count() }).from(cabinets).where(where);
    return { rows, total: total?.n ?? 0 };
  }

  /** A customer cabinet the admin names (never the platform's own). */
  async platformIsCustomer(cabinetId: CabinetId): Promise<boolean> {
    const [row] = await this.db
      .select({ id: cabinets.id })
      .from(cabinets)
      .where(and(eq(cabinets.id, cabinetId), eq(cabinets.isPlatform, false)));
    return row !== undefined;
  }

  /** The cabinet an invoice number belongs to (the platform admin names invoices by number). */
  async platformInvoiceCabinet(number: number): Promise<CabinetId | undefined> {
    const [row] = await this.db
      .select({ cabinetId: invoices.cabinetId })
      .from(invoices)
      .where(eq(invoices.number, number));
    return row?.cabinetId;
  }
}
