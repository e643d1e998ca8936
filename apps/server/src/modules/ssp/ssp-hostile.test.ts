import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Supplier } from '@vitrine/core';
import { sspAds } from '../../db/schema.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createTeam } from '../../test/factories.js';
import { startFakeSuppliers, type FakeSuppliers } from '../../test/ssp-fakes.js';
import { sspScreen } from '../../test/ssp-screen.js';

/**
 * Hostile suppliers (docs/ssp.md): an answer with a NUL, one nested thousands deep, or any bad offer fails
 * only its own bid, within a bounded cost, while a good supplier beside it still fills every screen; and a
 * playlist's advertising source and providers decide which suppliers a round asks.
 */
let t: TestApp;
let fake: FakeSuppliers;
let teams: Awaited<ReturnType<typeof createTeam>>[];

beforeAll(async () => {
  fake = await startFakeSuppliers();
  t = await buildTestApp({ OUTBOUND_ALLOW: '127.0.0.2' });
  teams = [await createTeam(t), await createTeam(t)];
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const admin = () => teams[0]!.admin;
async function supplierSet(settings: Partial<Record<Supplier['kind'], Record<string, unknown>>>) {
  const list = (
    (await call(t.app, 'GET', '/api/admin/ssp/supplier', { token: admin().token })).json() as {
      data: Supplier[];
    }
  ).data;
  for (const s of list) {
    const body = settings[s.kind] ?? { enabled: false };
    const res = await call(t.app, 'POST', `/api/admin/ssp/supplier/patch/${s.id}`, {
      token: admin().token,
      body: { floor: '1', ...body },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}
const openrtb = (path: string) => ({
  adapter: 'openrtb',
  endpoint: `${fake.base}${path}`,
  timeoutMs: 2000,
  enabled: true,
});
const adsOf = (pointId: number) => t.database.db.select().from(sspAds).where(eq(sspAds.pointId, pointId));
/** The supplier (by its endpoint's `who`) each hit on the bidder came from, for one screen's slots. */
const askedFor = (pointId: number) =>
  fake.hits
    .filter((h) => h.path.startsWith('/openrtb') && h.body.includes(`"${pointId}-`))
    .map((h) => h.query.get('who'));

let screens: Awaited<ReturnType<typeof sspScreen>>[] = [];
beforeEach(async () => {
  for (const s of screens) await s.off();
  screens = [await sspScreen(t, teams[0]!.owner), await sspScreen(t, teams[1]!.owner)];
  fake.hostile.openrtb = (answer) => JSON.stringify(answer);
  fake.hostile.vast = '';
});

/**
 * Runs a round while asking /api/health every 5 ms; answers the round and the longest time between two
 * health answers (what a client asking meanwhile waits at worst: a blocked event loop stretches it).
 */
async function roundWatchingHealth() {
  let done = false;
  let slowest = 0;
  const watch = (async () => {
    let last = performance.now();
    while (!done) {
      await new Promise((r) => setTimeout(r, 5));
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      slowest = Math.max(slowest, performance.now() - last);
      last = performance.now();
    }
  })();
  try {
    return { round: await t.services.ads.runRound(), slowest: () => slowest };
  } finally {
    done = true;
    await watch;
  }
}

describe('hostile suppliers', () => {
  it('a NUL in a higher bid fails only that bid: the good supplier fills both cabinets’ screens', async () => {
    await supplierSet({
      PRODUCT: openrtb('/openrtb?who=good'),
      ADTELLIGENT: openrtb('/openrtb/hostile?who=bad'),
    });
    fake.hostile.openrtb = (answer) => {
      for (const bid of answer.seatbid[0]!.bid) Object.assign(bid, { id: 'bid\u0000x', price: 9 });
      return JSON.stringify(answer);
    };
    const round = await t.services.ads.runRound();
    expect(round.won).toBe(2);
    for (const s of screens) {
      expect(askedFor(s.point.id).sort()).toEqual(['bad', 'good']);
      // The good supplier's price: the bad one bid 9.
      expect((await adsOf(s.point.id)).map((a) => a.priceMicros)).toEqual([2_500_000]);
    }
  });

  it('an answer nested 400,000 deep is refused unparsed; health stays fast and the good bid wins', async () => {
    await supplierSet({
      PRODUCT: openrtb('/openrtb?who=good'),
      ADTELLIGENT: openrtb('/openrtb/hostile?who=bad'),
    });
    fake.hostile.openrtb = (answer) =>
      `{"id":${JSON.stringify(answer.id)},"seatbid":${'['.repeat(400_000)}${']'.repeat(400_000)}}`;
    const { round, slowest } = await roundWatchingHealth();
    expect(round.won).toBe(2);
    expect(slowest()).toBeLessThan(1500);
  });

  it('a VAST document 5,000 deep is refused unparsed (badVast); health stays fast', async () => {
    await supplierSet({
      ADTELLIGENT: { adapter: 'vast', endpoint: `${fake.base}/vast/hostile`, enabled: true },
    });
    fake.hostile.vast = `<VAST version="4.2"><Ad>${'<x>'.repeat(5000)}${'</x>'.repeat(5000)}</Ad></VAST>`;
    const { round, slowest } = await roundWatchingHealth();
    expect(round.missed).toEqual({ badVast: 2 });
    expect(slowest()).toBeLessThan(1500);
  });

  it('an infinite price, a bad address or a bogus size misses its slot; the good supplier wins', async () => {
    await supplierSet({
      PRODUCT: openrtb('/openrtb?who=good'),
      ADTELLIGENT: openrtb('/openrtb/hostile?who=bad'),
    });
    const spoilers: Record<string, unknown>[] = [
      { price: 1e300 },
      { adm: 'http://exa mple/\u0001.png', price: 9 },
      { nurl: 'javascript:alert(1)', price: 9 },
      { w: -1, h: 'x', price: 9 },
    ];
    for (const spoil of spoilers) {
      fake.hostile.openrtb = (answer) => {
        for (const bid of answer.seatbid[0]!.bid) Object.assign(bid, spoil);
        return JSON.stringify(answer);
      };
      for (const s of screens) await s.off();
      screens = [await sspScreen(t, teams[0]!.owner)];
      expect((await t.services.ads.runRound()).won, JSON.stringify(spoil)).toBe(1);
      expect((await adsOf(screens[0]!.point.id))[0]!.priceMicros).toBe(2_500_000);
    }
  });
  it('a lease at a floor of 0 is a sane offer, and wins', async () => {
    await supplierSet({
      MANUAL: { adapter: 'lease', endpoint: `${fake.base}/lease/get_ad`, floor: '0', enabled: true },
    });
    for (const s of screens) await s.off();
    screens = [await sspScreen(t, teams[0]!.owner, 'MANUAL')];
    expect(await t.services.ads.runRound()).toMatchObject({ won: 1, missed: {} });
    expect((await adsOf(screens[0]!.point.id))[0]).toMatchObject({ priceMicros: 0, adapter: 'lease' });
  });
});

describe("a playlist's advertising source and providers", () => {
  const patchPlaylist = async (s: (typeof screens)[number], owner: number, body: Record<string, unknown>) => {
    const res = await call(t.app, 'POST', `/api/playlist/patch/${s.playlist.id}`, {
      token: teams[owner]!.owner.token,
      body,
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('providers restrict the suppliers asked; a source alone makes the playlist ask its supplier', async () => {
    await supplierSet({
      PRODUCT: openrtb('/openrtb?who=product'),
      ADTELLIGENT: openrtb('/openrtb?who=adtelligent'),
      ADMIXER: openrtb('/openrtb?who=admixer'),
    });
    const [restricted, sourced] = screens as [(typeof screens)[number], (typeof screens)[number]];
    await patchPlaylist(restricted, 0, { advertisingProviders: ['ADTELLIGENT', 'ADMIXER'] });
    await patchPlaylist(sourced, 1, { sspConnector: null, source: 'PRODUCT', advertisingProviders: [] });
    const round = await t.services.ads.runRound();
    expect(askedFor(restricted.point.id).sort()).toEqual(['admixer', 'adtelligent']);
    expect(askedFor(sourced.point.id)).toEqual(['product']);
    expect(round.won).toBe(2);
    expect((await adsOf(sourced.point.id))[0]).toMatchObject({ source: 'auction' });
  });

  it('a playlist naming neither asks every enabled supplier of its mode; with no source and the connector off, none', async () => {
    await supplierSet({
      PRODUCT: openrtb('/openrtb?who=product'),
      ADTELLIGENT: openrtb('/openrtb?who=adtelligent'),
    });
    const [open, silent] = screens as [(typeof screens)[number], (typeof screens)[number]];
    await patchPlaylist(silent, 1, { sspConnector: null, source: null });
    await t.services.ads.runRound();
    expect(askedFor(open.point.id).sort()).toEqual(['adtelligent', 'product']);
    expect(askedFor(silent.point.id)).toEqual([]);
  });
});
