import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { ChargeLines, LedgerReason, Tariff, TariffPlan, TermsChange } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import {
  cabinets,
  chargedScreenDays,
  invoiceCounter,
  invoices,
  ledgerEntries,
  payments,
  points,
  tariffChanges,
  tariffPlans,
  users,
  type InvoiceRow,
  type LedgerEntryRow,
  type PaymentRow,
} from '../../db/schema.js';

/** What billing knows of a cabinet. */
export interface Account {
  id: CabinetId;
  name: string;
  balance: number;
  tariff: Tariff;
  /** The non-commercial discount, percent. */
  discount: number;
  blocked: boolean;
  unpaidSince: Date | null;
  yearlyUntil: string | null;
  /** The operator's own cabinets (the platform admins', the stock library's): never billed. */
  isPlatform: boolean;
}

export interface NewEntry {
  reason: LedgerReason;
  amount: number;
  day?: string;
  lines?: ChargeLines;
  terms?: TermsChange;
  note?: string;
  actorId?: number;
  reference?: string;
}

export type EntryWithActor = LedgerEntryRow & { actor: string | null };

export const accountColumns = {
  id: cabinets.id,
  name: cabinets.name,
  balance: cabinets.balance,
  tariff: cabinets.tariff,
  discount: cabinets.discount,
  blocked: cabinets.blocked,
  unpaidSince: cabinets.unpaidSince,
  yearlyUntil: cabinets.yearlyUntil,
  isPlatform: cabinets.isPlatform,
};

/**
 * All SQL of billing: the tariff table, the ledger and the balance it sums to (kept in the same
 * transaction as each entry, never below zero by the table's check), the screen-days charged, payments.
 */
export class BillingRepository {
  constructor(private readonly db: Database) {}

  /** The default tariffs, where the table lacks them (the admin's edits are kept). */
  async seedPlans(plans: readonly TariffPlan[]): Promise<void> {
    await this.db
      .insert(tariffPlans)
      .values(plans.map((p) => ({ ...p, features: [...p.features] })))
      .onConflictDoNothing();
  }

  async plans(): Promise<TariffPlan[]> {
    return this.db.select().from(tariffPlans).orderBy(asc(tariffPlans.monthlyPrice), asc(tariffPlans.id));
  }

  /** Whether the table was ever filled (the defaults go in once; a removed tariff stays removed). */
  async hasPlans(): Promise<boolean> {
    const [row] = await this.db.select({ id: tariffPlans.id }).from(tariffPlans).limit(1);
    return row !== undefined;
  }

  /** The tariff's row, locked until the transaction ends (one edit of a tariff at a time). */
  async lockPlan(id: Tariff): Promise<TariffPlan | undefined> {
    const [row] = await this.db.select().from(tariffPlans).where(eq(tariffPlans.id, id)).for('update');
    return row;
  }

  async savePlan(plan: TariffPlan): Promise<void> {
    const values = { ...plan, features: [...plan.features] };
    await this.db
      .insert(tariffPlans)
      .values(values)
      .onConflictDoUpdate({ target: tariffPlans.id, set: values });
  }

  async removePlan(id: Tariff): Promise<void> {
    await this.db.delete(tariffPlans).where(eq(tariffPlans.id, id));
  }

  async addTariffChange(change: {
    tariff: Tariff;
    before: TariffPlan | null;
    after: TariffPlan | null;
    actorId: number;
    note?: string | undefined;
  }): Promise<void> {
    const plain = (p: TariffPlan | null) => (p ? { ...p, features: [...p.features] } : null);
    await this.db.insert(tariffChanges).values({
      tariff: change.tariff,
      before: plain(change.before),
      after: plain(change.after),
      actorId: change.actorId,
      note: change.note ?? null,
    });
  }

  async account(cabinetId: CabinetId): Promise<Account | undefined> {
    const [row] = await this.db.select(accountColumns).from(cabinets).where(eq(cabinets.id, cabinetId));
    return row;
  }

  /**
   * The account, its row locked until the transaction ends: one writer of a balance, of the terms or of
   * the cabinet's screens at a time. `no key update`: rows that only reference the cabinet (its files,
   * playlists) are still inserted meanwhile.
   */
  async lockAccount(cabinetId: CabinetId): Promise<Account | undefined> {
    const [row] = await this.db
      .select(accountColumns)
      .from(cabinets)
      .where(eq(cabinets.id, cabinetId))
      .for('no key update');
    return row;
  }

  /** The cabinet's screens, oldest first (the first ones take the free slots). */
  async screens(cabinetId: CabinetId): Promise<number[]> {
    const rows = await this.db
      .select({ id: points.id })
      .from(points)
      .where(eq(points.cabinetId, cabinetId))
      .orderBy(asc(points.createdAt), asc(points.id));
    return rows.map((r) => r.id);
  }

  async screenCount(cabinetId: CabinetId): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(points).where(eq(points.cabinetId, cabinetId));
    return row?.n ?? 0;
  }

  /** The screens whose day is charged already. */
  async chargedOn(cabinetId: CabinetId, day: string): Promise<number[]> {
    const rows = await this.db
      .select({ id: chargedScreenDays.pointId })
      .from(chargedScreenDays)
      .where(and(eq(chargedScreenDays.cabinetId, cabinetId), eq(chargedScreenDays.day, day)));
    return rows.map((r) => r.id);
  }

  /**
   * Writes an entry and moves the balance by its amount: call inside a transaction. A balance that would
   * go below zero is refused by the database (check `cabinets_balance_not_negative`).
   */
  async addEntry(cabinetId: CabinetId, entry: NewEntry): Promise<LedgerEntryRow> {
    const [row] = await this.db
      .insert(ledgerEntries)
      .values({ cabinetId, ...entry })
      .returning();
    if (entry.amount !== 0) {
      await this.db
        .update(cabinets)
        .set({ balance: sql`${cabinets.balance} + ${entry.amount}` })
        .where(eq(cabinets.id, cabinetId));
    }
    return row!;
  }

  /** Marks screen-days charged; a day charged twice breaks the key and the transaction rolls back. */
  async markCharged(cabinetId: CabinetId, day: string, pointIds: number[], entryId: number | null) {
    if (pointIds.length === 0) return;
    await this.db
      .insert(chargedScreenDays)
      .values(pointIds.map((pointId) => ({ cabinetId, day, pointId, entryId })));
  }

  async setUnpaidSince(cabinetId: CabinetId, since: Date | null): Promise<void> {
    await this.db.update(cabinets).set({ unpaidSince: since }).where(eq(cabinets.id, cabinetId));
  }

  async setTerms(
    cabinetId: CabinetId,
    terms: Partial<Pick<Account, 'tariff' | 'discount' | 'yearlyUntil' | 'blocked'>>,
  ): Promise<void> {
    if (Object.values(terms).every((v) => v === undefined)) return;
    await this.db.update(cabinets).set(terms).where(eq(cabinets.id, cabinetId));
  }

  async ledger(
    cabinetId: CabinetId,
    filter: { page: number; limit: number; reason?: LedgerReason | undefined },
  ): Promise<{ rows: EntryWithActor[]; total: number }> {
    const where = and(
      eq(ledgerEntries.cabinetId, cabinetId),
      filter.reason ? eq(ledgerEntries.reason, filter.reason) : undefined,
    );
    const rows = await this.db
      .select({ entry: ledgerEntries, actor: users.login })
      .from(ledgerEntries)
      .leftJoin(users, eq(users.id, ledgerEntries.actorId))
      .where(where)
      .orderBy(desc(ledgerEntries.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit);
    const [total] = await this.db.select({ n: count() }).from(ledgerEntries).where(where);
    return { rows: rows.map((r) => ({ ...r.entry, actor: r.actor })), total: total?.n ?? 0 };
  }

  /** The sum of a cabinet's entries (what its balance must equal). */
  async ledgerSum(cabinetId: CabinetId): Promise<number> {
    const [row] = await this.db
      .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.cabinetId, cabinetId));
    return Number(row?.sum ?? 0);
  }

  // ---- across cabinets, by design: the ledger's opening and the daily job (the admin's: billing-admin) ----

  /**
   * Balances kept before the ledger existed get an opening entry (once: its reference is unique), so every
   * balance is the sum of its entries. The balance itself does not move. Answers how many were opened.
   */
  async platformOpenBalances(): Promise<number> {
    const result = await rowsOf<{ id: number }>(
      this.db,
      sql`
      insert into ${ledgerEntries} (cabinet_id, reason, amount, note, reference)
      select c.id, 'correction', c.balance - coalesce(s.sum, 0), null, 'opening:' || c.id
      from ${cabinets} c
      left join (select cabinet_id, sum(amount) as sum from ${ledgerEntries} group by cabinet_id) s
        on s.cabinet_id = c.id
      where c.balance <> coalesce(s.sum, 0)
      on conflict do nothing
      returning id`,
    );
    return result.length;
  }

  /** Customer cabinets that have screens or owe a day: the daily job's work. */
  async platformCabinetsToCharge(): Promise<CabinetId[]> {
    const rows = await this.db
      .select({ id: cabinets.id })
      .from(cabinets)
      .where(
        and(
          eq(cabinets.isPlatform, false),
          sql`(${cabinets.unpaidSince} is not null or exists (select 1 from ${points} where ${points}.cabinet_id = ${cabinets}.id))`,
        ),
      )
      .orderBy(asc(cabinets.id));
    return rows.map((r) => r.id);
  }

  // ---- payments ----

  async insertPayment(values: {
    cabinetId: CabinetId;
    provider: string;
    externalId: string;
    amount: number;
    userId: number;
  }): Promise<PaymentRow> {
    const [row] = await this.db.insert(payments).values(values).returning();
    return row!;
  }

  async payment(cabinetId: CabinetId, provider: string, externalId: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.cabinetId, cabinetId),
          eq(payments.provider, provider),
          eq(payments.externalId, externalId),
        ),
      );
    return row;
  }

  /** The provider's webhook names a payment by its own id only. */
  async platformPayment(provider: string, externalId: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider), eq(payments.externalId, externalId)));
    return row;
  }

  /** Pending -> paid, once: false when it was paid already (a webhook delivered again). */
  async platformMarkPaid(id: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(payments)
      .set({ status: 'paid', paidAt: now })
      .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
      .returning({ id: payments.id });
    return rows.length > 0;
  }

  // ---- invoices ----

  /**
   * The next invoice number, platform-wide: call inside the payment's transaction. The counter's row stays
   * locked until it commits, so numbers follow each other without gaps (a rollback gives its number back).
   */
  async platformNextInvoiceNumber(): Promise<number> {
    const [row] = await this.db
      .insert(invoiceCounter)
      .values({ id: 1, last: 1 })
      .onConflictDoUpdate({ target: invoiceCounter.id, set: { last: sql`${invoiceCounter.last} + 1` } })
      .returning({ last: invoiceCounter.last });
    return row!.last;
  }

  async addInvoice(
    cabinetId: CabinetId,
    values: { number: number; entryId: number; amount: number; currency: string },
  ): Promise<InvoiceRow> {
    const [row] = await this.db
      .insert(invoices)
      .values({ cabinetId, ...values })
      .returning();
    return row!;
  }

  async invoices(
    cabinetId: CabinetId,
    filter: { page: number; limit: number },
  ): Promise<{ rows: InvoiceRow[]; total: number }> {
    const where = eq(invoices.cabinetId, cabinetId);
    const rows = await this.db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.number))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit);
    const [total] = await this.db.select({ n: count() }).from(invoices).where(where);
    return { rows, total: total?.n ?? 0 };
  }

  /** One of the cabinet's invoices by its number, with the payment's note. */
  async invoice(cabinetId: CabinetId, number: number) {
    const [row] = await this.db
      .select({ invoice: invoices, note: ledgerEntries.note, cabinet: cabinets.name })
      .from(invoices)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, invoices.entryId))
      .innerJoin(cabinets, eq(cabinets.id, invoices.cabinetId))
      .where(and(eq(invoices.cabinetId, cabinetId), eq(invoices.number, number)));
    return row;
  }
}
