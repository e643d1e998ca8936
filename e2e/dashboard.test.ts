import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.js';
import { apiCall, signInToken, uploadImage } from './support/api.js';
import { signIn } from './support/pages.js';
import { startServer, type RunningServer } from './support/server.js';
import { chartsDrawn } from './support/settle.js';
import { see } from './support/see.js';

const ADMIN_PASSWORD = 'Admin-pass-1!';
let server: RunningServer;
let browser: Browser;
let token: string;

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

/** The date some days from now in UTC (the screens here keep the default UTC zone). */
const date = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const wall = (days: number, time: string) => `${date(days)} ${time}`;

async function playlist(body: Record<string, unknown>): Promise<number> {
  const saved = await apiCall<{ id: number }>(server.url, '/playlist/post', {
    token,
    // Valid from yesterday to well past six months, every day, all day.
    body: { fromDate: wall(-1, '00:00:00'), toDate: wall(400, '23:59:59'), ...body },
  });
  return saved.id;
}

async function cabinet(width: number, dark = false): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  if (dark) {
    // Mantine keeps the scheme in local storage: set before the app starts, as after a reload.
    await context.addInitScript(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
  }
  const page = await context.newPage();
  await signIn(page, server.url, 'admin', ADMIN_PASSWORD);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  return page;
}

const fullnessRow = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Broadcast fullness by screen' }).getByRole('row', { name });

beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD, PAIRING_RATE: '1000' });
  browser = await launchBrowser();
  token = await signInToken(server.url, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the dashboard and a screen’s schedule', () => {
  it('says there are no screens yet, with a way to add one', async () => {
    const page = await cabinet(1400);
    const fullness = page.getByRole('region', { name: 'Broadcast fullness' });
    await fullness.getByText('No screens yet').waitFor();
    await fullness.getByRole('link', { name: 'Add a screen' }).click();
    await see(page.getByRole('heading', { name: 'Media devices' })).toBeVisible();
    await see(page).toHaveURL(/\/point$/);
    await page.context().close();
  });

  it('shows the fullness per screen, refetches per preset, and opens the day of a screen', async () => {
    const lobby = await createScreen('Lobby screen');
    await createScreen('Hall screen');
    const spot = await uploadImage(server.url, token, 'spot.png', { color: '#c2255c' });
    const loop = await uploadImage(server.url, token, 'loop.png', { color: '#1971c2' });
    const promo = await uploadImage(server.url, token, 'promo.png', { color: '#f08c00' });
    // A 30 s ad every 300 s fills 10% of the day; the background loop fills the rest.
    await playlist({
      name: 'Spots every 5 minutes',
      type: 'ADVERTISING',
      periodicity: 300,
      files: [{ fileId: spot, duration: 30 }],
      points: [lobby],
    });
    await playlist({
      name: 'Lobby loop',
      type: 'BACKGROUND',
      files: [{ fileId: loop, duration: 10 }],
      points: [lobby],
    });
    await playlist({
      name: 'Paused promo',
      type: 'ADVERTISING',
      periodicity: 600,
      active: false,
      files: [{ fileId: promo, duration: 15 }],
      points: [lobby],
    });

    const page = await cabinet(1400);
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/dashboard')) requests.push(new URL(r.url()).search);
    });
    await page.reload();
    const screens = page.getByRole('region', { name: 'Screens' });
    await screens.getByRole('link', { name: /Without content\s*1/ }).waitFor();
    expect(await screens.innerText()).toMatch(/Offline\s*2/);
    await page
      .getByRole('region', { name: 'Playlists' })
      .getByRole('link', { name: /Active\s*3/ })
      .waitFor();
    await page.getByRole('progressbar', { name: 'Space used' }).waitFor();

    // One day: the lobby is 10% full, the hall has nothing; the average is over both screens' time.
    const average = page.getByRole('meter', { name: 'Average' });
    await expect.poll(() => average.getAttribute('aria-valuetext')).toBe('5%');
    expect(await fullnessRow(page, 'Lobby screen').innerText()).toMatch(/10%\s+2:24:00\s+24:00:00/);
    expect(await fullnessRow(page, 'Hall screen').innerText()).toMatch(/0%/);
    await page.getByTestId('fullness-bars').locator('canvas').waitFor();
    expect(await page.getByRole('img', { name: /Highest: Lobby screen, 10%/ }).count()).toBe(1);
    await screenshot(page, 'dashboard-two-screens-1400');

    // Another preset asks the server again and says how many days it covers.
    await page.getByRole('radiogroup', { name: 'Date range' }).getByText('2 weeks').click();
    await page.getByText('Days: 14.').waitFor();
    expect(await fullnessRow(page, 'Lobby screen').innerText()).toMatch(/10%\s+33:36:00\s+336:00:00/);
    await page.getByRole('radiogroup', { name: 'Date range' }).getByText('6 months').click();
    await page.getByText(/Days: 18\d\./).waitFor();
    expect(requests).toEqual(expect.arrayContaining(['?range=1d', '?range=2w', '?range=6m']));

    // The table view links each screen to its schedule.
    await page.getByRole('radiogroup', { name: 'View' }).getByText('Table').click();
    await page.getByRole('link', { name: 'Lobby screen' }).click();
    await page.waitForURL(new RegExp(`/point/schedule/${lobby}$`));

    // The day: 288 shows of the ad, the timeline, and the paused playlist with its reason.
    const files = page.getByRole('region', { name: 'Table by files' });
    const spotRow = files.getByRole('row', { name: /spot\.png/ });
    await spotRow.waitFor();
    expect(await spotRow.innerText()).toMatch(
      /Spots every 5 minutes\s+Periodic\s+288\s+2:24:00\s+00:00:00\s+23:55:00/i,
    );
    expect(await files.getByRole('row', { name: /loop\.png/ }).innerText()).toMatch(
      /Fuzzy\/Filling\s+7776\s/i,
    );
    await files.getByText("Times on the screen's clock: UTC").waitFor();
    expect(await page.getByLabel('Broadcast fullness: 10%').count()).toBe(1);
    const unplanned = page.getByRole('region', { name: 'Content that could not be planned' });
    const paused = unplanned.getByRole('row', { name: /Paused promo/ });
    await paused.waitFor();
    expect(await paused.innerText()).toContain('The playlist is turned off.');
    expect(await paused.getByRole('link', { name: 'Paused promo' }).getAttribute('href')).toMatch(
      /\/playlist\/\d+$/,
    );

    // The timeline names what plays under the pointer; a click zooms into that hour, where each show is
    // wide enough to point at.
    const timeline = page.getByRole('slider', { name: 'Timeline of the day' });
    const tooltip = page.getByTestId('schedule-timeline-tooltip');
    let box = (await timeline.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await tooltip.waitFor();
    expect(await tooltip.innerText()).toMatch(/Lobby loop|Spots every 5 minutes/);
    await page.mouse.click(box.x + 2, box.y + box.height / 2);
    await page.getByText('00:00 – 01:00').waitFor();
    box = (await timeline.boundingBox())!;
    // 00:05:15 is in the middle of the second show of the hour.
    await page.mouse.move(box.x + (315 / 3600) * box.width, box.y + box.height / 2);
    await expect.poll(() => tooltip.innerText()).toMatch(/Spots every 5 minutes\s+00:05:00 – 00:05:30/);
    await screenshot(page, 'schedule-hour-1400');
    await page.getByRole('button', { name: 'Next hour' }).click();
    await page.getByText('01:00 – 02:00').waitFor();
    await page.getByRole('button', { name: 'Whole day' }).click();
    await page.getByText('The whole day').waitFor();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await tooltip.waitFor();
    await screenshot(page, 'schedule-1400');

    // From the keyboard the timeline is a slider stepping from stretch to stretch.
    await page.mouse.move(0, 0);
    await timeline.focus();
    await page.keyboard.press('Home');
    expect(await timeline.getAttribute('aria-valuetext')).toBe(
      '00:00:00: Spots every 5 minutes (Periodic), 00:00:00 – 00:00:30, items: 1',
    );
    await page.keyboard.press('ArrowRight');
    expect(await timeline.getAttribute('aria-valuetext')).toBe(
      '00:00:30: Lobby loop (Fuzzy/Filling), 00:00:30 – 00:05:00, items: 27',
    );

    // Another day: the next day's date is asked for, and today comes back with one click.
    const day = page.getByLabel('Day', { exact: true });
    const today = await day.inputValue();
    await page.getByRole('button', { name: 'Next day' }).click();
    await expect.poll(() => day.inputValue()).not.toBe(today);
    await spotRow.waitFor();
    await page.getByRole('button', { name: 'Today' }).click();
    await expect.poll(() => day.inputValue()).toBe(today);
    // Before the playlists begin nothing is planned, and each says why.
    await day.fill(date(-30));
    await page.getByText('Nothing is planned for this day.').first().waitFor();
    expect(await unplanned.getByRole('row', { name: /Lobby loop/ }).innerText()).toContain(
      "This day is outside the playlist's broadcasting period.",
    );
    await page.context().close();
  });

  it('shows the 30 fullest screens, all of them on request, and looks right narrow and dark', async () => {
    for (let i = 1; i <= 30; i++) await createScreen(`Screen ${String(i).padStart(2, '0')}`);
    const wide = await cabinet(1400);
    const toggle = wide.getByRole('button', { name: 'Show all screens (32)' });
    await toggle.click();
    await wide.getByRole('button', { name: 'Show the top 30' }).waitFor();
    expect(await wide.getByRole('button', { name: 'Show the top 30' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    await wide.getByRole('radiogroup', { name: 'View' }).getByText('Table').click();
    // Fullest first, then by name.
    const names = await wide
      .getByRole('table', { name: 'Broadcast fullness by screen' })
      .locator('tbody tr td:first-child')
      .allInnerTexts();
    expect(names).toHaveLength(32);
    expect(names.slice(0, 3)).toEqual(['Lobby screen', 'Hall screen', 'Screen 01']);
    await wide.context().close();

    for (const [width, dark] of [
      [1400, false],
      [390, false],
      [1400, true],
      [390, true],
    ] as const) {
      const page = await cabinet(width, dark);
      await fullnessRow(page, 'Lobby screen').waitFor({ state: 'attached' });
      await page.getByTestId('fullness-bars').locator('canvas').waitFor();
      // The chart fits the page: no sideways scrolling on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await chartsDrawn(page);
      await screenshot(page, `dashboard-${width}${dark ? '-dark' : ''}`);
      if (width === 390 && !dark) {
        const link = page.getByRole('link', { name: /Without content/ });
        await link.waitFor();
        await page.goto(`${server.url}/point/schedule/${await lobbyId()}`);
        await page.getByRole('slider', { name: 'Timeline of the day' }).waitFor();
        await page
          .getByRole('region', { name: 'Table by files' })
          .getByRole('row', { name: /spot\.png/ })
          .waitFor();
        await screenshot(page, 'schedule-390');
      }
      await page.context().close();
    }
  });
});

async function lobbyId(): Promise<number> {
  const list = await apiCall<{ points: { id: number; name: string }[] }>(server.url, '/point?limit=100', {
    token,
  });
  return list.points.find((p) => p.name === 'Lobby screen')!.id;
}
