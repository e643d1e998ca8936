import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createUser, PASSWORD } from '../../test/factories.js';

/** The product's own limits (10 per browser or address and account, 50 per address, 100 per account). */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signIn = (login: string, password: string, ip: string, mark?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/auth',
    payload: { login, password },
    remoteAddress: ip,
    ...(mark ? { headers: { cookie: `vitrine_device=${mark}` } } : {}),
  });

const tokenOf = (link: string | undefined): string => new URL(link ?? '').searchParams.get('token') ?? '';

describe('a sign-in locked by guessing from many addresses', () => {
  it('locks new browsers, and the e-mailed link lets the owner in from this browser', async () => {
    const owner = await createUser(t, { role: 'owner' });
    // 100 wrong passwords spread over 11 addresses.
    for (let i = 0; i < 100; i += 10) {
      await Promise.all(
        Array.from({ length: 10 }, (_, j) => signIn(owner.login, 'wrong-pass-1', `10.9.${(i + j) % 11}.1`)),
      );
    }
    const locked = await signIn(owner.login, PASSWORD, '10.9.200.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('SIGN_IN_LOCKED');

    // Asking for the link answers alike for an account and for nobody; only the account's address gets mail.
    const before = t.mailer.sent.length;
    const asked = await call(t.app, 'POST', '/api/user/unlock', { body: { login: owner.login } });
    const nobody = await call(t.app, 'POST', '/api/user/unlock', { body: { login: 'nobody-at-all' } });
    expect(asked.statusCode).toBe(200);
    expect(nobody.body).toBe(asked.body);
    expect(t.mailer.sent.length).toBe(before + 1);
    const link = t.mailer.lastTo(owner.row.email!)?.link;
    expect(link).toMatch(/^http:\/\/localhost:8080\/login\/unlock\?token=/);

    const unlocked = await call(t.app, 'POST', '/api/user/unlock-submit', { body: { token: tokenOf(link) } });
    expect(unlocked.statusCode).toBe(200);
    const cookie = [unlocked.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('vitrine_device='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/api\/user\/auth/);
    const mark = /^vitrine_device=([^;]+)/.exec(cookie ?? '')![1]!;

    // This browser signs in; any other new browser is still locked; the link works once.
    expect((await signIn(owner.login, PASSWORD, '10.9.200.2', mark)).statusCode).toBe(200);
    expect((await signIn(owner.login, PASSWORD, '10.9.200.3')).json().code).toBe('SIGN_IN_LOCKED');
    const again = await call(t.app, 'POST', '/api/user/unlock-submit', { body: { token: tokenOf(link) } });
    expect(again.json().code).toBe('LINK_INVALID');
  });

  it('mails one account at most three unlock links an hour, answering alike after that', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const before = t.mailer.sent.length;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(t.app, 'POST', '/api/user/unlock', { body: { login: owner.login } }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(t.mailer.sent.length).toBe(before + 3);
  });

  it('refuses an unknown link', async () => {
    const res = await call(t.app, 'POST', '/api/user/unlock-submit', {
      body: { token: 'x'.repeat(43) },
    });
    expect(res.json().code).toBe('LINK_INVALID');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
