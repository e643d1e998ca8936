import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BALANCE, MESSAGES } from '@vitrine/core';
import { cabinets } from '../../db/schema.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createUser } from '../../test/factories.js';
import { STRIPE_TEST_KEY, STRIPE_TEST_WEBHOOK_SECRET, StripeFake } from '../../test/stripe-fake.js';

let t: TestApp;
let stripe: StripeFake;
beforeAll(async () => {
  stripe = await new StripeFake().start();
  t = await buildTestApp({
    BILLING: 'on',
    STRIPE_SECRET_KEY: STRIPE_TEST_KEY,
    STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
});

const deliver = (payload: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/funds/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });

describe('recharge through Stripe', () => {
  it('opens a Checkout session for the amount, and credits it once however often the webhook comes', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const started = await call(t.app, 'POST', '/api/funds/recharge', {
      token: owner.token,
      body: { amount: 2500 },
    });
    expect(started.statusCode).toBe(200);
    const hit = stripe.hits.at(-1)!;
    expect(hit.path).toBe('/v1/checkout/sessions');
    expect(hit.form.get('line_items[0][price_data][unit_amount]')).toBe('2500');
    expect(hit.form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(hit.form.get('success_url')).toContain('/funds/accepted?session={CHECKOUT_SESSION_ID}');
    const session = /\/pay\/(cs_test_\w+)$/.exec(started.json().url)![1]!;

    const pending = await call(t.app, 'GET', '/api/funds/payment', {
      token: owner.token,
      query: { session },
    });
    expect(pending.json()).toMatchObject({ status: 'pending', amount: 2500, balance: 0 });

    // An unpaid completion (a delayed method) credits nothing yet.
    const unpaid = stripe.paidEvent(session, 'unpaid');
    expect((await deliver(unpaid.payload, unpaid.signature)).statusCode).toBe(200);
    expect((await t.repos.billing.account(owner.row.cabinetId))!.balance).toBe(0);

    const { payload, signature } = stripe.paidEvent(session);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(payload, signature)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const paid = await call(t.app, 'GET', '/api/funds/payment', { token: owner.token, query: { session } });
    expect(paid.json()).toMatchObject({ status: 'paid', amount: 2500, balance: 2500 });
    const ledger = (await call(t.app, 'GET', '/api/funds/ledger', { token: owner.token })).json();
    expect(ledger.entries).toHaveLength(1);
    expect(ledger.entries[0]).toMatchObject({ reason: 'topUp', amount: 2500 });
    // One invoice for the one payment, however often the webhook came.
    const invoices = (await call(t.app, 'GET', '/api/funds/invoices', { token: owner.token })).json();
    expect(invoices.total).toBe(1);
    expect(invoices.invoices[0]).toMatchObject({ amount: 2500, currency: 'usd' });
  });

  it('refuses a webhook without a valid signature, and credits nothing', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const started = await call(t.app, 'POST', '/api/funds/recharge', {
      token: owner.token,
      body: { amount: 1000 },
    });
    const session = /\/pay\/(cs_test_\w+)$/.exec(started.json().url)![1]!;
    const { payload } = stripe.paidEvent(session);
    const forged = stripe.paidEvent('cs_other').signature;
    expect((await deliver(payload, forged)).statusCode).toBe(401);
    expect((await deliver(payload, 't=1,v1=00')).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/funds/stripe/webhook',
          payload,
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await t.repos.billing.account(owner.row.cabinetId))!.balance).toBe(0);
  });

  it('a recharge the balance cannot hold is refused; a payment past it waits for a later delivery', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const cabinetId = owner.row.cabinetId;
    const setBalance = (balance: number) =>
      t.database.db.update(cabinets).set({ balance }).where(eq(cabinets.id, cabinetId));
    const recharge = (amount: number) =>
      call(t.app, 'POST', '/api/funds/recharge', { token: owner.token, body: { amount } });
    await setBalance(MAX_BALANCE - 1000);
    const refused = await recharge(2500);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { amount: MESSAGES.balanceTooLarge } });

    await setBalance(0);
    const session = /\/pay\/(cs_test_\w+)$/.exec((await recharge(2500)).json().url)![1]!;
    await setBalance(MAX_BALANCE - 1000);
    const { payload, signature } = stripe.paidEvent(session);
    const later = await deliver(payload, signature);
    expect(later.statusCode).toBe(503);
    expect(later.json().code).toBe('UNAVAILABLE');
    expect((await t.repos.billing.account(cabinetId))!.balance).toBe(MAX_BALANCE - 1000);
    await setBalance(0);
    expect((await deliver(payload, signature)).statusCode).toBe(200);
    expect((await t.repos.billing.account(cabinetId))!.balance).toBe(2500);
  });

  it('another cabinet cannot read a payment', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const other = await createUser(t, { role: 'owner' });
    const started = await call(t.app, 'POST', '/api/funds/recharge', {
      token: owner.token,
      body: { amount: 1000 },
    });
    const session = /\/pay\/(cs_test_\w+)$/.exec(started.json().url)![1]!;
    expect(
      (await call(t.app, 'GET', '/api/funds/payment', { token: other.token, query: { session } })).statusCode,
    ).toBe(404);
  });
});
