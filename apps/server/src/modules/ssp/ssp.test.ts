import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Supplier } from '@vitrine/core';
import { cabinets, playbacks, pointCommands, sspAds, trackerDeliveries } from '../../db/schema.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createTeam } from '../../test/factories.js';
import { uploadImage } from '../../test/media.js';
import { startFakeSuppliers, type FakeSuppliers } from '../../test/ssp-fakes.js';
import { sspScreen as sspScreenOf } from '../../test/ssp-screen.js';

/**
 * The SSP connector end to end against fake suppliers on loopback (docs/ssp.md): suppliers configured by
 * the platform admin, the ad round (OpenRTB 2.6, VAST with wrappers, a lease API), the manifest, proof of
 * play firing the billing notice and trackers once, revenue exact, and expired ads released.
 */
let t: TestApp;
let fake: FakeSuppliers;
let team: Awaited<ReturnType<typeof createTeam>>;

beforeAll(async () => {
  fake = await startFakeSuppliers();
  // The operator allows one intranet address (127.0.0.2 plays the suppliers).
  t = await buildTestApp({ OUTBOUND_ALLOW: '127.0.0.2' });
  team = await createTeam(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const admin = () => team.admin;
async function suppliers(): Promise<Supplier[]> {
  const res = await call(t.app, 'GET', '/api/admin/ssp/supplier', { token: admin().token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Supplier[] }).data;
}
async function patchSupplier(id: number, body: Record<string, unknown>) {
  const res = await call(t.app, 'POST', `/api/admin/ssp/supplier/patch/${id}`, {
    token: admin().token,
    body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Supplier;
}
/** Only `id` enabled, with the given settings. */
async function only(kind: string, body: Record<string, unknown>) {
  for (const s of await suppliers()) if (s.enabled) await patchSupplier(s.id, { enabled: false });
  const supplier = (await suppliers()).find((s) => s.kind === kind)!;
  return patchSupplier(supplier.id, { ...body, enabled: true });
}

const sspScreen = (mode?: 'AUCTION' | 'MANUAL' | 'LEFTOVER', viewers?: number) =>
  sspScreenOf(t, team.owner, mode, viewers);

const adsOf = (pointId: number) => t.database.db.select().from(sspAds).where(eq(sspAds.pointId, pointId));
const send = (token: string, events: unknown[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/player/playback',
    headers: { authorization: `Bearer ${token}` },
    payload: { events },
  });
async function eventually(check: () => boolean, ms = 3000) {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
  expect(check()).toBe(true);
}

describe('suppliers (platform admin)', () => {
  it("starts with the spec's kinds, MARKET and ADMIXER disabled, and records who changed what", async () => {
    const list = await suppliers();
    expect(list.map((s) => [s.kind, s.enabled])).toEqual([
      ['MARKET', false],
      ['PRODUCT', true],
      ['ADTELLIGENT', true],
      ['ADMIXER', false],
      ['MANUAL', true],
    ]);
    const market = list[0]!;
    const changed = await patchSupplier(market.id, { floor: '1.25', key: 'sekret', timeoutMs: 800 });
    expect(changed).toMatchObject({ floor: '1.25', hasKey: true, timeoutMs: 800, updatedBy: admin().login });
    expect(changed).not.toHaveProperty('key');
    const changes = (
      await call(t.app, 'GET', `/api/admin/ssp/supplier/${market.id}/changes`, { token: admin().token })
    ).json() as { data: { userName: string; changes: Record<string, unknown> }[]; total: number };
    expect(changes.total).toBe(1);
    expect(changes.data[0]).toMatchObject({
      userName: admin().login,
      changes: {
        floor: { old: '0', new: '1.25' },
        key: { old: null, new: '***' },
        timeoutMs: { old: 1000, new: 800 },
      },
    });
  });

  it('is for the platform admin only, and refuses a bad address, currency or floor', async () => {
    for (const who of [team.owner, team.moderator]) {
      const res = await call(t.app, 'GET', '/api/admin/ssp/supplier', { token: who.token });
      expect(res.statusCode).toBe(403);
    }
    const bad = await call(t.app, 'POST', '/api/admin/ssp/supplier/post', {
      token: admin().token,
      body: {
        name: 'X',
        kind: 'MARKET',
        adapter: 'vast',
        endpoint: 'ftp://x',
        currency: 'usd',
        floor: '1,5',
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as { fields: object }).fields).sort()).toEqual([
      'currency',
      'endpoint',
      'floor',
    ]);
    const missing = await call(t.app, 'POST', '/api/admin/ssp/supplier/patch/999999', {
      token: admin().token,
      body: { enabled: true },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the ad round, OpenRTB 2.6', () => {
  it('asks the bidder by the DOOH rules, takes the bid, fires nurl, and the manifest carries the ad', async () => {
    await only('PRODUCT', {
      adapter: 'openrtb',
      endpoint: `${fake.base}/openrtb`,
      floor: '1',
      currency: 'USD',
    });
    const screen = await sspScreen();
    const before = fake.hitsAt('/openrtb').length;
    const told = () =>
      t.database.db
        .select()
        .from(pointCommands)
        .where(and(eq(pointCommands.pointId, screen.point.id), eq(pointCommands.name, 'content')))
        .then((rows) => rows.length);
    const toldBefore = await told();
    // Both rounds as of one instant, the middle of this hour: a run across the hour would see a new slot.
    const at = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 1_800_000);
    const round = await t.services.ads.runRound(at);
    expect(round).toMatchObject({ screens: 1, slots: 1, won: 1 });
    expect(fake.hitsAt('/openrtb').length - before).toBe(1);
    expect(fake.violations).toEqual([]);
    const request = JSON.parse(fake.hitsAt('/openrtb').at(-1)!.body) as {
      imp: { qty: { multiplier: number }; bidfloor: number; dt: number }[];
    };
    expect(request.imp[0]).toMatchObject({ qty: { multiplier: 30.3 }, bidfloor: 1 });
    const [ad] = await adsOf(screen.point.id);
    expect(ad).toMatchObject({
      status: 'leased',
      source: 'auction',
      priceMicros: 2_500_000,
      multiplierMicros: 30_300_000,
      // 2.50 CPM × 30.3 / 1000 = 0.07575
      revenueMicros: 75_750,
      currency: 'USD',
      approved: true,
    });
    expect(ad!.slotAt.getTime()).toBe(request.imp[0]!.dt);
    expect(ad!.burl).toContain('price=2.5&m=30.3');
    await eventually(() => fake.hitsAt('/nurl').some((h) => h.query.get('price') === '2.5'));
    // The creative is a file of the cabinet's SSP folder, hashed and measured.
    const file = (
      await call(t.app, 'GET', `/api/file/${ad!.fileId}`, { token: team.owner.token })
    ).json() as { width: number; height: number; kind: string };
    expect(file).toMatchObject({ width: 1920, height: 1080, kind: 'image' });
    const manifest = (
      await t.app.inject({
        method: 'GET',
        url: '/api/player/manifest',
        headers: { authorization: `Bearer ${screen.token}` },
      })
    ).json() as { ads: { adId: number; at: string; file: { fileId: number; hash: string } }[] };
    expect(manifest.ads).toEqual([
      expect.objectContaining({
        adId: ad!.id,
        at: ad!.slotAt.toISOString(),
        file: expect.objectContaining({ fileId: ad!.fileId }),
      }),
    ]);
    expect(manifest.ads[0]!.file.hash).toMatch(/^[0-9a-f]{64}$/);
    // A second round leaves a filled slot alone.
    const again = await t.services.ads.runRound(at);
    expect(again.slots).toBe(0);
    expect(fake.hitsAt('/openrtb').length - before).toBe(1);
    // The screen was told once, by the round that won its ad, to fetch its manifest: the slot may come
    // before its regular fetch.
    expect((await told()) - toldBefore).toBe(1);

    // Proof of play: burl once, however often the batch is resent; revenue exact on the show.
    const event = {
      eventId: randomUUID(),
      fileId: ad!.fileId,
      playlistId: screen.playlist.id,
      startedAt: ad!.slotAt.toISOString(),
      endedAt: new Date(ad!.slotAt.getTime() + 15_000).toISOString(),
      duration: 15,
      adId: ad!.id,
    };
    for (let i = 0; i < 3; i++) expect((await send(screen.token, [event])).statusCode).toBe(200);
    expect(await t.services.trackers.deliverDue()).toMatchObject({ delivered: 1 });
    expect(await send(screen.token, [event]).then((r) => r.statusCode)).toBe(200);
    expect(await t.services.trackers.deliverDue()).toEqual({ delivered: 0, retried: 0, failed: 0 });
    const burls = fake
      .hitsAt('/burl')
      .filter((h) => h.query.get('imp') === `${screen.point.id}-${ad!.slotAt.getTime()}`);
    expect(burls).toHaveLength(1);
    expect(Object.fromEntries(burls[0]!.query)).toMatchObject({ price: '2.5', m: '30.3' });
    const [show] = await t.database.db.select().from(playbacks).where(eq(playbacks.eventId, event.eventId));
    expect(show).toMatchObject({ source: 'auction', revenue: 0.07575, impressions: 30.3, adId: ad!.id });
    const [played] = await adsOf(screen.point.id);
    expect(played).toMatchObject({ status: 'played', eventId: event.eventId });
    // The played ad leaves the manifest.
    const after = (
      await t.app.inject({
        method: 'GET',
        url: '/api/player/manifest',
        headers: { authorization: `Bearer ${screen.token}` },
      })
    ).json() as { ads: unknown[] };
    expect(after.ads).toEqual([]);
    await screen.off();
  });

  it("a second show of the same ad, another screen's ad or a wrong creative earns nothing and fires nothing", async () => {
    await only('PRODUCT', { adapter: 'openrtb', endpoint: `${fake.base}/openrtb` });
    const a = await sspScreen();
    const b = await sspScreen();
    const fetched = fake.hitsAt('/creative/wide.png').length;
    await t.services.ads.runRound();
    const [adA] = await adsOf(a.point.id);
    const [adB] = await adsOf(b.point.id);
    // Both screens won the same creative: the round fetched it once for the cabinet, one file for both.
    expect(fake.hitsAt('/creative/wide.png').length - fetched).toBe(1);
    expect(adA!.fileId).toBe(adB!.fileId);
    const show = (adId: number, fileId: number) => ({
      eventId: randomUUID(),
      fileId,
      playlistId: a.playlist.id,
      startedAt: new Date().toISOString(),
      endedAt: new Date(Date.now() + 15_000).toISOString(),
      duration: 15,
      adId,
    });
    const other = await uploadImage(t, team.owner);
    const events = [
      show(adB!.id, adB!.fileId!),
      show(adA!.id, other),
      show(adA!.id, adA!.fileId!),
      show(adA!.id, adA!.fileId!),
    ];
    expect((await send(a.token, events)).statusCode).toBe(200);
    const rows = await t.database.db.select().from(playbacks).where(eq(playbacks.pointId, a.point.id));
    expect(rows.filter((r) => r.adId !== null)).toHaveLength(1);
    expect(rows.reduce((sum, r) => sum + r.revenue, 0)).toBe(0.07575);
    const calls = await t.database.db
      .select()
      .from(trackerDeliveries)
      .where(eq(trackerDeliveries.pointId, a.point.id));
    expect(calls.map((c) => c.kind)).toEqual(['ssp:burl']);
    expect((await adsOf(b.point.id))[0]!.status).toBe('leased');
    expect(await t.services.trackers.deliverDue()).toMatchObject({ delivered: 1 });
    await a.off();
    await b.off();
  });

  it('no bid, a bid under the floor, a slow bidder and a creative of the wrong size fall back, counted', async () => {
    await only('PRODUCT', {
      adapter: 'openrtb',
      endpoint: `${fake.base}/openrtb`,
      floor: '3',
      timeoutMs: 200,
    });
    const screen = await sspScreen();
    const cases: [Partial<FakeSuppliers['bidder']>, string][] = [
      [{ price: null }, 'noFill'],
      [{ price: 2.5 }, 'noFill'],
      [{ price: 5, delayMs: 600 }, 'timeout'],
      [{ price: 5, delayMs: 0, creative: '/creative/square.png' }, 'wrongSize'],
    ];
    for (const [bidder, reason] of cases) {
      Object.assign(fake.bidder, bidder);
      const round = await t.services.ads.runRound();
      expect(round.won, reason).toBe(0);
      expect(round.missed, reason).toEqual({ [reason]: 1 });
    }
    Object.assign(fake.bidder, { price: 2.5, delayMs: 0, creative: '/creative/wide.png' });
    expect(await adsOf(screen.point.id)).toEqual([]);
    const misses = await t.repos.ads.misses(team.cabinet.id, screen.point.id);
    expect(Object.fromEntries(misses.map((m) => [m.reason, m.count]))).toEqual({
      noFill: 2,
      timeout: 1,
      wrongSize: 1,
    });
    await screen.off();
  });

  it('leaves out a screen whose SSP fields are not all set', async () => {
    await only('PRODUCT', {
      adapter: 'openrtb',
      endpoint: `${fake.base}/openrtb`,
      floor: '0',
      timeoutMs: 1000,
    });
    const screen = await sspScreen();
    await call(t.app, 'POST', `/api/point/patch/${screen.point.id}`, {
      token: team.owner.token,
      body: { address: null },
    });
    const before = fake.hitsAt('/openrtb').length;
    const round = await t.services.ads.runRound();
    expect(round).toMatchObject({ incomplete: 1, slots: 0 });
    expect(fake.hitsAt('/openrtb').length).toBe(before);
    await screen.off();
  });
});

describe('the ad round, VAST', () => {
  it('follows wrappers and fires every <Impression> of the chain once after the play', async () => {
    await only('ADTELLIGENT', {
      adapter: 'vast',
      endpoint: `${fake.base}/vast/chain/2?screen={SCREEN_ID}`,
      floor: '1',
    });
    const screen = await sspScreen();
    const round = await t.services.ads.runRound();
    expect(round).toMatchObject({ won: 1 });
    const [ad] = await adsOf(screen.point.id);
    expect(ad).toMatchObject({ priceMicros: 3_100_000, burl: null });
    expect(ad!.impressions.map((u) => new URL(u).pathname)).toEqual([
      '/imp/wchain2',
      '/imp/wchain1',
      '/imp/inline',
    ]);
    const event = {
      eventId: randomUUID(),
      fileId: ad!.fileId,
      playlistId: screen.playlist.id,
      startedAt: ad!.slotAt.toISOString(),
      endedAt: new Date(ad!.slotAt.getTime() + 15_000).toISOString(),
      duration: 15,
      adId: ad!.id,
    };
    await send(screen.token, [event]);
    await send(screen.token, [event]);
    expect(await t.services.trackers.deliverDue()).toMatchObject({ delivered: 3 });
    for (const path of ['/imp/wchain2', '/imp/wchain1', '/imp/inline'])
      expect(fake.hitsAt(path)).toHaveLength(1);
    // VAST's [TIMESTAMP] is the play's.
    expect(fake.hitsAt('/imp/inline')[0]!.query.get('ts')).toBe(ad!.slotAt.toISOString());
    await screen.off();
  });

  it('a chain of six wrappers is refused (302), one ending with no ad is no fill (303)', async () => {
    const long = await only('ADTELLIGENT', { adapter: 'vast', endpoint: `${fake.base}/vast/chain/6` });
    const screen = await sspScreen();
    const inline = fake.hitsAt('/vast/chain/0').length;
    const sixth = fake.hitsAt('/vast/chain/1').length;
    expect((await t.services.ads.runRound()).missed).toEqual({ badVast: 1 });
    // The sixth wrapper is read and refused: the inline ad behind it is never fetched.
    expect(fake.hitsAt('/vast/chain/1').length - sixth).toBe(1);
    expect(fake.hitsAt('/vast/chain/0').length - inline).toBe(0);
    await patchSupplier(long.id, { endpoint: `${fake.base}/vast/empty/2` });
    expect((await t.services.ads.runRound()).missed).toEqual({ noFill: 1 });
    expect(await adsOf(screen.point.id)).toEqual([]);
    await screen.off();
  });
});

describe('the ad round, lease API', () => {
  it('leases, posts proof of play once with the display time, and releases an unplayed lease', async () => {
    await only('MANUAL', {
      adapter: 'lease',
      endpoint: `${fake.base}/lease/get_ad`,
      key: 'lease-key',
      floor: '4',
    });
    const played = await sspScreen('MANUAL', 2);
    const idle = await sspScreen('MANUAL', 2);
    const round = await t.services.ads.runRound();
    expect(round).toMatchObject({ won: 2 });
    const ask = JSON.parse(fake.hitsAt('/lease/get_ad').at(-1)!.body) as {
      api_key: string;
      display_area: unknown[];
    };
    expect(ask.api_key).toBe('lease-key');
    const [ad] = await adsOf(played.point.id);
    // A fixed price per show: 4.00 CPM × 2 / 1000 = 0.008.
    expect(ad).toMatchObject({ source: 'manual', priceMicros: 4_000_000, revenueMicros: 8_000 });
    const event = {
      eventId: randomUUID(),
      fileId: ad!.fileId,
      playlistId: played.playlist.id,
      startedAt: ad!.slotAt.toISOString(),
      endedAt: new Date(ad!.slotAt.getTime() + 15_000).toISOString(),
      duration: 15,
      adId: ad!.id,
    };
    await send(played.token, [event]);
    await send(played.token, [event]);
    await t.services.trackers.deliverDue();
    const pops = fake.hits.filter((h) => h.path === new URL(ad!.popUrl!).pathname);
    expect(pops).toHaveLength(1);
    expect(pops[0]!.method).toBe('POST');
    expect(JSON.parse(pops[0]!.body)).toEqual({ display_time: Math.floor(ad!.slotAt.getTime() / 1000) });

    const [lease] = await adsOf(idle.point.id);
    await t.database.db
      .update(sspAds)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sspAds.id, lease!.id));
    expect(await t.services.ads.releaseExpired()).toBe(1);
    expect(await t.services.ads.releaseExpired()).toBe(0);
    await t.services.trackers.deliverDue();
    expect(fake.hits.filter((h) => h.path === new URL(lease!.expiryUrl!).pathname)).toHaveLength(1);
    expect((await adsOf(idle.point.id))[0]!.status).toBe('expired');
    await played.off();
    await idle.off();
  });
});

describe('approval and the SSP pages', () => {
  it("keeps a creative waiting for the owner's approval ('Approve requested') out of the manifest until approved; one approved before needs none", async () => {
    await only('PRODUCT', { adapter: 'openrtb', endpoint: `${fake.base}/openrtb`, floor: '0' });
    Object.assign(fake.bidder, { price: 2.5, creative: '/creative/wide.png', adm: 'vast' });
    await t.database.db
      .update(cabinets)
      .set({ approvalRequired: true })
      .where(eq(cabinets.id, team.cabinet.id));
    const screen = await sspScreen();
    await t.services.ads.runRound();
    const [ad] = await adsOf(screen.point.id);
    const manifest = async () =>
      (
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/player/manifest',
            headers: { authorization: `Bearer ${screen.token}` },
          })
        ).json() as { ads: unknown[] }
      ).ads;
    // The same creative was approved before (earlier ads of this cabinet played it): it needs no new approval.
    expect(ad!.approved).toBe(true);
    await t.database.db.update(sspAds).set({ approved: false }).where(eq(sspAds.fileId, ad!.fileId!));
    expect(await manifest()).toEqual([]);
    const files = (await call(t.app, 'GET', '/api/ssp/file', { token: team.owner.token })).json() as {
      data: { id: number; approved: boolean; supplier: string; url: string }[];
      total: number;
    };
    expect(files.data.find((f) => f.id === ad!.fileId)).toMatchObject({ approved: false });
    const other = await createTeam(t);
    expect(
      (await call(t.app, 'POST', `/api/ssp/file/approve/${ad!.fileId}`, { token: other.owner.token }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'POST', `/api/ssp/file/approve/${ad!.fileId}`, { token: team.moderator.token }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'POST', `/api/ssp/file/approve/${ad!.fileId}`, { token: team.owner.token }))
        .statusCode,
    ).toBe(200);
    expect(await manifest()).toHaveLength(1);
    await t.database.db
      .update(cabinets)
      .set({ approvalRequired: false })
      .where(eq(cabinets.id, team.cabinet.id));
    await screen.off();
  });

  it('reports income by hour with exact totals, every show and the files, 100 a page, to its own cabinet only', async () => {
    const report = (await call(t.app, 'GET', '/api/ssp/report', { token: team.moderator.token })).json() as {
      data: { datetime: string; source: string; shows: number; revenue: string }[];
      total: number;
      totals: { shows: number; impressions: string; revenue: string; cost: string };
    };
    // Shows played above: two auction ads at 2.50 × 30.3, a VAST one at 3.10 × 30.3, a lease at 4.00 × 2.
    expect(report.totals).toEqual({ shows: 4, impressions: '92.9', revenue: '0.25343', cost: '0.25343' });
    expect(report.data.reduce((n, r) => n + r.shows, 0)).toBe(4);
    expect(new Set(report.data.map((r) => r.source))).toEqual(new Set(['auction', 'manual']));
    const list = (
      await call(t.app, 'GET', '/api/ssp/statistic?limit=10', { token: team.owner.token })
    ).json() as {
      data: {
        supplier: string;
        price: string;
        impressions: string;
        revenue: string;
        source: string;
        pointName: string;
      }[];
      total: number;
    };
    expect(list.total).toBe(4);
    expect(list.data.map((s) => s.revenue).sort()).toEqual(['0.008', '0.07575', '0.07575', '0.09393']);
    expect(list.data.find((s) => s.revenue === '0.09393')).toMatchObject({
      price: '3.1',
      impressions: '30.3',
      source: 'auction',
    });
    const files = (await call(t.app, 'GET', '/api/ssp/file', { token: team.owner.token })).json() as {
      data: unknown[];
      total: number;
    };
    expect(files.total).toBe(files.data.length);
    const other = await createTeam(t);
    const empty = (await call(t.app, 'GET', '/api/ssp/report', { token: other.owner.token })).json() as {
      total: number;
      totals: { shows: number };
    };
    expect(empty).toMatchObject({ total: 0, totals: { shows: 0 } });
    for (const path of ['/api/ssp/report', '/api/ssp/statistic', '/api/ssp/file'])
      for (const who of [team.observer, team.contentManager, team.agent])
        expect((await call(t.app, 'GET', path, { token: who.token })).statusCode, path).toBe(403);
    expect(
      (await call(t.app, 'GET', '/api/ssp/file?limit=1001', { token: team.owner.token })).statusCode,
    ).toBe(400);
  });
});
