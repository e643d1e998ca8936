import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MEMBER_ROLES, ROLES, type Role } from '@vitrine/core';
import { launchBrowser } from './support/browser.js';
import { apiCall, signInToken, uploadImage } from './support/api.js';
import { signIn } from './support/pages.js';
import { startServer, type RunningServer } from './support/server.js';
import { networkQuiet, painted, trackRequests } from './support/settle.js';

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

/** Where an address is offered: a link of the side menu (groups opened), else one of the account menu. */
type Offered = { address: string; from: 'side' | 'account' };

/** The addresses of the side menu (groups opened) and of the account menu. */
async function menuAddresses(page: Page): Promise<Offered[]> {
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
  const side = new Set(hrefs);
  return [
    ...[...side].map((address) => ({ address, from: 'side' as const })),
    ...[...new Set(account)]
      .filter((address) => !side.has(address))
      .map((address) => ({ address, from: 'account' as const })),
  ];
}

/** Follows a menu's link as a person does: inside the app, without loading the page again. */
async function follow(page: Page, { address, from }: Offered): Promise<void> {
  if (from === 'side') {
    await page.getByRole('navigation', { name: 'Main menu' }).locator(`a[href="${address}"]`).first().click();
  } else {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menu').locator(`a[href="${address}"]`).first().click();
  }
  await page.waitForURL((url) => url.pathname === address);
}

/**
 * One role's walk: a signed-in page that records every failed API call (with where it happened), and
 * the checks made on each page it reaches.
 */
function walker(role: Role) {
  const state = {
    page: null as Page | null,
    where: 'sign-in',
    failures: [] as string[],
    scope: [] as string[],
  };
  return {
    state,
    async start(): Promise<Offered[]> {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      state.page = page;
      trackRequests(page);
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname.startsWith('/api/') && response.status() >= 400) {
          state.failures.push(
            `${state.where}: ${response.status()} ${response.request().method()} ${url.pathname}`,
          );
        }
      });
      await signIn(page, server.url, logins[role], role === 'admin' ? ADMIN_PASSWORD : PASSWORD);
      await page.waitForURL((url) => url.pathname !== '/login');
      state.scope = await page.evaluate(async () => {
        const token = localStorage.getItem('vitrine.token');
        const res = await fetch('/api/user/info', { headers: { authorization: `Bearer ${token}` } });
        return ((await res.json()) as { scope: string[] }).scope;
      });
      return menuAddresses(page);
    },
    /** The page at `address` has settled: no error notice, one main landmark. */
    async check(address: string): Promise<void> {
      const page = state.page!;
      // After a full load the frame (its chunk, then the user's info) comes before the page's own calls;
      // a busy host can leave the network quiet for a moment in between, so the frame is waited for first.
      // One that never comes is counted below as 0 main landmarks.
      await page
        .getByRole('main')
        .first()
        .waitFor({ timeout: 15_000 })
        .catch(() => undefined);
      await networkQuiet(page);
      await painted(page);
      const notices = await page.locator('.vitrine-notice-error').allInnerTexts();
      for (const notice of notices) state.failures.push(`${address}: error notice "${notice}"`);
      const mains = await page.getByRole('main').count();
      if (mains !== 1) state.failures.push(`${address}: ${mains} main landmarks`);
    },
  };
}

describe('every role on every page its menu offers', () => {
  for (const role of ROLES) {
    describe(role, () => {
      const walk = walker(role);
      let offered: Offered[] = [];
      beforeAll(async () => {
        offered = await walk.start();
      });
      afterAll(async () => {
        await walk.state.page?.context().close();
      });

      it('every page of its menus: no failed call, no error notice, one main landmark', async () => {
        expect(offered.length).toBeGreaterThan(1);
        for (const entry of offered) {
          walk.state.where = entry.address;
          await follow(walk.state.page!, entry);
          await walk.check(entry.address);
        }
        expect(walk.state.failures).toEqual([]);
      });

      // The walk's data lives in the owner's cabinet, which the platform admin does not belong to.
      it.skipIf(role === 'admin')(
        'the pages one step below: the same, and the playlist file picker',
        async () => {
          const page = walk.state.page!;
          const { scope } = walk.state;
          walk.state.failures.length = 0;
          for (const address of deeperAddresses(scope)) {
            walk.state.where = address;
            await page.goto(`${server.url}${address}`);
            await walk.check(address);
            // An editor of the playlist brings files through its picker.
            if (address.startsWith('/playlist/') && scope.includes('playlist.patch')) {
              walk.state.where = `${address} (file picker)`;
              await page.getByRole('button', { name: 'Add files' }).first().click();
              await page.getByRole('dialog', { name: 'Add files' }).waitFor();
              await walk.check(walk.state.where);
              await page.keyboard.press('Escape');
            }
          }
          expect(walk.state.failures).toEqual([]);
        },
      );
    });
  }
});
