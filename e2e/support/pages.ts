import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCall } from './api.js';

export async function signIn(
  page: Page,
  base: string,
  login: string,
  password: string,
  path = '/login',
): Promise<void> {
  await page.goto(`${base}${path}`);
  await page.getByLabel('Login or e-mail').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The side menu's entries in order, as a person reads them. */
export async function menuEntries(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.locator('a, button').first().waitFor();
  return (await nav.locator('a, button').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
}

/** Opens the web player in `page` and answers the pairing code it shows (six letters and digits). */
export async function playerCode(page: Page, base: string): Promise<string> {
  await page.goto(`${base}/player/`);
  const box = page.getByTestId('pairing-code');
  await box.waitFor();
  await expect.poll(async () => (await box.innerText()).trim()).toMatch(/^[A-Z0-9]{6}$/);
  return (await box.innerText()).trim();
}

/**
 * A 1280x720 web player paired as a new screen named `name` (bound with `token`, as a script would);
 * `init` runs in the page before the player does.
 */
export async function pairedPlayer(
  browser: Browser,
  base: string,
  token: string,
  name: string,
  init?: () => void,
): Promise<{ page: Page; pointId: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const code = await playerCode(page, base);
  const point = await apiCall<{ id: number }>(base, `/point/bind-by-code/${code}`, {
    token,
    body: { name },
  });
  return { page, pointId: point.id };
}

/** From the side menu to an empty playlist editor. */
export async function openNewPlaylist(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Playlists' }).click();
  await page.getByRole('heading', { name: 'Playlists' }).waitFor();
  await page.getByRole('link', { name: 'New playlist' }).click();
  await page.getByRole('heading', { name: 'New playlist' }).waitFor();
}

/** Opens the picker of the n-th 'Add files' button of the playlist editor and chooses the named files. */
export async function pickFiles(page: Page, n: number, names: string[]): Promise<void> {
  await page.getByRole('button', { name: 'Add files' }).nth(n).click();
  const dialog = page.getByRole('dialog', { name: 'Add files' });
  for (const name of names) await dialog.getByRole('checkbox', { name: `Select ${name}` }).check();
  await dialog.getByRole('button', { name: 'Choose' }).click();
  await dialog.waitFor({ state: 'hidden' });
}
