import { once } from 'node:events';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createUser, PASSWORD } from '../../test/factories.js';
import { createMailer } from '../../lib/mailer.js';
import { RegistrationService } from './registration.service.js';
import { createTransact } from '../../db/repositories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const tokenOf = (link: string | undefined): string => new URL(link ?? '').searchParams.get('token') ?? '';

const registration = (login: string) => ({
  login,
  email: `${login}@example.test`,
  password: 'first-pass-1',
  name: `Owner ${login}`,
});

/** Registers and follows the mailed link: an account. */
async function registerVerified(login: string): Promise<void> {
  expect((await call(t.app, 'POST', '/api/user/register', { body: registration(login) })).statusCode).toBe(
    200,
  );
  const token = tokenOf(t.mailer.lastTo(`${login}@example.test`)?.link);
  expect((await call(t.app, 'POST', '/api/user/verify-email', { body: { token } })).statusCode).toBe(200);
}

describe('registration and e-mail verification', () => {
  it('creates a cabinet and its owner, who signs in once the link is followed', async () => {
    const res = await call(t.app, 'POST', '/api/user/register', { body: registration('newowner') });
    expect(res.statusCode).toBe(200);

    // Until the link is followed there is no account: sign-in answers as for anyone unknown.
    const refused = await call(t.app, 'POST', '/api/user/auth', {
      body: { login: 'newowner', password: 'first-pass-1' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'User not found', code: 'USER_NOT_FOUND' });
    expect(await t.repos.users.platformFindByLoginOrEmail('newowner')).toBeUndefined();

    const mail = t.mailer.lastTo('newowner@example.test');
    expect(mail?.subject).toMatch(/confirm/i);
    expect(mail?.link).toMatch(/^http:\/\/localhost:8080\/verify-email\?token=/);
    expect(mail?.text).toContain(mail?.link);
    const verified = await call(t.app, 'POST', '/api/user/verify-email', {
      body: { token: tokenOf(mail?.link) },
    });
    expect(verified.statusCode).toBe(200);

    const signedIn = await call(t.app, 'POST', '/api/user/auth', {
      body: { login: 'newowner', password: 'first-pass-1' },
    });
    expect(signedIn.statusCode).toBe(200);
    const info = await call(t.app, 'GET', '/api/user/info', { token: signedIn.json().token });
    expect(info.json().user).toMatchObject({ login: 'newowner', role: 'owner', verified: true });
    const cabinet = await call(t.app, 'GET', '/api/cabinet', { token: signedIn.json().token });
    expect(cabinet.json()).toMatchObject({
      total: 1,
      cabinets: [{ name: 'Owner newowner', membersCount: 1 }],
    });
  });

  it('a verification link works once', async () => {
    await call(t.app, 'POST', '/api/user/register', { body: registration('onceonly') });
    const token = tokenOf(t.mailer.lastTo('onceonly@example.test')?.link);
    expect((await call(t.app, 'POST', '/api/user/verify-email', { body: { token } })).statusCode).toBe(200);
    const again = await call(t.app, 'POST', '/api/user/verify-email', { body: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'The link is invalid or expired', code: 'LINK_INVALID' });
  });

  it('refuses a taken login with a field message, and creates nothing', async () => {
    await registerVerified('taken');
    const sameLogin = await call(t.app, 'POST', '/api/user/register', {
      body: { ...registration('taken'), email: 'other@example.test' },
    });
    expect(sameLogin.statusCode).toBe(409);
    expect(sameLogin.json()).toMatchObject({ code: 'LOGIN_TAKEN', fields: { login: 'Login already taken' } });
    const cabinets = await t.repos.cabinets.platformList({ page: 1, limit: 1000, search: 'Owner taken' });
    expect(cabinets.total).toBe(1);
  });

  it('a known e-mail answers as a new registration, creates nothing and tells its owner by mail', async () => {
    await registerVerified('known');
    const fresh = await call(t.app, 'POST', '/api/user/register', { body: registration('unknown1') });
    const sameEmail = await call(t.app, 'POST', '/api/user/register', {
      body: { ...registration('known2'), email: 'KNOWN@example.test' },
    });
    expect(sameEmail.statusCode).toBe(fresh.statusCode);
    expect(sameEmail.body).toBe(fresh.body);
    const cabinets = await t.repos.cabinets.platformList({ page: 1, limit: 1000, search: 'Owner known2' });
    expect(cabinets.total).toBe(0);
    const notice = t.mailer.lastTo('KNOWN@example.test');
    expect(notice?.subject).toMatch(/someone tried to register/);
    expect(notice?.text).toContain('known');
    expect(notice?.text).not.toMatch(/token=/);
    // The would-be password opens nothing.
    const signIn = await call(t.app, 'POST', '/api/user/auth', {
      body: { login: 'known2', password: registration('known2').password },
    });
    expect(signIn.statusCode).toBe(401);
    // A taken login still says so, even with a known e-mail.
    const both = await call(t.app, 'POST', '/api/user/register', {
      body: { ...registration('known'), email: 'known@example.test' },
    });
    expect(both.json()).toMatchObject({ code: 'LOGIN_TAKEN' });
  });

  it('tells nothing about an address by registering and then signing in (no e-mail oracle)', async () => {
    await registerVerified('holder');
    // The same would-be registration, once with a free address and once with a taken one.
    const free = await call(t.app, 'POST', '/api/user/register', {
      body: { ...registration('probe1'), email: 'free-probe@example.test' },
    });
    const taken = await call(t.app, 'POST', '/api/user/register', {
      body: { ...registration('probe2'), email: 'holder@example.test' },
    });
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.body).toBe(free.body);
    const signIn = (login: string) =>
      call(t.app, 'POST', '/api/user/auth', { body: { login, password: registration(login).password } });
    const [afterFree, afterTaken] = [await signIn('probe1'), await signIn('probe2')];
    expect(afterFree.statusCode).toBe(401);
    expect(afterTaken.statusCode).toBe(401);
    expect(afterTaken.body).toBe(afterFree.body);
    // Nor does registering the same login again: a waiting registration reserves nothing.
    for (const email of ['free-probe2@example.test', 'holder@example.test']) {
      const again = await call(t.app, 'POST', '/api/user/register', {
        body: { ...registration('probe1'), email },
      });
      expect(again.statusCode).toBe(200);
    }
  });

  it('an older unverified account signs in as no account', async () => {
    const old = await createUser(t, { role: 'owner', verified: false });
    const res = await call(t.app, 'POST', '/api/user/auth', {
      body: { login: old.login, password: PASSWORD },
    });
    expect(res.json()).toEqual({ message: 'User not found', code: 'USER_NOT_FOUND' });
  });

  it('two registrations of one address: the first link followed makes the account, the other is void', async () => {
    const mine = { ...registration('twin1'), email: 'twin@example.test' };
    const theirs = { ...registration('twin2'), email: 'twin@example.test', password: 'other-pass-2' };
    await call(t.app, 'POST', '/api/user/register', { body: mine });
    const first = tokenOf(t.mailer.lastTo('twin@example.test')?.link);
    await call(t.app, 'POST', '/api/user/register', { body: theirs });
    const second = tokenOf(t.mailer.lastTo('twin@example.test')?.link);
    // Both followed at once: one account, whichever wins; the other link is invalid.
    const answers = await Promise.all(
      [first, second].map((token) => call(t.app, 'POST', '/api/user/verify-email', { body: { token } })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const owner = await t.repos.users.platformFindByEmail('twin@example.test');
    expect(owner?.verified).toBe(true);
    const cabinets = await t.repos.cabinets.platformList({ page: 1, limit: 1000, search: 'Owner twin' });
    expect(cabinets.total).toBe(1);
  });

  it('a waiting registration does not hold its login: the first link followed takes it', async () => {
    await call(t.app, 'POST', '/api/user/register', { body: registration('samelogin') });
    const firstToken = tokenOf(t.mailer.lastTo('samelogin@example.test')?.link);
    await call(t.app, 'POST', '/api/user/register', {
      body: { ...registration('samelogin'), email: 'samelogin2@example.test' },
    });
    const secondToken = tokenOf(t.mailer.lastTo('samelogin2@example.test')?.link);
    const second = await call(t.app, 'POST', '/api/user/verify-email', { body: { token: secondToken } });
    expect(second.statusCode).toBe(200);
    const first = await call(t.app, 'POST', '/api/user/verify-email', { body: { token: firstToken } });
    expect(first.json()).toMatchObject({ code: 'LOGIN_TAKEN' });
    expect((await t.repos.users.platformFindByLoginOrEmail('samelogin'))?.email).toBe(
      'samelogin2@example.test',
    );
  });

  it('resends a verification link to an unverified address only', async () => {
    await call(t.app, 'POST', '/api/user/register', { body: registration('resend') });
    const before = t.mailer.sent.length;
    expect(
      (await call(t.app, 'POST', '/api/user/resend-verification', { body: { email: 'resend@example.test' } }))
        .statusCode,
    ).toBe(200);
    expect(t.mailer.sent.length).toBe(before + 1);
    expect(
      (await call(t.app, 'POST', '/api/user/resend-verification', { body: { email: 'nobody@example.test' } }))
        .statusCode,
    ).toBe(200);
    expect(t.mailer.sent.length).toBe(before + 1);
    // The new link makes the account; the first one no longer does.
    const fresh = tokenOf(t.mailer.lastTo('resend@example.test')?.link);
    expect((await call(t.app, 'POST', '/api/user/verify-email', { body: { token: fresh } })).statusCode).toBe(
      200,
    );
    await call(t.app, 'POST', '/api/user/resend-verification', { body: { email: 'resend@example.test' } });
    expect(t.mailer.sent.length).toBe(before + 1);
  });
});

describe('password recovery', () => {
  it('mails a link that sets a new password and ends every session', async () => {
    await call(t.app, 'POST', '/api/user/register', { body: registration('forgetful') });
    await call(t.app, 'POST', '/api/user/verify-email', {
      body: { token: tokenOf(t.mailer.lastTo('forgetful@example.test')?.link) },
    });
    const session = (
      await call(t.app, 'POST', '/api/user/auth', { body: { login: 'forgetful', password: 'first-pass-1' } })
    ).json();

    expect(
      (await call(t.app, 'POST', '/api/user/recover-pass', { body: { email: 'forgetful@example.test' } }))
        .statusCode,
    ).toBe(200);
    const link = t.mailer.lastTo('forgetful@example.test')?.link;
    expect(link).toMatch(/\/recover-pass\/submit\?token=/);

    const mismatch = await call(t.app, 'POST', '/api/user/recover-pass-submit', {
      body: { token: tokenOf(link), password: 'second-pass-2', repeatPassword: 'second-pass-3' },
    });
    expect(mismatch.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { repeatPassword: 'Not equal' },
    });

    const done = await call(t.app, 'POST', '/api/user/recover-pass-submit', {
      body: { token: tokenOf(link), password: 'second-pass-2', repeatPassword: 'second-pass-2' },
    });
    expect(done.statusCode).toBe(200);
    const old = await call(t.app, 'POST', '/api/user/auth', {
      body: { login: 'forgetful', password: 'first-pass-1' },
    });
    expect(old.statusCode).toBe(401);
    const fresh = await call(t.app, 'POST', '/api/user/auth', {
      body: { login: 'forgetful', password: 'second-pass-2' },
    });
    expect(fresh.statusCode).toBe(200);
    const refresh = await call(t.app, 'POST', '/api/user/refresh', {
      body: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('answers alike for an unknown address and sends nothing', async () => {
    const before = t.mailer.sent.length;
    const res = await call(t.app, 'POST', '/api/user/recover-pass', {
      body: { email: 'ghost@example.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(t.mailer.sent.length).toBe(before);
  });

  it('rate-limits the public forms per address', async () => {
    const limited = await buildTestApp({ PUBLIC_FORM_RATE: '2' });
    try {
      const send = () =>
        call(limited.app, 'POST', '/api/user/recover-pass', { body: { email: 'x@example.test' } });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({
        message: 'Too many attempts. Please try again later',
        code: 'RATE_LIMITED',
      });
    } finally {
      await limited.close();
    }
  });
});

describe('mail through a real SMTP server', () => {
  it('delivers the verification message, and its link verifies the account', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    const { port } = smtp.server.address() as AddressInfo;
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'Vitrine <no-reply@vitrine.local>',
        outboxDir: '/nonexistent',
        log: () => undefined,
      });
      const service = new RegistrationService({
        repos: t.repos,
        transact: createTransact(t.database.db),
        hasher: t.hasher,
        mailer,
        publicUrl: 'http://cabinet.example.test',
      });
      await service.register(registration('smtpowner'));
      expect(received).toHaveLength(1);
      // Undo quoted-printable: soft line breaks, then =XX escapes.
      const message = received[0]!
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      expect(message).toMatch(/^To: smtpowner@example\.test/m);
      const link = /http:\/\/cabinet\.example\.test\/verify-email\?token=[A-Za-z0-9_%-]+/.exec(message)?.[0];
      expect(link).toBeDefined();
      const res = await call(t.app, 'POST', '/api/user/verify-email', { body: { token: tokenOf(link) } });
      expect(res.statusCode).toBe(200);
      const user = await t.repos.users.platformFindByLoginOrEmail('smtpowner');
      expect(user?.verified).toBe(true);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('without SMTP_URL writes an .eml file to the outbox and logs the link', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outbox-'));
    const logged: string[] = [];
    const mailer = createMailer({ from: 'a@b.test', outboxDir: dir, log: (m) => logged.push(m) });
    await mailer.send({
      to: 'x@example.test',
      subject: 'Hello',
      text: 'Open http://l/x',
      link: 'http://l/x',
    });
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expect(await readFile(join(dir, files[0]!), 'utf8')).toContain('Subject: Hello');
    expect(logged[0]).toContain('link: http://l/x');
  });
});
