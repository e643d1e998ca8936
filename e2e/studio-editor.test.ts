import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { StudioItem } from '@vitrine/core';
import { screenshot } from './support/browser.js';
import { apiCall, uploadImage } from './support/api.js';
import { renamedTtf } from './support/fonts.js';
import { pairedPlayer, signIn } from './support/pages.js';
import type { RunningServer } from './support/server.js';
import { startStage, stopStage } from './support/stage.js';
import { painted } from './support/settle.js';

/** Whether a face of `family` has loaded in the page (not only been added). */
const fontLoaded = (page: Page, family: string) =>
  page.evaluate(
    (name) => [...document.fonts].some((f) => f.family.replace(/"/g, '') === name && f.status === 'loaded'),
    family,
  );

/**
 * The widget builder end to end: a widget of text, a library picture and a clock built in the editor,
 * saved, put in a playlist and shown by a paired player; the editor's preview and the screen agree pixel
 * for pixel (at the same scale) within a small tolerance, since both draw with packages/render.
 */
const ADMIN_PASSWORD = 'Admin-pass-1!';
let server: RunningServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  ({ server, browser, token } = await startStage(ADMIN_PASSWORD, { FLEET_FLUSH_MS: '300' }));
});
afterAll(() => stopStage({ server, browser }));

/** A picture reduced to 320x180 RGB bytes, so renders at different scales compare. */
const pixels = async (png: Buffer) =>
  sharp(png).resize(320, 180, { fit: 'fill' }).removeAlpha().raw().toBuffer();

async function meanDifference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = [await pixels(a), await pixels(b)];
  let sum = 0;
  for (let i = 0; i < x.length; i += 1) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}

describe('the widget builder', () => {
  it('builds a widget that a paired screen shows as the editor drew it', async () => {
    await uploadImage(server.url, token, 'editor-logo.png', {
      color: '#2f9e44',
      width: 400,
      height: 200,
      label: 'Brand',
    });
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await signIn(page, server.url, 'admin', ADMIN_PASSWORD);
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await page.goto(`${server.url}/widgets/new`);
    await page.getByRole('heading', { name: 'Widget builder' }).waitFor();
    await page.getByLabel('Name').fill('Editor widget');
    await page.getByRole('combobox', { name: 'Canvas size' }).click();
    await page.getByRole('option', { name: 'HD (1280 × 720)' }).click();

    await page.getByRole('button', { name: 'Add text' }).click();
    await page.getByLabel('Text', { exact: true }).fill('Made in the editor');
    await page.getByRole('button', { name: 'Add image' }).click();
    await page.getByRole('button', { name: 'Add clock' }).click();
    // Dragged by its box on the canvas: the clock moves down and to the left.
    const clockBox = page.locator('[data-layer-box="clock-1"]');
    const before = (await clockBox.boundingBox())!;
    await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
    await page.mouse.down();
    await page.mouse.move(before.x + before.width / 2 - 120, before.y + before.height / 2 + 100, {
      steps: 5,
    });
    await page.mouse.up();
    const after = (await clockBox.boundingBox())!;
    expect(after.x).toBeLessThan(before.x - 50);
    // Undo puts it back, redo moves it again.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+z');
    await expect.poll(async () => Math.round((await clockBox.boundingBox())!.x)).toBe(Math.round(before.x));
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(async () => Math.round((await clockBox.boundingBox())!.x)).toBe(Math.round(after.x));
    await expect(page.getByTestId('studio-preview').innerText()).resolves.toContain('Made in the editor');
    // The align tools put the selected layer at the canvas's bottom edge.
    await clockBox.click();
    await page.getByRole('button', { name: 'Align bottom' }).click();

    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/widgets\/\d+$/);
    const id = Number(/\/widgets\/(\d+)$/.exec(page.url())![1]);
    const widget = await apiCall<StudioItem>(server.url, `/widget/${id}`, { token });
    expect(widget.document.pages[0]!.layers.map((l) => l.kind)).toEqual(['text', 'image', 'clock']);
    const clock = widget.document.pages[0]!.layers[2]!;
    expect(clock.y + clock.height).toBe(720);
    // A thumbnail of the page, taken in the browser on save.
    expect(widget.thumbnail).toMatch(/^data:image\/jpeg;base64,/);
    await screenshot(page, 'studio-editor-wide');

    // The list shows it, searchable.
    await page.goto(`${server.url}/widgets?search=Editor`);
    await page.getByRole('link', { name: 'Editor widget' }).waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('img', { name: 'Thumbnail of Editor widget' })
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBe(320);
    await screenshot(page, 'studio-list-wide');

    // On a screen.
    const { page: player, pointId } = await pairedPlayer(browser, server.url, token, 'Editor screen');
    await player.waitForFunction(() => document.body.dataset.state === 'idle');
    await apiCall(server.url, '/playlist/post', {
      token,
      body: {
        name: 'Editor playlist',
        influence: 'ACTIVE',
        points: [pointId],
        files: [{ fileId: widget.fileId, duration: 60 }],
      },
    });
    const drawn = player.locator('[data-studio-page]').first();
    await drawn.waitFor({ timeout: 30_000 });
    await expect.poll(() => drawn.innerText(), { timeout: 15_000 }).toContain('Made in the editor');
    await expect
      .poll(() => drawn.locator('img').evaluate((img) => (img as HTMLImageElement).complete))
      .toBe(true);

    // The editor's preview of the saved widget against the screen, at the same scale.
    await page.goto(`${server.url}/widgets/${id}`);
    const preview = page.getByTestId('studio-preview');
    await expect.poll(() => preview.innerText()).toContain('Made in the editor');
    await expect
      .poll(() => preview.locator('img').evaluate((img) => (img as HTMLImageElement).complete))
      .toBe(true);
    await page.keyboard.press('Escape');
    // Taken within the same minute, so the clocks read alike.
    const [editorShot, playerShot] = await Promise.all([
      preview.screenshot({ animations: 'disabled' }),
      player
        .locator('[data-studio-page]')
        .filter({ visible: true })
        .last()
        .screenshot({ animations: 'disabled' }),
    ]);
    const difference = await meanDifference(editorShot, playerShot);
    expect(difference).toBeLessThan(6);
    await screenshot(player, 'studio-editor-player');
  }, 180_000);

  it('draws text in a font the cabinet uploaded, and names a family that is not there', async () => {
    const upload = await fetch(`${server.url}/api/file/upload?folderId=0`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'x-file-name': 'brand.ttf',
        'content-type': 'application/octet-stream',
      },
      body: new Uint8Array(renamedTtf('Brandy')),
    });
    const font = (await upload.json()) as { id: number; kind: string; fontFamily: string };
    expect(font).toMatchObject({ kind: 'font', fontFamily: 'Brandy' });

    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await signIn(page, server.url, 'admin', ADMIN_PASSWORD);
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await page.goto(`${server.url}/widgets/new`);
    await page.getByRole('heading', { name: 'Widget builder' }).waitFor();
    await page.getByLabel('Name').fill('Branded widget');
    await page.getByRole('button', { name: 'Add text' }).click();
    await page.getByLabel('Text', { exact: true }).fill('In our own letters');
    const picker = page.getByRole('combobox', { name: 'Font', exact: true });
    const brandy = page.getByRole('option', { name: 'Brandy' });
    await picker.click();
    await brandy.waitFor();
    await screenshot(page, 'studio-font-picker-wide');
    // The full-page picture may have closed the list (it fades out, then leaves the document): close it for
    // sure, wait until it is gone, and open it again.
    await page.keyboard.press('Escape');
    await expect.poll(() => brandy.count()).toBe(0);
    await picker.click();
    await brandy.click();
    // Loaded from the library file's address, and drawn with it: no warning.
    await expect
      .poll(
        () => fontLoaded(page, 'Brandy'),
        // The font comes from the player's cache after the page: on a busy machine, a few seconds.
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(await page.getByText('The font Brandy is missing', { exact: false }).count()).toBe(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/widgets\/\d+$/);
    const id = Number(/\/widgets\/(\d+)$/.exec(page.url())![1]);
    const saved = await apiCall<StudioItem>(server.url, `/widget/${id}`, { token });
    expect(saved.document.fonts).toEqual([{ family: 'Brandy', fileId: font.id }]);

    // A screen caches the font with the widget and draws the text with it.
    const { page: player, pointId } = await pairedPlayer(browser, server.url, token, 'Font screen');
    await player.waitForFunction(() => document.body.dataset.state === 'idle');
    // Nothing the screen loads may be refused by the page's content security policy (a cached font is a blob).
    const refused: string[] = [];
    player.on('requestfailed', (request) => {
      if (request.failure()?.errorText === 'csp') refused.push(request.url());
    });
    await apiCall(server.url, '/playlist/post', {
      token,
      body: {
        name: 'Font playlist',
        influence: 'ACTIVE',
        points: [pointId],
        files: [{ fileId: saved.fileId, duration: 60 }],
      },
    });
    const drawn = player.locator('[data-studio-page]').first();
    await drawn.waitFor({ timeout: 30_000 });
    await expect.poll(() => drawn.innerText(), { timeout: 15_000 }).toContain('In our own letters');
    await expect
      .poll(
        () => fontLoaded(player, 'Brandy'),
        // The text is drawn first and the face swaps in when loaded: on a busy machine, a few seconds.
        { timeout: 15_000 },
      )
      .toBe(true);

    // Restarted with the server's copy out of reach, the screen draws the font from its own cache (a blob
    // address, which the page's content security policy must allow for fonts as it does for pictures).
    await expect
      .poll(
        () =>
          player.evaluate(
            (fileId) =>
              new Promise<boolean>((resolve) => {
                const open = indexedDB.open('vitrine-media');
                open.onerror = () => resolve(false);
                open.onsuccess = () => {
                  const db = open.result;
                  if (!db.objectStoreNames.contains('files')) return resolve(false);
                  const get = db.transaction('files').objectStore('files').get(fileId);
                  get.onsuccess = () => resolve(get.result !== undefined);
                  get.onerror = () => resolve(false);
                };
              }),
            font.id,
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
    let fromServer = 0;
    await player.route(
      (url) => url.pathname === `/api/file/${font.id}/content`,
      (route) => {
        fromServer++;
        return route.abort();
      },
    );
    await player.reload();
    await drawn.waitFor({ timeout: 30_000 });
    await expect.poll(() => drawn.innerText(), { timeout: 15_000 }).toContain('In our own letters');
    await expect.poll(() => fontLoaded(player, 'Brandy'), { timeout: 15_000 }).toBe(true);
    expect(fromServer).toBe(0);
    expect(refused).toEqual([]);

    // A family neither shipped nor uploaded: drawn in the fallback, and the editor says so.
    const doc = structuredClone(saved.document);
    const text = doc.pages[0]!.layers[0]!;
    if (text.kind === 'text') text.style.fontFamily = 'Nowhere';
    delete doc.fonts;
    const missing = await apiCall<StudioItem>(server.url, '/widget/post', {
      token,
      body: { name: 'Missing font widget', document: doc },
    });
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`${server.url}/widgets/${missing.id}`);
    await page.getByText('The font Nowhere is missing: shown in a fallback font').waitFor();
    await screenshot(page, 'studio-font-missing-narrow');
  }, 120_000);

  it('fits a 1400 px window with a layer over the edge, saves with Ctrl+S from a field, asks before edits are left', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server.url, 'admin', ADMIN_PASSWORD);
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await page.goto(`${server.url}/widgets/new`);
    await page.getByRole('heading', { name: 'Widget builder' }).waitFor();
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    // A text hanging over the canvas's right edge, selected with its handles: the page keeps its width.
    await page.getByRole('button', { name: 'Add text' }).click();
    await page.getByLabel('X', { exact: true }).fill('1800');
    await page.getByLabel('X', { exact: true }).blur();
    await painted(page);
    expect(await overflow()).toBe(0);
    await screenshot(page, 'widget-builder-edge-1400');

    // Ctrl+S from inside the name field saves (the browser's own Save is not offered).
    await page.getByLabel(/^Name/).fill('Shortcut widget');
    await page.getByLabel(/^Name/).press('Control+s');
    await page.getByText('Shortcut widget saved').waitFor();
    await page.waitForURL(/\/widgets\/\d+$/);

    // An unsaved edit: leaving asks, and Cancel stays with the edit.
    await page.getByLabel(/^Name/).fill('Shortcut widget, renamed');
    await page.getByRole('button', { name: 'Back to the list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Please confirm' });
    await dialog.getByText('You have unsaved changes. Leave anyway?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toMatch(/\/widgets\/\d+$/);
    expect(await page.getByLabel(/^Name/).inputValue()).toBe('Shortcut widget, renamed');
    // Saved, it leaves unasked.
    await page.getByLabel(/^Name/).press('Control+s');
    await page.getByText('Shortcut widget, renamed saved').waitFor();
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await page.waitForURL(/\/widgets$/);
    await context.close();
  });
});
