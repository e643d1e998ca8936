import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const STRIPE_KEY = 'sk_test_vitrine_e2e';
export const STRIPE_WEBHOOK_SECRET = 'whsec_vitrine_e2e';

/**
 * A test double of Stripe on loopback: its API creates Checkout sessions (what the official SDK sends
 * and reads), its Checkout page has a Pay button; paying sends the real signed webhook
 * (`checkout.session.completed`) to the cabinet, then returns the browser to the session's success_url.
 */
export class StripeDouble {
  url = '';
  /** Where webhooks go: the cabinet's /api/funds/stripe/webhook. */
  webhookUrl = '';
  private server: Server | null = null;
  private readonly sessions = new Map<string, { amount: number; currency: string; successUrl: string }>();

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => void this.answer(request.method ?? 'GET', request.url ?? '/', body, response));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
    return this;
  }

  private async answer(method: string, path: string, body: string, response: ServerResponse): Promise<void> {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const form = new URLSearchParams(body);
      const id = `cs_test_${this.sessions.size + 1}_${Date.now()}`;
      this.sessions.set(id, {
        amount: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
        successUrl: (form.get('success_url') ?? '').replace('{CHECKOUT_SESSION_ID}', id),
      });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ id, object: 'checkout.session', url: `${this.url}/pay/${id}` }));
      return;
    }
    const pay = /^\/pay\/(cs_test_\w+)$/.exec(path);
    const session = pay ? this.sessions.get(pay[1]!) : undefined;
    if (pay && session && method === 'GET') {
      response.setHeader('content-type', 'text/html');
      response.end(
        `<!doctype html><html lang="en"><title>Test checkout</title><main><h1>Test checkout</h1>` +
          `<p>${(session.amount / 100).toFixed(2)} ${session.currency.toUpperCase()}</p>` +
          `<form method="post"><button>Pay</button></form></main></html>`,
      );
      return;
    }
    if (pay && session && method === 'POST') {
      const payload = JSON.stringify({
        id: `evt_${pay[1]}`,
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: { id: pay[1], object: 'checkout.session', payment_status: 'paid' } },
      });
      const signature = new Stripe(STRIPE_KEY).webhooks.generateTestHeaderString({
        payload,
        secret: STRIPE_WEBHOOK_SECRET,
      });
      // Stripe retries: the cabinet must credit once however often it hears of the payment.
      for (let i = 0; i < 3; i++) {
        await fetch(this.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body: payload,
        });
      }
      response.statusCode = 303;
      response.setHeader('location', session.successUrl);
      response.end();
      return;
    }
    response.statusCode = 404;
    response.end('{}');
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
