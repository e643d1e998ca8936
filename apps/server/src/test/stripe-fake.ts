import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const STRIPE_TEST_KEY = 'sk_test_vitrine';
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_vitrine_test';

/**
 * Stripe's API on loopback, for tests: it answers Checkout session creation as Stripe does (the fields
 * the SDK and our provider read) and records every hit; `paidEvent` signs a webhook the real way.
 */
export class StripeFake {
  readonly hits: { method: string; path: string; form: URLSearchParams }[] = [];
  private server: Server | null = null;
  private count = 0;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const path = request.url ?? '/';
        this.hits.push({ method: request.method ?? 'GET', path, form: new URLSearchParams(body) });
        response.setHeader('content-type', 'application/json');
        if (request.method === 'POST' && path === '/v1/checkout/sessions') {
          const id = `cs_test_${++this.count}_${Date.now()}`;
          response.end(
            JSON.stringify({
              id,
              object: 'checkout.session',
              mode: 'payment',
              payment_status: 'unpaid',
              url: `${this.url}/pay/${id}`,
            }),
          );
          return;
        }
        response.statusCode = 404;
        response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'not faked' } }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
    return this;
  }

  /** A `checkout.session.completed` event for the session, paid, and its signature header. */
  paidEvent(
    sessionId: string,
    paymentStatus: 'paid' | 'unpaid' = 'paid',
  ): { payload: string; signature: string } {
    const payload = JSON.stringify({
      id: `evt_${sessionId}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: sessionId, object: 'checkout.session', payment_status: paymentStatus } },
    });
    const signature = new Stripe(STRIPE_TEST_KEY).webhooks.generateTestHeaderString({
      payload,
      secret: STRIPE_TEST_WEBHOOK_SECRET,
    });
    return { payload, signature };
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
