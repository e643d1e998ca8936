import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.js';
import { apiCall, signInToken, uploadImage } from './support/api.js';
import { openNewPlaylist, pickFiles, signIn } from './support/pages.js';
import { startServer, type RunningServer } from './support/server.js';
import { see } from './support/see.js';

const ADMIN_PASSWORD = 'Admin-pass-1!';
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD });
  browser = await launchBrowser();
  const token = await signInToken(server.url, 'admin', ADMIN_PASSWORD);
  await uploadImage(server.url, token, 'morning.png', { color: '#f08c00' });
  await uploadImage(server.url, token, 'coffee.png', { color: '#5c940d' });
  await uploadImage(server.url, token, 'spot.png', { color: '#c2255c' });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const segment = (page: Page, label: string) => page.locator('label', { hasText: new RegExp(`^${label}$`) });

describe('playlists in the browser', () => {
  it('builds a block playlist from uploaded files, meeting the validation messages on the way', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await signIn(page, server.url, 'admin', ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await openNewPlaylist(page);

    // The defaults of spec §4: 'pl' plus today's date, all day, every day.
    const name = page.getByLabel('Name', { exact: true });
    expect(await name.inputValue()).toMatch(/^pl \d{4}-\d{2}-\d{2}$/);
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('00:00:00');
    await name.fill('Morning block');
    await segment(page, 'Block').click();
    await page.getByLabel('Block duration, s').fill('3000');
    await page.getByLabel('Section 1 duration, s').waitFor();
    expect(await page.getByLabel('Section 2 duplicates the previous one').isChecked()).toBe(true);
    await pickFiles(page, 0, ['morning.png', 'coffee.png']);
    await pickFiles(page, 1, ['spot.png']);
    await page.getByText('Section 1 files').waitFor();

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The sections are longer than the block').first().waitFor();
    await page.getByLabel('Block duration, s').fill('3600');

    await page.getByLabel('End', { exact: true }).fill('2020-01-01T10:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('End broadcasting time must not be before the start').waitFor();
    await page.getByLabel('End', { exact: true }).fill('2031-01-01T10:00');
    await screenshot(page, 'playlist-edit-1400');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/playlist\/\d+$/);
    await page.getByRole('heading', { name: 'Morning block' }).waitFor();
    // What was saved is what the server gives back after a reload.
    await page.reload();
    await page.getByRole('heading', { name: 'Morning block' }).waitFor();
    expect(await page.getByLabel('Section 1 duration, s').inputValue()).toBe('1800');
    for (const file of ['morning.png', 'coffee.png', 'spot.png']) {
      await page.getByRole('button', { name: `Remove ${file} from the playlist` }).waitFor();
    }

    // Leaving with an unsaved change asks first (the cabinet's dialog); staying keeps the change.
    await page.getByLabel('Name', { exact: true }).fill('Morning block v2');
    const menuLink = page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Playlists' });
    await menuLink.click();
    const dialog = page.getByRole('dialog', { name: 'Please confirm' });
    await dialog.getByText('You have unsaved changes. Leave anyway?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Morning block v2');
    await menuLink.click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const row = page.getByRole('row', { name: /Morning block/ });
    await row.waitFor();
    expect(await row.innerText()).toContain('Block');
    await screenshot(page, 'playlists-1400');
    await context.close();
  });

  it('offers the reachable values when a number of shows cannot be met exactly', async () => {
    const context = await browser.newContext({ viewport: { width: 420, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server.url, 'admin', ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.goto(`${server.url}/playlist/create`);
    await page.getByRole('heading', { name: 'New playlist' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Spot every so often');
    await segment(page, 'Periodic').click();
    await pickFiles(page, 0, ['spot.png']);
    await page.getByLabel('Duration of spot.png, s').fill('1');
    await page.getByLabel('From', { exact: true }).fill('10:00:00');
    await page.getByLabel('To', { exact: true }).fill('10:01:40');
    await segment(page, 'Playbacks').click();
    // 100 s a day of 1 s shows: a day holds 100, 50, 33, 25... but never 60.
    await page.getByLabel('Number of shows').fill('60');
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText('This exact value cannot be reached. Please choose one of the suggested values')
      .waitFor();
    const suggested = page.getByRole('group', { name: 'Suggested values' });
    await suggested.waitFor();
    await screenshot(page, 'playlist-suggestions-420');
    await suggested.getByRole('button', { name: '50', exact: true }).click();
    expect(await page.getByLabel('Number of shows').inputValue()).toBe('50');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/playlist\/\d+$/);

    const token = await signInToken(server.url, 'admin', ADMIN_PASSWORD);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const saved = await apiCall<{ periodicity: number; scheduleMode: string; type: string }>(
      server.url,
      `/playlist/${id}`,
      { token },
    );
    expect(saved).toMatchObject({ periodicity: 50, scheduleMode: 'SHOWS', type: 'ADVERTISING' });
    await context.close();
  });

  it('makes a floating window with a backdrop colour, bound to coordinates, with a pasted tracking tag', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await signIn(page, server.url, 'admin', ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await openNewPlaylist(page);
    await page.getByLabel('Name', { exact: true }).fill('Logo corner');
    await segment(page, 'Floating').click();
    await pickFiles(page, 0, ['spot.png']);
    await page.getByLabel('Window position', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Top left' }).click();
    await page.getByLabel('Window width, % of the screen').fill('20');
    await page.getByLabel('Theme', { exact: true }).first().click();
    await page.getByRole('option', { name: 'A colour…' }).click();
    await page.getByLabel('Backdrop colour').fill('#224466');
    await page.getByLabel('Interval between items, s').fill('50');
    await page.getByRole('switch', { name: 'Bound to coordinates' }).check();
    await page.getByLabel('Latitude').fill('45.4642');
    await page.getByLabel('Longitude').fill('9.19');
    await page.getByLabel('Radius, m').fill('3000');
    // A tracking service's <img> tag: the address inside it is what is kept.
    await page
      .getByLabel('Tracking pixel (third-party code)')
      .fill('<img src="https://tracker.example.com/p.gif?e={EVENT_ID}" width="1" height="1">');
    expect(await page.getByLabel('Tracking pixel (third-party code)').inputValue()).toBe(
      'https://tracker.example.com/p.gif?e={EVENT_ID}',
    );
    await screenshot(page, 'playlist-floating-1400');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/playlist\/\d+$/);
    const token = await signInToken(server.url, 'admin', ADMIN_PASSWORD);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const saved = await apiCall<Record<string, unknown>>(server.url, `/playlist/${id}`, { token });
    expect(saved).toMatchObject({
      type: 'FLOATING',
      floating: { position: 'TOP_LEFT', size: 20 },
      theme: '#224466',
      interval: 50,
      geofence: { lat: 45.4642, lng: 9.19, radius: 3000 },
      pixel: 'https://tracker.example.com/p.gif?e={EVENT_ID}',
    });
    // A pixel that is not an address is refused in words, nothing saved.
    // (Enter submits: the toast of the first save may still cover the Save button.)
    await page.getByLabel('Tracking pixel (third-party code)').fill('tracking code');
    await page.getByLabel('Tracking pixel (third-party code)').press('Enter');
    await page.getByText('The tracking pixel must be an http:// or https:// address').first().waitFor();
    await context.close();
  });

  it('speaks Russian on a narrow screen', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server.url, 'admin', ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.goto(`${server.url}/ru/playlist/create`);
    await page.getByRole('heading', { name: 'Новый плейлист' }).waitFor();
    await page.getByRole('region', { name: 'Основное' }).waitFor();
    await segment(page, 'Блок').click();
    await see(page.getByRole('button', { name: 'Добавить секцию' })).toBeVisible();
    await see(page.locator('html')).toHaveAttribute('lang', 'ru');
    await screenshot(page, 'playlist-edit-ru-390');
    await context.close();
  });
});
