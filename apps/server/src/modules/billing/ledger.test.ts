import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayCost, runwayDays, seededRandom } from '@vitrine/core';
import { eq } from 'drizzle-orm';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createPoint, createUser } from '../../test/factories.js';
import { cabinets, points } from '../../db/schema.js';
import type { CabinetId } from '../../db/cabinet-id.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ BILLING: 'on' });
});
afterAll(() => t.close());

const balanceOf = async (cabinetId: CabinetId) => (await t.repos.billing.account(cabinetId))!.balance;

async function owner(tariff: 'free' | 'pro' | 'enterprise' = 'pro') {
  const user = await createUser(t, { role: 'owner' });
  const admin = await createUser(t, { role: 'admin' });
  const cabinetId = user.row.cabinetId;
  await t.repos.billing.setTerms(cabinetId, { tariff });
  return { user, admin, cabinetId };
}

async function topUp(adminToken: string, cabinetId: number, amount: number) {
  return call(t.app, 'POST', `/api/admin/cabinets/${cabinetId}/entry`, {
    token: adminToken,
    body: { reason: 'topUp', amount, note: 'bank transfer' },
  });
}

describe('the ledger', () => {
  it('charges each screen-day once, however often the job runs', async () => {
    const { admin, cabinetId } = await owner('enterprise');
    expect((await topUp(admin.token, cabinetId, 10_000)).statusCode).toBe(200);
    await createPoint(t, cabinetId);
    await createPoint(t, cabinetId);
    const day = '2026-11-10';
    const first = await t.services.billing.charges.chargeDay(cabinetId, day);
    // Enterprise: 22.00 a screen and month, November has 30 days: 2 × 2200 / 30 = 146.67 -> 147.
    expect(first.charged).toBe(147);
    expect((await t.services.billing.charges.chargeDay(cabinetId, day)).charged).toBe(0);
    await t.services.billing.charges.chargeAll(day);
    expect(await balanceOf(cabinetId)).toBe(10_000 - 147);
    // A screen added later in the day pays its own day, once.
    await createPoint(t, cabinetId);
    expect((await t.services.billing.charges.chargeDay(cabinetId, day)).charged).toBe(73);
    expect((await t.services.billing.charges.chargeDay(cabinetId, day)).charged).toBe(0);
    expect(await t.repos.billing.ledgerSum(cabinetId)).toBe(await balanceOf(cabinetId));
  });

  it('charges once when several processes run the job at the same moment', async () => {
    const { admin, cabinetId } = await owner('enterprise');
    await topUp(admin.token, cabinetId, 10_000);
    await createPoint(t, cabinetId);
    const runs = await Promise.all(
      Array.from({ length: 5 }, () => t.services.billing.charges.chargeDay(cabinetId, '2026-02-03')),
    );
    // 22.00 / 28 days = 78.57 -> 79, charged by exactly one run.
    expect(runs.map((r) => r.charged).sort((a, b) => b - a)).toEqual([79, 0, 0, 0, 0]);
    expect(await balanceOf(cabinetId)).toBe(10_000 - 79);
  });

  it('never lets the balance go below zero: the database refuses it', async () => {
    const { cabinetId } = await owner();
    await expect(
      t.database.db.update(cabinets).set({ balance: -1 }).where(eq(cabinets.id, cabinetId)),
    ).rejects.toThrow();
    await expect(
      t.repos.billing.addEntry(cabinetId, { reason: 'correction', amount: -1, note: 'x' }),
    ).rejects.toThrow();
  });

  it('random sequences of top-ups, screens and days never overdraw, and the balance is the ledger sum', async () => {
    const random = seededRandom(18);
    const { admin, cabinetId } = await owner('pro');
    const plan = (await t.repos.billing.plans()).find((p) => p.id === 'pro')!;
    let charged = 0;
    for (let step = 0; step < 60; step++) {
      const roll = random();
      const day = `2026-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
      if (roll < 0.2) {
        await topUp(admin.token, cabinetId, 1 + Math.floor(random() * 400));
      } else if (roll < 0.4) {
        await createPoint(t, cabinetId);
      } else if (roll < 0.5) {
        const [first] = await t.repos.billing.screens(cabinetId);
        if (first) await t.database.db.delete(points).where(eq(points.id, first));
      } else {
        const before = await balanceOf(cabinetId);
        const { charged: now } = await t.services.billing.charges.chargeDay(cabinetId, day);
        charged += now;
        // Run twice, as a second process or a restart after a crash would: nothing more.
        expect((await t.services.billing.charges.chargeDay(cabinetId, day)).charged).toBe(0);
        expect(now).toBeLessThanOrEqual(before);
      }
      const balance = await balanceOf(cabinetId);
      expect(balance).toBeGreaterThanOrEqual(0);
      expect(await t.repos.billing.ledgerSum(cabinetId)).toBe(balance);
    }
    expect(charged).toBeGreaterThan(0);
    expect(plan.monthlyPrice).toBeGreaterThan(0);
  });

  it('a cabinet that cannot pay its day is locked, and a top-up charges the day and unlocks it at once', async () => {
    const { user, admin, cabinetId } = await owner('pro');
    await createPoint(t, cabinetId);
    await createPoint(t, cabinetId);
    // One free slot: one screen pays, 18.00 / days in the month; the balance is 0.
    expect((await t.services.billing.charges.chargeDay(cabinetId)).charged).toBe(0);
    const locked = await call(t.app, 'GET', '/api/funds', { token: user.token });
    expect(locked.json()).toMatchObject({ state: 'locked', balance: 0, runwayDays: 0 });
    const refused = await call(t.app, 'POST', '/api/playlist/post', {
      token: user.token,
      body: { name: 'Morning' },
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      code: 'BALANCE_NOT_ENOUGH',
      message: 'You can not perform this action because your balance is not enough',
      hint: 'Please recharge your balance',
    });
    expect((await topUp(admin.token, cabinetId, 1000)).json()).toMatchObject({ state: 'active' });
    const today = new Date().toISOString().slice(0, 10);
    const plan = (await t.repos.billing.plans()).find((p) => p.id === 'pro')!;
    const cost = dayCost(plan, today, 2, { screens: 2, yearly: false, nonCommercialPercent: 0 });
    expect(await balanceOf(cabinetId)).toBe(1000 - cost);
    const funds = (await call(t.app, 'GET', '/api/funds', { token: user.token })).json();
    expect(funds).toMatchObject({ state: 'active', screens: 2, billing: 'on' });
    expect(funds.runwayDays).toBeGreaterThan(0);
  });

  it('warns the owner when a charge leaves 3 days of runway', async () => {
    const { user, admin, cabinetId } = await owner('pro');
    await createPoint(t, cabinetId);
    await createPoint(t, cabinetId);
    const plan = (await t.repos.billing.plans()).find((p) => p.id === 'pro')!;
    const terms = { screens: 2, yearly: false, nonCommercialPercent: 0 };
    const now = Date.now();
    const today = new Date(now).toISOString().slice(0, 10);
    const tomorrow = new Date(now + 86_400_000).toISOString().slice(0, 10);
    let left = 0;
    while (runwayDays(left, plan, 2, terms, tomorrow) !== 3) left += 1;
    await topUp(admin.token, cabinetId, left + dayCost(plan, today, 2, terms));
    expect(await balanceOf(cabinetId)).toBe(left);
    const mail = t.mailer.lastTo(user.row.email!);
    expect(mail?.text ?? '').toContain('funds are low');
  });

  it('the dashboard shows the owner the billing stats, and no one else', async () => {
    const { user, cabinetId } = await owner('pro');
    const moderator = await createUser(t, { role: 'moderator', cabinetId });
    await createPoint(t, cabinetId);
    const board = (await call(t.app, 'GET', '/api/dashboard', { token: user.token })).json();
    expect(board.billing).toMatchObject({
      balance: 0,
      tariff: 'pro',
      screens: 1,
      screenLimit: 100,
      currency: 'usd',
    });
    const theirs = (await call(t.app, 'GET', '/api/dashboard', { token: moderator.token })).json();
    expect(theirs.billing).toBeNull();
  });

  it('exports the ledger as a file, only for its own cabinet', async () => {
    const { user, admin, cabinetId } = await owner('pro');
    await topUp(admin.token, cabinetId, 1234);
    await call(t.app, 'POST', `/api/admin/cabinets/${cabinetId}/entry`, {
      token: admin.token,
      body: { reason: 'refund', amount: -71, note: 'returned' },
    });
    const res = await call(t.app, 'GET', '/api/funds/export', {
      token: user.token,
      query: { format: 'csv' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body).toContain('12.34');
    expect(res.body).toContain('bank transfer');
    // A negative amount stays a number for the spreadsheet (no formula guard's apostrophe).
    expect(res.body).toContain(',-0.71,');
    expect(res.body).not.toContain("'-0.71");
    // Reasons in words, not codes.
    expect(res.body).toContain('Top-up');
    expect(res.body).not.toMatch(/\btopUp\b/);
    const other = await owner('pro');
    const theirs = await call(t.app, 'GET', '/api/funds/export', { token: other.user.token });
    expect(theirs.body).not.toContain('bank transfer');
    const pdf = await call(t.app, 'GET', '/api/funds/export', {
      token: user.token,
      query: { format: 'pdf' },
    });
    expect(pdf.body.startsWith('%PDF')).toBe(true);
  });

  it('a balance kept before the ledger existed gets one opening entry', async () => {
    const { cabinetId } = await owner('pro');
    await t.database.db.update(cabinets).set({ balance: 777 }).where(eq(cabinets.id, cabinetId));
    await t.services.billing.start();
    await t.services.billing.start();
    expect(await t.repos.billing.ledgerSum(cabinetId)).toBe(777);
    expect(await balanceOf(cabinetId)).toBe(777);
  });
});
