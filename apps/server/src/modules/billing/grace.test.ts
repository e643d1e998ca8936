import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { pairPlayer } from '../../test/player.js';

/**
 * A locked cabinet's screens (docs/billing.md, "Lock"): they keep their schedule through the grace period
 * (BILLING_GRACE_DAYS), the manifest says from when the neutral slide shows, and a payment takes it back
 * at once, the screens told through the content change.
 */
describe('the grace period and the neutral slide', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ BILLING: 'on', BILLING_GRACE_DAYS: '2' });
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  const manifest = async (token: string) => {
    const res = await call(t.app, 'GET', '/api/player/manifest', { token });
    expect(res.statusCode).toBe(200);
    return res.json() as { version: string; billing: { neutralFrom: string | null } };
  };
  const contentCommands = async (cabinetId: number, pointId: number) =>
    (await t.repos.pointCommands.recent(cabinetId as never, pointId)).filter((c) => c.name === 'content')
      .length;

  it('a paying cabinet plays; locked, the neutral slide starts when the grace ends; a payment ends it', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const cabinetId = owner.row.cabinetId;
    // Two screens on Free, then Pro from an empty balance: the second screen's next day cannot be paid.
    const first = await pairPlayer(t, owner, 'Counter');
    const second = await pairPlayer(t, owner, 'Window');
    expect((await manifest(first.token)).billing.neutralFrom).toBeNull();
    const paying = await manifest(second.token);
    expect(paying.billing.neutralFrom).toBeNull();
    await call(t.app, 'POST', `/api/cabinet/patch/${cabinetId}`, {
      token: admin.token,
      body: { tariff: 'pro', note: 'upgrade' },
    });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await t.services.billing.charges.chargeDay(cabinetId, tomorrow);
    const account = (await t.repos.billing.account(cabinetId))!;
    expect(account.unpaidSince).not.toBeNull();

    // Locked: the screens are told, and learn when the grace ends (two days after the lock).
    const locked = await manifest(second.token);
    expect(locked.version).not.toBe(paying.version);
    expect(locked.billing.neutralFrom).toBe(
      new Date(account.unpaidSince!.getTime() + 2 * 86_400_000).toISOString(),
    );
    expect(await contentCommands(cabinetId, second.point.id)).toBeGreaterThan(0);
    const funds = (await call(t.app, 'GET', '/api/funds', { token: owner.token })).json();
    expect(funds.state).toBe('locked');

    // A top-up pays the day: the lock ends, the screens are told again, the slide is gone.
    const told = await contentCommands(cabinetId, second.point.id);
    const topUp = await call(t.app, 'POST', `/api/admin/cabinets/${cabinetId}/entry`, {
      token: admin.token,
      body: { reason: 'topUp', amount: 5000, note: 'bank transfer' },
    });
    expect(topUp.statusCode).toBe(200);
    await t.services.billing.charges.chargeDay(cabinetId, tomorrow);
    expect((await t.repos.billing.account(cabinetId))!.unpaidSince).toBeNull();
    const unlocked = await manifest(second.token);
    expect(unlocked.billing.neutralFrom).toBeNull();
    expect(unlocked.version).toBe(paying.version);
    expect(await contentCommands(cabinetId, second.point.id)).toBeGreaterThan(told);
  });

  it('a cabinet the admin blocks goes neutral at once, and plays again when unblocked', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const cabinetId = owner.row.cabinetId;
    const screen = await pairPlayer(t, owner, 'Lobby');
    await call(t.app, 'POST', `/api/cabinet/patch/${cabinetId}`, {
      token: admin.token,
      body: { blocked: true, note: 'abuse report' },
    });
    expect((await manifest(screen.token)).billing.neutralFrom).toBe(new Date(0).toISOString());
    await call(t.app, 'POST', `/api/cabinet/patch/${cabinetId}`, {
      token: admin.token,
      body: { blocked: false, note: 'resolved' },
    });
    expect((await manifest(screen.token)).billing.neutralFrom).toBeNull();
  });
});

describe('with billing off', () => {
  it('screens never go neutral', async () => {
    const t = await buildTestApp({ BILLING: 'off' });
    try {
      const owner = await createUser(t, { role: 'owner' });
      const screen = await pairPlayer(t, owner);
      await t.repos.billing.setUnpaidSince(owner.row.cabinetId, new Date(0));
      const res = await call(t.app, 'GET', '/api/player/manifest', { token: screen.token });
      expect(res.json().billing).toEqual({ neutralFrom: null });
    } finally {
      await t.close();
    }
  });
});
