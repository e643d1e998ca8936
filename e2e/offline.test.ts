import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.js';
import { apiCall, signInToken, uploadImage } from './support/api.js';
import { createDatabase, testDatabaseUrl } from './support/database.js';
import { freePort } from './support/server.js';
import { playerCode } from './support/pages.js';
import { spawnServer, type ServerProcess } from './support/server-process.js';

/**
 * A screen cut off from its server keeps playing its schedule from its own cache, and when the server
 * returns its proof of play arrives complete and without duplicates (PostgreSQL: the test reads the rows).
 */
const ADMIN_PASSWORD = 'Admin-pass-1!';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!testDatabaseUrl)('a screen without its server', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let browser: Browser;
  let server: ServerProcess | null = null;
  let databaseUrl: string;
  let dataDir: string;
  let port: number;
  let db: pg.Client;

  const start = () =>
    spawnServer({ port, dataDir, env: { ADMIN_PASSWORD, DATABASE_URL: databaseUrl, FLEET_FLUSH_MS: '300' } });

  beforeAll(async () => {
    database = await createDatabase('vt_offline');
    databaseUrl = database.url;
    dataDir = await mkdtemp(join(tmpdir(), 'vitrine-offline-'));
    port = await freePort();
    server = await start();
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.kill('SIGTERM');
    await db?.end();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const played = async (page: Page) => Number(await page.evaluate(() => document.body.dataset.played ?? '0'));

  it('keeps playing a two-item playlist while the server is down and reports every play exactly once', async () => {
    const url = `http://127.0.0.1:${port}`;
    const context = await browser.newContext({ viewport: { width: 960, height: 540 } });
    const page = await context.newPage();
    const code = await playerCode(page, url);

    const token = await signInToken(url, 'admin', ADMIN_PASSWORD);
    const point = await apiCall<{ id: number }>(url, `/point/bind-by-code/${code}`, {
      token,
      body: { name: 'Offline screen' },
    });
    const files: number[] = [];
    for (const color of ['#c92a2a', '#2b8a3e']) {
      files.push(await uploadImage(url, token, `offline-${color.slice(1)}.png`, { color }));
    }
    // ACTIVE: the playing screen hears of it at once.
    await apiCall(url, '/playlist/post', {
      token,
      body: {
        name: 'Two items',
        influence: 'ACTIVE',
        points: [point.id],
        files: files.map((fileId) => ({ fileId, duration: 2 })),
      },
    });
    await page.waitForFunction(() => document.body.dataset.state === 'playing', undefined, {
      timeout: 30_000,
    });
    // Both files stored for offline play: the screen shows them from blob addresses.
    await expect
      .poll(() => page.locator('[data-testid="now-playing"] img').getAttribute('src'), { timeout: 20_000 })
      .toMatch(/^blob:/);
    await expect.poll(() => played(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);

    // The server goes away.
    await server!.kill('SIGTERM');
    server = null;
    const cutAt = Date.now();
    const before = await played(page);
    await sleep(12_000);
    expect(await page.evaluate(() => document.body.dataset.state)).toBe('playing');
    const during = await played(page);
    expect(during - before).toBeGreaterThanOrEqual(4);
    const shown = new Set<string>();
    for (let i = 0; i < 5; i++) {
      shown.add((await page.locator('[data-testid="now-playing"]').getAttribute('data-file-id')) ?? '');
      await sleep(1000);
    }
    expect([...shown].sort()).toEqual(files.map(String).sort());
    await screenshot(page, 'player-offline-960');

    // It comes back: the queue goes out on reconnect.
    server = await start();
    const backAt = Date.now();
    const target = await played(page);
    await expect
      .poll(
        async () =>
          Number(
            (await db.query('select count(*)::int as n from playbacks where point_id = $1', [point.id]))
              .rows[0].n,
          ),
        { timeout: 90_000, interval: 1000 },
      )
      .toBeGreaterThanOrEqual(target);

    const rows = (
      await db.query<{ file_id: number; started_at: Date; ended_at: Date; event_id: string }>(
        'select file_id, started_at, ended_at, event_id from playbacks where point_id = $1 order by started_at',
        [point.id],
      )
    ).rows;
    // Once each: no event and no show twice.
    expect(new Set(rows.map((r) => r.event_id)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => `${r.file_id}@${r.started_at.getTime()}`)).size).toBe(rows.length);
    // Complete: from the first show on, each one starts where the one before ended, through the outage.
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i]!.started_at.getTime() - rows[i - 1]!.ended_at.getTime()).toBeLessThan(1000);
    }
    const inOutage = rows.filter((r) => r.started_at.getTime() > cutAt && r.ended_at.getTime() < backAt);
    expect(inOutage.length).toBeGreaterThanOrEqual(during - before - 1);
    expect(new Set(rows.map((r) => r.file_id))).toEqual(new Set(files));
    await context.close();
    // A server start, a 12 s outage and the player's reconnect backoff: longer than the default.
  }, 240_000);
});
