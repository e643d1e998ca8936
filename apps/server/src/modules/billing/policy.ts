import {
  neutralFrom,
  refusesChanges,
  storageAllowance,
  tariffAllowing,
  type RouteBilling,
} from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories } from '../../db/repositories.js';
import { AppError } from '../../lib/errors.js';
import type { Account } from './billing.repository.js';
import { balanceRefusal, tariffRefusal } from './refusals.js';
import { isoDay, selfChosen, type AccountTerms } from './terms.js';

/**
 * What a cabinet may do (docs/billing.md, "Lock"): the one place that decides, reading the repositories
 * only, so every other service can be given it before anything else is built.
 */
export class BillingPolicy {
  constructor(private readonly terms: AccountTerms) {}

  // ---- the screens: the grace period, then the neutral slide (docs/billing.md, "Lock") ----

  /** From when the cabinet's screens show the neutral slide (ISO instant), or null: they play. */
  async neutralFrom(cabinetId: CabinetId): Promise<string | null> {
    const account = await this.terms.repos.billing.account(cabinetId);
    if (!account) return null;
    const from = neutralFrom({
      billingOff: !this.terms.enabled,
      blocked: account.blocked,
      unpaidSince: account.unpaidSince,
      graceDays: this.terms.config.graceDays,
    });
    return from?.toISOString() ?? null;
  }

  /**
   * The library's quota (docs/billing.md, "Storage"): the tariff's storage per screen slot times the
   * cabinet's slots, its screens but at least its free slots (and one), so a new cabinet can fill its
   * library before pairing; null while billing is off (the installation's CABINET_QUOTA applies).
   */
  async storageQuota(cabinetId: CabinetId): Promise<number | null> {
    if (!this.terms.enabled) return null;
    const account = await this.terms.repos.billing.account(cabinetId);
    if (!account) return null;
    const plan = this.terms.planOf(await this.terms.plans(), account.tariff);
    const screens = await this.terms.repos.billing.screenCount(cabinetId);
    return storageAllowance(plan, screens);
  }

  // ---- the guard: one place decides what a cabinet may do (docs/billing.md, "Lock") ----

  /** A blocked cabinet may only read its own billing. */
  async isBlocked(cabinetId: CabinetId): Promise<boolean> {
    const account = await this.terms.repos.billing.account(cabinetId);
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
   * cabinet's lock (`ScreenDays.addScreen`).
   */
  async guard(cabinetId: CabinetId, kind: RouteBilling): Promise<void> {
    await this.admit(this.terms.repos, await this.terms.account(cabinetId), kind);
  }

  /** The guard's rules over an account read (or locked) through `repos`. */
  async admit(repos: Repositories, account: Account, kind: RouteBilling): Promise<void> {
    const state = this.terms.stateOf(account);
    if (state === 'blocked') throw new AppError('CABINET_BLOCKED');
    // The operator's own cabinets are never billed (the daily job skips them too).
    if (!this.terms.billed(account)) return;
    if (refusesChanges(state)) throw balanceRefusal();
    if (kind === 'spends') return;
    const plans = await this.terms.plans(repos);
    const plan = this.terms.planOf(plans, account.tariff);
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
      throw tariffRefusal(this.terms.allowing(plans, plan, screens + 1));
    }
    // What charging the new screen's day will take: after screens charged today (a removed one too).
    const today = isoDay(this.terms.clock());
    const charged = (await repos.billing.chargedOn(account.id, today)).length;
    const before = Math.max(screens, charged);
    const more = this.terms.increment(plan, today, before, 1, this.terms.terms(account, screens + 1, today));
    if (more.total > account.balance) throw balanceRefusal();
  }
}
