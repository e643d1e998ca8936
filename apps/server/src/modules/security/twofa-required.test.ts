import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createTeam, type TestUser } from '../../test/factories.js';
import { totpAt } from './totp.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Turns two-factor on through the API, as the security page does. */
async function enable(me: TestUser): Promise<void> {
  const { secret } = (
    await call(t.app, 'GET', '/api/user/get-twofa-subscription-code', { token: me.token })
  ).json();
  const res = await call(t.app, 'POST', '/api/user/enable-twofa', {
    token: me.token,
    body: { secret, code: await totpAt(secret, new Date()) },
  });
  expect(res.statusCode).toBe(200);
}

const requireTwoFa = (me: TestUser, twoFaRequired: boolean) =>
  call(t.app, 'POST', '/api/cabinet/twofa-required', { token: me.token, body: { twoFaRequired } });

describe("an owner requires two-factor of the cabinet's members", () => {
  it('is the owner’s to set, once the owner has two-factor on', async () => {
    const team = await createTeam(t);
    expect((await requireTwoFa(team.moderator, true)).json().code).toBe('FORBIDDEN');
    const early = await requireTwoFa(team.owner, true);
    expect(early.statusCode).toBe(400);
    expect(early.json().code).toBe('TWOFA_NOT_ENABLED');
    await enable(team.owner);
    const set = await requireTwoFa(team.owner, true);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ twoFaRequired: true });
    expect(
      (await call(t.app, 'GET', '/api/cabinet/info', { token: team.owner.token })).json().cabinet,
    ).toMatchObject({ twoFaRequired: true });
  });

  it('sends a member without two-factor to the security page and refuses anything else until then', async () => {
    const team = await createTeam(t);
    await enable(team.owner);
    await requireTwoFa(team.owner, true);
    // The owner, who has it, works as before.
    expect((await call(t.app, 'GET', '/api/point', { token: team.owner.token })).statusCode).toBe(200);

    const { moderator } = team;
    const info = await call(t.app, 'GET', '/api/user/info', { token: moderator.token });
    expect(info.json()).toMatchObject({ twoFaSetupRequired: true, user: { role: 'moderator' } });
    const refused = await call(t.app, 'GET', '/api/point', { token: moderator.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'TWOFA_SETUP_REQUIRED',
      message: 'This cabinet requires two-factor authentication: turn it on to continue',
    });
    expect((await call(t.app, 'GET', '/api/playlist', { token: moderator.token })).statusCode).toBe(403);
    // The security page still works: the account, and turning two-factor on.
    expect((await call(t.app, 'GET', '/api/user/account', { token: moderator.token })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/user/cabinets', { token: moderator.token })).statusCode).toBe(200);
    await enable(moderator);
    const after = await call(t.app, 'GET', '/api/user/info', { token: moderator.token });
    expect(after.json().twoFaSetupRequired).toBeUndefined();
    expect((await call(t.app, 'GET', '/api/point', { token: moderator.token })).statusCode).toBe(200);

    // A content manager cannot manage their security (spec §6), so the requirement does not hold them.
    expect((await call(t.app, 'GET', '/api/playlist', { token: team.contentManager.token })).statusCode).toBe(
      200,
    );

    // Taken off, the requirement stops at the next request.
    expect((await call(t.app, 'GET', '/api/playlist', { token: team.agent.token })).statusCode).toBe(403);
    expect((await requireTwoFa(team.owner, false)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/playlist', { token: team.agent.token })).statusCode).toBe(200);
  });

  it('holds a person who works here through shared access too', async () => {
    const here = await createTeam(t);
    const elsewhere = await createTeam(t);
    await enable(here.owner);
    await requireTwoFa(here.owner, true);
    const shared = await call(t.app, 'POST', '/api/user/share-access', {
      token: here.owner.token,
      body: { login: elsewhere.owner.login, role: 'moderator' },
    });
    expect(shared.statusCode).toBe(200);
    const pair = await call(t.app, 'POST', '/api/user/switch-cabinet', {
      token: elsewhere.owner.token,
      body: { cabinetId: here.cabinet.id },
    });
    expect(pair.statusCode).toBe(200);
    const token = pair.json().token as string;
    expect((await call(t.app, 'GET', '/api/point', { token })).json().code).toBe('TWOFA_SETUP_REQUIRED');
    // At home, where nothing is required, the same person works as before.
    expect((await call(t.app, 'GET', '/api/point', { token: elsewhere.moderator.token })).statusCode).toBe(
      200,
    );
  });
});
