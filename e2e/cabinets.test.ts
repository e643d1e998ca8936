import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCall, signInToken } from './support/api.js';
import { launchBrowser, screenshot } from './support/browser.js';
import { signIn } from './support/pages.js';
import { startServer, type RunningServer } from './support/server.js';

const ADMIN_PASSWORD = 'Admin-pass-1!';
const PASSWORD = 'cabinet-pass-1';
let server: RunningServer;
let browser: Browser;

/** A paired screen of the owner's cabinet, named. */
async function screen(owner: string, name: string): Promise<void> {
  const deviceKey = randomBytes(32).toString('hex');
  const { code } = await apiCall<{ code: string }>(server.url, '/player/pair', { body: { deviceKey } });
  await apiCall(server.url, `/point/bind-by-code/${code}`, { token: owner, body: { name } });
}

beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD });
  browser = await launchBrowser();
  const admin = await signInToken(server.url, 'admin', ADMIN_PASSWORD);
  for (const login of ['agency', 'venue']) {
    await apiCall(server.url, '/user/post', {
      token: admin,
      body: { login, name: `The ${login}`, password: PASSWORD, role: 'owner' },
    });
    await screen(await signInToken(server.url, login, PASSWORD), `${login} screen`);
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openCabinet(page: Page, name: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name }).click();
}

async function screensShown(page: Page): Promise<void> {
  await page.goto(`${server.url}/point`);
  await page.getByRole('heading', { name: 'Media devices' }).waitFor();
}

describe('a person who works for two cabinets', () => {
  it('is given access on the members page and switches between the cabinets, never seeing one in the other', async () => {
    const owner = await browser.newPage();
    await signIn(owner, server.url, 'venue', PASSWORD);
    await owner.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await owner.goto(`${server.url}/account-members`);
    await owner.getByLabel('Their login or e-mail').fill('agency');
    await owner.getByRole('button', { name: 'Share access' }).click();
    await owner.getByRole('cell', { name: 'The agency' }).waitFor();
    await screenshot(owner, 'shared-access-1400');

    const page = await browser.newPage();
    await signIn(page, server.url, 'agency', PASSWORD);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await screensShown(page);
    await page.getByText('agency screen').first().waitFor();
    expect(await page.getByText('venue screen').count()).toBe(0);

    await openCabinet(page, /venue.*Content manager/i);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await screensShown(page);
    await page.getByText('venue screen').first().waitFor();
    expect(await page.getByText('agency screen').count()).toBe(0);
    // A content manager here: the members entry is not offered.
    await page.getByRole('button', { name: 'Account menu' }).click();
    expect(await page.getByRole('menuitem', { name: 'Members' }).count()).toBe(0);
    await screenshot(page, 'cabinet-switch-menu-1400');
    await page.keyboard.press('Escape');

    // From the dashboard (the landing page itself, which stays mounted): the other cabinet at once.
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByTestId('profile').getByText('content manager', { exact: true }).waitFor();
    await openCabinet(page, /agency.*Owner/i);
    await page.getByTestId('profile').getByText('owner', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Members' }).waitFor();
    await page.keyboard.press('Escape');
    await openCabinet(page, /venue.*Content manager/i);
    await page.getByTestId('profile').getByText('content manager', { exact: true }).waitFor();

    // Taken back: the next request is refused and the person signs in again at home.
    await owner.getByRole('button', { name: 'Take access back from agency' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await owner.getByText('Nobody from other cabinets has access.').waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await signIn(page, server.url, 'agency', PASSWORD);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await screensShown(page);
    await page.getByText('agency screen').first().waitFor();
    expect(await page.getByText('venue screen').count()).toBe(0);
  });
});

describe('a moderator shares access', () => {
  it('from the page the account menu offers them', async () => {
    const venue = await signInToken(server.url, 'venue', PASSWORD);
    await apiCall(server.url, '/cabinet/add-member', {
      token: venue,
      body: { login: 'venuemod', name: 'Venue moderator', password: PASSWORD, role: 'moderator' },
    });
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, server.url, 'venuemod', PASSWORD);
    await page.getByRole('button', { name: 'Account menu' }).click();
    expect(await page.getByRole('menuitem', { name: 'Members' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Shared access' }).click();
    await page.getByRole('heading', { level: 1, name: 'Shared access' }).waitFor();
    await page.getByLabel('Their login or e-mail').fill('agency');
    await page.getByRole('button', { name: 'Share access' }).click();
    await page.getByRole('cell', { name: 'The agency' }).waitFor();
    await screenshot(page, 'shared-access-moderator-390');
    await page.close();
  });
});
