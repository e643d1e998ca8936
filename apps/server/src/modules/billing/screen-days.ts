import { LOW_FUNDS_DAYS, formatMinor } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories, Transact } from '../../db/repositories.js';
import { AppError } from '../../lib/errors.js';
import type { Account } from './billing.repository.js';
import type { BillingPolicy } from './policy.js';
import { balanceRefusal } from './refusals.js';
import { isoDay, type AccountTerms } from './terms.js';

/** Makes a screen through `write` once the cabinet's tariff and balance allow it (`ScreenDays.addScreen`). */
export type AddScreen = <T>(cabinetId: CabinetId, write: (repos: Repositories) => Promise<T>) => Promise<T>;

/** A day's charge written: its total, and whether it was the day's first. */
export interface Charged {
  total: number;
  firstOfDay: boolean;
}

export interface ScreenDaysDeps {
  terms: AccountTerms;
  policy: BillingPolicy;
  transact: Transact;
  lowFunds: (cabinetId: CabinetId, balance: string) => Promise<unknown>;
  log: (message: string, error?: unknown) => void;
}

/**
 * Screen-days (docs/billing.md, "Charges"): what a cabinet pays per screen and day, charged as a screen is
 * added and by the daily job, and the owner's warning when the runway gets short.
 */
export class ScreenDays {
  constructor(private readonly deps: ScreenDaysDeps) {}

  /**
   * Adds a screen (docs/billing.md, "Counts hold under parallel requests"): in one transaction, with the
   * cabinet's billing row locked, the state, the tariff's screen limit and the balance are checked,
   * `write` makes the screen, and today's day of it is charged; a day the balance cannot pay rolls the
   * screen back. Adds, switches and charges of one cabinet so run one after another, on any process.
   */
  async addScreen<T>(cabinetId: CabinetId, write: (repos: Repositories) => Promise<T>): Promise<T> {
    const { terms, policy } = this.deps;
    const { row, charged } = await this.deps.transact(async (repos) => {
      const account = await repos.billing.lockAccount(cabinetId);
      if (!account) throw new AppError('NOT_FOUND');
      await policy.admit(repos, account, 'screen');
      const written = await write(repos);
      if (!terms.billed(account)) return { row: written, charged: null };
      const outcome = await this.chargeFresh(repos, account, isoDay(terms.clock()));
      if (outcome === 'short') throw balanceRefusal();
      return { row: written, charged: outcome };
    });
    if (charged?.firstOfDay && charged.total > 0) await this.warnIfLow(cabinetId);
    return row;
  }

  /**
   * The day of the account's screens not charged yet, charged in `repos`' transaction (the account locked):
   * 'short' when the balance cannot pay it (nothing is written).
   */
  async chargeFresh(repos: Repositories, account: Account, day: string): Promise<Charged | 'short'> {
    const { terms } = this.deps;
    const cabinetId = account.id;
    const screens = await repos.billing.screens(cabinetId);
    const charged = new Set(await repos.billing.chargedOn(cabinetId, day));
    const fresh = screens.filter((id) => !charged.has(id));
    if (fresh.length === 0) return { total: 0, firstOfDay: false };
    const plan = terms.planOf(await terms.plans(repos), account.tariff);
    const before = charged.size;
    const lines = terms.increment(plan, day, before, fresh.length, terms.terms(account, screens.length, day));
    if (lines.total > account.balance) return 'short';
    const entry =
      lines.total > 0
        ? await repos.billing.addEntry(cabinetId, { reason: 'charge', amount: -lines.total, day, lines })
        : null;
    await repos.billing.markCharged(cabinetId, day, fresh, entry?.id ?? null);
    return { total: lines.total, firstOfDay: before === 0 };
  }

  /** Warns the owner at 7, 3 and 1 days of runway. */
  async warnIfLow(cabinetId: CabinetId): Promise<void> {
    const { terms } = this.deps;
    const account = await terms.account(cabinetId);
    const plans = await terms.plans();
    const screens = await terms.repos.billing.screenCount(cabinetId);
    const days = terms.runway(account, terms.planOf(plans, account.tariff), screens);
    if (days !== null && LOW_FUNDS_DAYS.includes(days)) {
      const balance = `${formatMinor(account.balance)} ${terms.config.currency.toUpperCase()}`;
      await this.deps.lowFunds(cabinetId, balance).catch((error: unknown) => {
        this.deps.log('billing: low-funds alert failed', error);
      });
    }
  }
}
