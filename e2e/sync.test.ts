import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.js';
import { apiCall, signInToken, uploadImage } from './support/api.js';
import { openNewPlaylist, pickFiles, playerCode, signIn } from './support/pages.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * The screen plays what the cabinet says it plays: a PASSIVE playlist saved in the cabinet reaches a
 * playing screen at its next regular sync (one minute here), the cabinet says so when saving, and the
 * screen's badge says Not synchronized, with what waits, until the player plays it.
 */
const ADMIN_PASSWORD = 'Admin-pass-1!';
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD, FLEET_FLUSH_MS: '300' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const nowPlaying = (player: Page, name: string) =>
  player.locator(`[data-testid="now-playing"][data-name="${name}"]`);

/** The badge on the screen's page, read after a reload. */
async function badge(page: Page, url: string): Promise<string | null> {
  await page.goto(url);
  const status = page.getByTestId('sync-status');
  await status.waitFor();
  return status.getAttribute('data-status');
}

describe('synchronisation', () => {
  it('a PASSIVE playlist saved in the cabinet plays at the next sync, and the badge tells the truth meanwhile', async () => {
    const token = await signInToken(server.url, 'admin', ADMIN_PASSWORD);
    await uploadImage(server.url, token, 'poster.png', { color: '#1864ab' });
    await uploadImage(server.url, token, 'evening.png', { color: '#e8590c' });

    // A playing screen, syncing every minute.
    const playerContext = await browser.newContext({ viewport: { width: 960, height: 540 } });
    const player = await playerContext.newPage();
    const code = await playerCode(player, server.url);
    const point = await apiCall<{ id: number }>(server.url, `/point/bind-by-code/${code}`, {
      token,
      body: { name: 'Sync screen' },
    });
    const poster = (
      await apiCall<{ data: { id: number; name: string }[] }>(server.url, '/folder/search?search=poster', {
        token,
      })
    ).data[0]!.id;
    // A screen with nothing to play gets its first content at once, whatever the influence.
    await apiCall(server.url, '/playlist/post', {
      token,
      body: { name: 'Posters', points: [point.id], files: [{ fileId: poster, duration: 5 }] },
    });
    await nowPlaying(player, 'poster.png').waitFor({ timeout: 30_000 });
    await apiCall(server.url, `/point/patch/${point.id}`, { token, body: { syncInterval: 1 } });

    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await signIn(page, server.url, 'admin', ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const pointUrl = `${server.url}/point/${point.id}`;
    await expect.poll(() => badge(page, pointUrl), { timeout: 30_000, interval: 1000 }).toBe('SYNCHRONIZED');

    // A new PASSIVE playlist for the screen, made in the editor.
    await openNewPlaylist(page);
    await page.getByLabel('Name', { exact: true }).fill('Evening');
    await pickFiles(page, 0, ['evening.png']);
    await page.getByRole('combobox', { name: 'Screens' }).fill('Sync');
    await page.getByRole('option', { name: 'Sync screen' }).click();
    await page.getByText('they update afterwards', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/playlist\/\d+$/);
    const note = page.getByTestId('content-update');
    await note.waitFor();
    expect(await note.innerText()).toBe('1 screen updates at its next sync, within 1 min.');
    const saved = Date.now();
    await screenshot(page, 'playlist-saved-passive-1400');

    // Until the screen fetches it, it plays the old content and the cabinet says what waits.
    expect(await badge(page, pointUrl)).toBe('NOT_SYNCHRONIZED');
    expect(await page.getByTestId('sync-pending').innerText()).toMatch(
      /^Waiting for an update \(playlist “Evening”\) since /,
    );
    await screenshot(page, 'point-not-synchronized-1400');
    expect(await nowPlaying(player, 'evening.png').count()).toBe(0);
    // The same on a phone, in the dark theme.
    const phone = await browser.newContext({ viewport: { width: 400, height: 860 } });
    await phone.addInitScript(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
    const narrow = await phone.newPage();
    await signIn(narrow, server.url, 'admin', ADMIN_PASSWORD);
    await narrow.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await narrow.goto(pointUrl);
    await narrow.getByTestId('sync-pending').waitFor();
    await screenshot(narrow, 'point-not-synchronized-400-dark');
    await narrow.goto(`${server.url}/point/settings/${point.id}`);
    await narrow.getByLabel('Content sync every, min').waitFor();
    await screenshot(narrow, 'point-settings-400-dark');
    await phone.close();

    // Within the promised minute (and its spread) the player plays it, and the badge follows.
    await nowPlaying(player, 'evening.png').waitFor({ timeout: 80_000 });
    expect(Date.now() - saved).toBeLessThan(80_000);
    await expect.poll(() => badge(page, pointUrl), { timeout: 20_000, interval: 1000 }).toBe('SYNCHRONIZED');
    expect(await page.getByTestId('sync-pending').count()).toBe(0);
    await screenshot(page, 'point-synchronized-1400');
    await context.close();
    await playerContext.close();
  }, 180_000);
});
