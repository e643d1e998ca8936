import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { scopeOf } from '@vitrine/core';
import { buildApp } from '../../app.js';
import { buildTestApp, call, ADMIN_PASSWORD, type TestApp } from '../../test/build.js';
import { createUser, PASSWORD } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    LOGIN_FAILURES_PER_LOGIN: '3',
    LOGIN_FAILURES_PER_ADDRESS: '6',
    LOGIN_FAILURES_PER_ACCOUNT: '5',
  });
});
afterAll(() => t.close());

const signIn = (login: string, password: string, ip = '10.0.0.1', mark?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/auth',
    payload: { login, password },
    remoteAddress: ip,
    ...(mark ? { headers: { cookie: `vitrine_device=${mark}` } } : {}),
  });

describe('sign-in', () => {
  it('signs the platform admin in and answers user info with the role scope', async () => {
    const res = await signIn('admin', ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    const { token, refreshToken } = res.json();
    expect(token).toMatch(/^ey/);
    expect(refreshToken).toHaveLength(43);
    const info = await call(t.app, 'GET', '/api/user/info', { token });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ user: { login: 'admin', role: 'admin' }, isClarityEnabled: false });
    expect(info.json().scope).toEqual(scopeOf('admin'));
    expect(JSON.stringify(info.json())).not.toMatch(/passwordHash|password_hash|argon/);
  });

  it('accepts the e-mail address in place of the login, case-insensitively', async () => {
    const user = await createUser(t, { role: 'owner' });
    const res = await signIn(user.row.email!.toUpperCase(), PASSWORD, '10.0.0.9');
    expect(res.statusCode).toBe(200);
  });

  it("answers 'User not found' alike for an unknown login and a wrong password", async () => {
    const user = await createUser(t, { role: 'owner' });
    const unknown = await signIn('nobody-here', PASSWORD, '10.0.0.2');
    const wrong = await signIn(user.login, 'wrong-pass-1', '10.0.0.2');
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'User not found', code: 'USER_NOT_FOUND' });
    }
  });

  it('refuses a blocked user once the password is right, and an unverified one as unknown', async () => {
    const blocked = await createUser(t, { role: 'moderator', blocked: true });
    const unverified = await createUser(t, { role: 'owner', verified: false });
    expect((await signIn(blocked.login, 'wrong-pass-1', '10.0.0.3')).json().code).toBe('USER_NOT_FOUND');
    expect((await signIn(blocked.login, PASSWORD, '10.0.0.3')).json().code).toBe('USER_BLOCKED');
    // An address never confirmed is no account (docs/security.md, "No e-mail oracle").
    expect((await signIn(unverified.login, PASSWORD, '10.0.0.3')).json().code).toBe('USER_NOT_FOUND');
  });

  it('limits failed attempts per account from one address; another address still signs in', async () => {
    const user = await createUser(t, { role: 'owner' });
    for (let i = 0; i < 3; i += 1) {
      expect((await signIn(user.login, 'wrong-pass-1', '10.1.0.1')).statusCode).toBe(401);
    }
    const limited = await signIn(user.login, PASSWORD, '10.1.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('SIGN_IN_LOCKED');
    expect((await signIn(user.login, PASSWORD, '10.1.0.2')).statusCode).toBe(200);
  });

  it('counts the login and the e-mail of an account as one', async () => {
    const user = await createUser(t, { role: 'owner' });
    expect((await signIn(user.login, 'wrong-pass-1', '10.1.1.1')).statusCode).toBe(401);
    expect((await signIn(user.row.email!, 'wrong-pass-1', '10.1.1.1')).statusCode).toBe(401);
    expect((await signIn(user.row.email!.toUpperCase(), 'wrong-pass-1', '10.1.1.1')).statusCode).toBe(401);
    expect((await signIn(user.login, PASSWORD, '10.1.1.1')).statusCode).toBe(429);
  });

  it('limits failed attempts per address, whatever the login', async () => {
    for (let i = 0; i < 6; i += 1) {
      expect((await signIn(`someone${i}`, 'wrong-pass-1', '10.2.0.1')).statusCode).toBe(401);
    }
    const user = await createUser(t, { role: 'owner' });
    expect((await signIn(user.login, PASSWORD, '10.2.0.1')).statusCode).toBe(429);
    expect((await signIn(user.login, PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  it('guessing from many addresses stops new browsers, never the browser the owner signed in on', async () => {
    const user = await createUser(t, { role: 'owner' });
    const first = await signIn(user.login, PASSWORD, '10.3.0.1');
    const mark = markOf(first.headers['set-cookie']);
    expect(mark).toBeTruthy();
    for (let i = 0; i < 5; i += 1) {
      expect((await signIn(user.login, 'wrong-pass-1', `10.3.1.${i}`)).statusCode).toBe(401);
    }
    // A browser the account never signed in on is refused, from any address...
    expect((await signIn(user.login, PASSWORD, '10.3.2.1')).statusCode).toBe(429);
    // ...the owner's own browser is not, and a mark made for another account does not count as one.
    expect((await signIn(user.login, PASSWORD, '10.3.2.1', mark)).statusCode).toBe(200);
    const other = await createUser(t, { role: 'owner' });
    const otherMark = markOf((await signIn(other.login, PASSWORD, '10.3.3.1')).headers['set-cookie']);
    expect((await signIn(user.login, PASSWORD, '10.3.2.2', otherMark)).statusCode).toBe(429);
  });

  it("a marked browser's own failures stop that browser only", async () => {
    const user = await createUser(t, { role: 'owner' });
    const mark = markOf((await signIn(user.login, PASSWORD, '10.4.0.1')).headers['set-cookie']);
    for (let i = 0; i < 3; i += 1) {
      expect((await signIn(user.login, 'wrong-pass-1', '10.4.0.1', mark)).statusCode).toBe(401);
    }
    expect((await signIn(user.login, PASSWORD, '10.4.0.1', mark)).statusCode).toBe(429);
    expect((await signIn(user.login, PASSWORD, '10.4.0.1')).statusCode).toBe(200);
  });

  it('the counts live in the database: another server process on it sees them', async () => {
    const user = await createUser(t, { role: 'owner' });
    for (let i = 0; i < 3; i += 1) {
      expect((await signIn(user.login, 'wrong-pass-1', '10.5.0.1')).statusCode).toBe(401);
    }
    const { app } = await buildApp({ config: t.config, database: t.database, logger: false });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/auth',
        payload: { login: user.login, password: PASSWORD },
        remoteAddress: '10.5.0.1',
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('expired counts are forgotten and swept', async () => {
    await t.repos.failures.fail(['test:short'], 0);
    await t.repos.failures.fail(['test:long'], 600);
    expect(await t.repos.failures.counts(['test:short', 'test:long'])).toEqual(new Map([['test:long', 1]]));
    expect(await t.repos.failures.sweep()).toBeGreaterThanOrEqual(1);
    await t.repos.failures.fail(['test:short'], 600);
    expect((await t.repos.failures.counts(['test:short'])).get('test:short')).toBe(1);
  });
});

/** The device mark a sign-in answered with, as a browser keeps it. */
function markOf(setCookie: string | string[] | undefined): string {
  const header = [setCookie ?? []].flat().find((c) => c.startsWith('vitrine_device='));
  expect(header).toMatch(/HttpOnly/);
  expect(header).toMatch(/SameSite=Strict/);
  expect(header).toMatch(/Path=\/api\/user\/auth/);
  return /^vitrine_device=([^;]+)/.exec(header ?? '')![1]!;
}

describe('tokens', () => {
  it('rotates the refresh token and revokes the family when an old one is replayed', async () => {
    const user = await createUser(t, { role: 'owner' });
    const first = await call(t.app, 'POST', '/api/user/refresh', {
      body: { refreshToken: user.refreshToken },
    });
    expect(first.statusCode).toBe(200);
    const second = first.json().refreshToken as string;
    expect(second).not.toBe(user.refreshToken);

    const replay = await call(t.app, 'POST', '/api/user/refresh', {
      body: { refreshToken: user.refreshToken },
    });
    expect(replay.statusCode).toBe(401);
    // The replay revoked the whole family, the newest token included.
    const after = await call(t.app, 'POST', '/api/user/refresh', { body: { refreshToken: second } });
    expect(after.statusCode).toBe(401);
  });

  it('stores refresh tokens hashed, never in clear', async () => {
    const user = await createUser(t, { role: 'owner' });
    // Both drivers answer raw SQL with { rows }.
    const { rows } = (await t.database.db.execute(
      sql`select token_hash from refresh_sessions`,
    )) as unknown as {
      rows: { token_hash: string }[];
    };
    expect(rows.some((r) => r.token_hash === user.refreshToken)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('logout revokes the session', async () => {
    const user = await createUser(t, { role: 'owner' });
    const out = await call(t.app, 'POST', '/api/user/logout', {
      token: user.token,
      body: { refreshToken: user.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    const refresh = await call(t.app, 'POST', '/api/user/refresh', {
      body: { refreshToken: user.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    // The access token of that session stops at once, not when it would have expired.
    const after = await call(t.app, 'GET', '/api/user/info', { token: user.token });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHORIZED');
  });

  it("logging out of one session leaves the user's other sessions working", async () => {
    const user = await createUser(t, { role: 'owner' });
    const other = await call(t.app, 'POST', '/api/user/auth', {
      body: { login: user.login, password: user.password },
    });
    expect(other.statusCode).toBe(200);
    await call(t.app, 'POST', '/api/user/logout', {
      token: user.token,
      body: { refreshToken: user.refreshToken },
    });
    const res = await call(t.app, 'GET', '/api/user/info', { token: other.json().token as string });
    expect(res.statusCode).toBe(200);
  });

  it('refuses an access token signed without a session', async () => {
    const user = await createUser(t, { role: 'owner' });
    const { SignJWT } = await import('jose');
    const secret = await t.repos.settings.getOrInit('access_token_secret', () => 'unused');
    const old = await new SignJWT({ cab: user.row.cabinetId, role: 'owner' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.row.id))
      .setIssuedAt()
      .setExpirationTime('5m')
      .setAudience('vitrine')
      .sign(new TextEncoder().encode(secret));
    expect((await call(t.app, 'GET', '/api/user/info', { token: old })).statusCode).toBe(401);
  });

  it('logout without a session still answers 200 (the client ignores failures anyway)', async () => {
    expect((await call(t.app, 'POST', '/api/user/logout', { body: {} })).statusCode).toBe(200);
    expect((await call(t.app, 'POST', '/api/user/logout')).statusCode).toBe(200);
  });

  it('refuses a forged, a malformed and a missing access token', async () => {
    const user = await createUser(t, { role: 'owner' });
    const [h, p] = user.token.split('.');
    const forged = `${h}.${p}.${'A'.repeat(43)}`;
    for (const token of [forged, 'not-a-token', undefined]) {
      const res = await call(t.app, 'GET', '/api/user/info', token ? { token } : {});
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
  });

  it('ends access at once when the user is blocked, even with a live token', async () => {
    const user = await createUser(t, { role: 'owner' });
    expect((await call(t.app, 'GET', '/api/user/info', { token: user.token })).statusCode).toBe(200);
    await t.repos.users.updateInCabinet(user.row.cabinetId, user.row.id, { blocked: true });
    expect((await call(t.app, 'GET', '/api/user/info', { token: user.token })).statusCode).toBe(401);
  });
});

describe('expiry', () => {
  it('says the session expired once the short-lived access token runs out', async () => {
    const short = await buildTestApp({ ACCESS_TOKEN_TTL: '30' });
    try {
      const user = await createUser(short, { role: 'owner' });
      const { AccessTokens } = await import('../../lib/tokens.js');
      const secret = await short.repos.settings.getOrInit('access_token_secret', () => 'unused');
      const twoMinutesAgo = () => Math.floor(Date.now() / 1000) - 120;
      const past = new AccessTokens(secret, 30, twoMinutesAgo);
      const stale = await past.sign({
        userId: user.row.id,
        cabinetId: user.row.cabinetId,
        role: 'owner',
        sessionId: 'expired-session',
      });
      const res = await call(short.app, 'GET', '/api/user/info', { token: stale });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('TOKEN_EXPIRED');
    } finally {
      await short.close();
    }
  });
});
