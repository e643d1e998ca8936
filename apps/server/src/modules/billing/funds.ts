import {
  ADMIN_GIVEN_TARIFFS,
  dayCost,
  discounts,
  switchDifference,
  type DashboardBilling,
  type Funds,
} from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Caller } from '../../lib/caller.js';
import { isoDay, type AccountTerms } from './terms.js';

/** The owner's funds (docs/billing.md, "Funds"): balance, runway, today's cost and the tariffs to pick. */
export class OwnerFunds {
  constructor(
    private readonly terms: AccountTerms,
    /** Whether recharges go through a payment provider here. */
    private readonly rechargeable: boolean,
  ) {}

  async view(caller: Caller): Promise<Funds> {
    const { terms } = this;
    const account = await terms.account(caller.cabinetId);
    const plans = await terms.plans();
    const plan = terms.planOf(plans, account.tariff);
    const screens = await terms.repos.billing.screenCount(caller.cabinetId);
    const today = isoDay(terms.clock());
    const discount = terms.terms(account, screens, today);
    return {
      billing: terms.config.mode,
      state: terms.stateOf(account),
      currency: terms.config.currency,
      balance: account.balance,
      runwayDays: terms.enabled ? terms.runway(account, plan, screens) : null,
      screens,
      dayCost: terms.enabled ? dayCost(plan, today, screens, discount) : 0,
      plan: { ...plan, features: [...plan.features] },
      discounts: discounts(discount),
      nonCommercialPercent: account.discount,
      yearlyUntil: account.yearlyUntil,
      plans: plans.map((p) => ({
        ...p,
        features: [...p.features],
        difference: switchDifference(plan, p, screens, discount, today),
        fits:
          (p.screenLimit === null || screens <= p.screenLimit) &&
          (!ADMIN_GIVEN_TARIFFS.includes(p.id) || p.id === plan.id),
      })),
      recharge: terms.enabled && this.rechargeable,
    };
  }

  /** The dashboard's billing stats; null while billing is off. */
  async dashboard(cabinetId: CabinetId): Promise<DashboardBilling | null> {
    const { terms } = this;
    if (!terms.enabled) return null;
    const account = await terms.account(cabinetId);
    const plans = await terms.plans();
    const plan = terms.planOf(plans, account.tariff);
    const screens = await terms.repos.billing.screenCount(cabinetId);
    return {
      balance: account.balance,
      currency: terms.config.currency,
      runwayDays: terms.runway(account, plan, screens),
      tariff: account.tariff,
      state: terms.stateOf(account),
      screens,
      screenLimit: plan.screenLimit,
    };
  }
}
