import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { blankDocument, newLayer, type StudioItem } from '@vitrine/core';
import { screenshot } from './support/browser.js';
import { apiCall, uploadImage } from './support/api.js';
import { pairedPlayer as pairPlayer } from './support/pages.js';
import type { RunningServer } from './support/server.js';
import { startStage, stopStage } from './support/stage.js';

/**
 * A widget on a screen (docs/studio.md): built of text, a library picture and a clock, saved, put in a
 * playlist, and drawn by a paired player with the one renderer, its picture from the player's cache.
 */
const ADMIN_PASSWORD = 'Admin-pass-1!';
let server: RunningServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  ({ server, browser, token } = await startStage(ADMIN_PASSWORD, { FLEET_FLUSH_MS: '300' }));
});
afterAll(() => stopStage({ server, browser }));

const pairedPlayer = (name: string) => pairPlayer(browser, server.url, token, name);

describe('a widget on the screen', () => {
  it('shows its text, picture and live clock on a paired player', async () => {
    const logo = await uploadImage(server.url, token, 'studio-logo.png', {
      color: '#e8590c',
      width: 400,
      height: 200,
      label: 'Logo',
    });
    const doc = blankDocument(1280, 720);
    const page0 = doc.pages[0]!;
    page0.background = { color: '#0b7285', gradient: null, fileId: null, fit: 'cover' };
    const title = newLayer('text', 'title', doc);
    if (title.kind === 'text') title.text = 'Hello studio';
    page0.layers.push(
      { ...title, x: 40, y: 40, width: 800, height: 140 },
      { ...newLayer('image', 'logo', doc, logo), x: 840, y: 40, width: 400, height: 200 },
      { ...newLayer('clock', 'clock', doc), x: 40, y: 480, width: 600, height: 160 },
    );
    const widget = await apiCall<StudioItem>(server.url, '/widget/post', {
      token,
      body: { name: 'Welcome widget', document: doc },
    });
    const { page, pointId } = await pairedPlayer('Studio screen');
    await page.waitForFunction(() => document.body.dataset.state === 'idle');
    await apiCall(server.url, '/playlist/post', {
      token,
      body: {
        name: 'Widget playlist',
        influence: 'ACTIVE',
        points: [pointId],
        files: [{ fileId: widget.fileId, duration: 60 }],
      },
    });

    const drawn = page.locator('[data-studio-page]').first();
    await drawn.waitFor({ timeout: 30_000 });
    await expect.poll(() => drawn.innerText(), { timeout: 15_000 }).toContain('Hello studio');
    // The picture came in (from the player's cache or the signed address) and is drawn.
    await expect
      .poll(() => drawn.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(400);
    // The clock runs on the screen's clock.
    await expect.poll(() => drawn.innerText()).toMatch(/\d{1,2}:\d{2}/);
    // Scaled to fill the 1280x720 stage: the page's box is the screen's.
    const box = (await drawn.boundingBox())!;
    expect(Math.round(box.width)).toBe(1280);
    expect(Math.round(box.height)).toBe(720);
    await screenshot(page, 'studio-player-widget');
  }, 120_000);
});
