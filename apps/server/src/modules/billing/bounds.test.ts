import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BALANCE, MAX_ENTRY_AMOUNT, MESSAGES } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import { cabinets, ledgerEntries } from '../../db/schema.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createUser, type TestUser } from '../../test/factories.js';

/**
 * Amounts have a maximum (core's MAX_ENTRY_AMOUNT a ledger entry, MAX_BALANCE a balance), refused at the
 * input with a clear message and by the database's checks, so no stored value can break a read.
 */
describe('the bounds of money', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ BILLING: 'on' });
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  const entry = (cabinetId: CabinetId, amount: number, reason = 'correction') =>
    call(t.app, 'POST', `/api/admin/cabinets/${cabinetId}/entry`, {
      token: admin.token,
      body: { reason, amount, note: 'bounds' },
    });

  it('refuses an entry past the maximum at the input, naming the amount', async () => {
    const owner = await createUser(t, { role: 'owner' });
    for (const amount of [Number.MAX_SAFE_INTEGER, MAX_ENTRY_AMOUNT + 1, -(MAX_ENTRY_AMOUNT + 1)]) {
      const res = await entry(owner.row.cabinetId, amount);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { amount: MESSAGES.amountTooLarge },
      });
    }
    expect((await t.repos.billing.account(owner.row.cabinetId))!.balance).toBe(0);
  });

  it('fills a balance to its maximum and no further; every read of it answers', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const cabinetId = owner.row.cabinetId;
    for (let i = 0; i < MAX_BALANCE / MAX_ENTRY_AMOUNT; i += 1)
      expect((await entry(cabinetId, MAX_ENTRY_AMOUNT, 'topUp')).statusCode).toBe(200);
    const past = await entry(cabinetId, 1, 'topUp');
    expect(past.statusCode, past.body).toBe(400);
    expect(past.json()).toMatchObject({ fields: { amount: MESSAGES.balanceTooLarge } });
    expect((await t.repos.billing.account(cabinetId))!.balance).toBe(MAX_BALANCE);
    expect(await t.repos.billing.ledgerSum(cabinetId)).toBe(MAX_BALANCE);

    const reads: [TestUser, string][] = [
      [admin, '/api/admin/cabinets'],
      [admin, `/api/admin/cabinets/${cabinetId}/ledger`],
      [admin, '/api/cabinet'],
      [admin, `/api/cabinet/${cabinetId}`],
      [owner, '/api/dashboard'],
      [owner, '/api/funds'],
      [owner, '/api/funds/ledger'],
      [owner, '/api/cabinet/info'],
      [owner, '/api/user/info'],
    ];
    for (const [who, url] of reads) {
      const res = await call(t.app, 'GET', url, { token: who.token });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    const funds = (await call(t.app, 'GET', '/api/funds', { token: owner.token })).json();
    expect(funds.balance).toBe(MAX_BALANCE);
  });

  it('the database refuses a balance or an entry past the maximum, whatever the code does', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const cabinetId = owner.row.cabinetId;
    await expect(
      t.database.db
        .update(cabinets)
        .set({ balance: MAX_BALANCE + 1 })
        .where(eq(cabinets.id, cabinetId)),
    ).rejects.toThrow();
    await expect(
      t.database.db
        .insert(ledgerEntries)
        .values({ cabinetId, reason: 'correction', amount: -(MAX_BALANCE + 1) }),
    ).rejects.toThrow();
    await t.database.db.update(cabinets).set({ balance: MAX_BALANCE }).where(eq(cabinets.id, cabinetId));
    expect((await t.repos.billing.account(cabinetId))!.balance).toBe(MAX_BALANCE);
  });
});
