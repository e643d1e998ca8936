import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.js';
import { apiCall, signInToken } from './support/api.js';
import { signIn } from './support/pages.js';
import { startServer, type RunningServer } from './support/server.js';
import { mapAtRest } from './support/settle.js';

const ADMIN_PASSWORD = 'Admin-pass-1!';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface PointBody {
  id: number;
  name: string;
  rotation: string;
  timezone: string;
  location: { lat: number; lng: number } | null;
}

/** A screen as a player and an operator make it: the player asks for a code, the operator binds it. */
async function createScreen(url: string, token: string, name: string): Promise<number> {
  const { code } = await apiCall<{ code: string }>(url, '/player/pair', {
    body: { deviceKey: randomBytes(32).toString('hex') },
  });
  const point = await apiCall<PointBody>(url, `/point/bind-by-code/${code}`, { token, body: { name } });
  return point.id;
}

const getPoint = (url: string, token: string, id: number) =>
  apiCall<PointBody>(url, `/point/${id}`, { token });

async function cabinet(url: string, width = 1400): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, url, 'admin', ADMIN_PASSWORD);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  return page;
}

/** Every address the page asked for, to prove the map never leaves the server. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

const number = async (page: Page, label: string) => {
  const text = await page.getByLabel(label, { exact: true }).inputValue();
  return text === '' ? null : Number(text);
};

describe('the screen location map, offline by default', () => {
  let server: RunningServer;
  let token: string;
  let lobby: number;
  let hall: number;
  beforeAll(async () => {
    server = await startServer({ ADMIN_PASSWORD });
    token = await signInToken(server.url, 'admin', ADMIN_PASSWORD);
    lobby = await createScreen(server.url, token, 'Lobby map screen');
    hall = await createScreen(server.url, token, 'Hall map screen');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('sets the location by a click on the bundled world map, keeps it after saving, and moves with the fields', async () => {
    const page = await cabinet(server.url);
    const requests = recordRequests(page);
    const world = page.waitForResponse((r) => r.url().includes('/assets/countries-50m') && r.ok());
    await page.goto(`${server.url}/point/settings/${lobby}`);
    const map = page.getByRole('region', { name: 'Screen location map' });
    await map.waitFor();
    // The bundled world map is drawn (canvas) and no tile is asked for.
    await world;
    await map.locator('canvas').first().waitFor();
    expect(await number(page, 'Latitude')).toBeNull();
    expect(await page.locator('.vitrine-map-pin').count()).toBe(0);

    await map.click({ position: { x: 620, y: 140 } });
    await expect.poll(() => number(page, 'Latitude')).not.toBeNull();
    const lat = (await number(page, 'Latitude'))!;
    const lng = (await number(page, 'Longitude'))!;
    expect(Math.abs(lat)).toBeLessThanOrEqual(85.06);
    expect(Math.abs(lng)).toBeLessThanOrEqual(180);
    // Six decimals at most.
    expect(Math.round(lat * 1e6) / 1e6).toBe(lat);
    await page.locator('.vitrine-map-pin').waitFor();
    await screenshot(page, 'point-settings-map-1400');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await getPoint(server.url, token, lobby)).location).toEqual({ lat, lng });

    await page.reload();
    await map.waitFor();
    await page.locator('.vitrine-map-pin').waitFor();
    expect(await number(page, 'Latitude')).toBe(lat);
    expect(await number(page, 'Longitude')).toBe(lng);

    // Typing moves the marker: a degree south, within the view, moves it down.
    const pin = page.locator('.vitrine-map-pin');
    const before = (await pin.boundingBox())!;
    await page.getByLabel('Latitude', { exact: true }).fill(String(Math.round((lat - 1) * 1e4) / 1e4));
    await expect.poll(async () => (await pin.boundingBox())!.y).toBeGreaterThan(before.y + 20);
    // Far away, the map follows it.
    await page.getByLabel('Latitude', { exact: true }).fill('-33.8688');
    await page.getByLabel('Longitude', { exact: true }).fill('151.2093');
    const inside = async () => {
      const [m, p] = [(await map.boundingBox())!, (await pin.boundingBox())!];
      return p.x >= m.x && p.x + p.width <= m.x + m.width && p.y >= m.y && p.y + p.height <= m.y + m.height;
    };
    await expect.poll(inside).toBe(true);

    // The keyboard: arrow keys move the focused map east, Enter puts the screen at its centre.
    await map.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await mapAtRest(map);
    await page.keyboard.press('Enter');
    await expect.poll(() => number(page, 'Longitude')).toBeGreaterThan(151.3);

    // Clearing drops the marker and the fields.
    await page.getByRole('button', { name: 'Clear location' }).click();
    expect(await number(page, 'Latitude')).toBeNull();
    expect(await page.locator('.vitrine-map-pin').count()).toBe(0);
    await page.getByText('No location yet: click the map to place the screen.').waitFor();

    // Nothing but this server was asked for anything.
    const origin = new URL(server.url).origin;
    const elsewhere = requests.filter((u) => !u.startsWith(origin) && !/^(data|blob):/.test(u));
    expect(elsewhere).toEqual([]);
    expect(requests.some((u) => u.includes('/tiles/'))).toBe(false);
    await page.context().close();
  });

  it('on a phone the map fits the width', async () => {
    const page = await cabinet(server.url, 390);
    await page.goto(`${server.url}/point/settings/${lobby}`);
    await page.getByRole('region', { name: 'Screen location map' }).waitFor();
    await page.getByLabel('Latitude', { exact: true }).fill('50.4501');
    await page.getByLabel('Longitude', { exact: true }).fill('30.5234');
    await page.locator('.vitrine-map-pin').waitFor();
    const box = await page.getByRole('region', { name: 'Screen location map' }).boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(box!.height).toBeGreaterThan(200);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'point-settings-map-390');
    await page.context().close();
  });

  it('changes the rotation of two screens at once, and only that', async () => {
    await apiCall(server.url, `/point/patch/${lobby}`, {
      token,
      body: { location: { lat: 45.4642, lng: 9.19 }, timezone: 'Europe/Rome' },
    });
    const page = await cabinet(server.url);
    await page.goto(`${server.url}/point`);
    await page.getByRole('row', { name: /Hall map screen/ }).waitFor();

    // Nothing chosen: the spec's words.
    await page.getByRole('button', { name: 'Edit settings' }).click();
    await page.getByText('Please choose screens').waitFor();

    await page.getByRole('checkbox', { name: 'Select Lobby map screen' }).check();
    await page.getByRole('checkbox', { name: 'Select Hall map screen' }).check();
    await page.getByRole('button', { name: 'Edit settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings of 2 screens' });
    await dialog.waitFor();
    // Nothing ticked yet: nothing is sent.
    await dialog.getByRole('button', { name: 'Apply to 2 screens' }).click();
    await dialog.getByText('Tick at least one setting').waitFor();

    await dialog.getByLabel('Rotation', { exact: true }).click();
    await page.getByRole('option', { name: 'Left' }).click();
    expect(await dialog.getByRole('checkbox', { name: 'Change: Rotation' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Change: Time zone' }).isChecked()).toBe(false);
    await screenshot(page, 'points-bulk-settings-1400');
    await dialog.getByRole('button', { name: 'Apply to 2 screens' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Action performed').first().waitFor();

    const [a, b] = await Promise.all([getPoint(server.url, token, lobby), getPoint(server.url, token, hall)]);
    expect(a.rotation).toBe('LEFT');
    expect(b.rotation).toBe('LEFT');
    // Settings left unticked stay as each screen had them.
    expect(a.timezone).toBe('Europe/Rome');
    expect(b.timezone).toBe('UTC');
    expect(a.location).toEqual({ lat: 45.4642, lng: 9.19 });

    // The list's map view: the placed screen, colored by status, opens its page.
    await page.getByText('Map', { exact: true }).click();
    const pin = page.locator(`[data-testid="screens-map"] [data-point="${lobby}"]`);
    await pin.waitFor();
    expect(await pin.getAttribute('data-status')).toBe('OFFLINE');
    expect(await page.locator('[data-testid="screens-map"] [data-point]').count()).toBe(1);
    await page.getByText('Without a location: 1').waitFor();
    await screenshot(page, 'points-map-1400');
    await pin.click();
    await page.waitForURL(new RegExp(`/point/${lobby}$`));
    await page.getByRole('heading', { name: 'Lobby map screen' }).waitFor();
    await page.context().close();
  });
});

describe('the map with an offline tile pyramid (MAP_TILES_DIR)', () => {
  let server: RunningServer;
  let tilesRoot: string;
  let token: string;
  let id: number;
  beforeAll(async () => {
    tilesRoot = await mkdtemp(join(tmpdir(), 'vitrine-e2e-tiles-'));
    // Zoom 0 to 3 as a checkerboard of two greens, so drawn tiles are plain to see.
    const tile = (fill: string) =>
      sharp(
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">' +
            `<rect width="256" height="256" fill="${fill}"/>` +
            '<circle cx="128" cy="128" r="40" fill="#2b8a3e"/></svg>',
        ),
      )
        .png()
        .toBuffer();
    const tiles = [await tile('#b2f2bb'), await tile('#8ce99a')];
    for (let z = 0; z <= 3; z++)
      for (let x = 0; x < 2 ** z; x++) {
        await mkdir(join(tilesRoot, String(z), String(x)), { recursive: true });
        for (let y = 0; y < 2 ** z; y++)
          await writeFile(join(tilesRoot, String(z), String(x), `${y}.png`), tiles[(x + y) % 2]!);
      }
    server = await startServer({
      ADMIN_PASSWORD,
      MAP_TILES_DIR: tilesRoot,
      MAP_TILE_ATTRIBUTION: 'Test tiles',
    });
    token = await signInToken(server.url, 'admin', ADMIN_PASSWORD);
    id = await createScreen(server.url, token, 'Tiled screen');
    await apiCall(server.url, `/point/patch/${id}`, {
      token,
      body: { location: { lat: 41.9028, lng: 12.4964 } },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(tilesRoot, { recursive: true, force: true });
  });

  it('draws the tiles this server serves at /tiles/', async () => {
    const page = await cabinet(server.url);
    const tiles: { url: string; status: number; type: string | undefined }[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/tiles/'))
        tiles.push({ url: r.url(), status: r.status(), type: r.headers()['content-type'] });
    });
    await page.goto(`${server.url}/point/settings/${id}`);
    const map = page.getByRole('region', { name: 'Screen location map' });
    await map.locator('img.leaflet-tile-loaded').first().waitFor();
    await page.locator('.vitrine-map-pin').waitFor();
    expect(tiles.length).toBeGreaterThan(0);
    const served = tiles.filter((t) => t.status === 200);
    expect(served.length).toBeGreaterThan(0);
    expect(served.every((t) => t.type === 'image/png')).toBe(true);
    expect(served.every((t) => /\/tiles\/\d+\/\d+\/\d+\.png$/.test(t.url))).toBe(true);
    expect(await map.getByText('Test tiles').count()).toBe(1);
    await screenshot(page, 'point-settings-tiles-1400');
    await page.context().close();
  });
});
