import {
  ADMIN_GIVEN_TARIFFS,
  BILLING_HINTS,
  DEFAULT_TARIFF_PLANS,
  LOW_FUNDS_DAYS,
  MAX_BALANCE,
  MESSAGES,
  NEW_CABINET_TARIFF,
  TARIFFS,
  billableScreens,
  billingState,
  chargeLines,
  dayCost,
  discounts,
  formatMinor,
  neutralFrom,
  refusesChanges,
  storageAllowance,
  runwayDays,
  LEDGER_REASON_LABELS,
  switchDifference,
  tariffAllowing,
  type AdminCabinet,
  type AdminTariffs,
  type BillingState,
  type DiscountTerms,
  type ExportFormat,
  type Funds,
  type Invoice,
  type LedgerEntry,
  type LedgerReason,
  type ManualReason,
  type RouteBilling,
  type Tariff,
  type TariffChange,
  type TariffPlan,
  type TariffPlanInput,
  type TermsChange,
} from '@vitrine/core';
import { PassThrough, type Readable } from 'node:stream';
import type { CabinetId } from '../../db/cabinet-id.js';
import { DEFAULT_TARIFF_SETTING } from '../cabinet/cabinet.repository.js';
import { checkViolation } from '../../db/errors.js';
import type { Repositories, Transact } from '../../db/repositories.js';
import type { Caller } from '../../lib/caller.js';
import { AppError, fieldError } from '../../lib/errors.js';
import type { Account, EntryWithActor } from './billing.repository.js';
import type { BillingConfig } from './billing.config.js';
import type { PaymentProvider } from './payment-provider.js';
import { EXPORT_MIME, writeExport } from '../statistic/export.js';
import type { ContentChange } from '../point/content-sync.js';
import { invoiceNumber, invoicePdf } from './invoice.pdf.js';

const BALANCE_CHECK = 'cabinets_balance_not_negative';
/** The database's bound of a balance (core's MAX_BALANCE). */
const BALANCE_MAX_CHECK = 'cabinets_balance_at_most';

/** A credit the balance cannot hold (past core's MAX_BALANCE), named on the amount. */
const balanceTooLarge = (): AppError => fieldError('amount', MESSAGES.balanceTooLarge);

export interface BillingDeps {
  repos: Repositories;
  transact: Transact;
  config: BillingConfig;
  /** Where a payment page returns to: the cabinet's public address. */
  publicUrl: string;
  provider: PaymentProvider | null;
  /** Who issues invoices (the installation's brand name). */
  issuer: string;
  lowFunds: (cabinetId: CabinetId, balance: string) => Promise<unknown>;
  /** Tells the cabinet's screens their content changed (the neutral slide starts or ends). */
  contentChanged?: (cabinetId: CabinetId, change: ContentChange) => Promise<unknown>;
  log: (message: string, error?: unknown) => void;
  clock?: () => Date;
}

/** Makes a screen through `write` once the cabinet's tariff and balance allow it (`BillingService.addScreen`). */
export type AddScreen = <T>(cabinetId: CabinetId, write: (repos: Repositories) => Promise<T>) => Promise<T>;

/** The spec's balance refusal (§8), with its second line. */
export const balanceRefusal = (): AppError =>
  new AppError('BALANCE_NOT_ENOUGH', undefined, undefined, { hint: BILLING_HINTS.BALANCE_NOT_ENOUGH });

/** The spec's tariff refusal (§8), naming the cheapest tariff that would allow the action. */
export const tariffRefusal = (allowing: Tariff | undefined): AppError =>
  new AppError('TARIFF_NOT_ALLOWED', undefined, undefined, {
    hint: BILLING_HINTS.TARIFF_NOT_ALLOWED,
    ...(allowing ? { tariff: allowing } : {}),
  });

const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** What the admin's new terms change of the account's (each field only when it differs). */
function termsChange(
  before: Account,
  body: {
    tariff?: Tariff | undefined;
    nonCommercialPercent?: number | undefined;
    yearlyUntil?: string | null | undefined;
    blocked?: boolean | undefined;
  },
): TermsChange {
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

/** A day's charge written: its total, and whether it was the day's first. */
interface Charged {
  total: number;
  firstOfDay: boolean;
}

/** The tariffs an owner may switch to (and be pointed to). */
const selfChosen = (plans: TariffPlan[]): TariffPlan[] =>
  plans.filter((p) => !ADMIN_GIVEN_TARIFFS.includes(p.id));

/**
 * Billing (docs/billing.md): the prepaid ledger, the daily charge of screen-days, the lock and the
 * refusals, tariff switches, recharges through a payment provider, and the platform admin's console.
 * The arithmetic is core's (packages/core/src/billing); this keeps the ledger and applies it.
 */
export class BillingService {
  private readonly clock: () => Date;

  constructor(private readonly deps: BillingDeps) {
    this.clock = deps.clock ?? (() => new Date());
  }

  get enabled(): boolean {
    return this.deps.config.mode === 'on';
  }

  /**
   * The default tariffs into an empty table, once (the admin's edits and removals stay); balances from
   * before the ledger opened.
   */
  async start(): Promise<void> {
    if (!(await this.deps.repos.billing.hasPlans()))
      await this.deps.repos.billing.seedPlans(DEFAULT_TARIFF_PLANS);
    await this.deps.repos.billing.platformOpenBalances();
  }

  private async plans(repos: Repositories = this.deps.repos): Promise<TariffPlan[]> {
    const plans = await repos.billing.plans();
    return plans.length > 0 ? plans : [...DEFAULT_TARIFF_PLANS];
  }

  private planOf(plans: TariffPlan[], tariff: Tariff): TariffPlan {
    return plans.find((p) => p.id === tariff) ?? plans[0]!;
  }

  private terms(account: Account, screens: number, day: string): DiscountTerms {
    return {
      screens,
      yearly: account.yearlyUntil !== null && account.yearlyUntil >= day,
      nonCommercialPercent: account.discount,
    };
  }

  private stateOf(account: Pick<Account, 'blocked' | 'unpaidSince'>): BillingState {
    return billingState({
      billingOff: !this.enabled,
      blocked: account.blocked,
      unpaidSince: account.unpaidSince,
      graceDays: this.deps.config.graceDays,
      now: this.clock(),
    });
  }

  private async account(cabinetId: CabinetId): Promise<Account> {
    const account = await this.deps.repos.billing.account(cabinetId);
    if (!account) throw new AppError('NOT_FOUND');
    return account;
  }

  /** Runway from tomorrow on (today is charged already), at today's screens and terms. */
  private runway(account: Account, plan: TariffPlan, screens: number): number | null {
    const now = this.clock();
    const tomorrow = isoDay(new Date(now.getTime() + 86_400_000));
    return runwayDays(account.balance, plan, screens, this.terms(account, screens, tomorrow), tomorrow);
  }

  /** The cheapest tariff with room for the screens that keeps what the cabinet plays (video stays video). */
  private allowing(plans: TariffPlan[], current: TariffPlan, screens: number): Tariff | undefined {
    const keep = current.features.includes('video') ? { feature: 'video' as const } : {};
    return tariffAllowing(selfChosen(plans), { screens, ...keep })?.id;
  }

  // ---- the screens: the grace period, then the neutral slide (docs/billing.md, "Lock") ----

  /** From when the cabinet's screens show the neutral slide (ISO instant), or null: they play. */
  async neutralFrom(cabinetId: CabinetId): Promise<string | null> {
    const account = await this.deps.repos.billing.account(cabinetId);
    if (!account) return null;
    const from = neutralFrom({
      billingOff: !this.enabled,
      blocked: account.blocked,
      unpaidSince: account.unpaidSince,
      graceDays: this.deps.config.graceDays,
    });
    return from?.toISOString() ?? null;
  }

  /**
   * The lock started or ended, or the block moved: every screen of the cabinet is told at once, so a
   * payment brings the schedule back without waiting for the screens' regular fetch.
   */
  private async tellScreens(cabinetId: CabinetId): Promise<void> {
    if (!this.deps.contentChanged) return;
    const screens = await this.deps.repos.billing.screens(cabinetId);
    await this.deps
      .contentChanged(cabinetId, { immediate: screens, passive: [], reason: { kind: 'billing', name: null } })
      .catch((error: unknown) => this.deps.log('billing: telling the screens failed', error));
  }

  /**
   * The library's quota (docs/billing.md, "Storage"): the tariff's storage per screen slot times the
   * cabinet's slots, its screens but at least its free slots (and one), so a new cabinet can fill its
   * library before pairing; null while billing is off (the installation's CABINET_QUOTA applies).
   */
  async storageQuota(cabinetId: CabinetId): Promise<number | null> {
    if (!this.enabled) return null;
    const account = await this.deps.repos.billing.account(cabinetId);
    if (!account) return null;
    const plan = this.planOf(await this.plans(), account.tariff);
    const screens = await this.deps.repos.billing.screenCount(cabinetId);
    return storageAllowance(plan, screens);
  }

  // ---- the guard: one place decides what a cabinet may do (docs/billing.md, "Lock") ----

  /** A blocked cabinet may only read its own billing. */
  async isBlocked(cabinetId: CabinetId): Promise<boolean> {
    const account = await this.deps.repos.billing.account(cabinetId);
    return account?.blocked ?? false;
  }

  /** Whether `guard` would let the cabinet do it (for work no request asks for, like the ad round). */
  async allows(cabinetId: CabinetId, kind: RouteBilling): Promise<boolean> {
    try {
      await this.guard(cabinetId, kind);
      return true;
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  }

  /**
   * Refuses what the cabinet's state or tariff does not allow: 'spends' while locked; 'screen' also past
   * the tariff's screen limit, or when the balance cannot pay the new screen's day; a feature the tariff
   * lacks, naming the cheapest tariff with it. An early answer: what adds a screen checks again under the
   * cabinet's lock (`addScreen`).
   */
  async guard(cabinetId: CabinetId, kind: RouteBilling): Promise<void> {
    await this.admit(this.deps.repos, await this.account(cabinetId), kind);
  }

  /** The guard's rules over an account read (or locked) through `repos`. */
  private async admit(repos: Repositories, account: Account, kind: RouteBilling): Promise<void> {
    const state = this.stateOf(account);
    if (state === 'blocked') throw new AppError('CABINET_BLOCKED');
    // The operator's own cabinets are never billed (the daily job skips them too).
    if (!this.billed(account)) return;
    if (refusesChanges(state)) throw balanceRefusal();
    if (kind === 'spends') return;
    const plans = await this.plans(repos);
    const plan = this.planOf(plans, account.tariff);
    const screens = await repos.billing.screenCount(account.id);
    if (typeof kind === 'object') {
      if (plan.features.includes(kind.feature)) return;
      // Named: the cheapest tariff with the feature that keeps what the cabinet plays (video stays video).
      const keeps = selfChosen(plans).filter(
        (p) => !plan.features.includes('video') || p.features.includes('video'),
      );
      throw tariffRefusal(tariffAllowing(keeps, { feature: kind.feature, screens })?.id);
    }
    if (plan.screenLimit !== null && screens + 1 > plan.screenLimit) {
      throw tariffRefusal(this.allowing(plans, plan, screens + 1));
    }
    // What charging the new screen's day will take: after screens charged today (a removed one too).
    const today = isoDay(this.clock());
    const charged = (await repos.billing.chargedOn(account.id, today)).length;
    const before = Math.max(screens, charged);
    const more = this.increment(plan, today, before, 1, this.terms(account, screens + 1, today));
    if (more.total > account.balance) throw balanceRefusal();
  }

  /** Whether the cabinet pays: billing is on and it is not one of the operator's own. */
  private billed(account: Account): boolean {
    return this.enabled && !account.isPlatform;
  }

  /**
   * Adds a screen (docs/billing.md, "Counts hold under parallel requests"): in one transaction, with the
   * cabinet's billing row locked, the state, the tariff's screen limit and the balance are checked,
   * `write` makes the screen, and today's day of it is charged; a day the balance cannot pay rolls the
   * screen back. Adds, switches and charges of one cabinet so run one after another, on any process.
   */
  async addScreen<T>(cabinetId: CabinetId, write: (repos: Repositories) => Promise<T>): Promise<T> {
    const { row, charged } = await this.deps.transact(async (repos) => {
      const account = await repos.billing.lockAccount(cabinetId);
      if (!account) throw new AppError('NOT_FOUND');
      await this.admit(repos, account, 'screen');
      const written = await write(repos);
      if (!this.billed(account)) return { row: written, charged: null };
      const outcome = await this.chargeFresh(repos, account, isoDay(this.clock()));
      if (outcome === 'short') throw balanceRefusal();
      return { row: written, charged: outcome };
    });
    if (charged?.firstOfDay && charged.total > 0) await this.warnIfLow(cabinetId);
    return row;
  }

  /** The lines of `added` screen-days on `day` after `before` were charged (free slots first). */
  private increment(plan: TariffPlan, day: string, before: number, added: number, terms: DiscountTerms) {
    const billable = billableScreens(plan, before + added) - billableScreens(plan, before);
    return chargeLines(plan, day, billable, terms);
  }

  // ---- the ledger ----

  /**
   * Charges the cabinet's screens for `day` that are not charged yet, in one transaction: the screen-days
   * are keyed (cabinet, day, screen), so a second run charges nothing. When the balance cannot pay, nothing
   * is charged and the cabinet is marked unpaid (locked); a later run, after a payment, charges the day.
   */
  async chargeDay(cabinetId: CabinetId, day: string = isoDay(this.clock())): Promise<{ charged: number }> {
    if (!this.enabled) return { charged: 0 };
    // Whether the lock started or ended here: the screens are told after the commit.
    let moved = false;
    const result = await this.deps.transact(async (repos) => {
      moved = false;
      const account = await repos.billing.lockAccount(cabinetId);
      if (!account) return null;
      const outcome = await this.chargeFresh(repos, account, day);
      const unpaid = outcome === 'short';
      if (unpaid !== (account.unpaidSince !== null)) {
        await repos.billing.setUnpaidSince(cabinetId, unpaid ? this.clock() : null);
        moved = true;
      }
      return unpaid ? null : outcome;
    });
    if (moved) await this.tellScreens(cabinetId);
    if (result?.firstOfDay && result.total > 0) await this.warnIfLow(cabinetId);
    return { charged: result?.total ?? 0 };
  }

  /**
   * The day of the account's screens not charged yet, charged in `repos`' transaction (the account locked):
   * 'short' when the balance cannot pay it (nothing is written).
   */
  private async chargeFresh(repos: Repositories, account: Account, day: string): Promise<Charged | 'short'> {
    const cabinetId = account.id;
    const screens = await repos.billing.screens(cabinetId);
    const charged = new Set(await repos.billing.chargedOn(cabinetId, day));
    const fresh = screens.filter((id) => !charged.has(id));
    if (fresh.length === 0) return { total: 0, firstOfDay: false };
    const plan = this.planOf(await this.plans(repos), account.tariff);
    const before = charged.size;
    const lines = this.increment(plan, day, before, fresh.length, this.terms(account, screens.length, day));
    if (lines.total > account.balance) return 'short';
    const entry =
      lines.total > 0
        ? await repos.billing.addEntry(cabinetId, { reason: 'charge', amount: -lines.total, day, lines })
        : null;
    await repos.billing.markCharged(cabinetId, day, fresh, entry?.id ?? null);
    return { total: lines.total, firstOfDay: before === 0 };
  }

  /** The daily job: every cabinet's screens for today (safe to run any number of times). */
  async chargeAll(day: string = isoDay(this.clock())): Promise<number> {
    if (!this.enabled) return 0;
    let total = 0;
    for (const cabinetId of await this.deps.repos.billing.platformCabinetsToCharge()) {
      try {
        total += (await this.chargeDay(cabinetId, day)).charged;
      } catch (error) {
        this.deps.log(`billing: charging cabinet ${cabinetId} failed`, error);
      }
    }
    return total;
  }

  /** Warns the owner at 7, 3 and 1 days of runway. */
  private async warnIfLow(cabinetId: CabinetId): Promise<void> {
    const account = await this.account(cabinetId);
    const plans = await this.plans();
    const screens = await this.deps.repos.billing.screenCount(cabinetId);
    const days = this.runway(account, this.planOf(plans, account.tariff), screens);
    if (days !== null && LOW_FUNDS_DAYS.includes(days)) {
      const balance = `${formatMinor(account.balance)} ${this.deps.config.currency.toUpperCase()}`;
      await this.deps.lowFunds(cabinetId, balance).catch((error: unknown) => {
        this.deps.log('billing: low-funds alert failed', error);
      });
    }
  }

  /** Money in or out by hand or by a payment; today's unpaid screens are charged at once (unlocks). */
  private async record(
    cabinetId: CabinetId,
    entry: { reason: LedgerReason; amount: number; note?: string; actorId?: number; reference?: string },
  ): Promise<void> {
    try {
      await this.deps.transact(async (repos) => {
        await repos.billing.lockAccount(cabinetId);
        const row = await repos.billing.addEntry(cabinetId, entry);
        if (entry.reason === 'topUp') await this.issueInvoice(repos, cabinetId, row);
      });
    } catch (error) {
      if (checkViolation(error, BALANCE_CHECK)) throw balanceRefusal();
      if (checkViolation(error, BALANCE_MAX_CHECK)) throw balanceTooLarge();
      throw error;
    }
    await this.chargeDay(cabinetId);
  }

  /** A top-up's invoice, numbered in the payment's own transaction (platform-wide, without gaps). */
  private async issueInvoice(
    repos: Repositories,
    cabinetId: CabinetId,
    entry: { id: number; amount: number },
  ): Promise<void> {
    await repos.billing.addInvoice(cabinetId, {
      number: await repos.billing.platformNextInvoiceNumber(),
      entryId: entry.id,
      amount: entry.amount,
      currency: this.deps.config.currency,
    });
  }

  async invoices(
    cabinetId: CabinetId,
    query: { page: number; limit: number },
  ): Promise<{ invoices: Invoice[]; total: number }> {
    const { rows, total } = await this.deps.repos.billing.invoices(cabinetId, query);
    return {
      total,
      invoices: rows.map((r) => ({
        number: r.number,
        amount: r.amount,
        currency: r.currency,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  /** One of the cabinet's invoices as a PDF; another cabinet's number is not found. */
  async invoicePdf(cabinetId: CabinetId, number: number): Promise<{ name: string; body: Buffer }> {
    const row = await this.deps.repos.billing.invoice(cabinetId, number);
    if (!row) throw new AppError('NOT_FOUND');
    const body = await invoicePdf({
      number,
      issuer: this.deps.issuer,
      cabinet: row.cabinet,
      cabinetId,
      amount: row.invoice.amount,
      currency: row.invoice.currency,
      note: row.note,
      paidAt: row.invoice.createdAt,
    });
    return { name: `invoice-${invoiceNumber(number)}.pdf`, body };
  }

  async adminInvoices(cabinetId: CabinetId, query: { page: number; limit: number }) {
    await this.customer(cabinetId);
    return this.invoices(cabinetId, query);
  }

  /** Any invoice, for the platform admin. */
  async adminInvoicePdf(number: number): Promise<{ name: string; body: Buffer }> {
    const cabinetId = await this.deps.repos.billing.platformInvoiceCabinet(number);
    if (cabinetId === undefined) throw new AppError('NOT_FOUND');
    return this.invoicePdf(cabinetId, number);
  }

  private toEntry(row: EntryWithActor): LedgerEntry {
    return {
      id: row.id,
      reason: row.reason,
      amount: row.amount,
      day: row.day,
      note: row.note,
      actor: row.actor,
      lines: row.lines ?? null,
      terms: row.terms ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async ledger(
    cabinetId: CabinetId,
    query: { page: number; limit: number; reason?: LedgerReason | undefined },
  ): Promise<{ entries: LedgerEntry[]; total: number }> {
    const { rows, total } = await this.deps.repos.billing.ledger(cabinetId, query);
    return { entries: rows.map((r) => this.toEntry(r)), total };
  }

  /** The ledger as a file, written as it is read (a page of entries at a time). */
  exportLedger(
    cabinetId: CabinetId,
    query: { format: ExportFormat; reason?: LedgerReason | undefined },
  ): { name: string; mime: string; stream: Readable } {
    const { repos, config, log } = this.deps;
    const rows = async function* () {
      for (let page = 1; ; page++) {
        const { rows } = await repos.billing.ledger(cabinetId, { page, limit: 500, reason: query.reason });
        yield rows.map((r) => [
          r.createdAt.toISOString(),
          LEDGER_REASON_LABELS[r.reason],
          formatMinor(r.amount),
          r.day,
          r.note,
          r.actor,
        ]);
        if (rows.length < 500) return;
      }
    };
    const out = new PassThrough();
    const table = {
      title: 'Ledger',
      columns: [
        { title: 'Date', width: 22 },
        { title: 'Reason', width: 20 },
        { title: `Amount, ${config.currency.toUpperCase()}`, width: 14, numeric: true },
        { title: 'Day', width: 12 },
        { title: 'Note', width: 40 },
        { title: 'By', width: 16 },
      ],
      rows: rows(),
    };
    writeExport(query.format, table, out).catch((error: unknown) => {
      log('billing: ledger export failed', error);
      out.destroy(error as Error);
    });
    return { name: `ledger.${query.format}`, mime: EXPORT_MIME[query.format], stream: out };
  }

  // ---- the owner's funds ----

  async funds(caller: Caller): Promise<Funds> {
    const account = await this.account(caller.cabinetId);
    const plans = await this.plans();
    const plan = this.planOf(plans, account.tariff);
    const screens = await this.deps.repos.billing.screenCount(caller.cabinetId);
    const today = isoDay(this.clock());
    const terms = this.terms(account, screens, today);
    return {
      billing: this.deps.config.mode,
      state: this.stateOf(account),
      currency: this.deps.config.currency,
      balance: account.balance,
      runwayDays: this.enabled ? this.runway(account, plan, screens) : null,
      screens,
      dayCost: this.enabled ? dayCost(plan, today, screens, terms) : 0,
      plan: { ...plan, features: [...plan.features] },
      discounts: discounts(terms),
      nonCommercialPercent: account.discount,
      yearlyUntil: account.yearlyUntil,
      plans: plans.map((p) => ({
        ...p,
        features: [...p.features],
        difference: switchDifference(plan, p, screens, terms, today),
        fits:
          (p.screenLimit === null || screens <= p.screenLimit) &&
          (!ADMIN_GIVEN_TARIFFS.includes(p.id) || p.id === plan.id),
      })),
      recharge: this.enabled && this.deps.provider !== null,
    };
  }

  /**
   * The owner switches tariff: the cabinet's screens must fit it; the new prices apply from tomorrow. Under
   * the cabinet's lock, so no screen added meanwhile can be left past the new tariff's limit.
   */
  async switchTariff(caller: Caller, tariff: Tariff): Promise<Funds> {
    const cabinetId = caller.cabinetId;
    await this.deps.transact(async (repos) => {
      const plans = await this.plans(repos);
      const target = plans.find((p) => p.id === tariff);
      if (!target) throw new AppError('NOT_FOUND');
      const account = await repos.billing.lockAccount(cabinetId);
      if (!account) throw new AppError('NOT_FOUND');
      if (ADMIN_GIVEN_TARIFFS.includes(tariff) && account.tariff !== tariff) throw new AppError('FORBIDDEN');
      const screens = await repos.billing.screenCount(cabinetId);
      if (this.enabled && target.screenLimit !== null && screens > target.screenLimit) {
        throw tariffRefusal(this.allowing(plans, target, screens));
      }
      if (account.tariff === tariff) return;
      await repos.billing.setTerms(cabinetId, { tariff });
      await repos.billing.addEntry(cabinetId, {
        reason: 'change',
        amount: 0,
        terms: { tariff: { from: account.tariff, to: tariff } },
        actorId: caller.userId,
      });
    });
    return this.funds(caller);
  }

  // ---- recharges ----

  async recharge(caller: Caller, amount: number): Promise<{ url: string }> {
    const provider = this.deps.provider;
    if (!this.enabled || !provider) throw new AppError('UNAVAILABLE');
    if ((await this.account(caller.cabinetId)).balance + amount > MAX_BALANCE) throw balanceTooLarge();
    const base = this.deps.publicUrl;
    const { id, url } = await provider
      .checkout({
        amount,
        currency: this.deps.config.currency,
        cabinetId: caller.cabinetId,
        successUrl: `${base}/funds/accepted?session={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${base}/funds`,
      })
      .catch((error: unknown) => {
        this.deps.log('billing: the payment provider refused a checkout', error);
        throw new AppError('UNAVAILABLE');
      });
    await this.deps.repos.billing.insertPayment({
      cabinetId: caller.cabinetId,
      provider: provider.name,
      externalId: id,
      amount,
      userId: caller.userId,
    });
    return { url };
  }

  /**
   * The provider's webhook: verified by its signature, then the payment is credited once however often
   * the event is delivered (the payment turns paid once, and the entry's reference is unique).
   */
  async webhook(rawBody: string, signature: string | undefined): Promise<void> {
    const provider = this.deps.provider;
    if (!provider) throw new AppError('NOT_FOUND');
    let paidId: string | null;
    try {
      paidId = provider.paidBy(rawBody, signature);
    } catch {
      throw new AppError('UNAUTHORIZED');
    }
    if (!paidId) return;
    const payment = await this.deps.repos.billing.platformPayment(provider.name, paidId);
    if (!payment) return;
    const credited = await this.deps
      .transact(async (repos) => {
        await repos.billing.lockAccount(payment.cabinetId);
        if (!(await repos.billing.markPaid(payment.id, this.clock()))) return false;
        const entry = await repos.billing.addEntry(payment.cabinetId, {
          reason: 'topUp',
          amount: payment.amount,
          note: provider.name,
          reference: `${provider.name}:${paidId}`,
        });
        await this.issueInvoice(repos, payment.cabinetId, entry);
        return true;
      })
      .catch((error: unknown) => {
        if (!checkViolation(error, BALANCE_MAX_CHECK)) throw error;
        // Past the most a balance holds (recharges started together): the provider delivers it again later.
        this.deps.log(`billing: payment ${payment.id} would pass the balance's maximum`, error);
        throw new AppError('UNAVAILABLE');
      });
    if (credited) await this.chargeDay(payment.cabinetId);
  }

  async payment(
    caller: Caller,
    session: string,
  ): Promise<{ status: 'pending' | 'paid'; amount: number; balance: number }> {
    const provider = this.deps.provider;
    const row = provider
      ? await this.deps.repos.billing.payment(caller.cabinetId, provider.name, session)
      : undefined;
    if (!row) throw new AppError('NOT_FOUND');
    const account = await this.account(caller.cabinetId);
    return { status: row.status, amount: row.amount, balance: account.balance };
  }

  // ---- the platform admin ----

  private async adminView(cabinetId: CabinetId): Promise<AdminCabinet> {
    const { rows } = await this.adminRows({ ids: [cabinetId] });
    const row = rows[0];
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  private async adminRows(filter: {
    page?: number;
    limit?: number;
    search?: string | undefined;
    ids?: CabinetId[];
  }): Promise<{ rows: AdminCabinet[]; total: number }> {
    const plans = await this.plans();
    const { rows, total } = await this.deps.repos.billing.platformAccounts({
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
        runwayDays: this.enabled ? this.runway(r, this.planOf(plans, r.tariff), r.screens) : null,
        state: this.stateOf(r),
        nonCommercialPercent: r.discount,
        yearlyUntil: r.yearlyUntil,
        blocked: r.blocked,
      })),
    };
  }

  async adminList(query: {
    page: number;
    limit: number;
    search?: string | undefined;
  }): Promise<{ cabinets: AdminCabinet[]; total: number; currency: string }> {
    const { rows, total } = await this.adminRows(query);
    return { cabinets: rows, total, currency: this.deps.config.currency };
  }

  private async customer(cabinetId: CabinetId): Promise<void> {
    if (!(await this.deps.repos.billing.platformIsCustomer(cabinetId))) throw new AppError('NOT_FOUND');
  }

  async adminLedger(
    cabinetId: CabinetId,
    query: { page: number; limit: number; reason?: LedgerReason | undefined },
  ): Promise<{ entries: LedgerEntry[]; total: number }> {
    await this.customer(cabinetId);
    return this.ledger(cabinetId, query);
  }

  /** A top-up (bank transfer), refund or correction with its reason, recorded with who made it. */
  async adminEntry(
    caller: Caller,
    cabinetId: CabinetId,
    body: { reason: ManualReason; amount: number; note: string },
  ): Promise<AdminCabinet> {
    await this.customer(cabinetId);
    // A top-up brings money in and a refund takes it out; a correction goes either way.
    if ((body.reason === 'topUp' && body.amount < 0) || (body.reason === 'refund' && body.amount > 0))
      throw fieldError('amount', MESSAGES.invalid);
    await this.record(cabinetId, { ...body, actorId: caller.userId });
    return this.adminView(cabinetId);
  }

  /** Tariff, discounts and the block, changed by the admin; each change recorded with who made it. */
  async adminTerms(
    caller: Caller,
    cabinetId: CabinetId,
    body: {
      tariff?: Tariff | undefined;
      nonCommercialPercent?: number | undefined;
      yearlyUntil?: string | null | undefined;
      blocked?: boolean | undefined;
      note?: string | undefined;
    },
  ): Promise<AdminCabinet> {
    await this.customer(cabinetId);
    if (body.tariff !== undefined && !(await this.plans()).some((p) => p.id === body.tariff))
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
    if (changed.blocked !== undefined) await this.tellScreens(cabinetId);
    return this.adminView(cabinetId);
  }

  // ---- the tariff table ----

  async adminTariffs(): Promise<AdminTariffs> {
    const plans = await this.deps.repos.billing.plans();
    const counts = await this.deps.repos.billing.platformCabinetsPerTariff();
    return {
      plans: plans.map((p) => ({ ...p, features: [...p.features], cabinets: counts.get(p.id) ?? 0 })),
      currency: this.deps.config.currency,
      defaultTariff: await this.defaultTariff(),
    };
  }

  /** The tariff new cabinets start on: the admin's choice, else Free. */
  async defaultTariff(): Promise<Tariff> {
    const chosen = await this.deps.repos.settings.get(DEFAULT_TARIFF_SETTING);
    return (TARIFFS as readonly string[]).includes(chosen ?? '') ? (chosen as Tariff) : NEW_CABINET_TARIFF;
  }

  /** The admin picks the tariff new cabinets start on: one of the table's. */
  async setDefaultTariff(tariff: Tariff): Promise<AdminTariffs> {
    if (!(await this.deps.repos.billing.plans()).some((p) => p.id === tariff)) {
      throw fieldError('tariff', MESSAGES.invalid);
    }
    await this.deps.repos.settings.set(DEFAULT_TARIFF_SETTING, tariff);
    return this.adminTariffs();
  }

  /** Adds or changes a tariff; the change is recorded with who made it (before and after). */
  async saveTariff(caller: Caller, input: TariffPlanInput): Promise<AdminTariffs> {
    const { note, ...plan } = input;
    await this.deps.transact(async (repos) => {
      const before = (await repos.billing.lockPlan(plan.id)) ?? null;
      const same =
        before !== null &&
        JSON.stringify({ ...before, features: [...before.features].sort() }) ===
          JSON.stringify({ ...plan, features: [...plan.features].sort() });
      if (same) return;
      await repos.billing.savePlan(plan);
      await repos.billing.addTariffChange({
        tariff: plan.id,
        before,
        after: plan,
        actorId: caller.userId,
        note,
      });
    });
    return this.adminTariffs();
  }

  /** Removes a tariff no cabinet is on (nor the one new cabinets start on), recorded with who did it. */
  async removeTariff(
    caller: Caller,
    body: { tariff: Tariff; note?: string | undefined },
  ): Promise<AdminTariffs> {
    if (body.tariff === (await this.defaultTariff())) throw new AppError('TARIFF_DEFAULT');
    await this.deps.transact(async (repos) => {
      const before = await repos.billing.lockPlan(body.tariff);
      if (!before) throw new AppError('NOT_FOUND');
      if (await repos.billing.platformTariffInUse(body.tariff)) throw new AppError('TARIFF_IN_USE');
      await repos.billing.removePlan(body.tariff);
      await repos.billing.addTariffChange({
        tariff: body.tariff,
        before,
        after: null,
        actorId: caller.userId,
        note: body.note,
      });
    });
    return this.adminTariffs();
  }

  async tariffHistory(query: {
    page: number;
    limit: number;
  }): Promise<{ changes: TariffChange[]; total: number }> {
    const { rows, total } = await this.deps.repos.billing.tariffChanges(query);
    const plan = (p: TariffPlan | null) => (p ? { ...p, features: [...p.features] } : null);
    return {
      total,
      changes: rows.map((r) => ({
        id: r.id,
        tariff: r.tariff,
        before: plan(r.before),
        after: plan(r.after),
        actor: r.actor,
        note: r.note,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  /** The dashboard's billing stats; null while billing is off. */
  async dashboard(cabinetId: CabinetId) {
    if (!this.enabled) return null;
    const account = await this.account(cabinetId);
    const plans = await this.plans();
    const plan = this.planOf(plans, account.tariff);
    const screens = await this.deps.repos.billing.screenCount(cabinetId);
    return {
      balance: account.balance,
      currency: this.deps.config.currency,
      runwayDays: this.runway(account, plan, screens),
      tariff: account.tariff,
      state: this.stateOf(account),
      screens,
      screenLimit: plan.screenLimit,
    };
  }
}
