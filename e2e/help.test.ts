import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.js';
import { signIn } from './support/pages.js';
import { startServer, type RunningServer } from './support/server.js';
import { painted } from './support/settle.js';

/**
 * Where people look for help: how to start (a card on the dashboard until dismissed, and the tour from
 * the help menu), the support e-mail (help menu, sign-in page), and the notice of a newer web build.
 */
const ADMIN_PASSWORD = 'Admin-pass-1!';
const WEB_DIST = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
let server: RunningServer;
let browser: Browser;
let webDir: string;

beforeAll(async () => {
  // A copy of the built web app, so the test can put a newer build's version beside it.
  webDir = await mkdtemp(join(tmpdir(), 'vitrine-web-'));
  await cp(WEB_DIST, webDir, { recursive: true });
  server = await startServer({ ADMIN_PASSWORD, SUPPORT_EMAIL: 'help@vitrine.example', WEB_DIR: webDir });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rm(webDir, { recursive: true, force: true });
});

describe('help', () => {
  it('the support e-mail on the sign-in page and in the help menu; the tour again from there', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    const help = page.getByRole('link', { name: 'Need help? Write to help@vitrine.example' });
    expect(await help.getAttribute('href')).toBe('mailto:help@vitrine.example');
    await signIn(page, server.url, 'admin', ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    // How to start, on the dashboard until dismissed.
    const card = page.getByRole('region', { name: 'How to start' });
    await card.waitFor();
    await card.getByRole('button', { name: 'Take the tour' }).click();
    const tour = page.getByRole('dialog', { name: 'How to start' });
    await tour.getByText('Create your screens').waitFor();
    await screenshot(page, 'tour-1400');
    for (const title of ['Group your screens', 'Plan content', 'Filter by networks', 'Watch the dashboard']) {
      await tour.getByRole('button', { name: 'Next' }).click();
      await tour.getByText(title).waitFor();
    }
    await tour.getByRole('button', { name: 'Done' }).click();
    await tour.waitFor({ state: 'hidden' });
    await card.getByRole('button', { name: 'Hide how to start' }).click();
    await card.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await page.getByRole('region', { name: 'How to start' }).count()).toBe(0);

    // The help menu: the tour again, and the support e-mail.
    await page.getByRole('button', { name: 'Help' }).click();
    const mail = page.getByRole('menuitem', { name: 'Write to help@vitrine.example' });
    expect(await mail.getAttribute('href')).toBe('mailto:help@vitrine.example');
    await page.getByRole('menuitem', { name: 'How to start' }).click();
    await tour.getByText('Create your screens').waitFor();
    // Its way to the screens page closes it.
    await tour.getByRole('link', { name: 'Go there' }).click();
    await page.waitForURL((url) => url.pathname === '/point');
    await tour.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('says when the server has a newer web build, and reloads on request', async () => {
    const context = await browser.newContext({ viewport: { width: 800, height: 700 } });
    const page = await context.newPage();
    await signIn(page, server.url, 'admin', ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    // The check the focus starts has answered (the same build) and the page has drawn what it decided.
    await Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname === '/version.json'),
      page.evaluate(() => window.dispatchEvent(new Event('focus'))),
    ]);
    await painted(page);
    expect(await page.getByTestId('new-version').count()).toBe(0);
    // A new build is deployed while the page stays open.
    await writeFile(join(webDir, 'version.json'), JSON.stringify({ build: 'a-newer-build' }));
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const notice = page.getByRole('button', { name: 'New app version available! Click to upgrade' });
    await notice.waitFor();
    await screenshot(page, 'new-version-800');
    await Promise.all([page.waitForEvent('load'), notice.click()]);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await context.close();
  });
});
