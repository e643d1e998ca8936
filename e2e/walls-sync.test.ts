import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Wall, WallStatus } from '@vitrine/core';
import { launchBrowser, screenshot } from './support/browser.js';
import { apiCall, signInToken, uploadImage } from './support/api.js';
import { pairedPlayer } from './support/pages.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * A 2 × 2 wall of four paired players in one headless Chromium (docs/walls.md): a playlist on the wall
 * plays a video and two pictures; every tile shows its own quarter, the four switch items together, keep
 * the video in step frame by frame and report their skew, which the wall's status shows; a tile that
 * reloads mid-play rejoins in step. The bounds are generous (loopback, a busy machine): this checks that
 * the tiles are in step at all, bench/wall measures how closely.
 */
const ADMIN_PASSWORD = 'Admin-pass-1!';
/**
 * Switches flip on the animation frame closest to the shared moment, but four players decoding video in
 * one browser on a shared two-core machine may still start an item late now and then (a timer or a
 * decoder held up by the load): the bound stays loose, below Xibo's 750 ms switch delay, so the test never
 * flakes on a busy machine; bench/wall measures how closely the tiles really keep step.
 */
const SWITCH_MS = 500;
let server: RunningServer;
let browser: Browser;
let token: string;
let folder: string;

interface Sample {
  kind: 'frame' | 'switch' | 'join';
  at: number;
  errorMs: number;
  fileId: number;
  start: number;
}

const samples = (page: Page): Promise<Sample[]> =>
  page.evaluate(
    () => (window as unknown as { vitrineWall?: { samples(): Sample[] } }).vitrineWall?.samples() ?? [],
  );

async function upload(name: string, path: string): Promise<number> {
  const res = await fetch(`${server.url}/api/file/upload?folderId=0`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'x-file-name': name,
      'content-type': 'application/octet-stream',
    },
    body: await readFile(path),
  });
  const data = (await res.json()) as { id?: number };
  if (!res.ok || typeof data.id !== 'number') throw new Error(`upload ${name}: ${JSON.stringify(data)}`);
  return data.id;
}

beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD });
  browser = await launchBrowser();
  token = await signInToken(server.url, 'admin', ADMIN_PASSWORD);
  folder = await mkdtemp(join(tmpdir(), 'vitrine-wall-'));
  // The wall's canvas (four 320 × 180 screens): a 4 s video with a moving picture.
  execFileSync(
    'ffmpeg',
    [
      ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30', '-t', '4'],
      ...['-c:v', 'libvpx', '-b:v', '600k', '-pix_fmt', 'yuv420p', 'loop.webm'],
    ],
    { cwd: folder },
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('a video wall in step', () => {
  it('plays one picture on four tiles that switch together, report their skew and rejoin after a reload', async () => {
    const names = ['Sync NW', 'Sync NE', 'Sync SW', 'Sync SE'];
    const players: { page: Page; pointId: number }[] = [];
    for (const name of names) players.push(await pairedPlayer(browser, server.url, token, name));
    onTestFailed(async () => {
      for (const [i, p] of players.entries()) await screenshot(p.page, `walls-sync-failure-${i}`);
    });
    const wall = await apiCall<Wall>(server.url, '/wall/post', {
      token,
      body: {
        name: 'Sync wall',
        width: 2,
        height: 2,
        screen: { widthPx: 320, heightPx: 180 },
        cells: players.map((p, i) => ({ column: i % 2, row: Math.floor(i / 2), pointId: p.pointId })),
      },
    });
    expect(wall.canvas).toEqual({ width: 640, height: 360 });
    const video = await upload('wall-loop.webm', join(folder, 'loop.webm'));
    const red = await uploadImage(server.url, token, 'wall-red.png', {
      color: '#c92a2a',
      width: 640,
      height: 360,
      label: 'RED',
    });
    const blue = await uploadImage(server.url, token, 'wall-blue.png', {
      color: '#1864ab',
      width: 640,
      height: 360,
      label: 'BLUE',
    });
    await apiCall(server.url, '/playlist/post', {
      token,
      body: {
        name: 'Wall loop',
        influence: 'ACTIVE',
        walls: [wall.id],
        files: [
          { fileId: video, duration: null },
          { fileId: red, duration: 2 },
          { fileId: blue, duration: 2 },
        ],
      },
    });

    // Every tile plays the wall's items, each laid out as its quarter of the 640 × 360 canvas.
    for (const [i, { page }] of players.entries()) {
      await page.locator('[data-testid="now-playing"]').waitFor({ timeout: 60_000 });
      await expect
        .poll(() => page.evaluate(() => document.body.dataset.wall), { timeout: 30_000 })
        .toBe(`${wall.id}:${i % 2}:${Math.floor(i / 2)}`);
    }
    // The south-east tile: its viewport (1280 × 720) shows canvas pixels from (320, 180) on, four times larger.
    // The manifest names the wall at once, but its content comes on screen at the wall's shared switch
    // moment (up to two seconds on, WallTile.applyAt): until then the layer is the tile's earlier item.
    await expect
      .poll(
        () =>
          players[3]!.page.evaluate(
            () => document.querySelector<HTMLElement>('.layer > img, .layer > video')?.style.transform ?? '',
          ),
        { timeout: 10_000 },
      )
      .toBe('scale(4, 4) translate(-320px, -180px)');

    // A few passes: the video's frames are measured and the items switch on all tiles.
    const switchesOf = async (page: Page) => (await samples(page)).filter((s) => s.kind === 'switch');
    await expect
      .poll(
        async () =>
          Math.min(...(await Promise.all(players.map(async (p) => (await switchesOf(p.page)).length)))),
        {
          timeout: 60_000,
          interval: 1000,
        },
      )
      .toBeGreaterThanOrEqual(4);
    // The same item's start came on every tile's screen within the bound of one another. The first item of
    // the new plan is left out: each tile shows it as soon as it has loaded it from a cold cache.
    const all = await Promise.all(players.map((p) => switchesOf(p.page)));
    const starts = all[0]!
      .slice(1)
      .map((s) => s.start)
      .filter((start) => all.every((list) => list.some((s) => s.start === start)));
    expect(starts.length).toBeGreaterThanOrEqual(2);
    for (const start of starts) {
      const shown = all.map((list) => list.find((s) => s.start === start)!.at);
      expect(Math.max(...shown) - Math.min(...shown)).toBeLessThan(SWITCH_MS);
    }
    const frames = (await samples(players[0]!.page)).filter((s) => s.kind === 'frame');
    expect(frames.length).toBeGreaterThan(20);

    // Each tile's skew reaches the wall's status (with its heartbeat), within the bound.
    const status = () => apiCall<WallStatus>(server.url, `/wall/status/${wall.id}`, { token });
    await expect
      .poll(
        async () => (await status()).tiles.every((tile) => tile.p95 !== null && tile.status === 'ONLINE'),
        {
          timeout: 30_000,
          interval: 1000,
        },
      )
      .toBe(true);
    // Reported and bounded: on a machine this busy (four decoders and the server on two shared cores) the
    // figures were p50 ~120 ms, p95 ~270 ms; bench/wall says what a quieter machine does.
    for (const tile of (await status()).tiles) {
      expect(tile.p95!).toBeLessThan(SWITCH_MS);
      expect(tile.p50!).toBeLessThanOrEqual(tile.p95!);
      expect(tile.reportedAt).not.toBeNull();
    }

    // The north-east tile reloads mid-play: it comes back on the wall's clock, seeks into place and switches
    // with the others again.
    const rejoining = players[1]!.page;
    await rejoining.reload();
    await rejoining.locator('[data-testid="now-playing"]').waitFor({ timeout: 60_000 });
    await expect
      .poll(async () => (await switchesOf(rejoining)).length, { timeout: 60_000, interval: 1000 })
      .toBeGreaterThanOrEqual(2);
    const after = await switchesOf(rejoining);
    const others = await Promise.all([0, 2, 3].map((i) => switchesOf(players[i]!.page)));
    for (const s of after) {
      const same = others.map((list) => list.find((o) => o.start === s.start)).filter((o) => o !== undefined);
      expect(same.length).toBe(3);
      for (const o of same) expect(Math.abs(o.at - s.at)).toBeLessThan(SWITCH_MS);
    }
    const rejoinedFrames = (await samples(rejoining)).filter((s) => s.kind === 'frame');
    if (rejoinedFrames.length > 10) {
      // Once in place, its frames are in step (the first after the seek may still be settling).
      const settled = rejoinedFrames.slice(5).map((s) => Math.abs(s.errorMs));
      settled.sort((a, b) => a - b);
      expect(settled[Math.floor(settled.length * 0.5)]!).toBeLessThan(SWITCH_MS);
    }
    await screenshot(players[3]!.page, 'walls-sync-tile-se');
    for (const { page } of players) await page.context().close();
  }, 240_000);
});
