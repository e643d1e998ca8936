import Stripe from 'stripe';
import type { PaymentProvider } from './payment-provider.js';

/**
 * Recharges through Stripe Checkout (the official SDK). The webhook is trusted only with a valid
 * signature; a session counts once it is paid (`checkout.session.completed` with payment_status 'paid',
 * or `checkout.session.async_payment_succeeded` for delayed methods).
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  constructor(private readonly options: { secretKey: string; webhookSecret: string; apiUrl?: string }) {
    const api = options.apiUrl ? new URL(options.apiUrl) : null;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 1,
      telemetry: false,
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === 'http:' ? 80 : 443),
            protocol: api.protocol === 'http:' ? 'http' : 'https',
          }
        : {}),
    });
  }

  async checkout(input: {
    amount: number;
    currency: string;
    cabinetId: number;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }> {
    const session = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: input.currency,
            unit_amount: input.amount,
            product_data: { name: 'Balance recharge' },
          },
        },
      ],
      client_reference_id: String(input.cabinetId),
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    });
    if (!session.url) throw new Error('stripe: the session has no payment page');
    return { id: session.id, url: session.url };
  }

  paidBy(rawBody: string, signature: string | undefined): string | null {
    if (!signature) throw new Error('stripe: unsigned webhook');
    const event = this.stripe.webhooks.constructEvent(rawBody, signature, this.options.webhookSecret);
    if (event.type === 'checkout.session.completed' && event.data.object.payment_status === 'paid') {
      return event.data.object.id;
    }
    if (event.type === 'checkout.session.async_payment_succeeded') return event.data.object.id;
    return null;
  }
}
