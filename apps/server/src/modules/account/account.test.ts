import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createUser, PASSWORD } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('account', () => {
  it('shows my personal data, cabinet and tokens, never secrets', async () => {
    const me = await createUser(t, { role: 'owner' });
    const res = await call(t.app, 'GET', '/api/user/account', { token: me.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: me.row.id,
      login: me.login,
      role: 'owner',
      cabinet: { id: me.row.cabinetId, tariff: 'free', blocked: false },
      tokens: [],
    });
    expect(res.body).not.toMatch(/password|twoFaSecret/i);
  });

  it('changes name and analytics consent at once; a new e-mail only after its link', async () => {
    const me = await createUser(t, { role: 'moderator' });
    const res = await call(t.app, 'POST', '/api/user/patch-account', {
      token: me.token,
      body: { name: 'Renamed', isClarityEnabled: true, email: 'fresh@example.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', isClarityEnabled: true, email: me.row.email });
    const link = t.mailer.lastTo('fresh@example.test')?.link ?? '';
    const token = new URL(link).searchParams.get('token');
    expect((await call(t.app, 'POST', '/api/user/verify-email', { body: { token } })).statusCode).toBe(200);
    const after = await call(t.app, 'GET', '/api/user/account', { token: me.token });
    expect(after.json().email).toBe('fresh@example.test');
    const info = await call(t.app, 'GET', '/api/user/info', { token: me.token });
    expect(info.json().isClarityEnabled).toBe(true);
  });

  it('PATCH is accepted as well as POST', async () => {
    const me = await createUser(t, { role: 'agent' });
    const res = await call(t.app, 'PATCH', '/api/user/patch-account', {
      token: me.token,
      body: { name: 'Via patch' },
    });
    expect(res.json().name).toBe('Via patch');
  });

  it('answers alike for a taken and a free e-mail: the holder of a taken one is told by mail', async () => {
    const other = await createUser(t, { role: 'owner' });
    const me = await createUser(t, { role: 'owner' });
    const change = (email: string) =>
      call(t.app, 'POST', '/api/user/patch-account', { token: me.token, body: { email } });
    const free = await change('nobody-has-this@example.test');
    const taken = await change(other.row.email!.toUpperCase());
    expect(taken.statusCode).toBe(200);
    expect(taken.body).toBe(free.body);
    const notice = t.mailer.lastTo(other.row.email!.toUpperCase());
    expect(notice?.subject).toMatch(/someone tried/i);
    expect(notice?.text).not.toMatch(/token=/);
    expect((await t.repos.users.platformFindById(other.row.id))?.email).toBe(other.row.email);
  });

  it('takes at most five e-mail changes an hour per account, even sent at once', async () => {
    const me = await createUser(t, { role: 'owner' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(t.app, 'POST', '/api/user/patch-account', {
          token: me.token,
          body: { email: `burst${i}-${me.row.id}@example.test` },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    // Other changes still go through.
    const named = await call(t.app, 'POST', '/api/user/patch-account', {
      token: me.token,
      body: { name: 'Still me' },
    });
    expect(named.json().name).toBe('Still me');
  });
});

describe('password change', () => {
  it("answers 'Not equal', 'Should not be equal' and a wrong current password per field", async () => {
    const me = await createUser(t, { role: 'owner' });
    const notEqual = await call(t.app, 'POST', '/api/user/patch-password', {
      token: me.token,
      body: { password: PASSWORD, newPassword: 'brand-new-1', repeatPassword: 'brand-new-2' },
    });
    expect(notEqual.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { repeatPassword: 'Not equal' },
    });
    const same = await call(t.app, 'POST', '/api/user/patch-password', {
      token: me.token,
      body: { password: PASSWORD, newPassword: PASSWORD, repeatPassword: PASSWORD },
    });
    expect(same.json()).toMatchObject({ fields: { newPassword: 'Should not be equal' } });
    const wrong = await call(t.app, 'POST', '/api/user/patch-password', {
      token: me.token,
      body: { password: 'not-mine-1', newPassword: 'brand-new-1', repeatPassword: 'brand-new-1' },
    });
    expect(wrong.json()).toMatchObject({
      code: 'WRONG_PASSWORD',
      fields: { password: 'Wrong current password' },
    });
    const weak = await call(t.app, 'POST', '/api/user/patch-password', {
      token: me.token,
      body: { password: PASSWORD, newPassword: 'onlyletters', repeatPassword: 'onlyletters' },
    });
    expect(weak.json().fields).toEqual({ newPassword: 'Not enough strong. Please use letters and digits' });
  });

  it('stores the new password, ends other sessions and hands back a fresh pair', async () => {
    const me = await createUser(t, { role: 'owner' });
    const res = await call(t.app, 'POST', '/api/user/patch-password', {
      token: me.token,
      body: { password: PASSWORD, newPassword: 'brand-new-1', repeatPassword: 'brand-new-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await call(t.app, 'POST', '/api/user/refresh', { body: { refreshToken: me.refreshToken } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await call(t.app, 'POST', '/api/user/refresh', { body: { refreshToken: res.json().refreshToken } }))
        .statusCode,
    ).toBe(200);
    const signIn = await call(t.app, 'POST', '/api/user/auth', {
      body: { login: me.login, password: 'brand-new-1' },
    });
    expect(signIn.statusCode).toBe(200);
    // The access token of the old session stops at once; the one handed back works.
    expect((await call(t.app, 'GET', '/api/user/info', { token: me.token })).statusCode).toBe(401);
    const fresh = res.json().token as string;
    expect((await call(t.app, 'GET', '/api/user/info', { token: fresh })).statusCode).toBe(200);
  });
});

describe('personal API tokens', () => {
  it('shows the token once; it then authenticates as its user with that role', async () => {
    const me = await createUser(t, { role: 'moderator' });
    const created = await call(t.app, 'POST', '/api/user/post-token', {
      token: me.token,
      body: { name: 'CI deploy' },
    });
    expect(created.statusCode).toBe(200);
    const { token, id, hint } = created.json();
    expect(token).toMatch(/^vtp_/);
    expect(token.endsWith(hint)).toBe(true);

    const listed = await call(t.app, 'GET', '/api/user/account', { token: me.token });
    expect(listed.json().tokens).toEqual([
      expect.objectContaining({ id, name: 'CI deploy', hint, lastUsedAt: null }),
    ]);
    expect(listed.body).not.toContain(token);

    const info = await call(t.app, 'GET', '/api/user/info', { token });
    expect(info.json().user.login).toBe(me.login);
    // The token carries its user's permissions: a moderator may not administer users.
    expect((await call(t.app, 'GET', '/api/user', { token })).statusCode).toBe(403);

    expect((await call(t.app, 'POST', `/api/user/remove-token/${id}`, { token: me.token })).statusCode).toBe(
      200,
    );
    expect((await call(t.app, 'GET', '/api/user/info', { token })).statusCode).toBe(401);
  });

  it("another user's token id is not found", async () => {
    const owner = await createUser(t, { role: 'owner' });
    const stranger = await createUser(t, { role: 'owner' });
    const created = (
      await call(t.app, 'POST', '/api/user/post-token', { token: owner.token, body: { name: 'mine' } })
    ).json();
    const res = await call(t.app, 'POST', `/api/user/remove-token/${created.id}`, { token: stranger.token });
    expect(res.statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/user/info', { token: created.token })).statusCode).toBe(200);
  });

  it('observers have no account page, so no account calls (spec §6)', async () => {
    const observer = await createUser(t, { role: 'observer' });
    expect((await call(t.app, 'GET', '/api/user/account', { token: observer.token })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/user/info', { token: observer.token })).statusCode).toBe(200);
  });
});
