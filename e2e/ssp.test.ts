import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import type { Supplier } from '@vitrine/core';
import { bidderSupplier, startFakeSuppliers, type FakeSuppliers } from '../apps/server/src/test/ssp-fakes.js';
import { launchBrowser, screenshot } from './support/browser.js';
import { apiCall, signInToken, uploadImage } from './support/api.js';
import { createDatabase, testDatabaseUrl } from './support/database.js';
import { pairedPlayer, signIn } from './support/pages.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Programmatic ads end to end (docs/ssp.md): the platform admin points the product's supplier at an
 * OpenRTB 2.6 bidder (a fake on loopback that records every hit), the owner turns the SSP connector on for
 * a playlist reaching a paired web player whose screen has every SSP field set; the ad round (every second
 * here) wins a slot, the player is told, caches the creative and plays it in its slot; its proof of play,
 * sent again after reloads whose answers were lost, calls the billing notice and each impression tracker
 * once; a slot the bidder does not fill plays the playlist's own content; /ssp/report shows the revenue.
 */
const ADMIN_PASSWORD = 'Admin-pass-1!';
const PASSWORD = 'Owner-pass-1!';
/** Seconds between the playlist's ad slots (slots start on multiples of it, counted from the epoch). */
const PERIOD = 15;
/** An ad slot's length: the playlist's maximum duration. */
const SLOT_SECONDS = 6;
/** The screen's audience per show: the bid's multiplier. */
const VIEWERS = '30.3';
const CPM = '2.5';
/** How often the server sends what the tracker outbox holds (main.ts, TRACKER_POLL_MS). */
const TRACKER_POLL_MS = 5_000;

let fake: FakeSuppliers;
let server: RunningServer;
let browser: Browser;
let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
let admin: string;
let owner: string;
let player: Page;
let pointId: number;
let houseId: number;
/** The won slot's impression id (`<screen>-<slot ms>`), its start, and the creative's file. */
const won = { imp: '', at: 0, fileId: 0 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const micros = (decimal: string): bigint => {
  const [whole, fraction = ''] = decimal.split('.');
  return BigInt(whole!) * 1_000_000n + BigInt(fraction.padEnd(6, '0').slice(0, 6));
};
const decimal = (value: bigint): string => {
  const whole = value / 1_000_000n;
  const fraction = (value % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
};
/** A show's revenue: the CPM per thousand, times the audience multiplier (exact, in micro-units). */
const REVENUE = decimal((micros(CPM) * micros(VIEWERS)) / 1_000_000n / 1000n);

const burls = (imp: string) => fake.hitsAt('/burl').filter((h) => h.query.get('imp') === imp).length;
const impressions = (imp: string) => fake.hitsAt(`/imp/rtb-${imp}`).length;
const onStage = (fileId: number) => player.locator(`[data-testid="now-playing"][data-file-id="${fileId}"]`);

beforeAll(async () => {
  fake = await startFakeSuppliers();
  // No bids until the test asks for one.
  Object.assign(fake.bidder, { price: Number(CPM), adm: 'vast', maxBids: 0 });
  let env: Record<string, string> = {};
  if (testDatabaseUrl) {
    database = await createDatabase('vt_ssp');
    env = { DATABASE_URL: database.url };
  }
  server = await startServer({
    ...env,
    ADMIN_PASSWORD,
    // The fake suppliers answer on 127.0.0.2, an address the operator allows; a round every second.
    OUTBOUND_ALLOW: '127.0.0.2',
    SSP_ROUND_SECONDS: '1',
  });
  browser = await launchBrowser();
  admin = await signInToken(server.url, 'admin', ADMIN_PASSWORD);
  await apiCall(server.url, '/user/post', {
    token: admin,
    body: { login: 'mall-owner', name: 'Mall Owner', password: PASSWORD, role: 'owner' },
  });
  owner = await signInToken(server.url, 'mall-owner', PASSWORD);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
  await database?.drop();
});

describe('programmatic ads on a paired player', () => {
  it('the admin configures the bidder, the owner turns the connector on, and the player plays the ad in its slot', async () => {
    // The platform admin, through the admin panel's API: the product's supplier asks the bidder.
    const { data: suppliers } = await apiCall<{ data: Supplier[] }>(server.url, '/admin/ssp/supplier', {
      token: admin,
    });
    const product = suppliers.find((s) => s.kind === 'PRODUCT')!;
    await apiCall(server.url, `/admin/ssp/supplier/patch/${product.id}`, {
      token: admin,
      body: bidderSupplier(fake),
    });

    // The owner's screen, every SSP field set: name, address, location, photo, audience, playback cost.
    const paired = await pairedPlayer(browser, server.url, owner, 'Mall entrance');
    player = paired.page;
    pointId = paired.pointId;
    await apiCall(server.url, `/point/patch/${pointId}`, {
      token: owner,
      body: {
        address: '1 Main Street',
        location: { lat: 50.45, lng: 30.52 },
        audience: { viewers: Number(VIEWERS), perHour: null },
        playbackCost: '100',
      },
    });
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const shot = await fetch(`${server.url}/api/point/photo/${pointId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}`, 'content-type': 'image/png' },
      body: photo,
    });
    expect(shot.status, await shot.text()).toBe(200);
    houseId = await uploadImage(server.url, owner, 'house.png', {
      color: '#2b8a3e',
      label: 'HOUSE',
      width: 640,
      height: 360,
    });
    const playlist = await apiCall<{ id: number }>(server.url, '/playlist/post', {
      token: owner,
      body: {
        name: 'Mall loop',
        files: [{ fileId: houseId, duration: 4 }],
        points: [pointId],
        periodicity: PERIOD,
        maxDuration: SLOT_SECONDS,
      },
    });
    await onStage(houseId).waitFor({ timeout: 60_000 });
    await apiCall(server.url, `/playlist/patch/${playlist.id}`, {
      token: owner,
      body: { sspConnector: { enabled: true, mode: 'AUCTION' } },
    });

    // The bidder bids once, for the first slot at least 12 s away: time for the player to hear of it.
    Object.assign(fake.bidder, { from: Date.now() + 12_000, maxBids: 1 });
    await expect.poll(() => fake.hitsAt('/nurl').length, { timeout: 60_000 }).toBe(1);
    won.imp = fake.hitsAt('/nurl')[0]!.query.get('imp')!;
    won.at = Number(won.imp.split('-')[1]);
    expect(won.imp).toBe(`${pointId}-${won.at}`);
    expect(fake.violations).toEqual([]);
    const files = await apiCall<{ data: { id: number; approved: boolean }[] }>(server.url, '/ssp/file', {
      token: owner,
    });
    expect(files.data).toHaveLength(1);
    won.fileId = files.data[0]!.id;
    expect(files.data[0]!.approved).toBe(true);

    // Told by the round, the player fetches the ad, caches its creative and plays it in the slot.
    await onStage(won.fileId).waitFor({ timeout: 60_000 });
    expect(Date.now()).toBeGreaterThanOrEqual(won.at);
    expect(await onStage(won.fileId).locator('img').count()).toBe(1);
    await screenshot(player, 'ssp-player-ad');
    // Nothing is owed before the show is reported.
    expect(burls(won.imp)).toBe(0);
    expect(impressions(won.imp)).toBe(0);
  }, 180_000);

  it('proof of play sent again after reloads calls the billing notice and each impression tracker once', async () => {
    // The player's reports reach the server but their answers are lost: it keeps them and sends again.
    const sent: { ad: boolean; status: number; acked: number }[] = [];
    let answers: 'lost' | 'delivered' = 'lost';
    await player.route('**/api/player/playback', async (route) => {
      const response = await route.fetch();
      const ad = (route.request().postData() ?? '').includes('"adId"');
      const body = response.status() === 200 ? ((await response.json()) as { acked: string[] }) : null;
      sent.push({ ad, status: response.status(), acked: body?.acked.length ?? 0 });
      // (A reload may have cancelled the request meanwhile: then there is nobody to answer.)
      if (answers === 'lost') await route.abort('connectionreset').catch(() => undefined);
      else await route.fulfill({ response }).catch(() => undefined);
    });
    // The ad ends; the house content is back.
    await onStage(houseId).waitFor({ timeout: 60_000 });
    const adSends = () => sent.filter((s) => s.ad && s.status === 200).length;
    await player.reload();
    await expect.poll(adSends, { timeout: 60_000 }).toBeGreaterThanOrEqual(1);
    await player.reload();
    await expect.poll(adSends, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);

    await expect.poll(() => [burls(won.imp), impressions(won.imp)], { timeout: 30_000 }).toEqual([1, 1]);
    const burl = fake.hitsAt('/burl').find((h) => h.query.get('imp') === won.imp)!;
    expect(Object.fromEntries(burl.query)).toMatchObject({ price: CPM, m: VIEWERS });
    // VAST's [TIMESTAMP] is the show's start, within the slot.
    const shownAt = Date.parse(fake.hitsAt(`/imp/rtb-${won.imp}`)[0]!.query.get('ts')!);
    expect(shownAt).toBeGreaterThanOrEqual(won.at);
    expect(shownAt).toBeLessThan(won.at + SLOT_SECONDS * 1000);

    // Now the answer arrives: the same show, acknowledged, and still called once.
    answers = 'delivered';
    const resent = sent.length;
    await player.reload();
    await expect
      .poll(() => sent.slice(resent).some((s) => s.ad && s.status === 200 && s.acked > 0), {
        timeout: 60_000,
      })
      .toBe(true);
    // Two rounds of the tracker outbox later, nothing more was called.
    await sleep(2 * TRACKER_POLL_MS + 1000);
    expect([burls(won.imp), impressions(won.imp)]).toEqual([1, 1]);
    expect(fake.hitsAt('/burl')).toHaveLength(1);
  }, 180_000);

  it('a slot the bidder leaves unfilled (204) plays the playlist’s own content, never a blank screen', async () => {
    // No more bids: every request is answered 204.
    fake.bidder.maxBids = 0;
    const hits = fake.hitsAt('/openrtb').length;
    await expect.poll(() => fake.hitsAt('/openrtb').length, { timeout: 30_000 }).toBeGreaterThan(hits);
    // The next slot at least 5 s away, offered and answered with no bid.
    const slot = (Math.floor((Date.now() + 5_000) / (PERIOD * 1000)) + 1) * PERIOD * 1000;
    await expect
      .poll(
        () =>
          fake
            .hitsAt('/openrtb')
            .slice(hits)
            .some((h) =>
              (JSON.parse(h.body) as { imp: { id: string }[] }).imp.some(
                (i) => i.id === `${pointId}-${slot}`,
              ),
            ),
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(Date.now()).toBeLessThan(slot);
    // What the stage shows, each time it changes, through the slot.
    await player.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      const look = () => {
        const now = document.querySelector<HTMLElement>('[data-testid="now-playing"]');
        const idle = document.querySelector('.idle.visible');
        seen.push(idle || !now ? 'blank' : (now.dataset.fileId ?? 'blank'));
      };
      look();
      new MutationObserver(look).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-testid', 'data-file-id', 'class'],
      });
    });
    while (Date.now() < slot + SLOT_SECONDS * 1000 + 1000) await sleep(250);
    const seen = await player.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(new Set(seen)).toEqual(new Set([String(houseId)]));
    expect(await onStage(houseId).count()).toBe(1);
    await screenshot(player, 'ssp-player-no-fill');
  }, 120_000);

  it('/ssp/report shows the revenue of the show, exact', async () => {
    expect(REVENUE).toBe('0.07575');
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server.url, 'mall-owner', PASSWORD);
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await page.goto(`${server.url}/ssp/report`);
    // The range's totals, each a labelled figure above the chart, in the supplier's currency.
    const revenue = page.getByRole('region', { name: 'Totals' }).getByRole('group', { name: 'Revenue' });
    await expect
      .poll(async () => (await revenue.innerText()).trim(), { timeout: 30_000 })
      .toMatch(new RegExp(`${REVENUE.replace('.', '\\.')} USD$`));
    await expect.poll(() => page.getByRole('main').innerText()).toContain(REVENUE);
    await screenshot(page, 'ssp-report');
    await context.close();
  }, 120_000);
});
