import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ZipFile } from 'yazl';
import type { FileList } from '@vitrine/core';
import { screenshot } from './support/browser.js';
import { apiCall } from './support/api.js';
import { pairedPlayer as pairPlayer, signIn } from './support/pages.js';
import type { RunningServer } from './support/server.js';
import { startStage, stopStage } from './support/stage.js';

/**
 * A plugin of a cabinet's own on a screen (docs/studio.md, "Plugins"): uploaded as a zip on /plugins, an
 * instance made with a setting from the generated form, put in a playlist, and run by a paired player in
 * its sandboxed frame, which shows the setting and says it is ready.
 */
const ADMIN_PASSWORD = 'Admin-pass-1!';
let server: RunningServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  ({ server, browser, token } = await startStage(ADMIN_PASSWORD, { FLEET_FLUSH_MS: '300' }));
});
afterAll(() => stopStage({ server, browser }));

async function zipOf(entries: Record<string, string>): Promise<Buffer> {
  const archive = new ZipFile();
  for (const [name, content] of Object.entries(entries)) archive.addBuffer(Buffer.from(content), name);
  archive.end();
  const chunks: Buffer[] = [];
  for await (const chunk of archive.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const MANIFEST = {
  id: 'acme.greeting',
  name: 'Greeting board',
  version: '1.0.0',
  description: 'A greeting in large letters',
  entry: 'index.html',
  offline: true,
  settings: [
    { key: 'message', type: 'string', title: 'Message', default: 'Hello' },
    { key: 'background', type: 'color', title: 'Background', default: '#2b8a3e' },
  ],
};
const PAGE = `<!doctype html><html><head><style>
body{margin:0;height:100vh;display:flex;align-items:center;justify-content:center;color:#fff;font:700 10vw sans-serif}
</style></head><body><p id="message"></p><script>
document.body.style.background = vitrine.settings.background;
document.getElementById('message').textContent = vitrine.settings.message;
// Scripts run, but the frame's origin is opaque: the player's storage is out of reach.
try { localStorage.length; document.body.dataset.storage = 'open'; } catch (e) { document.body.dataset.storage = 'closed'; }
vitrine.ready();
</script></body></html>`;

describe('a plugin on the screen', () => {
  it('is uploaded, given a setting, and runs on a paired player', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, server.url, 'admin', ADMIN_PASSWORD);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.goto(`${server.url}/plugins`);
    await expect.poll(() => page.getByText('News ticker').count(), { timeout: 15_000 }).toBe(1);

    // Upload the zip through the page's upload button.
    const zip = await zipOf({ 'manifest.json': JSON.stringify(MANIFEST), 'index.html': PAGE });
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'greeting.zip', mimeType: 'application/zip', buffer: zip });
    await page.getByText('Greeting board').waitFor({ timeout: 15_000 });
    await screenshot(page, 'plugins-list');

    // An instance from the form the typed settings make.
    await page.getByRole('button', { name: 'New instance of Greeting board' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name in the library').fill('Lobby greeting');
    await dialog.getByLabel('Message').fill('Hello there');
    await screenshot(page, 'plugins-instance-form');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Changed from the instances list, with the same form.
    await page.getByRole('button', { name: 'Change Lobby greeting' }).click();
    const change = page.getByRole('dialog');
    await expect.poll(() => change.getByLabel('Message').inputValue()).toBe('Hello there');
    await change.getByLabel('Message').fill('Welcome to the lobby');
    await change.getByRole('button', { name: 'Save' }).click();
    await change.waitFor({ state: 'detached' });

    const files = await apiCall<FileList>(server.url, '/file?search=Lobby%20greeting', { token });
    const file = files.files.find((f) => f.kind === 'plugin')!;
    expect(file).toBeDefined();

    const { page: player, pointId } = await pairPlayer(browser, server.url, token, 'Plugin screen');
    await player.waitForFunction(() => document.body.dataset.state === 'idle');
    await apiCall(server.url, '/playlist/post', {
      token,
      body: {
        name: 'Plugin playlist',
        influence: 'ACTIVE',
        points: [pointId],
        files: [{ fileId: file.id, duration: 60 }],
      },
    });
    // The one on the stage (the next pass may be loading beside it).
    const frame = player.frameLocator('iframe[data-plugin="acme.greeting"]').first();
    await expect
      .poll(
        () =>
          frame
            .locator('#message')
            .textContent()
            .catch(() => null),
        { timeout: 30_000 },
      )
      .toBe('Welcome to the lobby');
    expect(await frame.locator('body').getAttribute('data-storage')).toBe('closed');
    const sandbox = await player
      .locator('iframe[data-plugin="acme.greeting"]')
      .first()
      .getAttribute('sandbox');
    expect(sandbox).toBe('allow-scripts');
    await screenshot(player, 'plugins-player');
    await context.close();

    // The list on a phone, dark.
    const phone = await browser.newContext({ viewport: { width: 390, height: 1100 } });
    await phone.addInitScript(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
    const small = await phone.newPage();
    await signIn(small, server.url, 'admin', ADMIN_PASSWORD);
    await small.waitForURL((url) => !url.pathname.endsWith('/login'));
    await small.goto(`${server.url}/plugins`);
    await small.getByText('Greeting board').waitFor();
    await screenshot(small, 'plugins-list-390-dark');
    await phone.close();
  }, 120_000);

  it('runs a built-in plugin that asks the player over the bridge (a QR code)', async () => {
    const instance = await apiCall<{ fileId: number }>(server.url, '/plugin/instance', {
      token,
      body: {
        plugin: 'vitrine.qr',
        name: 'Menu QR',
        settings: { text: 'https://example.com/menu', caption: 'Our menu' },
      },
    });
    const { page: player, pointId } = await pairPlayer(browser, server.url, token, 'QR screen');
    await player.waitForFunction(() => document.body.dataset.state === 'idle');
    await apiCall(server.url, '/playlist/post', {
      token,
      body: {
        name: 'QR playlist',
        influence: 'ACTIVE',
        points: [pointId],
        files: [{ fileId: instance.fileId, duration: 60 }],
      },
    });
    const frame = player.frameLocator('iframe[data-plugin="vitrine.qr"]').first();
    await expect
      .poll(
        () =>
          frame
            .locator('#c')
            .textContent()
            .catch(() => null),
        { timeout: 30_000 },
      )
      .toBe('Our menu');
    // The code came from the player's answer: one SVG path of the dark modules.
    await expect
      .poll(
        () =>
          frame
            .locator('svg path')
            .getAttribute('d')
            .catch(() => null),
        { timeout: 10_000 },
      )
      .toMatch(/^M\d+ \d+h\d+v1h-\d+z/);
    await screenshot(player, 'plugins-player-qr');
    await player.context().close();
  }, 120_000);
});
