import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createUser, PASSWORD, type TestUser } from '../../test/factories.js';
import { totpAt } from './totp.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ LOGIN_FAILURES_PER_LOGIN: '4' });
});
afterAll(() => t.close());

const STEP = 30_000;

/** Turns two-factor on through the API, as the security page does; answers the secret and the codes. */
async function enable(me: TestUser, at = new Date()): Promise<{ secret: string; codes: string[] }> {
  const sub = await call(t.app, 'GET', '/api/user/get-twofa-subscription-code', { token: me.token });
  expect(sub.statusCode).toBe(200);
  const { secret, uri, qr } = sub.json();
  expect(uri).toContain(`secret=${secret}`);
  expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
  const res = await call(t.app, 'POST', '/api/user/enable-twofa', {
    token: me.token,
    body: { secret, code: await totpAt(secret, at) },
  });
  expect(res.statusCode).toBe(200);
  return { secret, codes: res.json().codes };
}

const signIn = (me: TestUser, code?: string) =>
  call(t.app, 'POST', '/api/user/auth', {
    body: { login: me.login, password: PASSWORD, ...(code === undefined ? {} : { code }) },
    headers: { 'x-forwarded-for': '10.0.0.1' },
  });

describe('two-factor', () => {
  it('enables with a code from the secret, answers 10 recovery codes once and says so on the account', async () => {
    const me = await createUser(t, { role: 'owner' });
    const wrong = await call(t.app, 'POST', '/api/user/enable-twofa', {
      token: me.token,
      body: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', code: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'TWOFA_WRONG', fields: { code: 'Wrong code' } });
    const { codes } = await enable(me);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const account = (await call(t.app, 'GET', '/api/user/account', { token: me.token })).json();
    expect(account).toMatchObject({ isTwoFaEnabled: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify(account)).not.toMatch(/secret/i);
    const rows = await t.repos.twofa.unusedRecoveryCodes(me.row.cabinetId, me.row.id);
    expect(rows.map((r) => r.codeHash)).not.toContain(codes[0]);
    const again = await call(t.app, 'POST', '/api/user/enable-twofa', {
      token: me.token,
      body: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', code: '000000' },
    });
    expect(again.json().code).toBe('CONFLICT');
  });

  it('asks for the code after the password and refuses a code used before (RFC 6238 replay)', async () => {
    const me = await createUser(t, { role: 'moderator' });
    const t0 = new Date();
    const { secret } = await enable(me, t0);
    expect((await signIn(me)).json().code).toBe('TWOFA_REQUIRED');
    // The enabling code's step is taken: the same code cannot sign in.
    expect((await signIn(me, await totpAt(secret, t0))).json().code).toBe('TWOFA_REUSED');
    const next = await totpAt(secret, new Date(t0.getTime() + STEP));
    const ok = await signIn(me, next.replace(/(\d{3})/, '$1 '));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toBeTruthy();
    const replay = await signIn(me, next);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('TWOFA_REUSED');
  });

  it('takes each recovery code once', async () => {
    const me = await createUser(t, { role: 'agent' });
    const { codes } = await enable(me);
    const first = await signIn(me, codes[3]!.toUpperCase());
    expect(first.statusCode).toBe(200);
    // Used once: it says so, rather than 'Wrong code'.
    const reused = await signIn(me, codes[3]);
    expect(reused.json()).toMatchObject({
      code: 'TWOFA_REUSED',
      message: 'This code was used already: use a new one',
    });
    const account = (await call(t.app, 'GET', '/api/user/account', { token: me.token })).json();
    expect(account.recoveryCodesLeft).toBe(9);
    // New codes replace the old ones.
    const fresh = await call(t.app, 'POST', '/api/user/regenerate-recovery-codes', {
      token: me.token,
      body: { password: PASSWORD },
    });
    expect(fresh.json().codes).toHaveLength(10);
    expect((await signIn(me, codes[4])).json().code).toBe('TWOFA_WRONG');
    expect((await signIn(me, fresh.json().codes[0])).statusCode).toBe(200);
  });

  it('throttles wrong codes like wrong passwords, even before the right one', async () => {
    const me = await createUser(t, { role: 'owner' });
    const t0 = new Date();
    const { secret } = await enable(me, t0);
    for (let i = 0; i < 4; i++) expect((await signIn(me, '111111')).json().code).toBe('TWOFA_WRONG');
    const blocked = await signIn(me, await totpAt(secret, new Date(t0.getTime() + STEP)));
    expect(blocked.statusCode).toBe(429);
  });

  it('disables with a current code or the password, and a wrong one is refused', async () => {
    const me = await createUser(t, { role: 'owner' });
    const t0 = new Date();
    const { secret } = await enable(me, t0);
    const wrong = await call(t.app, 'POST', '/api/user/disable-twofa', {
      token: me.token,
      body: { password: 'not-the-password' },
    });
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    const reused = await call(t.app, 'POST', '/api/user/disable-twofa', {
      token: me.token,
      body: { code: await totpAt(secret, t0) },
    });
    expect(reused.json().code).toBe('TWOFA_REUSED');
    const off = await call(t.app, 'POST', '/api/user/disable-twofa', {
      token: me.token,
      body: { code: await totpAt(secret, new Date(t0.getTime() + STEP)) },
    });
    expect(off.statusCode).toBe(200);
    expect((await signIn(me)).statusCode).toBe(200);
    const account = (await call(t.app, 'GET', '/api/user/account', { token: me.token })).json();
    expect(account).toMatchObject({ isTwoFaEnabled: false, recoveryCodesLeft: 0 });
  });

  it('lets the platform admin reset a person’s two-factor, with the reason recorded', async () => {
    const me = await createUser(t, { role: 'owner' });
    const admin = await createUser(t, { role: 'admin' });
    await enable(me);
    const owner = await createUser(t, { role: 'owner' });
    const refused = await call(t.app, 'POST', `/api/user/reset-twofa/${me.row.id}`, {
      token: owner.token,
      body: { reason: 'lost phone' },
    });
    expect(refused.statusCode).toBe(403);
    const res = await call(t.app, 'POST', `/api/user/reset-twofa/${me.row.id}`, {
      token: admin.token,
      body: { reason: 'Lost phone, identity checked by call' },
    });
    expect(res.statusCode).toBe(200);
    expect((await signIn(me)).statusCode).toBe(200);
    const events = await t.repos.twofa.listEvents(me.row.cabinetId, me.row.id);
    expect(events).toMatchObject([
      { kind: 'twofa.reset', actorId: admin.row.id, reason: 'Lost phone, identity checked by call' },
    ]);
  });

  it('gates the password change by the security key: a content manager may not', async () => {
    const me = await createUser(t, { role: 'contentManager' });
    const res = await call(t.app, 'POST', '/api/user/patch-password', {
      token: me.token,
      body: { password: PASSWORD, newPassword: 'brand-new-1', repeatPassword: 'brand-new-1' },
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await call(t.app, 'GET', '/api/user/get-twofa-subscription-code', { token: me.token })).statusCode,
    ).toBe(403);
  });
});
