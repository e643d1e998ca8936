import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TARIFF_PLANS } from '@vitrine/core';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createUser, type TestUser } from '../../test/factories.js';

/** The tariff table as the platform admin edits it in /admin (docs/billing.md, "Tariffs"). */
describe('the tariff table', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ BILLING: 'on' });
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  const audio = DEFAULT_TARIFF_PLANS.find((p) => p.id === 'audio')!;
  const save = (body: unknown, who = admin) =>
    call(t.app, 'POST', '/api/admin/tariffs', { token: who.token, body });
  const remove = (body: unknown) =>
    call(t.app, 'POST', '/api/admin/tariffs/remove', { token: admin.token, body });
  const history = async () =>
    (await call(t.app, 'GET', '/api/admin/tariffs/history', { token: admin.token })).json() as {
      changes: { tariff: string; before: unknown; after: unknown; actor: string; note: string | null }[];
      total: number;
    };

  it('lists every tariff with the cabinets on it', async () => {
    const owner = await createUser(t, { role: 'owner' });
    await t.repos.billing.setTerms(owner.row.cabinetId, { tariff: 'proPlus' });
    const res = await call(t.app, 'GET', '/api/admin/tariffs', { token: admin.token });
    expect(res.statusCode).toBe(200);
    const plans = res.json().plans as { id: string; cabinets: number }[];
    expect(plans.map((p) => p.id).sort()).toEqual(DEFAULT_TARIFF_PLANS.map((p) => p.id).sort());
    expect(plans.find((p) => p.id === 'proPlus')!.cabinets).toBe(1);
    expect((await call(t.app, 'GET', '/api/admin/tariffs', { token: owner.token })).statusCode).toBe(403);
  });

  it('saves a tariff exactly, records who changed it, and owners see the new terms', async () => {
    const changed = { ...audio, monthlyPrice: 733, freeSlots: 1, features: ['video', 'apiTokens'] };
    const res = await save({ ...changed, note: 'Autumn prices' });
    expect(res.statusCode).toBe(200);
    expect(res.json().plans.find((p: { id: string }) => p.id === 'audio')).toMatchObject({
      monthlyPrice: 733,
      freeSlots: 1,
      features: ['video', 'apiTokens'],
    });
    const { changes } = await history();
    expect(changes[0]).toMatchObject({
      tariff: 'audio',
      before: { monthlyPrice: audio.monthlyPrice },
      after: { monthlyPrice: 733 },
      actor: admin.login,
      note: 'Autumn prices',
    });
    // The same tariff saved again records nothing.
    const total = (await history()).total;
    await save(changed);
    expect((await history()).total).toBe(total);
    // The owner's funds page offers it at the new price.
    const owner = await createUser(t, { role: 'owner' });
    const funds = (await call(t.app, 'GET', '/api/funds', { token: owner.token })).json();
    expect(funds.plans.find((p: { id: string }) => p.id === 'audio').monthlyPrice).toBe(733);
  });

  it('refuses what is not a tariff: fractions, free slots past the limit, repeated features', async () => {
    const before = await history();
    for (const bad of [
      { ...audio, monthlyPrice: 1.5 },
      { ...audio, monthlyPrice: -1 },
      { ...audio, screenLimit: 2, freeSlots: 3 },
      { ...audio, features: ['video', 'video'] },
      { ...audio, features: ['teleport'] },
      { ...audio, storagePerScreen: 1024 ** 4 + 1 },
      { ...audio, id: 'gold' },
    ]) {
      const res = await save(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await history()).total).toBe(before.total);
  });

  it('a tariff in use cannot be removed, nor the one new cabinets start on; a free one can', async () => {
    const owner = await createUser(t, { role: 'owner' });
    await t.repos.billing.setTerms(owner.row.cabinetId, { tariff: 'enterprise' });
    const inUse = await remove({ tariff: 'enterprise' });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({
      code: 'TARIFF_IN_USE',
      message: 'This tariff is in use: move its cabinets to another tariff before removing it',
    });
    const start = await remove({ tariff: 'free' });
    expect(start.statusCode).toBe(409);
    expect(start.json().code).toBe('TARIFF_DEFAULT');

    const gone = await remove({ tariff: 'nonCommercial', note: 'not offered' });
    expect(gone.statusCode).toBe(200);
    expect(gone.json().plans.map((p: { id: string }) => p.id)).not.toContain('nonCommercial');
    expect((await history()).changes[0]).toMatchObject({
      tariff: 'nonCommercial',
      after: null,
      actor: admin.login,
      note: 'not offered',
    });
    expect((await remove({ tariff: 'nonCommercial' })).statusCode).toBe(404);
    // Nobody can be put on a removed tariff, and it stays removed over a restart's seeding.
    const terms = await call(t.app, 'POST', `/api/admin/cabinets/${owner.row.cabinetId}/terms`, {
      token: admin.token,
      body: { tariff: 'nonCommercial' },
    });
    expect(terms.statusCode).toBe(400);
    await t.services.billing.start();
    const plans = (await call(t.app, 'GET', '/api/admin/tariffs', { token: admin.token })).json().plans;
    expect(plans.map((p: { id: string }) => p.id)).not.toContain('nonCommercial');
    // Added back.
    const back = await save(DEFAULT_TARIFF_PLANS.find((p) => p.id === 'nonCommercial'));
    expect(back.json().plans.map((p: { id: string }) => p.id)).toContain('nonCommercial');
    expect((await history()).changes[0]).toMatchObject({ tariff: 'nonCommercial', before: null });
  });
});
