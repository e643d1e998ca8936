import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createPoint, createUser, PASSWORD, type TestUser } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const share = (by: TestUser, login: string, role = 'contentManager') =>
  call(t.app, 'POST', '/api/user/share-access', { token: by.token, body: { login, role } });

async function switchTo(me: TestUser, token: string, cabinetId: number) {
  const res = await call(t.app, 'POST', '/api/user/switch-cabinet', { token, body: { cabinetId } });
  expect(res.statusCode).toBe(200);
  return res.json() as { token: string; refreshToken: string };
}

const pointNames = async (token: string) =>
  ((await call(t.app, 'GET', '/api/point', { token })).json().points as { name: string }[]).map(
    (p) => p.name,
  );

describe('shared access and switching cabinets', () => {
  it('a person of two cabinets sees each one’s data, with that cabinet’s role, only while it is current', async () => {
    const alpha = await createUser(t, { role: 'owner' });
    const bravo = await createUser(t, { role: 'owner' });
    await createPoint(t, alpha.row.cabinetId, 'Alpha lobby');
    await createPoint(t, bravo.row.cabinetId, 'Bravo window');

    const granted = await share(alpha, bravo.row.email!, 'contentManager');
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({
      userId: bravo.row.id,
      login: bravo.login,
      role: 'contentManager',
    });

    const mine = await call(t.app, 'GET', '/api/user/cabinets', { token: bravo.token });
    expect(mine.json()).toMatchObject({
      current: bravo.row.cabinetId,
      cabinets: [
        { id: bravo.row.cabinetId, role: 'owner', own: true },
        { id: alpha.row.cabinetId, role: 'contentManager', own: false },
      ],
    });
    expect(await pointNames(bravo.token)).toEqual(['Bravo window']);

    const inAlpha = await switchTo(bravo, bravo.token, alpha.row.cabinetId);
    expect(await pointNames(inAlpha.token)).toEqual(['Alpha lobby']);
    const info = (await call(t.app, 'GET', '/api/user/info', { token: inAlpha.token })).json();
    expect(info.user).toMatchObject({
      id: bravo.row.id,
      cabinetId: alpha.row.cabinetId,
      role: 'contentManager',
    });
    expect(info.scope).not.toContain('account.members');
    // The permissions are the current cabinet's: a content manager there, not the owner.
    expect((await call(t.app, 'GET', '/api/cabinet/info', { token: inAlpha.token })).statusCode).toBe(403);
    // The token it switched from ended with the switch.
    expect((await call(t.app, 'GET', '/api/point', { token: bravo.token })).statusCode).toBe(401);

    const home = await switchTo(bravo, inAlpha.token, bravo.row.cabinetId);
    expect(await pointNames(home.token)).toEqual(['Bravo window']);
    expect((await call(t.app, 'GET', '/api/cabinet/info', { token: home.token })).statusCode).toBe(200);
    // Refreshing keeps the cabinet of the session.
    const again = await switchTo(bravo, home.token, alpha.row.cabinetId);
    const refreshed = await call(t.app, 'POST', '/api/user/refresh', {
      body: { refreshToken: again.refreshToken },
    });
    expect(await pointNames(refreshed.json().token)).toEqual(['Alpha lobby']);
  });

  it('removing access takes effect on the next request, and its sessions there end', async () => {
    const alpha = await createUser(t, { role: 'owner' });
    const bravo = await createUser(t, { role: 'owner' });
    const granted = (await share(alpha, bravo.login, 'observer')).json();
    const inAlpha = await switchTo(bravo, bravo.token, alpha.row.cabinetId);
    expect((await call(t.app, 'GET', '/api/user/info', { token: inAlpha.token })).statusCode).toBe(200);

    const list = await call(t.app, 'GET', '/api/user/shared-access', { token: alpha.token });
    expect(list.json().items).toMatchObject([{ id: granted.id, login: bravo.login, role: 'observer' }]);

    // Another cabinet's owner cannot take it back (not found), the cabinet's own can.
    const stranger = await createUser(t, { role: 'owner' });
    const foreign = await call(t.app, 'POST', `/api/user/remove-access/${granted.id}`, {
      token: stranger.token,
    });
    expect(foreign.statusCode).toBe(404);
    const removed = await call(t.app, 'POST', `/api/user/remove-access/${granted.id}`, {
      token: alpha.token,
    });
    expect(removed.statusCode).toBe(200);

    expect((await call(t.app, 'GET', '/api/user/info', { token: inAlpha.token })).statusCode).toBe(401);
    const refresh = await call(t.app, 'POST', '/api/user/refresh', {
      body: { refreshToken: inAlpha.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const back = await call(t.app, 'POST', '/api/user/switch-cabinet', {
      token: (
        await call(t.app, 'POST', '/api/user/auth', { body: { login: bravo.login, password: PASSWORD } })
      ).json().token,
      body: { cabinetId: alpha.row.cabinetId },
    });
    expect(back.statusCode).toBe(404);
  });

  it('only owners and moderators share, only member roles, only with people of other cabinets', async () => {
    const alpha = await createUser(t, { role: 'owner' });
    const moderator = await createUser(t, { role: 'moderator', cabinetId: alpha.row.cabinetId });
    const manager = await createUser(t, { role: 'contentManager', cabinetId: alpha.row.cabinetId });
    const bravo = await createUser(t, { role: 'owner' });
    expect((await share(manager, bravo.login)).statusCode).toBe(403);
    expect((await share(moderator, bravo.login, 'agent')).statusCode).toBe(200);
    expect((await share(alpha, bravo.login, 'owner')).statusCode).toBe(400);
    expect((await share(alpha, manager.login)).json().code).toBe('CONFLICT');
    expect((await share(alpha, 'admin')).json()).toMatchObject({
      code: 'NOT_FOUND',
      fields: { login: 'User not found' },
    });
    expect((await share(alpha, 'nobody-at-all')).statusCode).toBe(404);
    // Nobody switches into a cabinet not shared with them.
    const stranger = await createUser(t, { role: 'owner' });
    const refused = await call(t.app, 'POST', '/api/user/switch-cabinet', {
      token: stranger.token,
      body: { cabinetId: alpha.row.cabinetId },
    });
    expect(refused.statusCode).toBe(404);
  });

  it('a password change ends the person’s sessions in every cabinet', async () => {
    const alpha = await createUser(t, { role: 'owner' });
    const bravo = await createUser(t, { role: 'owner' });
    await share(alpha, bravo.login, 'moderator');
    const inAlpha = await switchTo(bravo, bravo.token, alpha.row.cabinetId);
    const other = await call(t.app, 'POST', '/api/user/auth', {
      body: { login: bravo.login, password: PASSWORD },
    });
    const changed = await call(t.app, 'POST', '/api/user/patch-password', {
      token: other.json().token,
      body: { password: PASSWORD, newPassword: 'brand-new-1', repeatPassword: 'brand-new-1' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/user/info', { token: inAlpha.token })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/user/info', { token: changed.json().token })).statusCode).toBe(
      200,
    );
  });
});
