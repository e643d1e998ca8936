import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Supplier } from '@vitrine/core';
import { sspAds } from '../../db/schema.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createTeam } from '../../test/factories.js';
import { uploadImage } from '../../test/media.js';
import { startFakeSuppliers, type FakeSuppliers } from '../../test/ssp-fakes.js';
import { sspScreen } from '../../test/ssp-screen.js';

/**
 * Leftover mode against a fake OpenRTB bidder on loopback (docs/ssp.md, "The ad round"): the ads take the
 * gaps the screen's schedule leaves, back to back, instead of the playlist's periodic slots; a screen whose
 * schedule another playlist fills gets none.
 */
let t: TestApp;
let fake: FakeSuppliers;
let team: Awaited<ReturnType<typeof createTeam>>;

beforeAll(async () => {
  fake = await startFakeSuppliers();
  t = await buildTestApp({ OUTBOUND_ALLOW: '127.0.0.2' });
  team = await createTeam(t);
  const list = (await call(t.app, 'GET', '/api/admin/ssp/supplier', { token: team.admin.token })).json() as {
    data: Supplier[];
  };
  for (const s of list.data) {
    const body =
      s.kind === 'PRODUCT'
        ? { adapter: 'openrtb', endpoint: `${fake.base}/openrtb`, floor: '1', enabled: true }
        : { enabled: false };
    const res = await call(t.app, 'POST', `/api/admin/ssp/supplier/patch/${s.id}`, {
      token: team.admin.token,
      body,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** A paired screen with every SSP field set and a leftover SSP playlist on it (periodicity an hour). */
const leftoverScreen = () => sspScreen(t, team.owner, 'LEFTOVER');

const adsOf = (pointId: number) => t.database.db.select().from(sspAds).where(eq(sspAds.pointId, pointId));

describe('leftover mode', () => {
  it("fills the schedule's gaps back to back, not the periodic slots; a screen another playlist fills gets none", async () => {
    const open = await leftoverScreen();
    const full = await leftoverScreen();
    // Another playlist (no SSP) fills the second screen's whole day.
    const fileId = await uploadImage(t, team.owner);
    const filler = await call(t.app, 'POST', '/api/playlist/post', {
      token: team.owner.token,
      body: { name: 'Filler', files: [{ fileId, duration: 20 }], points: [full.point.id] },
    });
    expect(filler.statusCode, filler.body).toBe(200);

    const now = new Date();
    const round = await t.services.ads.runRound(now);
    expect(fake.violations).toEqual([]);
    const ads = (await adsOf(open.point.id)).sort((a, b) => a.slotAt.getTime() - b.slotAt.getTime());
    // Periodic slots would be one an hour; the gaps take twelve 15 s slots, one after another.
    expect(ads).toHaveLength(12);
    expect(ads.every((a) => a.source === 'leftover' && a.seconds === 15)).toBe(true);
    const starts = ads.map((a) => a.slotAt.getTime());
    expect(starts[0]).toBeGreaterThan(now.getTime());
    expect(starts[0]! - now.getTime()).toBeLessThanOrEqual(15_000);
    expect(starts.slice(1).map((at, i) => at - starts[i]!)).toEqual(Array(11).fill(15_000));
    expect(await adsOf(full.point.id)).toEqual([]);
    expect(round).toMatchObject({ screens: 2, slots: 12, won: 12 });

    // The next round keeps the same grid: no slot is offered twice, none overlaps a taken one.
    await t.services.ads.runRound(new Date(now.getTime() + 30_000));
    const again = (await adsOf(open.point.id)).map((a) => a.slotAt.getTime()).sort((a, b) => a - b);
    expect(again.slice(0, 12)).toEqual(starts);
    expect(again.every((at) => (at - starts[0]!) % 15_000 === 0)).toBe(true);
  });
});
