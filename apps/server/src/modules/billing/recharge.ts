import { MAX_BALANCE } from '@vitrine/core';
import { checkViolation } from '../../db/errors.js';
import type { Transact } from '../../db/repositories.js';
import type { Caller } from '../../lib/caller.js';
import { AppError } from '../../lib/errors.js';
import type { DailyCharge } from './daily-charge.js';
import type { Invoices } from './invoices.js';
import type { PaymentProvider } from './payment-provider.js';
import { BALANCE_MAX_CHECK, balanceTooLarge } from './refusals.js';
import type { AccountTerms } from './terms.js';

export interface RechargesDeps {
  terms: AccountTerms;
  transact: Transact;
  provider: PaymentProvider | null;
  /** Where a payment page returns to: the cabinet's public address. */
  publicUrl: string;
  invoices: Invoices;
  charges: DailyCharge;
  log: (message: string, error?: unknown) => void;
}

/** Recharges through a payment provider (docs/billing.md, "Recharge"): the checkout, the webhook, the return. */
export class Recharges {
  constructor(private readonly deps: RechargesDeps) {}

  async checkout(caller: Caller, amount: number): Promise<{ url: string }> {
    const { terms, provider } = this.deps;
    if (!terms.enabled || !provider) throw new AppError('UNAVAILABLE');
    if ((await terms.account(caller.cabinetId)).balance + amount > MAX_BALANCE) throw balanceTooLarge();
    const base = this.deps.publicUrl;
    const { id, url } = await provider
      .checkout({
        amount,
        currency: terms.config.currency,
        cabinetId: caller.cabinetId,
        successUrl: `${base}/funds/accepted?session={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${base}/funds`,
      })
      .catch((error: unknown) => {
        this.deps.log('billing: the payment provider refused a checkout', error);
        throw new AppError('UNAVAILABLE');
      });
    await terms.repos.billing.insertPayment({
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
    const { terms, provider } = this.deps;
    if (!provider) throw new AppError('NOT_FOUND');
    let paidId: string | null;
    try {
      paidId = provider.paidBy(rawBody, signature);
    } catch {
      throw new AppError('UNAUTHORIZED');
    }
    if (!paidId) return;
    const payment = await terms.repos.billing.platformPayment(provider.name, paidId);
    if (!payment) return;
    const credited = await this.deps
      .transact(async (repos) => {
        await repos.billing.lockAccount(payment.cabinetId);
        if (!(await repos.billing.platformMarkPaid(payment.id, terms.clock()))) return false;
        const entry = await repos.billing.addEntry(payment.cabinetId, {
          reason: 'topUp',
          amount: payment.amount,
          note: provider.name,
          reference: `${provider.name}:${paidId}`,
        });
        await this.deps.invoices.issue(repos, payment.cabinetId, entry);
        return true;
      })
      .catch((error: unknown) => {
        if (!checkViolation(error, BALANCE_MAX_CHECK)) throw error;
        // Past the most a balance holds (recharges started together): the provider delivers it again later.
        this.deps.log(`billing: payment ${payment.id} would pass the balance's maximum`, error);
        throw new AppError('UNAVAILABLE');
      });
    if (credited) await this.deps.charges.chargeDay(payment.cabinetId);
  }

  async payment(
    caller: Caller,
    session: string,
  ): Promise<{ status: 'pending' | 'paid'; amount: number; balance: number }> {
    const { terms, provider } = this.deps;
    const row = provider
      ? await terms.repos.billing.payment(caller.cabinetId, provider.name, session)
      : undefined;
    if (!row) throw new AppError('NOT_FOUND');
    const account = await terms.account(caller.cabinetId);
    return { status: row.status, amount: row.amount, balance: account.balance };
  }
}
