import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.js';
import { apiCall, signInToken } from './support/api.js';
import { signIn } from './support/pages.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue 29's browser rows (part 2): a screen's decimal playback cost and time zone, a new screen's
 * connection chart, the SSP report's delay note, and a blocked cabinet's pages, each at 390 and 1400 px.
 */
const ADMIN_PASSWORD = 'Admin-pass-1!';
const PASSWORD = 'owner-pass-1';
let server: RunningServer;
let browser: Browser;
let admin = '';
let owner = '';
let cabinetId = 0;
let pointId = 0;

beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD, PAIRING_RATE: '1000' });
  browser = await launchBrowser();
  admin = await signInToken(server.url, 'admin', ADMIN_PASSWORD);
  await apiCall(server.url, '/user/post', {
    token: admin,
    body: { login: 'shop-owner', name: 'Sam Owner', password: PASSWORD, role: 'owner' },
  });
  owner = await signInToken(server.url, 'shop-owner', PASSWORD);
  cabinetId = (await apiCall<{ cabinet: { id: number } }>(server.url, '/cabinet/info', { token: owner }))
    .cabinet.id;
  const { code } = await apiCall<{ code: string }>(server.url, '/player/pair', {
    body: { deviceKey: randomBytes(32).toString('hex') },
  });
  pointId = (
    await apiCall<{ id: number }>(server.url, `/point/bind-by-code/${code}`, {
      token: owner,
      body: { name: 'Shop window', timezone: 'Europe/Kyiv' },
    })
  ).id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function ownerPage(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, server.url, 'shop-owner', PASSWORD);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  return page;
}

const errorToasts = (page: Page) => page.locator('.vitrine-notice-error').count();

describe('a screen', () => {
  it('keeps a decimal playback cost, shows a field error for a wrong one, and a new screen has a sentence for its connections', async () => {
    const page = await ownerPage(1400);
    await page.goto(`${server.url}/point/audience/${pointId}`);
    const cost = page.getByLabel('Playback cost per show');
    await cost.fill('abc');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Invalid data').first().waitFor();
    await screenshot(page, 'point-audience-invalid-1400');
    await cost.fill('0,5');
    const saved = page.waitForResponse((r) => r.url().includes(`/api/point/patch/${pointId}`));
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    const point = await apiCall<{ playbackCost: string; timezone: string }>(server.url, `/point/${pointId}`, {
      token: owner,
    });
    expect(point).toMatchObject({ playbackCost: '0.5', timezone: 'Europe/Kyiv' });

    await page.goto(`${server.url}/point/${pointId}`);
    await page.getByTestId('connection-empty').waitFor();
    await screenshot(page, 'point-connection-empty-1400');
    await page.context().close();
  });

  it('finds a time zone by its former or current name', async () => {
    const page = await ownerPage(390);
    await page.goto(`${server.url}/point/settings/${pointId}`);
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    await zone.click();
    await zone.fill('Kiev');
    const option = page.getByRole('option', { name: /Kyiv|Kiev/ }).first();
    await option.waitFor();
    // Listed once, by the screen's own name, whatever name this browser knows it by.
    expect(await page.getByRole('option', { name: /Kyiv|Kiev/ }).count()).toBe(1);
    await screenshot(page, 'point-timezone-kiev-390');
    await zone.fill('Calcutta');
    await page
      .getByRole('option', { name: /Kolkata|Calcutta/ })
      .first()
      .waitFor();
    await page.context().close();
  });
});

describe('the SSP report', () => {
  it('says that an advertiser’s playback report arrives within up to 24 hours', async () => {
    for (const width of [390, 1400]) {
      const page = await ownerPage(width);
      await page.goto(`${server.url}/ssp/report`);
      await expect
        .poll(() => page.getByTestId('ssp-report-delay').textContent())
        .toContain('within up to 24 hours');
      await page.getByRole('heading', { name: /Income per/ }).waitFor();
      await screenshot(page, `ssp-report-${width}`);
      await page.context().close();
    }
  });
});

describe('a blocked cabinet', () => {
  it('says so once on every page, with the way to Funds, and no stack of red toasts', async () => {
    await apiCall(server.url, `/admin/cabinets/${cabinetId}/terms`, {
      token: admin,
      body: { blocked: true, note: 'chargeback' },
    });
    for (const width of [390, 1400]) {
      const page = await ownerPage(width);
      for (const path of ['/', '/point', '/playlist', '/statistics/report', `/point/${pointId}`]) {
        await page.goto(`${server.url}${path}`);
        await page.getByTestId('cabinet-blocked').waitFor();
        await page.waitForLoadState('networkidle');
        expect(await page.getByTestId('cabinet-blocked').count(), path).toBe(1);
        expect(await errorToasts(page), path).toBe(0);
        expect(await page.getByText('Nothing found').count(), path).toBe(0);
        expect(await page.getByText(/could not be loaded/).count(), path).toBe(0);
        await screenshot(page, `blocked${path.replace(/\//g, '-') || '-home'}-${width}`);
      }
      await page.getByTestId('cabinet-blocked').getByRole('link').click();
      await page.waitForURL(/\/funds$/);
      // Funds says it once too: the banner, without a link to the page it is on.
      await page.getByTestId('funds-balance').waitFor();
      expect(await page.getByText('Cabinet is blocked', { exact: true }).count()).toBe(0);
      expect(await page.getByTestId('cabinet-blocked').getByRole('link').count()).toBe(0);
      await screenshot(page, `blocked-funds-${width}`);
      await page.context().close();
    }
  });
});
