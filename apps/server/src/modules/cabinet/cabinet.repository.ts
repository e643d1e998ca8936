import { NEW_CABINET_TARIFF, type Tariff } from '@vitrine/core';
import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { containsPattern, hasChanges } from '../../db/sql.js';
import { cabinets, users, type CabinetRow } from '../../db/schema.js';

/** The `app_settings` key of the tariff new cabinets start on (chosen under Admin -> Tariffs). */
export const DEFAULT_TARIFF_SETTING = 'default_tariff';

export type CabinetWithCount = CabinetRow & { membersCount: number };
/** Tariff, discount and the block are not here: billing changes them, with a ledger entry. */
export type CabinetChanges = Partial<Pick<CabinetRow, 'name' | 'approvalRequired' | 'twoFaRequired'>>;

// Qualified by hand: inside a subquery drizzle would render bare column names, which bind to users.
const membersCount = sql<number>`(select count(*)::int from ${users} where ${users}.cabinet_id = ${cabinets}.id)`;

/** All SQL on cabinets. A cabinet is the tenant: every other cabinet-owned row points here. */
export class CabinetRepository {
  constructor(private readonly db: Database) {}

  /**
   * A new cabinet on `tariff`, or else on the installation's default tariff (the admin's choice, kept as
   * the `default_tariff` setting; Free when none was chosen).
   */
  async insert(values: { name: string; isPlatform?: boolean; tariff?: Tariff }): Promise<CabinetRow> {
    const tariff =
      values.tariff ??
      sql<Tariff>`coalesce((select value from app_settings where key = ${DEFAULT_TARIFF_SETTING}), ${NEW_CABINET_TARIFF})`;
    const [row] = await this.db
      .insert(cabinets)
      .values({ ...values, tariff })
      .returning();
    return row!;
  }

  async findById(id: CabinetId): Promise<CabinetWithCount | undefined> {
    const [row] = await this.db
      .select({ ...cabinetColumns(), membersCount })
      .from(cabinets)
      .where(eq(cabinets.id, id));
    return row;
  }

  /** Whether the cabinet requires two-factor of its members (read on every request of one without it). */
  async twoFaRequired(id: CabinetId): Promise<boolean> {
    const [row] = await this.db
      .select({ required: cabinets.twoFaRequired })
      .from(cabinets)
      .where(eq(cabinets.id, id));
    return row?.required ?? false;
  }

  /** Whether the platform admin blocked the cabinet (its pages then say so and point to its funds). */
  async blocked(id: CabinetId): Promise<boolean> {
    const [row] = await this.db
      .select({ blocked: cabinets.blocked })
      .from(cabinets)
      .where(eq(cabinets.id, id));
    return row?.blocked ?? false;
  }

  async findPlatform(): Promise<CabinetRow | undefined> {
    // The first platform cabinet holds the admins; later ones (the stock library) serve other purposes.
    const [row] = await this.db
      .select()
      .from(cabinets)
      .where(eq(cabinets.isPlatform, true))
      .orderBy(cabinets.id)
      .limit(1);
    return row;
  }

  /** Customer cabinets, for the platform admin. */
  async platformList(filter: { page: number; limit: number; search?: string }): Promise<{
    rows: CabinetWithCount[];
    total: number;
  }> {
    const where = and(
      eq(cabinets.isPlatform, false),
      filter.search ? ilike(cabinets.name, containsPattern(filter.search)) : undefined,
    );
    const rows = await this.db
      .select({ ...cabinetColumns(), membersCount })
      .from(cabinets)
      .where(where)
      .orderBy(desc(cabinets.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit);
    const [totalRow] = await this.db.select({ n: count() }).from(cabinets).where(where);
    return { rows, total: totalRow?.n ?? 0 };
  }

  async update(id: CabinetId, changes: CabinetChanges): Promise<boolean> {
    if (!hasChanges(changes)) {
      return (await this.db.select({ id: cabinets.id }).from(cabinets).where(eq(cabinets.id, id))).length > 0;
    }
    const rows = await this.db
      .update(cabinets)
      .set(changes)
      .where(eq(cabinets.id, id))
      .returning({ id: cabinets.id });
    return rows.length > 0;
  }
}

function cabinetColumns() {
  return {
    id: cabinets.id,
    name: cabinets.name,
    balance: cabinets.balance,
    tariff: cabinets.tariff,
    discount: cabinets.discount,
    blocked: cabinets.blocked,
    approvalRequired: cabinets.approvalRequired,
    twoFaRequired: cabinets.twoFaRequired,
    isPlatform: cabinets.isPlatform,
    unpaidSince: cabinets.unpaidSince,
    yearlyUntil: cabinets.yearlyUntil,
    createdAt: cabinets.createdAt,
  };
}
