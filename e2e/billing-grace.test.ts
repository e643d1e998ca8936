import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.js';
import { apiCall, signInToken, uploadImage } from './support/api.js';
import { createDatabase, testDatabaseUrl } from './support/database.js';
import { pairedPlayer } from './support/pages.js';
import { freePort } from './support/server.js';
import { spawnServer, type ServerProcess } from './support/server-process.js';

/**
 * A locked cabinet's screens in front of the public (docs/billing.md, "Lock"): past the grace period
 * (BILLING_GRACE_DAYS=0 here) the paired player shows the neutral slide, a blank stage with nothing on it;
 * a top-up unlocks the cabinet and the same player plays its schedule again, told at once.
 */
const ADMIN_PASSWORD = 'Admin-pass-1!';
const PASSWORD = 'owner-pass-1';
let server: ServerProcess;
let dataDir = '';
let port = 0;
let env: Record<string, string> = { ADMIN_PASSWORD, FULLNESS_WAIT_MS: '20000', FULLNESS_WORKERS: '1' };
let database: Awaited<ReturnType<typeof createDatabase>> | null = null;
let browser: Browser;
let admin = '';
let owner = '';
let cabinetId = 0;
let player: Page;

const state = () => player.evaluate(() => document.body.dataset.state ?? '');
const visibleItem = () =>
  player.evaluate(() => {
    const shown = [...document.querySelectorAll<HTMLElement>('[data-testid="now-playing"]')].find(
      (el) => !el.hidden && el.offsetParent !== null,
    );
    return shown?.dataset.name ?? null;
  });

beforeAll(async () => {
  port = await freePort();
  dataDir = await mkdtemp(join(tmpdir(), 'vitrine-e2e-'));
  // On PostgreSQL when there is one (a fresh PGlite is slow to start twice on a busy machine).
  if (testDatabaseUrl) {
    database = await createDatabase('vt_grace');
    env = { ...env, DATABASE_URL: database.url };
  }
  // Screens are paired and content planned while billing is off, charging nobody.
  server = await spawnServer({ port, dataDir, env: { ...env, BILLING: 'off' } });
  admin = await signInToken(server.url, 'admin', ADMIN_PASSWORD);
  await apiCall(server.url, '/user/post', {
    token: admin,
    body: { login: 'shop-owner', name: 'Sam Owner', password: PASSWORD, role: 'owner' },
  });
  owner = await signInToken(server.url, 'shop-owner', PASSWORD);
  cabinetId = (await apiCall<{ cabinet: { id: number } }>(server.url, '/cabinet/info', { token: owner }))
    .cabinet.id;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.kill('SIGTERM');
  await rm(dataDir, { recursive: true, force: true });
  await database?.drop();
});

it('past the grace the player shows the neutral slide; a top-up plays the schedule again', async () => {
  const paired = await pairedPlayer(browser, server.url, owner, 'Shop window');
  player = paired.page;
  const { code } = await apiCall<{ code: string }>(server.url, '/player/pair', {
    body: { deviceKey: randomBytes(32).toString('hex') },
  });
  await apiCall(server.url, `/point/bind-by-code/${code}`, { token: owner, body: { name: 'Till' } });
  const poster = await uploadImage(server.url, owner, 'poster.png', { color: '#2a7', label: 'Sale' });
  await apiCall(server.url, '/playlist/post', {
    token: owner,
    body: { name: 'Posters', points: [paired.pointId], files: [{ fileId: poster, duration: 5 }] },
  });
  await player.locator('[data-testid="now-playing"][data-name="poster.png"]').waitFor({ timeout: 60_000 });
  // Pro from an empty balance: one free slot, the other screen pays. Then billing is switched on with no
  // grace: the charge job finds the day unpaid and locks the cabinet.
  await apiCall(server.url, `/cabinet/patch/${cabinetId}`, {
    token: admin,
    body: { tariff: 'pro', note: 'moved to Pro' },
  });
  await server.kill('SIGTERM');
  server = await spawnServer({
    port,
    dataDir,
    env: { ...env, BILLING: 'on', BILLING_GRACE_DAYS: '0', BILLING_CHARGE_CHECK_SECONDS: '2' },
  });
  admin = await signInToken(server.url, 'admin', ADMIN_PASSWORD);
  await expect.poll(state, { timeout: 90_000, interval: 500 }).toBe('neutral');
  // Nothing of the schedule, and no words at all, in front of the public.
  expect(await visibleItem()).toBeNull();
  expect(await player.locator('.idle.visible').count()).toBe(0);
  expect(await player.evaluate(() => document.body.innerText)).not.toMatch(/balance|funds|tariff|lock|pay/i);
  const background = await player.evaluate(
    () => getComputedStyle(document.querySelector<HTMLElement>('.stage')!).backgroundColor,
  );
  expect(background).toBe('rgb(0, 0, 0)');
  await screenshot(player, 'billing-neutral-slide');

  const topUp = await apiCall<{ state: string }>(server.url, `/admin/cabinets/${cabinetId}/entry`, {
    token: admin,
    body: { reason: 'topUp', amount: 5000, note: 'bank transfer' },
  });
  expect(topUp.state).toBe('active');
  await expect.poll(state, { timeout: 30_000, interval: 250 }).toBe('playing');
  await expect.poll(visibleItem, { timeout: 30_000 }).toBe('poster.png');
  await screenshot(player, 'billing-plays-again');
}, 360_000);
