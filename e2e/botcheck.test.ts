import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.js';
import { signIn } from './support/pages.js';
import { startServer, type RunningServer } from './support/server.js';
import { see } from './support/see.js';

const ADMIN_PASSWORD = 'Admin-pass-1!';
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // A light proof of work, and a check after the first failed sign-in.
  server = await startServer({
    ADMIN_PASSWORD,
    BOT_CHECK: 'altcha',
    ALTCHA_MAX_NUMBER: '2000',
    BOT_CHECK_AFTER_FAILURES: '1',
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The ALTCHA widget solved its challenge by itself. */
const solved = (page: Page) =>
  page.waitForFunction(
    () =>
      (document.querySelector('altcha-widget') as { getState?: () => string } | null)?.getState?.() ===
      'verified',
  );

describe('the bot check in the browser (ALTCHA)', () => {
  it('registration shows the check, which solves itself, and the form goes through', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${server.url}/reg`);
    await page.getByRole('group', { name: 'Check that you are not a robot' }).waitFor();
    await page.getByLabel('Login', { exact: true }).fill('robotless');
    await page.getByLabel('Name', { exact: true }).fill('Not A Robot');
    await page.getByLabel('E-mail', { exact: true }).fill('robotless@example.test');
    await page.getByLabel('Password', { exact: true }).fill('robotless-pass-1');
    await page.getByLabel('Repeat password').fill('robotless-pass-1');
    await solved(page);
    await screenshot(page, 'botcheck-register-390');
    await page.getByRole('button', { name: 'Register' }).click();
    await see(page.getByText(/sent a confirmation link to robotless@example\.test/)).toBeVisible();
    await page.close();
  });

  it('sign-in asks for the check after a failure, then signs in with it', async () => {
    const page = await browser.newPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    await signIn(page, server.url, 'admin', 'wrong-password-1');
    await page.getByRole('alert').filter({ hasText: 'User not found' }).waitFor();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please confirm that you are not a robot' }).waitFor();
    await page.getByRole('group', { name: 'Check that you are not a robot' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await solved(page);
    await screenshot(page, 'botcheck-login-dark');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await see(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await see(page).not.toHaveURL(/\/login/);
    await page.close();
  });
});
