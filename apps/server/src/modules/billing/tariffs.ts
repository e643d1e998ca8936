import {
  ADMIN_GIVEN_TARIFFS,
  DEFAULT_TARIFF_PLANS,
  MESSAGES,
  NEW_CABINET_TARIFF,
  TARIFFS,
  type AdminTariffs,
  type Funds,
  type Tariff,
  type TariffChange,
  type TariffPlan,
  type TariffPlanInput,
} from '@vitrine/core';
import type { Transact } from '../../db/repositories.js';
import type { Caller } from '../../lib/caller.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { DEFAULT_TARIFF_SETTING } from '../cabinet/cabinet.repository.js';
import type { OwnerFunds } from './funds.js';
import { tariffRefusal } from './refusals.js';
import type { AccountTerms } from './terms.js';

export interface TariffsDeps {
  terms: AccountTerms;
  transact: Transact;
  funds: OwnerFunds;
}

/**
 * The tariff table (docs/billing.md, "Tariffs"): the owner's switch, and the platform admin's edits of the
 * table and of the tariff new cabinets start on, each recorded with who made it.
 */
export class Tariffs {
  constructor(private readonly deps: TariffsDeps) {}

  /** The default tariffs into an empty table, once (the admin's edits and removals stay). */
  async seed(): Promise<void> {
    const billing = this.deps.terms.repos.billing;
    if (!(await billing.hasPlans())) await billing.seedPlans(DEFAULT_TARIFF_PLANS);
  }

  /**
   * The owner switches tariff: the cabinet's screens must fit it; the new prices apply from tomorrow. Under
   * the cabinet's lock, so no screen added meanwhile can be left past the new tariff's limit.
   */
  async switchTo(caller: Caller, tariff: Tariff): Promise<Funds> {
    const { terms } = this.deps;
    const cabinetId = caller.cabinetId;
    await this.deps.transact(async (repos) => {
      const plans = await terms.plans(repos);
      const target = plans.find((p) => p.id === tariff);
      if (!target) throw new AppError('NOT_FOUND');
      const account = await repos.billing.lockAccount(cabinetId);
      if (!account) throw new AppError('NOT_FOUND');
      if (ADMIN_GIVEN_TARIFFS.includes(tariff) && account.tariff !== tariff) throw new AppError('FORBIDDEN');
      const screens = await repos.billing.screenCount(cabinetId);
      if (terms.enabled && target.screenLimit !== null && screens > target.screenLimit) {
        throw tariffRefusal(terms.allowing(plans, target, screens));
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
    return this.deps.funds.view(caller);
  }

  async table(): Promise<AdminTariffs> {
    const { repos, config } = this.deps.terms;
    const plans = await repos.billing.plans();
    const counts = await repos.billingAdmin.platformCabinetsPerTariff();
    return {
      plans: plans.map((p) => ({ ...p, features: [...p.features], cabinets: counts.get(p.id) ?? 0 })),
      currency: config.currency,
      defaultTariff: await this.defaultTariff(),
    };
  }

  /** The tariff new cabinets start on: the admin's choice, else Free. */
  async defaultTariff(): Promise<Tariff> {
    const chosen = await this.deps.terms.repos.settings.get(DEFAULT_TARIFF_SETTING);
    return (TARIFFS as readonly string[]).includes(chosen ?? '') ? (chosen as Tariff) : NEW_CABINET_TARIFF;
  }

  /** The admin picks the tariff new cabinets start on: one of the table's. */
  async setDefault(tariff: Tariff): Promise<AdminTariffs> {
    const { repos } = this.deps.terms;
    if (!(await repos.billing.plans()).some((p) => p.id === tariff)) {
      throw fieldError('tariff', MESSAGES.invalid);
    }
    await repos.settings.set(DEFAULT_TARIFF_SETTING, tariff);
    return this.table();
  }

  /** Adds or changes a tariff; the change is recorded with who made it (before and after). */
  async save(caller: Caller, input: TariffPlanInput): Promise<AdminTariffs> {
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
    return this.table();
  }

  /** Removes a tariff no cabinet is on (nor the one new cabinets start on), recorded with who did it. */
  async remove(caller: Caller, body: { tariff: Tariff; note?: string | undefined }): Promise<AdminTariffs> {
    if (body.tariff === (await this.defaultTariff())) throw new AppError('TARIFF_DEFAULT');
    await this.deps.transact(async (repos) => {
      const before = await repos.billing.lockPlan(body.tariff);
      if (!before) throw new AppError('NOT_FOUND');
      if (await repos.billingAdmin.platformTariffInUse(body.tariff)) throw new AppError('TARIFF_IN_USE');
      await repos.billing.removePlan(body.tariff);
      await repos.billing.addTariffChange({
        tariff: body.tariff,
        before,
        after: null,
        actorId: caller.userId,
        note: body.note,
      });
    });
    return this.table();
  }

  async history(query: { page: number; limit: number }): Promise<{ changes: TariffChange[]; total: number }> {
    const { rows, total } = await this.deps.terms.repos.billingAdmin.platformTariffChanges(query);
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
}
