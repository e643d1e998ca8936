import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { generate } from 'otplib';
import { apiCall, signInToken } from './support/api.js';
import { launchBrowser, screenshot } from './support/browser.js';
import { signIn } from './support/pages.js';
import { startServer, type RunningServer } from './support/server.js';

const ADMIN_PASSWORD = 'Admin-pass-1!';
const PASSWORD = 'guarded-pass-1';
let server: RunningServer;
let browser: Browser;

/** What an authenticator app shows for the secret, a number of 30-second steps from now. */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD });
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
    await again.getByRole('alert').filter({ hasText: 'Wrong code' }).waitFor();
    await again.getByLabel('Two-factor code').fill(await codeAt(secret, 1));
    await again.getByRole('button', { name: 'Sign in' }).click();
    await again.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await again.close();

    // Turned off with the password.
    await page.reload();
    await page.getByLabel('Current password').last().fill(PASSWORD);
    await page.getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).waitFor();
    await page.close();
  });
});
