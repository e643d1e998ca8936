import {
  ADMIN_GIVEN_TARIFFS,
  DEFAULT_TARIFF_PLANS,
  billableScreens,
  billingState,
  chargeLines,
  runwayDays,
  tariffAllowing,
  type BillingState,
  type DiscountTerms,
  type Tariff,
  type TariffPlan,
} from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories } from '../../db/repositories.js';
import { AppError } from '../../lib/errors.js';
import type { Account } from './billing.repository.js';
import type { BillingConfig } from './billing.config.js';

export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** The tariffs an owner may switch to (and be pointed to). */
export const selfChosen = (plans: TariffPlan[]): TariffPlan[] =>
  plans.filter((p) => !ADMIN_GIVEN_TARIFFS.includes(p.id));

export interface AccountTermsDeps {
  repos: Repositories;
  config: BillingConfig;
  clock?: () => Date;
}

/**
 * What every billing use case reads of a cabinet (docs/billing.md): its account, the tariff table, its
 * discounts, its state and its runway. The arithmetic is core's (packages/core/src/billing).
 */
export class AccountTerms {
  readonly repos: Repositories;
  readonly config: BillingConfig;
  readonly clock: () => Date;

  constructor(deps: AccountTermsDeps) {
    this.repos = deps.repos;
    this.config = deps.config;
    this.clock = deps.clock ?? (() => new Date());
  }

  get enabled(): boolean {
    return this.config.mode === 'on';
  }

  async plans(repos: Repositories = this.repos): Promise<TariffPlan[]> {
    const plans = await repos.billing.plans();
    return plans.length > 0 ? plans : [...DEFAULT_TARIFF_PLANS];
  }

  planOf(plans: TariffPlan[], tariff: Tariff): TariffPlan {
    return plans.find((p) => p.id === tariff) ?? plans[0]!;
  }

  terms(account: Account, screens: number, day: string): DiscountTerms {
    return {
      screens,
      yearly: account.yearlyUntil !== null && account.yearlyUntil >= day,
      nonCommercialPercent: account.discount,
    };
  }

  stateOf(account: Pick<Account, 'blocked' | 'unpaidSince'>): BillingState {
    return billingState({
      billingOff: !this.enabled,
      blocked: account.blocked,
      unpaidSince: account.unpaidSince,
      graceDays: this.config.graceDays,
      now: this.clock(),
    });
  }

  async account(cabinetId: CabinetId): Promise<Account> {
    const account = await this.repos.billing.account(cabinetId);
    if (!account) throw new AppError('NOT_FOUND');
    return account;
  }

  /** Runway from tomorrow on (today is charged already), at today's screens and terms. */
  runway(account: Account, plan: TariffPlan, screens: number): number | null {
    const now = this.clock();
    const tomorrow = isoDay(new Date(now.getTime() + 86_400_000));
    return runwayDays(account.balance, plan, screens, this.terms(account, screens, tomorrow), tomorrow);
  }

  /** The cheapest tariff with room for the screens that keeps what the cabinet plays (video stays video). */
  allowing(plans: TariffPlan[], current: TariffPlan, screens: number): Tariff | undefined {
    const keep = current.features.includes('video') ? { feature: 'video' as const } : {};
    return tariffAllowing(selfChosen(plans), { screens, ...keep })?.id;
  }

  /** The lines of `added` screen-days on `day` after `before` were charged (free slots first). */
  increment(plan: TariffPlan, day: string, before: number, added: number, terms: DiscountTerms) {
    const billable = billableScreens(plan, before + added) - billableScreens(plan, before);
    return chargeLines(plan, day, billable, terms);
  }

  /** Whether the cabinet pays: billing is on and it is not one of the operator's own. */
  billed(account: Account): boolean {
    return this.enabled && !account.isPlatform;
  }
}
