import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createUser } from '../../test/factories.js';

/** Solves a challenge the way the widget does in the browser, and answers the widget's payload. */
async function solve(t: TestApp): Promise<string> {
  const res = await call(t.app, 'GET', '/api/user/bot-check/challenge');
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  const challenge = res.json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const person = (login: string, botCheck?: string) => ({
  login,
  email: `${login}@example.test`,
  password: 'first-pass-1',
  name: `Owner ${login}`,
  ...(botCheck ? { botCheck } : {}),
});

describe('bot check: ALTCHA (self-hosted proof of work)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ BOT_CHECK: 'altcha', ALTCHA_MAX_NUMBER: '200', BOT_CHECK_AFTER_FAILURES: '2' });
  });
  afterAll(() => t.close());

  it('says which check is asked for', async () => {
    const res = await call(t.app, 'GET', '/api/user/bot-check');
    expect(res.json()).toEqual({ kind: 'altcha', siteKey: null, scriptUrl: null });
  });

  it('refuses a registration without a solution, with a clear message', async () => {
    const res = await call(t.app, 'POST', '/api/user/register', { body: person('botless') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'BOT_CHECK_REQUIRED',
      message: 'Please confirm that you are not a robot',
    });
    expect(await t.repos.users.platformFindByLoginOrEmail('botless')).toBeUndefined();
  });

  it('registers with a solution, and refuses the same solution replayed', async () => {
    const solution = await solve(t);
    const first = await call(t.app, 'POST', '/api/user/register', { body: person('solver', solution) });
    expect(first.statusCode).toBe(200);
    const replay = await call(t.app, 'POST', '/api/user/register', { body: person('replayer', solution) });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('BOT_CHECK_FAILED');
    expect(await t.repos.users.platformFindByLoginOrEmail('replayer')).toBeUndefined();
  });

  it('refuses a forged or tampered solution', async () => {
    const solution = await solve(t);
    const payload = JSON.parse(Buffer.from(solution, 'base64').toString('utf8'));
    payload.challenge.parameters.cost = 0;
    const tampered = Buffer.from(JSON.stringify(payload)).toString('base64');
    for (const botCheck of [tampered, 'not-a-payload']) {
      const res = await call(t.app, 'POST', '/api/user/recover-pass', {
        body: { email: 'someone@example.test', botCheck },
      });
      expect(res.json().code).toBe('BOT_CHECK_FAILED');
    }
  });

  it('asks for it on password recovery', async () => {
    const without = await call(t.app, 'POST', '/api/user/recover-pass', {
      body: { email: 'someone@example.test' },
    });
    expect(without.json().code).toBe('BOT_CHECK_REQUIRED');
    const withIt = await call(t.app, 'POST', '/api/user/recover-pass', {
      body: { email: 'someone@example.test', botCheck: await solve(t) },
    });
    expect(withIt.statusCode).toBe(200);
  });

  it('asks for it after repeated failed sign-ins, and each solution works once', async () => {
    const user = await createUser(t, { role: 'owner' });
    const signIn = (password: string, botCheck?: string) =>
      call(t.app, 'POST', '/api/user/auth', {
        body: { login: user.login, password, ...(botCheck ? { botCheck } : {}) },
      });
    // Below the threshold no check is asked for.
    expect((await signIn('wrong-1')).json().code).toBe('USER_NOT_FOUND');
    expect((await signIn('wrong-2')).json().code).toBe('USER_NOT_FOUND');
    // Now even the right password needs a solution, and the password is not looked at without one.
    expect((await signIn(user.password)).json().code).toBe('BOT_CHECK_REQUIRED');
    expect((await signIn('wrong-3')).json().code).toBe('BOT_CHECK_REQUIRED');
    const solution = await solve(t);
    const ok = await signIn(user.password, solution);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toBeTruthy();
    // The address's own count is left to expire, so the check is still asked, and a replay is refused.
    expect((await signIn(user.password, solution)).json().code).toBe('BOT_CHECK_FAILED');
  });
});

describe('bot check: reCAPTCHA v3 (siteverify at a configurable address)', () => {
  let t: TestApp;
  let google: Server;
  const hits: URLSearchParams[] = [];
  /** The answer the fake siteverify gives; the token `human` scores 0.9 for the `register` action. */
  beforeAll(async () => {
    google = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        hits.push(form);
        const human = form.get('secret') === 'server-secret' && form.get('response')?.startsWith('human');
        const action = form.get('response')?.split(':')[1] ?? 'register';
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify(
            human
              ? { success: true, score: 0.9, action, hostname: 'localhost' }
              : form.get('response') === 'bot'
                ? { success: true, score: 0.1, action: 'register' }
                : { success: false, 'error-codes': ['invalid-input-response'] },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
    const { port } = google.address() as AddressInfo;
    t = await buildTestApp({
      BOT_CHECK: 'recaptcha',
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_SECRET_KEY: 'server-secret',
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    });
  });
  afterAll(async () => {
    await t.close();
    google.close();
  });

  it('is chosen when its keys are set, and tells the browser its site key', async () => {
    const keys = { RECAPTCHA_SITE_KEY: 'k', RECAPTCHA_SECRET_KEY: 's' };
    expect(loadConfig(keys).botCheck.kind).toBe('recaptcha');
    expect(loadConfig({}).botCheck.kind).toBe('altcha');
    expect(() => loadConfig({ RECAPTCHA_SITE_KEY: 'k' })).toThrow(/set together/);
    const res = await call(t.app, 'GET', '/api/user/bot-check');
    expect(res.json()).toEqual({
      kind: 'recaptcha',
      siteKey: 'site-key',
      scriptUrl: 'https://www.google.com/recaptcha/api.js',
    });
    expect((await call(t.app, 'GET', '/api/user/bot-check/challenge')).statusCode).toBe(404);
  });

  it('verifies the token with the secret, the address, the score and the action; a replay is refused', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: person('captcha1', 'human-1:register'),
      remoteAddress: '127.0.0.9',
    });
    expect(ok.statusCode).toBe(200);
    const hit = hits.at(-1);
    expect(hit?.get('secret')).toBe('server-secret');
    expect(hit?.get('response')).toBe('human-1:register');
    expect(hit?.get('remoteip')).toBe('127.0.0.9');

    const replay = await call(t.app, 'POST', '/api/user/register', {
      body: person('captcha2', 'human-1:register'),
    });
    expect(replay.json().code).toBe('BOT_CHECK_FAILED');
    const lowScore = await call(t.app, 'POST', '/api/user/register', { body: person('captcha3', 'bot') });
    expect(lowScore.json().code).toBe('BOT_CHECK_FAILED');
    const otherAction = await call(t.app, 'POST', '/api/user/register', {
      body: person('captcha4', 'human-2:login'),
    });
    expect(otherAction.json().code).toBe('BOT_CHECK_FAILED');
    const rejected = await call(t.app, 'POST', '/api/user/register', { body: person('captcha5', 'forged') });
    expect(rejected.json().code).toBe('BOT_CHECK_FAILED');
    expect(hits).toHaveLength(5);
  });
});
