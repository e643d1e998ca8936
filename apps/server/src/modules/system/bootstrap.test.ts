import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransact } from '../../db/repositories.js';
import { buildTestApp, call, ADMIN_PASSWORD, type TestApp } from '../../test/build.js';
import { createUser } from '../../test/factories.js';
import { ensurePlatformAdmin } from './bootstrap.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signIn = (login: string, password: string) =>
  call(t.app, 'POST', '/api/user/auth', { body: { login, password } });

describe('platform admin at start', () => {
  it('generates a strict password on a first start without ADMIN_PASSWORD, once', async () => {
    const transact = createTransact(t.database.db);
    const first = await ensurePlatformAdmin(transact, t.hasher, { login: 'root2' });
    expect(first.created).toBe(true);
    expect(first.generatedPassword).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{12,}$/);
    expect((await signIn('root2', first.generatedPassword!)).statusCode).toBe(200);

    const second = await ensurePlatformAdmin(transact, t.hasher, { login: 'root2' });
    expect(second).toEqual({ login: 'root2', created: false, passwordUpdated: false });
    expect((await signIn('root2', first.generatedPassword!)).statusCode).toBe(200);
  });

  it('sets the password from ADMIN_PASSWORD on every start, and unblocks the admin', async () => {
    const transact = createTransact(t.database.db);
    await t.repos.users.updateInCabinet(
      (await t.repos.cabinets.findPlatform())!.id,
      (await t.repos.users.platformFindByLoginOrEmail('admin'))!.id,
      { blocked: true },
    );
    const result = await ensurePlatformAdmin(transact, t.hasher, {
      login: 'admin',
      password: 'New-admin-pass-2!',
    });
    expect(result).toEqual({ login: 'admin', created: false, passwordUpdated: true });
    expect((await signIn('admin', ADMIN_PASSWORD)).statusCode).toBe(401);
    expect((await signIn('admin', 'New-admin-pass-2!')).statusCode).toBe(200);
  });

  it('refuses a weak ADMIN_PASSWORD and a login that belongs to a cabinet user', async () => {
    const transact = createTransact(t.database.db);
    await expect(
      ensurePlatformAdmin(transact, t.hasher, { login: 'admin', password: 'weakpass1' }),
    ).rejects.toThrow(/ADMIN_PASSWORD is refused/);
    const owner = await createUser(t, { role: 'owner' });
    await expect(
      ensurePlatformAdmin(transact, t.hasher, { login: owner.login, password: 'Strong-pass-1!' }),
    ).rejects.toThrow(/belongs to a cabinet user/);
  });
});
