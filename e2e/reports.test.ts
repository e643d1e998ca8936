import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.js';
import { apiCall, signInToken, uploadImage } from './support/api.js';
import { signIn } from './support/pages.js';
import { startServer, type RunningServer } from './support/server.js';

const ADMIN_PASSWORD = 'Admin-pass-1!';
let server: RunningServer;
let browser: Browser;
let token: string;
let lobbyId: number;
let lobbyDevice: string;
let spotId: number;

/** Yesterday in UTC, the screen's default zone: inside the report's default 7 days, and in the past. */
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** A screen as a player pairs it: a code, bound by the admin, claimed for the device token. */
async function pairScreen(name: string): Promise<{ pointId: number; deviceToken: string }> {
  const deviceKey = randomBytes(32).toString('hex');
  const { code } = await apiCall<{ code: string }>(server.url, '/player/pair', { body: { deviceKey } });
  const point = await apiCall<{ id: number }>(server.url, `/point/bind-by-code/${code}`, {
    token,
    body: { name },
  });
  const claimed = await apiCall<{ token: string }>(server.url, '/player/claim', {
    body: { deviceKey, code },
  });
  return { pointId: point.id, deviceToken: claimed.token };
}

/** Proof of play as the player sends it: `count` shows of 15 s starting at a UTC time of yesterday. */
async function playback(deviceToken: string, fileId: number, time: string, count: number): Promise<void> {
  const start = Date.parse(`${yesterday}T${time}Z`);
  const events = Array.from({ length: count }, (_, i) => ({
    eventId: randomUUID(),
    fileId,
    playlistId: null,
    startedAt: new Date(start + i * 60_000).toISOString(),
    endedAt: new Date(start + i * 60_000 + 15_000).toISOString(),
    duration: 15,
  }));
  const res = await fetch(`${server.url}/api/player/playback`, {
    method: 'POST',
    headers: { authorization: `Bearer ${deviceToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ events }),
  });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { acked: string[] }).acked).toHaveLength(count);
}

async function cabinet(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page, server.url, 'admin', ADMIN_PASSWORD);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  return page;
}

beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD, PAIRING_RATE: '1000' });
  browser = await launchBrowser();
  token = await signInToken(server.url, 'admin', ADMIN_PASSWORD);
  const lobby = await pairScreen('Lobby screen');
  lobbyId = lobby.pointId;
  lobbyDevice = lobby.deviceToken;
  const hall = await pairScreen('Hall screen');
  const spot = await uploadImage(server.url, token, 'spot.png');
  spotId = spot;
  // Five shows: three in the lobby at 10:00, two in the hall at 11:00 (UTC, the screens' clock).
  await playback(lobby.deviceToken, spot, '10:05:00', 3);
  await playback(hall.deviceToken, spot, '11:10:00', 2);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('statistics: the report, the list and an export', () => {
  /** The figures above a report and its table's totals row say the same, in every view. */
  async function totalsAgree(page: Page, table: Locator): Promise<void> {
    await table.locator('tfoot tr').first().waitFor();
    const headers = await table.locator('thead th').allInnerTexts();
    for (const [key, header] of [
      ['shows', 'Shows'],
      ['seconds', 'Time shown'],
      ['impressions', 'Impressions'],
      ['revenue', 'Revenue'],
      ['cost', 'Cost'],
    ] as const) {
      const column = headers.findIndex((h) => h.trim() === header);
      expect(column, header).toBeGreaterThan(0);
      const footer = (
        await table.locator('tfoot tr').first().locator('th, td').nth(column).innerText()
      ).trim();
      await expect.poll(() => page.getByTestId(`total-${key}`).innerText(), { timeout: 5000 }).toBe(footer);
    }
  }

  it('shows the shows per hour, per screen and in total', async () => {
    const page = await cabinet(1400);
    await page.goto(`${server.url}/statistics/report`);
    await page.getByRole('heading', { name: 'Report', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('total-shows').innerText()).toBe('5');
    // A week: per day, headed Day; durations read as h:mm:ss.
    const days = page.getByRole('table', { name: 'Shows per day on the screens’ clocks' });
    await days.getByRole('columnheader', { name: 'Day' }).waitFor();
    expect(await days.getByRole('row', { name: new RegExp(`^${yesterday}`) }).innerText()).toMatch(
      /\s5\s+0:01:15/,
    );
    expect(await days.getByRole('row', { name: /^Total/ }).innerText()).toMatch(/Total\s+5\s+0:01:15/);
    await totalsAgree(page, days);
    await page.getByTestId('report-chart').locator('canvas').waitFor();
    await screenshot(page, 'statistics-report-1400');
    // Hour by hour on request.
    await page.getByText('Per hour', { exact: true }).click();
    const hours = page.getByRole('table', { name: 'Shows per hour on the screens’ clocks' });
    expect(await hours.getByRole('row', { name: new RegExp(`^${yesterday} 10:00`) }).innerText()).toMatch(
      /\s3\s+0:00:45/,
    );
    expect(await hours.getByRole('row', { name: new RegExp(`^${yesterday} 11:00`) }).innerText()).toMatch(
      /\s2\s/,
    );
    await totalsAgree(page, hours);

    // By instances: one row per screen; the view is kept in the address.
    await page.getByRole('tab', { name: 'By instances' }).click();
    const screens = page.getByRole('table', { name: 'Shows per screen' });
    expect(await screens.getByRole('row', { name: /^Lobby screen/ }).innerText()).toMatch(
      /Lobby screen\s+3\s/,
    );
    expect(await screens.getByRole('row', { name: /^Hall screen/ }).innerText()).toMatch(/Hall screen\s+2\s/);
    expect(new URL(page.url()).searchParams.get('view')).toBe('instances');
    await totalsAgree(page, screens);
    await page.getByRole('tab', { name: 'By files' }).click();
    await totalsAgree(page, page.getByRole('table', { name: 'Shows per playlist and file' }));
    await page.getByRole('tab', { name: 'By instances' }).click();

    // A filter by one screen reaches the server and the address.
    await page.getByRole('combobox', { name: 'Screens' }).click();
    await page.getByRole('option', { name: 'Hall screen' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('total-shows').innerText()).toBe('2');
    expect(new URL(page.url()).searchParams.get('points')).not.toBeNull();
    await page.context().close();
  });

  it('names a file filter that comes with the address', async () => {
    const page = await cabinet(1400);
    await page.goto(`${server.url}/statistics/report?files=${spotId}&view=files`);
    await expect.poll(() => page.getByTestId('total-shows').innerText()).toBe('5');
    await page.getByRole('region', { name: 'Filters' }).getByText('spot.png', { exact: true }).waitFor();
    const files = page.getByRole('table', { name: 'Shows per playlist and file' });
    expect(await files.getByRole('row', { name: /^Outside playlists/ }).innerText()).toMatch(
      /spot\.png\s+5\s/,
    );
    await page.context().close();
  });

  it('lists every show and downloads them as CSV', async () => {
    const page = await cabinet(1400);
    await page.goto(`${server.url}/statistics/list`);
    const table = page.getByRole('table', { name: 'Every show in the period, newest first' });
    await table.waitFor();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(5);
    expect(await table.locator('tbody tr').first().innerText()).toMatch(/Hall screen[\s\S]*spot\.png/);
    await page.getByText('Total: 5').waitFor();

    // Columns can be hidden, and the choice survives a reload.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Channel' }).uncheck();
    await page.keyboard.press('Escape');
    expect(await table.getByRole('columnheader', { name: 'Channel' }).count()).toBe(0);
    await page.reload();
    await table.locator('tbody tr').first().waitFor();
    expect(await table.getByRole('columnheader', { name: 'Channel' }).count()).toBe(0);
    expect(await table.getByRole('columnheader', { name: 'Screen' }).count()).toBe(1);

    // The page size lives in the address: a reload (or a shared link) keeps it.
    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '100', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('limit')).toBe('100');
    await page.reload();
    await table.locator('tbody tr').first().waitFor();
    expect(await page.getByRole('combobox', { name: 'Rows per page' }).inputValue()).toBe('100');
    await page.goto(`${server.url}/statistics/list?limit=50&page=-1`);
    await table.locator('tbody tr').first().waitFor();
    expect(await page.getByRole('combobox', { name: 'Rows per page' }).inputValue()).toBe('10');

    // CSV, fetched with the session's token and saved by the browser.
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(6);
    expect(lines.slice(1).filter((line) => line.includes('spot.png'))).toHaveLength(5);
    expect(lines.slice(1).filter((line) => line.includes('Lobby screen'))).toHaveLength(3);
    await page.context().close();
  });

  it('downloads the report by instances as XLSX and by files as PDF', async () => {
    const page = await cabinet(1400);
    for (const [view, format, extension, magic] of [
      ['instances', 'Excel (XLSX)', 'xlsx', 'PK'],
      ['files', 'PDF', 'pdf', '%PDF'],
    ] as const) {
      await page.goto(`${server.url}/statistics/report?view=${view}`);
      await expect.poll(() => page.getByTestId('total-shows').innerText()).toBe('5');
      await page.getByRole('button', { name: 'Export' }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: format, exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`\\.${extension}$`));
      const bytes = await readFile((await download.path())!);
      expect(bytes.subarray(0, magic.length).toString('latin1')).toBe(magic);
    }
    await page.context().close();
  });

  it('prepares an export in the background and offers it for download', async () => {
    const page = await cabinet(1400);
    await page.goto(`${server.url}/statistics/report`);
    await expect.poll(() => page.getByTestId('total-shows').innerText()).toBe('5');
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'Prepare CSV' }).click();
    const spool = page.getByRole('region', { name: 'Prepared exports' });
    // The list polls while the job runs; once done its name becomes a signed download link.
    const link = spool.getByRole('link', { name: /\.csv$/ });
    await link.waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    expect(csv).toContain(`${yesterday} 10:00`);
    // Kept a week from when it finished.
    await spool.getByText(/^Kept until /).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'statistics-spool-1400');
    await page.context().close();
  });

  it('shows a screen’s audience per hour of its day, measured hours included', async () => {
    const page = await cabinet(1400);
    await page.goto(`${server.url}/point/audience/${lobbyId}`);
    const report = page.getByRole('region', { name: 'Audience report' });
    await expect.poll(() => report.getByTestId('audience-shows').innerText()).toBe('3');
    const table = report.getByRole('table', {
      name: 'Viewers, shows and impressions per hour of the screen’s day',
    });
    expect(await table.getByRole('row', { name: /^10:00/ }).innerText()).toMatch(/10:00\s+0\s+3\s+0\s+0/);
    expect(await report.getByTestId('audience-measured').innerText()).toBe(
      'The screen measured no audience in this period: its settings count.',
    );

    // The screen's people counter reports 4 viewers per show for that hour: its three shows follow.
    const res = await fetch(`${server.url}/api/player/audience`, {
      method: 'POST',
      headers: { authorization: `Bearer ${lobbyDevice}`, 'content-type': 'application/json' },
      body: JSON.stringify({ hours: [{ hour: `${yesterday}T10:30:00Z`, viewers: 4 }] }),
    });
    expect(await res.json()).toEqual({ hours: 1, shows: 3 });
    await page.reload();
    await expect
      .poll(() => table.getByRole('row', { name: /^10:00/ }).innerText())
      .toMatch(/10:00\s+4\s+3\s+12\s+1/);
    expect(await report.getByTestId('audience-measured').innerText()).toMatch(
      /^Hours whose audience the screen measured in this period: 1\./,
    );
    await report.getByTestId('audience-chart').locator('canvas').waitFor();
    await screenshot(page, 'point-audience-1400');
    await page.setViewportSize({ width: 390, height: 900 });
    await screenshot(page, 'point-audience-390');
    await page.context().close();
  });

  it('shows the impressions per day and source', async () => {
    const page = await cabinet(1400);
    await page.goto(`${server.url}/impressions`);
    const table = page.getByRole('table', { name: 'Impressions per day and source' });
    expect(await table.getByRole('row', { name: new RegExp(`^${yesterday}`) }).innerText()).toMatch(/\s5\s/);
    expect(await table.getByRole('row', { name: /^Total/ }).innerText()).toMatch(/Total\s+5\s/);
    await page.getByTestId('impressions-chart').locator('canvas').waitFor();
    await page.context().close();
  });

  it('gives an observer the report without the list or filters it may not read', async () => {
    // An owner of a cabinet of their own adds the observer (an observer sees their cabinet's statistics).
    await apiCall(server.url, '/user/post', {
      token,
      body: { login: 'statowner', name: 'Stat owner', password: 'owner-pass-1', role: 'owner' },
    });
    const ownerToken = await signInToken(server.url, 'statowner', 'owner-pass-1');
    await apiCall(server.url, '/cabinet/add-member', {
      token: ownerToken,
      body: { login: 'watcher', name: 'Watcher', password: 'watcher-pass-1', role: 'observer' },
    });
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    const failures: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/') && r.status() >= 400) failures.push(`${r.status()} ${r.url()}`);
    });
    await signIn(page, server.url, 'watcher', 'watcher-pass-1');
    await page.waitForURL((url) => url.pathname === '/statistics/report');
    await expect.poll(() => page.getByTestId('total-shows').innerText()).toBe('0');
    await page.getByText('No shows in this period').waitFor();
    const filters = page.getByRole('region', { name: 'Filters' });
    await filters.getByRole('combobox', { name: 'Playlists' }).waitFor();
    expect(await filters.getByRole('combobox', { name: 'Screens' }).count()).toBe(0);
    expect(await filters.getByRole('combobox', { name: 'Files' }).count()).toBe(0);
    expect(failures).toEqual([]);
    await page.goto(`${server.url}/statistics/list`);
    await page.getByRole('heading', { name: '404 Not Found' }).waitFor();
    await context.close();
  });

  it('lays the report out on a phone', async () => {
    const page = await cabinet(390);
    await page.goto(`${server.url}/statistics/report`);
    await expect.poll(() => page.getByTestId('total-shows').innerText()).toBe('5');
    await page.getByTestId('report-chart').locator('canvas').waitFor();
    // Nothing but the tables' own scroll areas is wider than the phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'statistics-report-390');
    await page.context().close();
  });

  it('lets the admin correct a show, and the report follows', async () => {
    const page = await cabinet(1400);
    await page.goto(`${server.url}/statistics/list`);
    const table = page.getByRole('table', { name: 'Every show in the period, newest first' });
    // The table comes with the page's data; a count does not wait for it, so the table is waited for first.
    await table.waitFor();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(5);
    await table
      .getByRole('button', { name: /^Correct the show of / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Correct shows: 1' });
    await dialog.getByLabel('Impressions').fill('7');
    await dialog.getByLabel('Revenue').fill('1.5');
    await screenshot(page, 'statistics-correct-1400');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => table.locator('tbody tr').first().innerText()).toMatch(/\s7\s+1\.50\s/);

    // Several at once: every show of the page moves to another source.
    await table.getByRole('checkbox', { name: 'Select every show on this page' }).check();
    await page.getByRole('button', { name: 'Correct selected: 5' }).click();
    const many = page.getByRole('dialog', { name: 'Correct shows: 5' });
    await many.getByRole('combobox', { name: 'Source' }).click();
    await page.getByRole('option', { name: 'Auction' }).click();
    await many.getByRole('button', { name: 'Save' }).click();
    await many.waitFor({ state: 'hidden' });
    await expect
      .poll(
        async () =>
          (await table.locator('tbody tr').allInnerTexts()).filter((row) => /Auction/.test(row)).length,
      )
      .toBe(5);
    expect(await page.getByRole('button', { name: /^Correct selected/ }).count()).toBe(0);

    await page.goto(`${server.url}/statistics/report`);
    // 7 on the corrected show, and the lobby's three shows of a measured 4 each.
    await expect.poll(() => page.getByTestId('total-impressions').innerText()).toBe('19');
    expect(await page.getByTestId('total-revenue').innerText()).toBe('1.50');
    await page.context().close();
  });
});
