/**
 * A recharge goes through a payment provider (docs/billing.md, "Recharge"): it makes a payment page for
 * an amount and later tells, by a webhook it signs, that the money arrived. Bank transfers need no
 * provider: the platform admin records them as top-ups.
 */
export interface PaymentProvider {
  readonly name: string;
  /** A payment page for `amount` minor units; `id` names the payment in the webhook. */
  checkout(input: {
    amount: number;
    currency: string;
    cabinetId: number;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }>;
  /** The payment a verified webhook says was paid; null for other events; throws when unsigned. */
  paidBy(rawBody: string, signature: string | undefined): string | null;
}
