import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaybackEvent } from '@vitrine/core';
import { points, sspAds, trackerDeliveries } from '../../db/schema.js';
import { rowsOf } from '../../db/sql.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createTeam } from '../../test/factories.js';
import { createPlaylist, uploadImage } from '../../test/media.js';
import { pairPlayer } from '../../test/player.js';
import { ingestParts } from './ingest.sql.js';

/**
 * The ingest statement carries only the steps a batch needs (ingest.sql.ts, `ingestParts`): the ad steps
 * when an event names an ad, the pixel step when a show names a playlist. These tests hold the split path
 * to what the full statement stores, and every call owed once, however often a batch is resent.
 */
let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeam(t);
});
afterAll(() => t.close());

const send = (token: string, events: readonly PlaybackEvent[]) =>
  call(t.app, 'POST', '/api/player/playback', { token, body: { events } });

/** An id no ad has: an event naming it takes the full statement, and finds no ad. */
const NO_SUCH_AD = 2_000_000_000;

/** `count` shows from `start`, every 10 minutes (so they span hours), over the given files and playlists. */
function shows(
  start: string,
  count: number,
  fileIds: readonly number[],
  playlistIds: readonly (number | null)[],
): PlaybackEvent[] {
  return Array.from({ length: count }, (_, i) => {
    const at = Date.parse(start) + i * 600_000;
    return {
      eventId: randomUUID(),
      fileId: fileIds[i % fileIds.length]!,
      playlistId: playlistIds[i % playlistIds.length]!,
      startedAt: new Date(at).toISOString(),
      endedAt: new Date(at + 12_500).toISOString(),
      duration: 12.5,
    };
  });
}

/** A screen with a half-hour zone, an audience by hour (twice the hour), a cost and one measured hour. */
async function twinScreen(measuredHour: string) {
  const { token, point } = await pairPlayer(t, team.owner, 'Twin');
  const perHour = Array.from({ length: 24 }, (_, h) => h * 2);
  await t.database.db
    .update(points)
    .set({ timezone: 'Asia/Kolkata', audience: { viewers: 5, perHour }, playbackCost: '1.25' })
    .where(eq(points.id, point.id));
  const measured = await call(t.app, 'POST', '/api/player/audience', {
    token,
    body: { hours: [{ hour: measuredHour, viewers: 42 }] },
  });
  expect(measured.statusCode).toBe(200);
  return { token, pointId: point.id };
}

/** A screen's stored shows, without what differs between two screens (their ids). */
async function storedRows(pointId: number) {
  return rowsOf<Record<string, unknown>>(
    t.database.db,
    sql`
    select event_id, cabinet_id, file_id, playlist_id, file_name, playlist_name, point_name,
      (extract(epoch from started_at) * 1000)::float8 as started_ms,
      (extract(epoch from ended_at) * 1000)::float8 as ended_ms, duration, impressions, cost, ad_id,
      revenue, source
    from playbacks where point_id = ${pointId} order by started_at, event_id`,
  );
}

async function rollupRows(pointId: number) {
  return rowsOf<Record<string, unknown>>(
    t.database.db,
    sql`
    select cabinet_id, playlist_id, file_id, (extract(epoch from hour_utc) * 1000)::float8 as hour_ms,
      to_char(hour_local, 'YYYY-MM-DD HH24:MI:SS') as hour_local, shows, seconds, impressions, cost,
      revenue, source
    from playback_hourly where point_id = ${pointId} order by hour_utc, playlist_id, file_id, source`,
  );
}

/** The rollup the raw rows add up to: shows, seconds, impressions, cost and revenue per screen. */
async function rollupTotals(pointId: number) {
  const [rows] = await rowsOf<Record<string, number>>(
    t.database.db,
    sql`
    select (select count(*) from playbacks where point_id = ${pointId})::int as rows,
      (select coalesce(sum(shows), 0) from playback_hourly where point_id = ${pointId})::int as shows,
      (select round(coalesce(sum(revenue), 0)::numeric, 6) from playbacks where point_id = ${pointId})::float8
        as revenue,
      (select round(coalesce(sum(revenue), 0)::numeric, 6) from playback_hourly where point_id = ${pointId})::float8
        as rolled_revenue`,
  );
  return rows!;
}

const deliveries = async (pointId: number) =>
  (
    await t.database.db
      .select({
        eventId: trackerDeliveries.eventId,
        kind: trackerDeliveries.kind,
        url: trackerDeliveries.url,
      })
      .from(trackerDeliveries)
      .where(eq(trackerDeliveries.pointId, pointId))
  )
    .map((d) => `${d.eventId} ${d.kind} ${d.url}`)
    .sort();

describe('ingest: only the steps a batch needs', () => {
  it('a batch naming no ad stores and rolls up what the full statement stores; a resend stores nothing', async () => {
    const files = [await uploadImage(t, team.owner), await uploadImage(t, team.owner)];
    const playlist = await createPlaylist(t, team.owner, 'Plain loop', files[0]!);
    // 05:30Z is 11:00 in Kolkata: that local hour was measured.
    const plain = await twinScreen('2026-04-01T05:30:00Z');
    const full = await twinScreen('2026-04-01T05:30:00Z');
    const events = shows('2026-04-01T04:45:00Z', 24, files, [playlist, null, playlist]);
    // The same shows (ids are per screen), each naming an ad that does not exist: the full statement.
    const naming = events.map((e) => ({ ...e, adId: NO_SUCH_AD }));
    expect(ingestParts(events)).toEqual({ ads: false, playlistIds: [playlist] });
    expect(ingestParts(naming).ads).toBe(true);
    expect(ingestParts(events.map((e) => ({ ...e, playlistId: null })))).toEqual({
      ads: false,
      playlistIds: [],
    });

    for (let i = 0; i < 2; i += 1) {
      expect((await send(plain.token, events)).statusCode).toBe(200);
      expect((await send(full.token, naming)).statusCode).toBe(200);
    }
    const rows = await storedRows(plain.pointId);
    expect(rows).toHaveLength(24);
    expect(rows).toEqual(await storedRows(full.pointId));
    expect(await rollupRows(plain.pointId)).toEqual(await rollupRows(full.pointId));
    // Local hours 10:00 to 14:00 in Kolkata: the measured one (11:00), else the setting for the hour.
    expect(new Set(rows.map((r) => r.impressions))).toEqual(new Set([20, 42, 24, 26, 28]));
    expect(rows.every((r) => r.ad_id === null && r.revenue === 0 && r.source === 'manual')).toBe(true);
    expect(await rollupTotals(plain.pointId)).toMatchObject({ rows: 24, shows: 24 });
    expect(await deliveries(plain.pointId)).toEqual([]);
    expect(await deliveries(full.pointId)).toEqual([]);

    // A batch with no playlist at all (no pixel step) rolls up the same way too.
    const loose = shows('2026-04-01T09:00:00Z', 6, files, [null]);
    expect((await send(plain.token, loose)).statusCode).toBe(200);
    expect(
      (
        await send(
          full.token,
          loose.map((e) => ({ ...e, adId: NO_SUCH_AD })),
        )
      ).statusCode,
    ).toBe(200);
    expect(await storedRows(plain.pointId)).toEqual(await storedRows(full.pointId));
    expect(await rollupRows(plain.pointId)).toEqual(await rollupRows(full.pointId));
  });

  it('a batch mixing an ad, pixel playlists and plain shows owes each call once, however often it is resent', async () => {
    const { token, point } = await pairPlayer(t, team.owner, 'Mixed');
    const creative = await uploadImage(t, team.owner);
    const file = await uploadImage(t, team.owner);
    const pixel = 'https://pixel.example/p?e={EVENT_ID}';
    const tracked = (
      await call(t.app, 'POST', '/api/playlist/post', {
        token: team.owner.token,
        body: { name: 'Tracked', files: [{ fileId: file, duration: 10 }], pixel },
      })
    ).json() as { id: number };
    const untracked = await createPlaylist(t, team.owner, 'Untracked', file);
    const now = Date.now();
    const [ad] = await t.database.db
      .insert(sspAds)
      .values({
        cabinetId: team.cabinet.id,
        pointId: point.id,
        supplierName: 'Test supplier',
        adapter: 'lease',
        source: 'auction',
        slotAt: new Date(now - 600_000),
        seconds: 15,
        fileId: creative,
        creativeUrl: 'https://ads.example/creative.png',
        priceMicros: 2_000_000,
        multiplierMicros: 4_000_000,
        revenueMicros: 8_000,
        currency: 'USD',
        expiresAt: new Date(now + 3_600_000),
        burl: 'https://ads.example/burl',
        impressions: ['https://ads.example/imp/1', 'https://ads.example/imp/2'],
        popUrl: 'https://ads.example/pop',
      })
      .returning();
    const start = new Date(now - 3_000_000).toISOString();
    const [adShow, secondAdShow] = shows(start, 2, [creative], [tracked.id]).map((e) => ({
      ...e,
      adId: ad!.id,
    }));
    const pixelShows = shows(start, 3, [file], [tracked.id]);
    const plainShows = shows(start, 3, [file], [untracked, null]);
    const batch = [adShow!, secondAdShow!, ...pixelShows, ...plainShows];

    expect((await send(token, batch)).statusCode).toBe(200);
    const owed = [
      `${adShow!.eventId} pixel https://pixel.example/p?e={EVENT_ID}`,
      `${adShow!.eventId} ssp:burl https://ads.example/burl`,
      `${adShow!.eventId} ssp:imp:1 https://ads.example/imp/1`,
      `${adShow!.eventId} ssp:imp:2 https://ads.example/imp/2`,
      `${adShow!.eventId} ssp:pop https://ads.example/pop`,
      ...[secondAdShow!, ...pixelShows].map((e) => `${e.eventId} pixel ${pixel}`),
    ].sort();
    expect(await deliveries(point.id)).toEqual(owed);
    const [played] = await t.database.db.select().from(sspAds).where(eq(sspAds.id, ad!.id));
    expect(played).toMatchObject({ status: 'played', eventId: adShow!.eventId });
    const rows = await storedRows(point.id);
    expect(rows).toHaveLength(8);
    expect(rows.filter((r) => r.ad_id !== null)).toEqual([
      expect.objectContaining({
        event_id: adShow!.eventId,
        revenue: 0.008,
        source: 'auction',
        impressions: 4,
      }),
    ]);
    const stored = { rows, rollup: await rollupRows(point.id) };
    expect(await rollupTotals(point.id)).toEqual({
      rows: 8,
      shows: 8,
      revenue: 0.008,
      rolled_revenue: 0.008,
    });

    // Resent one at a time and all at once: nothing stored, rolled up or owed twice.
    for (let i = 0; i < 2; i += 1) expect((await send(token, batch)).statusCode).toBe(200);
    const together = await Promise.all([send(token, batch), send(token, batch), send(token, batch)]);
    expect(together.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect({ rows: await storedRows(point.id), rollup: await rollupRows(point.id) }).toEqual(stored);
    expect(await deliveries(point.id)).toEqual(owed);

    // An overlapping batch: only its new shows are stored and owe their pixel; the played ad is not played again.
    const more = shows(new Date(now - 1_200_000).toISOString(), 2, [file], [tracked.id]);
    const again = { ...adShow!, eventId: randomUUID() };
    expect((await send(token, [...pixelShows.slice(1), ...more, again])).statusCode).toBe(200);
    expect(await deliveries(point.id)).toEqual(
      [...owed, ...[...more, again].map((e) => `${e.eventId} pixel ${pixel}`)].sort(),
    );
    const after = await storedRows(point.id);
    expect(after).toHaveLength(11);
    expect(after.find((r) => r.event_id === again.eventId)).toMatchObject({ ad_id: null, revenue: 0 });
    expect(await rollupTotals(point.id)).toEqual({
      rows: 11,
      shows: 11,
      revenue: 0.008,
      rolled_revenue: 0.008,
    });
  });

  it('a pixel set on a playlist is owed by the next batch that names it', async () => {
    const { token, point } = await pairPlayer(t, team.owner, 'Late pixel');
    const file = await uploadImage(t, team.owner);
    const playlist = await createPlaylist(t, team.owner, 'Tracked later', file);
    const first = shows('2026-04-02T10:00:00Z', 2, [file], [playlist]);
    expect((await send(token, first)).statusCode).toBe(200);
    expect(await deliveries(point.id)).toEqual([]);
    const pixel = 'https://pixel.example/late?e={EVENT_ID}';
    const saved = await call(t.app, 'POST', `/api/playlist/patch/${playlist}`, {
      token: team.owner.token,
      body: { pixel },
    });
    expect(saved.statusCode).toBe(200);
    const second = shows('2026-04-02T11:00:00Z', 2, [file], [playlist]);
    expect((await send(token, [...first, ...second])).statusCode).toBe(200);
    expect(await deliveries(point.id)).toEqual(second.map((e) => `${e.eventId} pixel ${pixel}`).sort());
  });
});
