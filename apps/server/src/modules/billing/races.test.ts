import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { DEFAULT_TARIFF_PLANS, chargeLines, type Tariff } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createPoint, createUser, type TestUser } from '../../test/factories.js';
import { uploadAs } from '../../test/media.js';

/**
 * The counts the tariff guards hold under parallel requests (docs/billing.md, "Counts hold under
 * parallel requests"): screens against the limit and the balance, tariff switches against new screens,
 * and the library's storage. PostgreSQL only: PGlite serves one connection, so requests never overlap
 * there and a race cannot show.
 */
const onPostgres = inject('testDb').driver === 'pg';

describe.runIf(onPostgres)('counts under parallel requests (PostgreSQL)', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ BILLING: 'on', PAIRING_RATE: '10000', BIND_FAILURES: '1000' });
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  /** Codes of players waiting to be paired, shown before any bind is sent. */
  async function codes(n: number): Promise<string[]> {
    return Promise.all(
      Array.from({ length: n }, async () => {
        const res = await call(t.app, 'POST', '/api/player/pair', {
          body: { deviceKey: randomBytes(32).toString('hex') },
        });
        return (res.json() as { code: string }).code;
      }),
    );
  }

  const bind = (owner: TestUser, code: string) =>
    call(t.app, 'POST', `/api/point/bind-by-code/${code}`, { token: owner.token, body: {} });

  const statuses = (answers: { statusCode: number }[]) =>
    answers.map((a) => a.statusCode).sort((a, b) => a - b);

  async function topUp(cabinetId: CabinetId, amount: number) {
    const res = await call(t.app, 'POST', `/api/admin/cabinets/${cabinetId}/entry`, {
      token: admin.token,
      body: { reason: 'topUp', amount, note: 'bank transfer' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function owner(tariff: Tariff = 'free'): Promise<TestUser> {
    const user = await createUser(t, { role: 'owner' });
    if (tariff !== 'free') await t.repos.billing.setTerms(user.row.cabinetId, { tariff });
    return user;
  }

  it('30 parallel binds on Free (limit 2, balance 0) end with exactly 2 screens', async () => {
    const user = await owner();
    const answers = await Promise.all((await codes(30)).map((code) => bind(user, code)));
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(2);
    for (const refused of answers.filter((a) => a.statusCode !== 200))
      expect(refused.json().code).toBe('TARIFF_NOT_ALLOWED');
    expect(await t.repos.billing.screenCount(user.row.cabinetId)).toBe(2);
  });

  it('parallel copies of a screen stop at the limit too', async () => {
    const user = await owner();
    const screen = await createPoint(t, user.row.cabinetId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t.app, 'POST', `/api/point/copy/${screen.id}`, { token: user.token }),
      ),
    );
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(1);
    expect(await t.repos.billing.screenCount(user.row.cabinetId)).toBe(2);
  });

  it('parallel screens made in the cabinet (point/post) stop at the limit, mixed with binds', async () => {
    const user = await owner();
    const answers = await Promise.all([
      ...Array.from({ length: 15 }, (_, i) =>
        call(t.app, 'POST', '/api/point/post', { token: user.token, body: { name: `Made ${i}` } }),
      ),
      ...(await codes(15)).map((code) => bind(user, code)),
    ]);
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(2);
    expect(await t.repos.billing.screenCount(user.row.cabinetId)).toBe(2);
  });

  it('a small balance pays for exactly the screens it can, and the ledger charges each', async () => {
    const user = await owner('pro');
    const cabinetId = user.row.cabinetId;
    await topUp(cabinetId, 250);
    const today = new Date().toISOString().slice(0, 10);
    const pro = DEFAULT_TARIFF_PLANS.find((p) => p.id === 'pro')!;
    const day = chargeLines(pro, today, 1, { screens: 2, yearly: false, nonCommercialPercent: 0 }).total;
    const paid = Math.floor(250 / day);
    // Pro's one free slot, then as many screen-days as 250 pays.
    const answers = await Promise.all((await codes(10)).map((code) => bind(user, code)));
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(1 + paid);
    for (const refused of answers.filter((a) => a.statusCode !== 200))
      expect(refused.json().code).toBe('BALANCE_NOT_ENOUGH');
    expect(await t.repos.billing.screenCount(cabinetId)).toBe(1 + paid);
    const charges = (await t.repos.billing.ledger(cabinetId, { page: 1, limit: 100, reason: 'charge' })).rows;
    expect(charges.map((c) => c.amount)).toEqual(Array.from({ length: paid }, () => -day));
    const account = await t.repos.billing.account(cabinetId);
    expect(account!.balance).toBe(250 - paid * day);
    expect(account!.unpaidSince).toBeNull();
    expect(await t.repos.billing.ledgerSum(cabinetId)).toBe(account!.balance);
    expect((await t.repos.billing.chargedOn(cabinetId, today)).length).toBe(1 + paid);
  });

  it('a switch down to Free racing new screens never leaves more screens than Free allows', async () => {
    for (let round = 0; round < 3; round += 1) {
      const user = await owner('pro');
      const cabinetId = user.row.cabinetId;
      await topUp(cabinetId, 1_000_000);
      await createPoint(t, cabinetId);
      const waiting = await codes(10);
      const binds = waiting.map((code) => bind(user, code));
      const switched = call(t.app, 'POST', '/api/funds/switch-tariff', {
        token: user.token,
        body: { tariff: 'free' },
      });
      const [answer] = await Promise.all([switched, ...binds]);
      const account = await t.repos.billing.account(cabinetId);
      const screens = await t.repos.billing.screenCount(cabinetId);
      if (account!.tariff === 'free') {
        expect(answer.statusCode).toBe(200);
        expect(screens).toBeLessThanOrEqual(2);
      } else {
        expect(answer.json().code).toBe('TARIFF_NOT_ALLOWED');
      }
    }
  });

  it('20 parallel uploads never pass the storage the tariff gives', async () => {
    const user = await owner('nonCommercial');
    const plan = DEFAULT_TARIFF_PLANS.find((p) => p.id === 'nonCommercial')!;
    // A tariff of 4 KB a slot: a few of the 20 images fit.
    await t.repos.billing.savePlan({ ...plan, features: [...plan.features], storagePerScreen: 4096 });
    const images = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        sharp({
          create: { width: 24, height: 24, channels: 3, background: { r: i * 10, g: 200 - i, b: 7 } },
        })
          .png({ compressionLevel: 0 })
          .toBuffer(),
      ),
    );
    const answers = await Promise.all(images.map((png, i) => uploadAs(t, user, `race-${i}.png`, png)));
    const accepted = answers.filter((a) => a.statusCode === 200).length;
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(20);
    for (const refused of answers.filter((a) => a.statusCode !== 200))
      expect(refused.json().code).toBe('QUOTA_EXCEEDED');
    expect(await t.repos.quota.storedBytes(user.row.cabinetId)).toBeLessThanOrEqual(4096);
    await t.repos.billing.savePlan({ ...plan, features: [...plan.features] });
  });
});

describe.runIf(!onPostgres)('counts under parallel requests (PGlite)', () => {
  it.skip('runs on PostgreSQL only: PGlite serves one request at a time, so nothing races', () => {});
});
