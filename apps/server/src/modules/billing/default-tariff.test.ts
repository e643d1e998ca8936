import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createCabinet, createUser, type TestUser } from '../../test/factories.js';

/**
 * Which tariff a new cabinet is on is the platform admin's choice (issue 30): per owner when creating
 * them, and the installation's default (Admin -> Tariffs) for the rest, registrations included.
 */
describe('the tariff a new cabinet starts on', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ BILLING: 'on' });
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  let n = 0;
  const createOwner = (extra: Record<string, unknown> = {}) =>
    call(t.app, 'POST', '/api/user/post', {
      token: admin.token,
      body: {
        login: `tariffowner${++n}`,
        name: `Owner ${n}`,
        password: 'secret-pass-1',
        role: 'owner',
        ...extra,
      },
    });
  const tariffOf = async (userId: number) => {
    const user = await t.repos.users.platformFindById(userId);
    return (await t.repos.cabinets.findById(user!.cabinetId))!.tariff;
  };
  const setDefault = (tariff: string, token = admin.token) =>
    call(t.app, 'POST', '/api/admin/tariffs/default', { token, body: { tariff } });

  it('is Free until the admin chooses, then the admin’s default, or the tariff chosen for the owner', async () => {
    const tariffs = await call(t.app, 'GET', '/api/admin/tariffs', { token: admin.token });
    expect(tariffs.json().defaultTariff).toBe('free');
    const plain = await createOwner();
    expect(plain.statusCode).toBe(200);
    expect(await tariffOf(plain.json().id)).toBe('free');

    const chosen = await setDefault('pro');
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().defaultTariff).toBe('pro');
    expect(await tariffOf((await createOwner()).json().id)).toBe('pro');
    // A cabinet made by any other path (registration, external sign-in) starts there too.
    expect((await createCabinet(t)).tariff).toBe('pro');

    const picked = await createOwner({ tariff: 'enterprise' });
    expect(picked.statusCode).toBe(200);
    expect(await tariffOf(picked.json().id)).toBe('enterprise');
  });

  it('refuses a tariff for anyone but a new cabinet’s owner, and one not in the table', async () => {
    const cabinet = await createCabinet(t);
    const member = await createOwner({ role: 'moderator', cabinetId: cabinet.id, tariff: 'pro' });
    expect(member.statusCode).toBe(400);
    expect(member.json().fields).toHaveProperty('tariff');
    const joined = await createOwner({ cabinetId: cabinet.id, tariff: 'pro' });
    expect(joined.statusCode).toBe(400);
    await call(t.app, 'POST', '/api/admin/tariffs/remove', { token: admin.token, body: { tariff: 'audio' } });
    const gone = await createOwner({ tariff: 'audio' });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().fields).toHaveProperty('tariff');
    expect((await setDefault('audio')).statusCode).toBe(400);
  });

  it('keeps the default tariff in the table, and is the admin’s alone to choose', async () => {
    await setDefault('proPlus');
    const removal = await call(t.app, 'POST', '/api/admin/tariffs/remove', {
      token: admin.token,
      body: { tariff: 'proPlus' },
    });
    expect(removal.json().code).toBe('TARIFF_DEFAULT');
    const owner = await createUser(t, { role: 'owner' });
    expect((await setDefault('free', owner.token)).statusCode).toBe(403);
  });
});
