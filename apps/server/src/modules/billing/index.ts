import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories, Transact } from '../../db/repositories.js';
import type { ContentChange } from '../point/content-sync.js';
import { BillingAdmin } from './admin.js';
import type { BillingConfig } from './billing.config.js';
import { DailyCharge } from './daily-charge.js';
import { OwnerFunds } from './funds.js';
import { Invoices } from './invoices.js';
import { Ledger } from './ledger.js';
import { BillingPolicy } from './policy.js';
import { Recharges } from './recharge.js';
import { ScreenDays } from './screen-days.js';
import { StripeProvider } from './stripe.provider.js';
import { Tariffs } from './tariffs.js';
import { AccountTerms } from './terms.js';

export type { AddScreen } from './screen-days.js';
export type { BillingPolicy } from './policy.js';

/** What billing's first part needs: the repositories, and the owner's low-funds alert. */
export interface BillingPolicyDeps {
  repos: Repositories;
  transact: Transact;
  config: BillingConfig;
  lowFunds: (cabinetId: CabinetId, balance: string) => Promise<unknown>;
  log: (message: string, error?: unknown) => void;
  clock?: () => Date;
}

/** Billing's first part: what a cabinet may do, and how a screen is added; built before the services. */
export interface BillingFirst {
  terms: AccountTerms;
  policy: BillingPolicy;
  screens: ScreenDays;
  deps: BillingPolicyDeps;
}

/** What the rest of billing needs once the screens' content sync exists. */
export interface BillingRestDeps {
  /** Where a payment page returns to: the cabinet's public address. */
  publicUrl: string;
  /** Who issues invoices (the installation's brand name). */
  issuer: string;
  /** Tells the cabinet's screens their content changed (the neutral slide starts or ends). */
  contentChanged?: (cabinetId: CabinetId, change: ContentChange) => Promise<unknown>;
}

/**
 * Billing (docs/billing.md): the prepaid ledger, the daily charge of screen-days, the lock and the
 * refusals, tariff switches, recharges through a payment provider, and the platform admin's console.
 */
export interface Billing extends Omit<BillingFirst, 'deps'> {
  charges: DailyCharge;
  ledger: Ledger;
  invoices: Invoices;
  funds: OwnerFunds;
  recharges: Recharges;
  admin: BillingAdmin;
  tariffs: Tariffs;
  /** The default tariffs into an empty table, once; balances from before the ledger opened. */
  start(): Promise<void>;
}

/** The policy and the screens' admission: they read the repositories only, so every service may use them. */
export function createBillingPolicy(deps: BillingPolicyDeps): BillingFirst {
  const terms = new AccountTerms(deps);
  const policy = new BillingPolicy(terms);
  const screens = new ScreenDays({ terms, policy, ...deps });
  return { terms, policy, screens, deps };
}

/** The rest of billing, over its first part: the ledger, funds, recharges, the admin's console, tariffs. */
export function createBilling(first: BillingFirst, rest: BillingRestDeps): Billing {
  const { terms, policy, screens } = first;
  const { transact, log, config } = first.deps;
  // Recharges through Stripe once its keys are set.
  const provider = config.stripe ? new StripeProvider(config.stripe) : null;
  const charges = new DailyCharge({ terms, screenDays: screens, transact, log, ...rest });
  const invoices = new Invoices(terms, rest.issuer);
  const ledger = new Ledger({ terms, transact, charges, invoices, log });
  const funds = new OwnerFunds(terms, provider !== null);
  const recharges = new Recharges({
    terms,
    transact,
    provider,
    publicUrl: rest.publicUrl,
    invoices,
    charges,
    log,
  });
  const admin = new BillingAdmin({ terms, transact, ledger, invoices, charges });
  const tariffs = new Tariffs({ terms, transact, funds });
  const start = async (): Promise<void> => {
    await tariffs.seed();
    await ledger.openBalances();
  };
  return { terms, policy, screens, charges, ledger, invoices, funds, recharges, admin, tariffs, start };
}
