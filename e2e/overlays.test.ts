import { execFileSync } from 'node:child_process';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { screenshot } from './support/browser.js';
import { apiCall, uploadImage } from './support/api.js';
import { pairedPlayer as pairPlayer } from './support/pages.js';
import { freePort, type RunningServer } from './support/server.js';
import { startStage, stopStage } from './support/stage.js';
import { animationsDone } from './support/settle.js';

/**
 * The player shows what goes over the timeline: a playlist's secondary content in a band along the bottom,
 * a FLOATING playlist's window at its corner, the playlist's theme behind its content and through its
 * pauses, with proof of play for the overlays; and a live HLS stream, natively and through hls.js.
 */
const ADMIN_PASSWORD = 'Admin-pass-1!';
let server: RunningServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  ({ server, browser, token } = await startStage(ADMIN_PASSWORD, { FLEET_FLUSH_MS: '300' }));
});
afterAll(() => stopStage({ server, browser }));

/** A player paired as a new screen; `init` runs in the page before the player does. */
const pairedPlayer = (name: string, init?: () => void) => pairPlayer(browser, server.url, token, name, init);

const box = async (page: Page, testId: string) => (await page.getByTestId(testId).boundingBox())!;

interface ShowRow {
  fileId: number;
  playlistId: number | null;
}

/** The screen's shows the server has, through the statistics list. */
async function shows(pointId: number): Promise<ShowRow[]> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const query = `from=${day(-1)}&to=${day(1)}&points=${pointId}&limit=100`;
  return (await apiCall<{ list: ShowRow[] }>(server.url, `/statistic?${query}`, { token })).list;
}

describe('over the timeline', () => {
  it('shows a floating window and a secondary band over a themed playlist, with proof of play for both', async () => {
    // A 4:3 picture on a 16:9 screen, so that the playlist's theme shows beside it.
    const main = await uploadImage(server.url, token, 'main.png', {
      color: '#2b8a3e',
      width: 960,
      height: 720,
      label: 'Main item',
    });
    const ticker = await uploadImage(server.url, token, 'ticker.png', {
      color: '#f08c00',
      width: 1280,
      height: 120,
      label: 'Secondary content: a ticker',
    });
    const badge = await uploadImage(server.url, token, 'badge.png', {
      color: '#c2255c',
      width: 400,
      height: 300,
      label: 'Floating',
    });
    const { page, pointId } = await pairedPlayer('Overlay screen');
    await page.waitForFunction(() => document.body.dataset.state === 'idle');

    const themed = await apiCall<{ id: number }>(server.url, '/playlist/post', {
      token,
      body: {
        name: 'Main with a ticker',
        influence: 'ACTIVE',
        points: [pointId],
        files: [{ fileId: main, duration: 4 }],
        secondaryFileId: ticker,
        secondaryLoopDuration: 3,
        theme: '#1864ab',
        interval: 2,
      },
    });
    const floating = await apiCall<{ id: number }>(server.url, '/playlist/post', {
      token,
      body: {
        name: 'Badge',
        type: 'FLOATING',
        influence: 'ACTIVE',
        points: [pointId],
        files: [{ fileId: badge, duration: 3 }],
        floating: { position: 'TOP_RIGHT', size: 25 },
      },
    });

    // Every state the page goes through from now on.
    await page.evaluate(() => {
      const states: string[] = [];
      (window as unknown as { states: string[] }).states = states;
      new MutationObserver(() => states.push(document.body.dataset.state ?? '')).observe(document.body, {
        attributes: true,
        attributeFilter: ['data-state'],
      });
    });
    await page.locator('[data-testid="now-playing"][data-name="main.png"]').waitFor({ timeout: 30_000 });
    const window = page.locator('[data-testid="floating-window"].visible[data-name="badge.png"]');
    const band = page.locator('[data-testid="secondary-band"].visible[data-name="ticker.png"]');
    await window.waitFor();
    await band.waitFor();
    // Layout and decoding settled before measuring and looking: every image decoded, transitions over.
    await page.evaluate(() =>
      Promise.all([...document.images].map((image) => image.decode().catch(() => undefined))),
    );
    await animationsDone(page);

    // The window: a quarter of the width at the top right, 2vmin (14.4 px) in, as tall as the image's shape.
    const w = await box(page, 'floating-window');
    expect(w.width).toBeCloseTo(320, 0);
    expect(w.height).toBeCloseTo(240, 0);
    expect(w.x + w.width).toBeCloseTo(1280 - 14.4, 0);
    expect(w.y).toBeCloseTo(14.4, 0);
    // The band: the whole width along the bottom, as tall as the ticker's shape (under a quarter of 720).
    const b = await box(page, 'secondary-band');
    expect(b).toEqual({ x: 0, y: 720 - 120, width: 1280, height: 120 });
    const stageColor = () =>
      page.evaluate(() => getComputedStyle(document.querySelector('.stage')!).backgroundColor);
    expect(await stageColor()).toBe('rgb(24, 100, 171)');
    await screenshot(page, 'player-overlays-1280');

    // The playlist's pause after its item: its backdrop, the screen still playing, never the idle card.
    await page.waitForFunction(
      () =>
        !document.querySelector('[data-testid="now-playing"]') && document.body.dataset.state === 'playing',
      undefined,
      { timeout: 10_000, polling: 50 },
    );
    expect(await stageColor()).toBe('rgb(24, 100, 171)');
    expect(await page.locator('.idle.visible').count()).toBe(0);
    await screenshot(page, 'player-pause-1280');
    await page.locator('[data-testid="now-playing"][data-name="main.png"]').waitFor({ timeout: 5000 });
    expect(await page.evaluate(() => (window as unknown as { states: string[] }).states)).not.toContain(
      'idle',
    );

    // Proof of play reaches the server for both overlays (sent within the queue's 30 s).
    await expect
      .poll(
        async () => {
          const rows = await shows(pointId);
          const of = (fileId: number, playlistId: number) =>
            rows.some((r) => r.fileId === fileId && r.playlistId === playlistId);
          return { main: of(main, themed.id), loop: of(ticker, themed.id), floating: of(badge, floating.id) };
        },
        { timeout: 60_000, interval: 2000 },
      )
      .toEqual({ main: true, loop: true, floating: true });
    await page.context().close();
  }, 150_000);
});

/** A folder served over http with the types and the CORS header a real HLS host sends. */
async function serveFolder(root: string): Promise<{ url: string; close(): Promise<void> }> {
  const types: Record<string, string> = {
    '.m3u8': 'application/vnd.apple.mpegurl',
    '.ts': 'video/mp2t',
  };
  const port = await freePort();
  const http: Server = createServer((request, response) => {
    const path = normalize(decodeURIComponent((request.url ?? '/').split('?')[0]!)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    readFile(join(root, path))
      .then((body) => {
        response.writeHead(200, {
          'content-type': types[extname(path)] ?? 'application/octet-stream',
          'access-control-allow-origin': '*',
        });
        response.end(body);
      })
      .catch(() => {
        response.writeHead(404).end();
      });
  });
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}

describe('a live stream', () => {
  let folder: string;
  let host: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'vitrine-hls-'));
    execFileSync(
      'ffmpeg',
      [
        ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-t', '6'],
        ...['-pix_fmt', 'yuv420p', '-hls_time', '2', '-hls_list_size', '0', '-f', 'hls', 'out.m3u8'],
      ],
      { cwd: folder },
    );
    host = await serveFolder(folder);
  });
  afterAll(async () => {
    await host?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  /** A new screen playing the stream (20 s an item), once its video's clock has moved past a second. */
  async function playStream(name: string, init?: () => void): Promise<Page> {
    const [file] = await apiCall<{ id: number }[]>(server.url, '/file/post', {
      token,
      body: { files: [{ url: `${host.url}/out.m3u8`, name, width: 320, height: 240, live: true }] },
    });
    const { page, pointId } = await pairedPlayer(`${name} screen`, init);
    await apiCall(server.url, '/playlist/post', {
      token,
      body: { name, influence: 'ACTIVE', points: [pointId], files: [{ fileId: file!.id, duration: 20 }] },
    });
    await page.locator(`[data-testid="now-playing"][data-name="${name}"] video`).waitFor({ timeout: 30_000 });
    const time = () =>
      page.evaluate(
        () => document.querySelector<HTMLVideoElement>('[data-testid="now-playing"] video')!.currentTime,
      );
    await expect.poll(time, { timeout: 15_000 }).toBeGreaterThan(1);
    return page;
  }

  it('plays an HLS stream the browser plays itself', async () => {
    const page = await playStream('Live native');
    // Chromium plays HLS itself here (no Media Source, no hls.js chunk): the video's source is the playlist.
    const src = await page.evaluate(
      () => document.querySelector<HTMLVideoElement>('[data-testid="now-playing"] video')!.src,
    );
    expect(src).toMatch(/\/out\.m3u8$/);
    await screenshot(page, 'player-stream-1280');
    await page.context().close();
  }, 90_000);

  it('plays an HLS stream through hls.js where the browser cannot', async () => {
    const page = await playStream('Live hls.js', () => {
      // A browser without HLS of its own (most TVs and kiosks before 2025).
      const native = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return /mpegurl/i.test(type) ? '' : native.call(this, type);
      };
    });
    // hls.js came in its own chunk, and feeds the video through Media Source Extensions.
    const seen = await page.evaluate(() => ({
      chunk: performance.getEntriesByType('resource').some((r) => /\/assets\/hls\.light-/.test(r.name)),
      src: document.querySelector<HTMLVideoElement>('[data-testid="now-playing"] video')!.src,
    }));
    expect(seen.chunk).toBe(true);
    expect(seen.src).toMatch(/^blob:/);
    // It may fetch from the stream's host because the player's page, and only that page, lets it.
    const policy = async (path: string) =>
      (await fetch(`${server.url}${path}`)).headers.get('content-security-policy') ?? '';
    expect(await policy('/player/')).toMatch(/connect-src 'self' https: http: blob:(;|$)/);
    expect(await policy('/')).toMatch(/connect-src 'self'(;|$)/);
    await screenshot(page, 'player-stream-hlsjs-1280');
    await page.context().close();
  }, 90_000);
});
