import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.js';
import { apiCall, signInToken, uploadImage } from './support/api.js';
import { playerCode, signIn } from './support/pages.js';
import { createDatabase, testDatabaseUrl } from './support/database.js';
import { startServer, type RunningServer } from './support/server.js';
import { see } from './support/see.js';

const ADMIN_PASSWORD = 'Admin-pass-1!';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens the web player and answers the code it shows. */
async function openPlayer(url: string): Promise<{ page: Page; code: string }> {
  const context = await browser.newContext({ viewport: { width: 960, height: 540 } });
  const page = await context.newPage();
  return { page, code: await playerCode(page, url) };
}

async function cabinet(url: string, width = 1400): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, url, 'admin', ADMIN_PASSWORD);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  return page;
}

async function bindInCabinet(page: Page, code: string, name: string): Promise<number> {
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Media devices' })
    .click();
  await page.getByRole('heading', { name: 'Media devices' }).waitFor();
  await page.getByRole('button', { name: 'Add screen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a screen' });
  // No camera here: the scanner says so in the spec's words.
  await dialog.getByRole('button', { name: 'Scan the QR code' }).click();
  const scanner = page.getByRole('dialog', { name: "Scan the player's QR code" });
  await scanner
    .getByText(/^(Camera not found|No suitable camera found|Error accessing the camera)$/)
    .waitFor();
  await scanner.getByRole('button', { name: 'Close' }).click();
  await scanner.waitFor({ state: 'hidden' });
  await dialog.getByLabel('Code on the screen').fill('WRONG1');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.getByText('Binding failed').first().waitFor();
  await dialog.getByLabel('Code on the screen').fill(code.toLowerCase());
  await dialog.getByLabel('Name (optional)').fill(name);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await page.waitForURL(/\/point\/\d+$/);
  await page.getByRole('heading', { name }).waitFor();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

describe('a screen, from pairing to commands', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ ADMIN_PASSWORD, FLEET_FLUSH_MS: '300' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  // One screen's life in three steps, each with the whole test time: on a loaded host the scenario
  // as one test ran out of it while every wait in it was still within its own bound.
  let player: { page: Page; code: string };
  let page: Page;
  let id: number;

  it('pairs by code and plays its content', async () => {
    player = await openPlayer(server.url);
    await screenshot(player.page, 'player-pairing-960');
    page = await cabinet(server.url);
    id = await bindInCabinet(page, player.code, 'Lobby screen');

    // The player collects its token by itself and has nothing to play yet.
    await player.page.waitForFunction(() => document.body.dataset.state === 'idle');

    // Content arrives through a playlist; a reload from the cabinet makes the player fetch it.
    const token = await signInToken(server.url, 'admin', ADMIN_PASSWORD);
    const file = { id: await uploadImage(server.url, token, 'welcome.png', { width: 640, height: 360 }) };
    await apiCall(server.url, '/playlist/post', {
      token,
      body: { name: 'Lobby loop', points: [id], files: [{ fileId: file.id, duration: 5 }] },
    });
    await page.getByRole('button', { name: 'Commands' }).click();
    await page.getByRole('menuitem', { name: 'Reload' }).click();
    await player.page.waitForFunction(() => document.body.dataset.state === 'playing', undefined, {
      timeout: 20_000,
    });
    await see(player.page.getByTestId('now-playing')).toHaveAttribute('data-name', 'welcome.png');
    await screenshot(player.page, 'player-playing-960');
  });

  it('comes Online and answers a screenshot', async () => {
    // Online, with what the player reported.
    await page.reload();
    await expect
      .poll(async () => page.getByTestId('point-status').first().getAttribute('data-status'), {
        timeout: 20_000,
      })
      .toBe('ONLINE');

    // A screenshot on request shows up in the device preview.
    await page.getByRole('button', { name: 'Take a screenshot' }).click();
    await page.getByRole('img', { name: 'What Lobby screen shows' }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'point-content-1400');
  });

  it('goes offline when closed, and its tabs keep their addresses', async () => {
    // Closing the player: offline, and the disconnection counted.
    await player.page.context().close();
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { name: 'Lobby screen' }).waitFor();
          return page.getByTestId('point-status').first().getAttribute('data-status');
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe('GONE_OFFLINE');
    // Two: the page reloaded on command once, then it was closed.
    expect(await page.getByRole('row', { name: /Disconnections/ }).innerText()).toMatch(/\b2$/);
    // On a screen's page the menu lists its tabs; the list is one address away.
    await page.goto(`${server.url}/point`);
    await page.getByRole('row', { name: /Lobby screen/ }).waitFor();
    await screenshot(page, 'points-1400');
    // A tab's address without an id shows the screen opened last, or the list in a fresh browser.
    await page.goto(`${server.url}/point/schedule`);
    await page.waitForURL((url) => url.pathname === `/point/schedule/${id}`);
    await page.context().close();
    const fresh = await cabinet(server.url);
    await fresh.goto(`${server.url}/point/log`);
    await fresh.waitForURL((url) => url.pathname === '/point');
    await fresh.context().close();
  });
});

describe('the player menu', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ ADMIN_PASSWORD });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('opens the web player and explains kiosk set-up with this cabinet’s address', async () => {
    const page = await cabinet(server.url, 800);
    await page.getByRole('button', { name: 'Player' }).click();
    expect(await page.getByRole('menuitem', { name: 'Open the web player' }).getAttribute('href')).toBe(
      '/player/',
    );
    await page.getByRole('menuitem', { name: 'Set up a screen (kiosk)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn a device into a screen' });
    await dialog.getByRole('tab', { name: 'Linux' }).click();
    const linux = dialog.getByRole('tabpanel', { name: 'Linux' }).locator('pre');
    expect(await linux.innerText()).toContain('--kiosk');
    expect(await linux.innerText()).toContain(`${server.url}/player/`);
    await screenshot(page, 'kiosk-help-800');
    await page.context().close();
  });
});

// Two server processes, one fleet: the player on one, the command issued on the other (PostgreSQL only).
describe.skipIf(!testDatabaseUrl)('two server processes on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let a: RunningServer;
  let b: RunningServer;
  beforeAll(async () => {
    database = await createDatabase('vt_e2e');
    const env = { ADMIN_PASSWORD, DATABASE_URL: database.url, FLEET_FLUSH_MS: '300' };
    a = await startServer(env);
    b = await startServer(env);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.drop();
  });

  it('delivers a command issued on one process to a player connected to the other', async () => {
    const player = await openPlayer(a.url);
    const page = await cabinet(b.url);
    await bindInCabinet(page, player.code, 'Across processes');
    await player.page.waitForFunction(() => document.body.dataset.state === 'idle', undefined, {
      timeout: 20_000,
    });
    await page.getByRole('button', { name: 'Commands' }).click();
    await page.getByRole('menuitem', { name: 'Stop broadcasting' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await see(player.page.locator('body')).toHaveAttribute('data-state', 'stopped');
    await player.page.context().close();
    await page.context().close();
  });
});
