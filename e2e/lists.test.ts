import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.js';
import { apiCall, signInToken } from './support/api.js';
import { signIn } from './support/pages.js';
import { startServer, type RunningServer } from './support/server.js';

const ADMIN_PASSWORD = 'Admin-pass-1!';
const SCREENS = 1000;
let server: RunningServer;
let browser: Browser;
let token: string;
/** The screens' ids, in the order of their names. */
const ids: number[] = [];

/** A screen as a player and an operator make it: the player asks for a code, the operator binds it. */
async function createScreen(name: string): Promise<number> {
  const { code } = await apiCall<{ code: string }>(server.url, '/player/pair', {
    body: { deviceKey: randomBytes(32).toString('hex') },
  });
  const point = await apiCall<{ id: number }>(server.url, `/point/bind-by-code/${code}`, {
    token,
    body: { name },
  });
  return point.id;
}

async function screensList(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, server.url, 'admin', ADMIN_PASSWORD);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  // The page size is in the address, as every filter of a list page is.
  await page.goto(`${server.url}/point?limit=${SCREENS}&sort=name`);
  await page.getByRole('heading', { name: 'Media devices' }).waitFor();
  await page.getByRole('row', { name: /Screen 0001/ }).waitFor();
  return page;
}

beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD, PAIRING_RATE: '10000' });
  browser = await launchBrowser();
  token = await signInToken(server.url, 'admin', ADMIN_PASSWORD);
  const names = Array.from({ length: SCREENS }, (_, i) => `Screen ${String(i + 1).padStart(4, '0')}`);
  for (let i = 0; i < names.length; i += 25)
    ids.push(...(await Promise.all(names.slice(i, i + 25).map(createScreen))));
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a list page of a thousand rows', () => {
  it('renders the rows in view only, tells their count and place, and scrolls to the rest', async () => {
    const page = await screensList(1400);
    const table = page.getByRole('table');
    expect(await table.getAttribute('aria-rowcount')).toBe(String(SCREENS + 1));
    const nodes = await page.evaluate(() => document.querySelectorAll('*').length);
    const tableNodes = await table.evaluate((el) => el.querySelectorAll('*').length);
    const rows = await table.getByRole('row').count();
    // Said in the run's output: the figure the list kit is there for.
    process.stdout.write(
      `${SCREENS} screens: ${nodes} elements in the document, ${tableNodes} in the table, ${rows} rows\n`,
    );
    expect(nodes).toBeLessThan(1000);
    expect(rows).toBeLessThan(60);
    await page.getByText(`Total: ${SCREENS}`).waitFor();
    await screenshot(page, 'screens-1000-wide');

    // The window scrolls as ever; the last rows come into the document with their place in the list.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const last = page.getByRole('row', { name: /Screen 1000/ });
    await last.waitFor();
    expect(await last.getAttribute('aria-rowindex')).toBe(String(SCREENS + 1));
    await page.context().close();
  });

  it('moves between rows with the arrow keys and chooses one with Space', async () => {
    const page = await screensList(390);
    await screenshot(page, 'screens-1000-narrow');
    const first = page.getByRole('row', { name: /Screen 0001/ });
    await first.focus();
    await page.keyboard.press('ArrowDown');
    const second = page.getByRole('row', { name: /Screen 0002/ });
    expect(await second.evaluate((row) => row === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    expect(await page.getByRole('checkbox', { name: 'Select Screen 0002' }).isChecked()).toBe(true);
    await page.getByText('Selected: 1').waitFor();
    // End reaches the last row, far out of view at first.
    await page.keyboard.press('End');
    const last = page.getByRole('row', { name: /Screen 1000/ });
    await last.waitFor();
    await expect.poll(() => last.evaluate((row) => row === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it("opens a row's menu from the keyboard, takes the focus into it and gives it back on Escape", async () => {
    const page = await screensList(1400);
    const button = page.getByRole('button', { name: 'Actions for Screen 0002' });
    expect(await button.getAttribute('aria-haspopup')).toBe('menu');
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Remove' }).waitFor();
    await expect.poll(() => menu.evaluate((m) => m.contains(document.activeElement))).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expect.poll(() => button.evaluate((b) => b === document.activeElement)).toBe(true);
    // Opened again by the mouse, once it is in place as before.
    await button.click();
    await menu.getByRole('menuitem', { name: 'Copy' }).waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    // Another row's menu opens by the mouse at its first use.
    await page.getByRole('button', { name: 'Actions for Screen 0003' }).click();
    await menu.getByRole('menuitem', { name: 'Remove' }).waitFor();
    await page.context().close();
  });
});

/** The playlists' page: its own arrange, so that each seeding of a thousand has the hook's whole time. */
describe('a list page of a thousand playlists', () => {
  beforeAll(async () => {
    // As many playlists as screens, each reaching a few screens.
    for (let i = 0; i < SCREENS; i += 25)
      await Promise.all(
        Array.from({ length: 25 }, (_, j) =>
          apiCall(server.url, '/playlist/post', {
            token,
            body: {
              name: `Playlist ${String(i + j + 1).padStart(4, '0')}`,
              points: ids.slice((i + j) % 990, ((i + j) % 990) + 10),
            },
          }),
        ),
      );
  }, 300_000);

  it('keeps a page of a thousand playlists as light', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server.url, 'admin', ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.goto(`${server.url}/playlist?limit=${SCREENS}`);
    await page
      .getByRole('row', { name: /Playlist \d{4}/ })
      .first()
      .waitFor();
    const table = page.getByRole('table');
    expect(await table.getAttribute('aria-rowcount')).toBe(String(SCREENS + 1));
    const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    process.stdout.write(`${SCREENS} playlists: ${nodes} elements in the document\n`);
    expect(nodes).toBeLessThan(1000);
    await screenshot(page, 'playlists-1000-wide');
    await context.close();
  });
});
