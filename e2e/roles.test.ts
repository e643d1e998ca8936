import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MEMBER_ROLES, ROLES, type Role } from '@vitrine/core';
import { launchBrowser } from './support/browser.js';
import { apiCall, signInToken, uploadImage } from './support/api.js';
import { signIn } from './support/pages.js';
import { startServer, type RunningServer } from './support/server.js';
import { painted } from './support/settle.js';

/**
 * Every page a role's menu offers works for that role (spec §6): signed in as each role of one cabinet,
 * the test opens every entry of the side menu and of the account menu, and fails on any API answer of
 * 400 or more, any error notification, and any page without exactly one main landmark.
 */
const ADMIN_PASSWORD = 'Admin-pass-1!';
const PASSWORD = 'member-pass-1';
let server: RunningServer;
let browser: Browser;
const logins: Record<Role, string> = {} as Record<Role, string>;
const seeded = { point: 0, playlist: 0 };

beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD, FLEET_FLUSH_MS: '300' });
  browser = await launchBrowser();
  const admin = await signInToken(server.url, 'admin', ADMIN_PASSWORD);
  logins.admin = 'admin';
  await apiCall(server.url, '/user/post', {
    token: admin,
    body: { login: 'walk-owner', name: 'Walk owner', password: PASSWORD, role: 'owner' },
  });
  logins.owner = 'walk-owner';
  const owner = await signInToken(server.url, 'walk-owner', PASSWORD);
  for (const role of MEMBER_ROLES) {
    await apiCall(server.url, '/cabinet/add-member', {
      token: owner,
      body: { login: `walk-${role}`, name: `Walk ${role}`, password: PASSWORD, role },
    });
    logins[role] = `walk-${role}`;
  }
  // Something on every page: a file, a screen, a network, a playlist.
  const file = await uploadImage(server.url, owner, 'walk.png', { color: '#364fc7' });
  const deviceKey = randomBytes(32).toString('hex');
  const { code } = await apiCall<{ code: string }>(server.url, '/player/pair', { body: { deviceKey } });
  const point = await apiCall<{ id: number }>(server.url, `/point/bind-by-code/${code}`, {
    token: owner,
    body: { name: 'Walk screen' },
  });
  await apiCall(server.url, '/net/post', { token: owner, body: { name: 'Walk net', points: [point.id] } });
  const playlist = await apiCall<{ id: number }>(server.url, '/playlist/post', {
    token: owner,
    body: { name: 'Walk playlist', points: [point.id], files: [{ fileId: file, duration: 5 }] },
  });
  seeded.point = point.id;
  seeded.playlist = playlist.id;
});

const POINT_TABS = ['content', 'schedule', 'settings', 'windows', 'audience', 'stream', 'log'];

/**
 * Pages one step below the menu that a role reaches from it: a playlist's editor (and its file picker,
 * for roles that edit), and a screen's page with each of its tabs.
 */
function deeperAddresses(scope: string[]): string[] {
  return [
    ...(scope.includes('playlist.route') ? [`/playlist/${seeded.playlist}`] : []),
    ...(scope.includes('point.get')
      ? POINT_TABS.map((tab) =>
          tab === 'content' ? `/point/${seeded.point}` : `/point/${tab}/${seeded.point}`,
        )
      : []),
  ];
}
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The addresses of the side menu (groups opened) and of the account menu. */
async function menuAddresses(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.locator('a, button').first().waitFor();
  for (const group of await nav.locator('button[aria-expanded="false"]').all()) await group.click();
  const hrefs = await nav
    .locator('a[href^="/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  await page.getByRole('button', { name: 'Account menu' }).click();
  const account = await page
    .getByRole('menu')
    .locator('a[href^="/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  await page.keyboard.press('Escape');
  return [...new Set([...hrefs, ...account])];
}

describe('every role on every page its menu offers', () => {
  for (const role of ROLES) {
    it(`${role}: no failed call, no error notice, one main landmark`, async () => {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      const failures: string[] = [];
      let where = 'sign-in';
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname.startsWith('/api/') && response.status() >= 400) {
          failures.push(`${where}: ${response.status()} ${response.request().method()} ${url.pathname}`);
        }
      });
      await signIn(page, server.url, logins[role], role === 'admin' ? ADMIN_PASSWORD : PASSWORD);
      await page.waitForURL((url) => url.pathname !== '/login');
      const scope = await page.evaluate(async () => {
        const token = localStorage.getItem('vitrine.token');
        const res = await fetch('/api/user/info', { headers: { authorization: `Bearer ${token}` } });
        return ((await res.json()) as { scope: string[] }).scope;
      });
      // The walk's data lives in the owner's cabinet, which the platform admin does not belong to.
      const addresses = [...(await menuAddresses(page)), ...(role === 'admin' ? [] : deeperAddresses(scope))];
      expect(addresses.length).toBeGreaterThan(1);
      for (const address of addresses) {
        where = address;
        await page.goto(`${server.url}${address}`);
        await page.waitForLoadState('networkidle');
        await painted(page);
        const notices = await page.locator('.vitrine-notice-error').allInnerTexts();
        for (const notice of notices) failures.push(`${address}: error notice "${notice}"`);
        const mains = await page.getByRole('main').count();
        if (mains !== 1) failures.push(`${address}: ${mains} main landmarks`);
        // An editor of the playlist brings files through its picker.
        if (address.startsWith('/playlist/') && scope.includes('playlist.patch')) {
          where = `${address} (file picker)`;
          await page.getByRole('button', { name: 'Add files' }).first().click();
          const picker = page.getByRole('dialog', { name: 'Add files' });
          await picker.waitFor();
          await page.waitForLoadState('networkidle');
          for (const notice of await page.locator('.vitrine-notice-error').allInnerTexts()) {
            failures.push(`${where}: error notice "${notice}"`);
          }
          await page.keyboard.press('Escape');
        }
      }
      expect(failures).toEqual([]);
      await context.close();
    });
  }
});
