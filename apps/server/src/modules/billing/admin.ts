import {
  MESSAGES,
  type AdminCabinet,
  type Invoice,
  type LedgerEntry,
  type LedgerReason,
  type ManualReason,
  type Tariff,
  type TermsChange,
} from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Transact } from '../../db/repositories.js';
import type { Caller } from '../../lib/caller.js';
import { AppError, fieldError } from '../../lib/errors.js';
import type { Account } from './billing.repository.js';
import type { DailyCharge } from './daily-charge.js';
import type { Invoices } from './invoices.js';
import type { Ledger } from './ledger.js';
import type { AccountTerms } from './terms.js';

/** The admin's new terms of a cabinet (each field left out stays). */
export interface TermsBody {
  tariff?: Tariff | undefined;
  nonCommercialPercent?: number | undefined;
  yearlyUntil?: string | null | undefined;
  blocked?: boolean | undefined;
  note?: string | undefined;
}

/** What the admin's new terms change of the account's (each field only when it differs). */
function termsChange(before: Account, body: TermsBody): TermsChange {
  return {
    ...(body.tariff !== undefined && body.tariff !== before.tariff
      ? { tariff: { from: before.tariff, to: body.tariff } }
      : {}),
    ...(body.nonCommercialPercent !== undefined && body.nonCommercialPercent !== before.discount
      ? { nonCommercialPercent: { from: before.discount, to: body.nonCommercialPercent } }
      : {}),
    ...(body.yearlyUntil !== undefined && body.yearlyUntil !== before.yearlyUntil
      ? { yearlyUntil: { from: before.yearlyUntil, to: body.yearlyUntil } }
      : {}),
    ...(body.blocked !== undefined && body.blocked !== before.blocked ? { blocked: body.blocked } : {}),
  };
}

export interface BillingAdminDeps {
  terms: AccountTerms;
  transact: Transact;
  ledger: Ledger;
  invoices: Invoices;
  charges: DailyCharge;
}

/**
 * The platform admin's billing console (docs/billing.md, "Admin"): customer cabinets with their balance
 * and state, their ledgers and invoices, money entered by hand, and their terms.
 */
export class BillingAdmin {
  constructor(private readonly deps: BillingAdminDeps) {}

  private async view(cabinetId: CabinetId): Promise<AdminCabinet> {
    const { rows } = await this.rows({ ids: [cabinetId] });
    const row = rows[0];
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  private async rows(filter: {
    page?: number;
    limit?: number;
    search?: string | undefined;
    ids?: CabinetId[];
  }): Promise<{ rows: AdminCabinet[]; total: number }> {
    const { terms } = this.deps;
    const plans = await terms.plans();
    const { rows, total } = await terms.repos.billingAdmin.platformAccounts({
      page: filter.page ?? 1,
      limit: filter.limit ?? 1,
      search: filter.search,
      ...(filter.ids ? { ids: filter.ids } : {}),
    });
    return {
      total,
      rows: rows.map((r) => ({
        id: r.id,
        name: r.name,
        owner: r.owner,
        tariff: r.tariff,
        screens: r.screens,
        balance: r.balance,
        runwayDays: terms.enabled ? terms.runway(r, terms.planOf(plans, r.tariff), r.screens) : null,
        state: terms.stateOf(r),
        nonCommercialPercent: r.discount,
        yearlyUntil: r.yearlyUntil,
        blocked: r.blocked,
      })),
    };
  }

  async list(query: {
    page: number;
    limit: number;
    search?: string | undefined;
  }): Promise<{ cabinets: AdminCabinet[]; total: number; currency: string }> {
    const { rows, total } = await this.rows(query);
    return { cabinets: rows, total, currency: this.deps.terms.config.currency };
  }

  private async customer(cabinetId: CabinetId): Promise<void> {
    if (!(await this.deps.terms.repos.billingAdmin.platformIsCustomer(cabinetId))) {
      throw new AppError('NOT_FOUND');
    }
  }

  async ledger(
    cabinetId: CabinetId,
    query: { page: number; limit: number; reason?: LedgerReason | undefined },
  ): Promise<{ entries: LedgerEntry[]; total: number }> {
    await this.customer(cabinetId);
    return this.deps.ledger.entries(cabinetId, query);
  }

  /** A top-up (bank transfer), refund or correction with its reason, recorded with who made it. */
  async entry(
    caller: Caller,
    cabinetId: CabinetId,
    body: { reason: ManualReason; amount: number; note: string },
  ): Promise<AdminCabinet> {
    await this.customer(cabinetId);
    // A top-up brings money in and a refund takes it out; a correction goes either way.
    if ((body.reason === 'topUp' && body.amount < 0) || (body.reason === 'refund' && body.amount > 0))
      throw fieldError('amount', MESSAGES.invalid);
    await this.deps.ledger.record(cabinetId, { ...body, actorId: caller.userId });
    return this.view(cabinetId);
  }

  /** Tariff, discounts and the block, changed by the admin; each change recorded with who made it. */
  async terms(caller: Caller, cabinetId: CabinetId, body: TermsBody): Promise<AdminCabinet> {
    await this.customer(cabinetId);
    if (body.tariff !== undefined && !(await this.deps.terms.plans()).some((p) => p.id === body.tariff))
      throw fieldError('tariff', MESSAGES.invalid);
    // Under the cabinet's lock, like the owner's switch and every new screen: the terms read are current.
    const changed = await this.deps.transact(async (repos) => {
      const before = await repos.billing.lockAccount(cabinetId);
      if (!before) throw new AppError('NOT_FOUND');
      const terms = termsChange(before, body);
      if (Object.keys(terms).length === 0) return terms;
      await repos.billing.setTerms(cabinetId, {
        tariff: body.tariff,
        discount: body.nonCommercialPercent,
        yearlyUntil: body.yearlyUntil,
        blocked: body.blocked,
      });
      await repos.billing.addEntry(cabinetId, {
        reason: 'change',
        amount: 0,
        terms,
        ...(body.note ? { note: body.note } : {}),
        actorId: caller.userId,
      });
      return terms;
    });
    if (changed.blocked !== undefined) await this.deps.charges.tellScreens(cabinetId);
    return this.view(cabinetId);
  }

  async invoices(
    cabinetId: CabinetId,
    query: { page: number; limit: number },
  ): Promise<{ invoices: Invoice[]; total: number }> {
    await this.customer(cabinetId);
    return this.deps.invoices.list(cabinetId, query);
  }

  /** Any invoice, for the platform admin. */
  async invoicePdf(number: number): Promise<{ name: string; body: Buffer }> {
    const cabinetId = await this.deps.terms.repos.billingAdmin.platformInvoiceCabinet(number);
    if (cabinetId === undefined) throw new AppError('NOT_FOUND');
    return this.deps.invoices.pdf(cabinetId, number);
  }
}
