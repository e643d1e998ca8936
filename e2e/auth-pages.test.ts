import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiCall } from './support/api.js';
import { launchBrowser, screenshot } from './support/browser.js';
import { lastLinkTo } from './support/mail.js';
import { signIn } from './support/pages.js';
import { startServer, type RunningServer } from './support/server.js';

const ADMIN_PASSWORD = 'Admin-pass-1!';
let server: RunningServer;
let browser: Browser;
let widgetHost: Server;

/** A stand-in support-chat vendor: its script records what the cabinet asks of it. */
const WIDGET = `window.__chat = [];
window.supportChat = {
  show() { window.__chat.push('show'); },
  hide() { window.__chat.push('hide'); },
  identify(p) { window.__chat.push('identify:' + p.name + ':' + p.email); },
  setLocale(l) { window.__chat.push('locale:' + l); },
};`;

beforeAll(async () => {
  widgetHost = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' });
    res.end(WIDGET);
  });
  await new Promise<void>((resolve) => widgetHost.listen(0, '127.0.0.1', resolve));
  const { port } = widgetHost.address() as AddressInfo;
  server = await startServer({
    ADMIN_PASSWORD,
    SUPPORT_CHAT_SCRIPT_URL: `http://127.0.0.1:${port}/widget.js`,
    CLARITY_PROJECT_ID: 'abc123',
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => widgetHost?.close(resolve));
});

describe('registration, e-mail verification and password recovery in the browser', () => {
  it('registers, meets the validation messages, confirms the e-mail and signs in', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/reg`);
    await page.getByRole('button', { name: 'Register' }).click();
    expect(await page.getByText('Required field').count()).toBeGreaterThanOrEqual(4);

    await page.getByLabel('Login', { exact: true }).fill('newcomer');
    await page.getByLabel('Name', { exact: true }).fill('New Comer');
    await page.getByLabel('E-mail', { exact: true }).fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('onlyletters');
    await page.getByLabel('Repeat password').fill('different1');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Invalid e-mail').waitFor();
    await page.getByText('Not enough strong. Please use letters and digits').waitFor();
    await page.getByText('Not equal').waitFor();
    await screenshot(page, 'register-errors-800');

    await page.getByLabel('E-mail', { exact: true }).fill('newcomer@example.test');
    await page.getByLabel('Password', { exact: true }).fill('newcomer-pass-1');
    await page.getByLabel('Repeat password').fill('newcomer-pass-1');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText(/sent a confirmation link to newcomer@example\.test/).waitFor();

    await signIn(page, server.url, 'newcomer', 'newcomer-pass-1');
    // Until the link is followed there is no account: the same answer as for anyone unknown.
    await page.getByRole('alert').filter({ hasText: 'User not found' }).waitFor();

    const link = await lastLinkTo(server.dataDir, 'newcomer@example.test');
    expect(link).toContain('/verify-email?token=');
    await page.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
    await page.getByText('Your e-mail address is confirmed').waitFor();

    await signIn(page, server.url, 'newcomer', 'newcomer-pass-1');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.close();
  });

  it('recovers a forgotten password through the mailed link', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Password recovery' }).waitFor();
    await page.getByLabel('E-mail', { exact: true }).fill('newcomer@example.test');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText(/a link to set a new password is on its way/).waitFor();

    const link = await lastLinkTo(server.dataDir, 'newcomer@example.test');
    expect(link).toContain('/recover-pass/submit?token=');
    await page.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
    await page.getByLabel('New password').fill('recovered-pass-2');
    await page.getByLabel('Repeat password').fill('recovered-pass-2');
    await page.getByRole('button', { name: 'Save the password' }).click();
    await page.getByText('Your password is changed').waitFor();

    await signIn(page, server.url, 'newcomer', 'recovered-pass-2');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.close();
  });

  it('a locked sign-in offers the e-mailed unlock link, which lets this browser in', async () => {
    // Ten wrong passwords from browsers the account never signed in on: any new browser is locked out.
    for (let i = 0; i < 10; i += 1) {
      await fetch(`${server.url}/api/user/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: 'newcomer', password: 'wrong-pass-1' }),
      });
    }
    const page = await browser.newPage();
    await signIn(page, server.url, 'newcomer', 'recovered-pass-2');
    const offer = page.getByTestId('unlock-offer');
    await offer.getByText(/Sign-in is paused after too many wrong passwords/).waitFor();
    await offer.getByRole('button', { name: 'E-mail me an unlock link' }).click();
    await offer.getByText(/a link is on its way/).waitFor();
    await screenshot(page, 'login-locked-800');

    const link = await lastLinkTo(server.dataDir, 'newcomer@example.test');
    expect(link).toContain('/login/unlock?token=');
    await page.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
    await page.getByText('Sign-in is unlocked in this browser').waitFor();
    await signIn(page, server.url, 'newcomer', 'recovered-pass-2');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.close();
  });

  it('signs in automatically with a session handed over in the URL', async () => {
    const pair = await apiCall<{ token: string; refreshToken: string }>(server.url, '/user/auth', {
      body: { login: 'admin', password: ADMIN_PASSWORD },
    });
    const page = await browser.newPage();
    await page.goto(
      `${server.url}/login/auto?token=${encodeURIComponent(pair.token)}&refreshToken=${encodeURIComponent(pair.refreshToken)}&redirect=%2Fuser`,
    );
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/user');
    await page.close();
    // A fresh browser, signed out: a forged token is refused and nothing is kept.
    const context = await browser.newContext();
    const stranger = await context.newPage();
    await stranger.goto(`${server.url}/login/auto?token=forged`);
    await stranger.getByText('This sign-in link is invalid or has expired.').waitFor();
    expect(await stranger.evaluate(() => localStorage.getItem('vitrine.token'))).toBeNull();
    await context.close();
  });
});

describe('configured embeds', () => {
  it('shows the support chat on login, registration and root only, identifying the user there', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.waitForFunction(() => (window as unknown as { __chat?: string[] }).__chat?.includes('show'));
    const onLogin = await page.evaluate(() => (window as unknown as { __chat: string[] }).__chat);
    expect(onLogin).toContain('show');
    expect(onLogin.some((call) => call.startsWith('identify:'))).toBe(false);
    await signIn(page, server.url, 'admin', ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.waitForFunction(() =>
      (window as unknown as { __chat: string[] }).__chat.some((c) => c.startsWith('identify:Administrator')),
    );
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.waitForFunction(() => (window as unknown as { __chat: string[] }).__chat.at(-1) === 'hide');
    // Told who signed in, and hidden inside the cabinet.
    const chat = await page.evaluate(() => (window as unknown as { __chat: string[] }).__chat);
    expect(chat.some((call) => call.startsWith('identify:Administrator'))).toBe(true);
    expect(chat.at(-1)).toBe('hide');
    await context.close();
  });

  it('loads session analytics only for users who enabled it', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, server.url, 'admin', ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await page.locator('script#session-analytics').count()).toBe(0);
    await page.goto(`${server.url}/account`);
    await page.getByLabel(/session analytics/).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Action performed').waitFor();
    await page.waitForSelector('script#session-analytics', { state: 'attached' });
    expect(await page.getAttribute('script#session-analytics', 'src')).toBe(
      'https://www.clarity.ms/tag/abc123',
    );
    await context.close();
  });
});
