import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { generate } from 'otplib';
import { apiCall, signInToken } from './support/api.js';
import { launchBrowser, screenshot } from './support/browser.js';
import { signIn } from './support/pages.js';
import { startServer, type RunningServer } from './support/server.js';

const ADMIN_PASSWORD = 'Admin-pass-1!';
const PASSWORD = 'guarded-pass-1';
const WEBHOOK_SECRET = 'e2e-webhook-secret-0123';
let server: RunningServer;
let browser: Browser;
/** A fake Telegram Bot API on loopback: records the calls the server makes. */
let bot: Server;
const botCalls: { method: string; body: Record<string, unknown> }[] = [];

/** What an authenticator app shows for the secret, a number of 30-second steps from now. */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

beforeAll(async () => {
  bot = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      botCalls.push({ method: (req.url ?? '').split('/').pop() ?? '', body: JSON.parse(raw || '{}') });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ok: true, result: true }));
    });
  });
  await new Promise<void>((resolve) => bot.listen(0, '127.0.0.1', resolve));
  server = await startServer({
    ADMIN_PASSWORD,
    TELEGRAM_BOT_TOKEN: '42:e2e-token',
    TELEGRAM_BOT_USERNAME: 'vitrine_e2e_bot',
    TELEGRAM_API_URL: `http://127.0.0.1:${(bot.address() as AddressInfo).port}`,
    TELEGRAM_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  browser = await launchBrowser();
  const admin = await signInToken(server.url, 'admin', ADMIN_PASSWORD);
  await apiCall(server.url, '/user/post', {
    token: admin,
    body: { login: 'guarded', name: 'Guarded owner', password: PASSWORD, role: 'owner' },
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => bot?.close(resolve));
});

describe('two-factor in the browser', () => {
  it('an owner turns it on from the security page, keeps the codes, and sign-in asks for a code', async () => {
    const page = await browser.newPage();
    await signIn(page, server.url, 'guarded', PASSWORD);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.goto(`${server.url}/account-security`);
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await page.getByRole('img', { name: 'QR code for the authenticator app' }).waitFor();
    const secret = (await page.getByTestId('twofa-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await page.getByLabel('6-digit code').fill('12345');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('The code must be 6 digits').waitFor();
    await page.getByLabel('6-digit code').fill(await codeAt(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('Save these recovery codes now').waitFor();
    const codes = (await page.getByTestId('recovery-codes').locator('li').allTextContents()).map((c) =>
      c.trim(),
    );
    expect(codes).toHaveLength(10);
    await page.setViewportSize({ width: 390, height: 900 });
    await screenshot(page, 'twofa-codes-390');
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('10 recovery codes left').waitFor();
    await screenshot(page, 'twofa-on-1400');

    // Signed out, the password alone is not enough; a recovery code works once.
    const next = await browser.newPage();
    await signIn(next, server.url, 'guarded', PASSWORD);
    await next.getByLabel('Two-factor code').fill(codes[0]!);
    await next.getByRole('button', { name: 'Sign in' }).click();
    await next.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await next.close();

    const again = await browser.newPage();
    await signIn(again, server.url, 'guarded', PASSWORD);
    await again.getByLabel('Two-factor code').fill(codes[0]!);
    await again.getByRole('button', { name: 'Sign in' }).click();
    await again.getByRole('alert').filter({ hasText: 'This code was used already' }).waitFor();
    await again.getByLabel('Two-factor code').fill(await codeAt(secret, 1));
    await again.getByRole('button', { name: 'Sign in' }).click();
    await again.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await again.close();

    // Turned off with the password.
    await page.reload();
    await page.getByRole('button', { name: 'Turn off' }).waitFor();
    await page.getByLabel('Current password').last().fill(PASSWORD);
    await page.getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).waitFor();
    await page.close();
  });

  it('links Telegram through the deep link and chooses the alerts', async () => {
    const page = await browser.newPage();
    await signIn(page, server.url, 'guarded', PASSWORD);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.goto(`${server.url}/account-security`);
    await page.getByRole('button', { name: 'Connect Telegram' }).click();
    const link = await page.getByRole('link', { name: 'Open Telegram' }).getAttribute('href');
    expect(link).toMatch(/^https:\/\/t\.me\/vitrine_e2e_bot\?start=[A-Za-z0-9_-]+$/);
    // Telegram tells the bot's webhook that the chat pressed Start.
    const hook = await fetch(`${server.url}/api/messenger/telegram`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': WEBHOOK_SECRET },
      body: JSON.stringify({
        update_id: 1,
        message: {
          chat: { id: 555 },
          from: { username: 'guarded_tg' },
          text: `/start ${new URL(link!).searchParams.get('start')}`,
        },
      }),
    });
    expect(hook.status).toBe(200);
    expect(botCalls.some((c) => c.method === 'sendMessage' && c.body['chat_id'] === '555')).toBe(true);
    await page.getByRole('button', { name: 'I pressed Start' }).click();
    await page.getByText('Alerts go to @guarded_tg.').waitFor();
    await page.getByRole('checkbox', { name: 'Funds are low' }).click();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Funds are low' }).isChecked()).toBe(false);
    await page.reload();
    expect(await page.getByRole('checkbox', { name: 'Funds are low' }).isChecked()).toBe(false);
    for (const [width, scheme] of [
      [390, 'light'],
      [1400, 'dark'],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await screenshot(page, `security-${width}-${scheme}`);
    }
    await page.close();
  });
});

describe('a cabinet that requires two-factor', () => {
  it('keeps a member without it on the security page, saying why', async () => {
    const admin = await signInToken(server.url, 'admin', ADMIN_PASSWORD);
    await apiCall(server.url, '/user/post', {
      token: admin,
      body: { login: 'strict', name: 'Strict owner', password: PASSWORD, role: 'owner' },
    });
    const owner = await signInToken(server.url, 'strict', PASSWORD);
    const { secret } = await apiCall<{ secret: string }>(server.url, '/user/get-twofa-subscription-code', {
      token: owner,
    });
    await apiCall(server.url, '/user/enable-twofa', {
      token: owner,
      body: { secret, code: await codeAt(secret) },
    });
    await apiCall(server.url, '/cabinet/twofa-required', { token: owner, body: { twoFaRequired: true } });
    await apiCall(server.url, '/cabinet/add-member', {
      token: owner,
      body: { login: 'strictmod', name: 'Strict moderator', password: PASSWORD, role: 'moderator' },
    });

    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, server.url, 'strictmod', PASSWORD);
    await page.getByRole('alert').filter({ hasText: 'Two-factor authentication required' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account-security');
    await screenshot(page, 'twofa-required-390');
    await page.goto(`${server.url}/point`);
    await page.getByRole('alert').filter({ hasText: 'Two-factor authentication required' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account-security');
    await page.close();
  });
});
