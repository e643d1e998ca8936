import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Wall } from '@vitrine/core';
import { launchBrowser, screenshot } from './support/browser.js';
import { apiCall, signInToken, uploadImage } from './support/api.js';
import { pairedPlayer, signIn } from './support/pages.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * A video wall built in the cabinet (docs/walls.md): four paired screens put into a 2 × 2 grid on
 * /wall/create (dragged onto the preview, chosen from the keyboard, and picked in a cell's list), with
 * the physical sizes giving the bezel-compensated canvas;
 * the wall is listed on /wall, its page shows the saved grid, and it is removed after confirming.
 */
const ADMIN_PASSWORD = 'Admin-pass-1!';
let server: RunningServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD });
  browser = await launchBrowser();
  token = await signInToken(server.url, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function cabinet(width: number, dark = false): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  if (dark) await context.addInitScript(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
  const page = await context.newPage();
  await signIn(page, server.url, 'admin', ADMIN_PASSWORD);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  return page;
}

describe('video walls', () => {
  it('builds a 2 × 2 wall from four paired screens, lists it and removes it', async () => {
    const names = ['Wall NW', 'Wall NE', 'Wall SW', 'Wall SE'];
    const players = [];
    for (const name of names) players.push(await pairedPlayer(browser, server.url, token, name));

    const page = await cabinet(1400);
    onTestFailed(() => screenshot(page, 'walls-failure'));
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Video walls' })
      .click();
    await page.getByRole('heading', { name: 'Video walls' }).waitFor();
    await page.getByRole('link', { name: 'New video wall' }).click();
    await page.getByRole('heading', { name: 'New video wall' }).waitFor();

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Lobby wall');
    await page.getByLabel('Picture width').fill('1100');
    await page.getByLabel('Picture height').fill('620');
    await page.getByLabel('Gap between pictures').fill('17');
    // 1920 × 17 / 1100 ≈ 30 px hidden by each seam.
    await page.getByText('Content size for this wall: 3870 × 2190 px').waitFor();
    const preview = page.getByRole('group', { name: 'How a picture splits across the wall' });
    const palette = page.getByRole('group', { name: 'Screens to place' });
    const cell = (place: string) => preview.getByRole('button', { name: new RegExp(`^${place}:`) });
    // Two screens dragged onto the preview with the pointer.
    for (const [i, place] of ['Column 1, row 1', 'Column 2, row 1'].entries()) {
      const from = (await palette.getByRole('button', { name: names[i]!, exact: true }).boundingBox())!;
      const to = (await cell(place).boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
      await page.mouse.up();
      await preview.getByRole('button', { name: `${place}: ${names[i]!}` }).waitFor();
    }
    // One from the keyboard: a cell, then a screen.
    await cell('Column 1, row 2').focus();
    await page.keyboard.press('Enter');
    await page.getByText('Chosen: Column 1, row 2. Now choose a screen.').waitFor();
    await palette.getByRole('button', { name: names[2]!, exact: true }).focus();
    await page.keyboard.press('Enter');
    await preview.getByRole('button', { name: `Column 1, row 2: ${names[2]!}` }).waitFor();
    // And one from the cell's own list.
    await page.getByLabel('Screen at Column 2, row 2', { exact: true }).click();
    await page.getByRole('option', { name: names[3]!, exact: true }).click();
    await expect
      .poll(() => page.getByLabel('Screen at Column 1, row 1', { exact: true }).inputValue())
      .toBe('Wall NW');
    await page.getByLabel('Rotation at Column 2, row 2', { exact: true }).click();
    await page.getByRole('option', { name: 'Upside down' }).click();
    await screenshot(page, 'walls-create-wide');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/wall\/\d+$/);
    await page.getByRole('heading', { name: 'Lobby wall' }).waitFor();
    const id = Number(new URL(page.url()).pathname.split('/').pop());

    const wall = await apiCall<Wall>(server.url, `/wall/${id}`, { token });
    expect(wall).toMatchObject({
      name: 'Lobby wall',
      width: 2,
      height: 2,
      canvas: { width: 3870, height: 2190 },
    });
    expect(wall.cells).toEqual(
      players.map((p, i) => ({
        column: i % 2,
        row: Math.floor(i / 2),
        pointId: p.pointId,
        rotation: i === 3 ? 'UPSIDE_DOWN' : 'NORMAL',
      })),
    );
    await expect
      .poll(() => page.getByLabel('Screen at Column 2, row 2', { exact: true }).inputValue())
      .toBe('Wall SE');

    await page.setViewportSize({ width: 390, height: 900 });
    await screenshot(page, 'walls-edit-390-light');
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'walls-edit-1440-light');

    // The list, and the same wall on a phone in the dark.
    await page.goto(`${server.url}/wall`);
    await page.getByRole('link', { name: 'Lobby wall' }).waitFor();
    await page.getByRole('cell', { name: '4 screens' }).waitFor();
    await page.getByRole('cell', { name: '3870 × 2190' }).waitFor();
    await screenshot(page, 'walls-list-wide');

    const phone = await cabinet(390, true);
    await phone.goto(`${server.url}/wall/${id}`);
    await phone.getByRole('heading', { name: 'Lobby wall' }).waitFor();
    await expect
      .poll(() => phone.getByLabel('Screen at Column 1, row 1', { exact: true }).inputValue())
      .toBe('Wall NW');
    await screenshot(phone, 'walls-edit-390-dark');
    await phone.setViewportSize({ width: 1440, height: 900 });
    await screenshot(phone, 'walls-edit-1440-dark');
    await phone.goto(`${server.url}/wall`);
    await phone.getByRole('link', { name: 'Lobby wall' }).waitFor();
    await screenshot(phone, 'walls-list-390-dark');

    // Removing asks first, then the wall is gone and its screens are free.
    await page.getByRole('button', { name: 'Actions for Lobby wall' }).click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    await page.getByText('Sure want to perform this action?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('link', { name: 'Lobby wall' }).waitFor({ state: 'hidden' });
    expect(await apiCall<{ total: number }>(server.url, '/wall', { token })).toMatchObject({ total: 0 });
  });
});

describe('what an observer and the web player preview see', () => {
  const PASSWORD = 'member-pass-1';
  let owner: string;
  let wallId: number;
  let tiles: number[];
  let shown: number;

  beforeAll(async () => {
    await apiCall(server.url, '/user/post', {
      token,
      body: { login: 'wall-owner', name: 'Wall owner', password: PASSWORD, role: 'owner' },
    });
    owner = await signInToken(server.url, 'wall-owner', PASSWORD);
    await apiCall(server.url, '/cabinet/add-member', {
      token: owner,
      body: { login: 'wall-observer', name: 'Wall observer', password: PASSWORD, role: 'observer' },
    });
    // Screens made without a player (spec §7 POST /point/post), two of them a wall given by points.
    tiles = [];
    for (const name of ['Tile west', 'Tile east'])
      tiles.push(
        (await apiCall<{ id: number }>(server.url, '/point/post', { token: owner, body: { name } })).id,
      );
    const wall = await apiCall<Wall>(server.url, '/wall/post', {
      token: owner,
      body: { name: 'Observed wall', width: 2, height: 1, points: tiles },
    });
    wallId = wall.id;
    shown = (
      await apiCall<{ id: number }>(server.url, '/point/post', { token: owner, body: { name: 'Previewed' } })
    ).id;
    const file = await uploadImage(server.url, owner, 'preview.png', { color: '#2b8a3e', label: 'PREVIEW' });
    await apiCall(server.url, '/playlist/post', {
      token: owner,
      body: { name: 'Preview loop', points: [shown], files: [{ fileId: file, duration: 5 }] },
    });
  });

  it("shows an observer the wall's tiles as names and a sentence for a screen's address, never a refusal", async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    onTestFailed(() => screenshot(page, 'walls-observer-failure'));
    const refused: string[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/api/') && res.status() >= 400) refused.push(`${res.status()} ${res.url()}`);
    });
    await signIn(page, server.url, 'wall-observer', PASSWORD);
    await page.waitForURL(/\/statistics\/report/);
    await page.goto(`${server.url}/wall/${wallId}`);
    await page.getByRole('heading', { name: 'Observed wall' }).first().waitFor();
    const tile = page.getByTestId('wall-tile');
    await expect.poll(() => tile.count()).toBe(2);
    await tile.getByText('Tile west').waitFor();
    expect(await tile.getByRole('link').count()).toBe(0);

    await page.goto(`${server.url}/point/${tiles[0]}`);
    await page.getByTestId('point-overview-only').waitFor();
    await page.getByText('Your role sees screens in the overview').waitFor();
    await page.getByRole('link', { name: 'Open the screens overview' }).click();
    await page.waitForURL(/\/point$/);
    expect(await page.getByText('Forbidden').count()).toBe(0);
    expect(refused).toEqual([]);
    await context.close();
  });

  it("previews a screen's content in the web player from its Commands menu", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    onTestFailed(() => screenshot(page, 'walls-preview-failure'));
    await signIn(page, server.url, 'wall-owner', PASSWORD);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.goto(`${server.url}/point/${shown}`);
    await page.getByRole('heading', { name: 'Previewed' }).waitFor();
    await page.getByRole('button', { name: 'Commands' }).click();
    const item = page.getByRole('menuitem', { name: 'Preview in the web player' });
    expect(await item.getAttribute('href')).toBe(`/player/?id=${shown}`);
    await page.goto(`${server.url}/player/?id=${shown}`);
    await expect.poll(() => page.getByTestId('preview-badge').textContent()).toBe('Preview: Previewed');
    await page.locator('.stage img').first().waitFor();
    await expect.poll(() => page.evaluate(() => document.body.dataset.state)).toBe('playing');
    await screenshot(page, 'walls-preview-player');
    // Signed out: a sentence and the way to sign in, not a pairing code.
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.getByText('Sign in to the cabinet to preview this screen.').waitFor();
    expect(await page.getByTestId('pairing-code').count()).toBe(0);
    await context.close();
  });
});
