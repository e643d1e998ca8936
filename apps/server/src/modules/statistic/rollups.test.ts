import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaybackEvent } from '@vitrine/core';
import { cabinets, points } from '../../db/schema.js';
import { rowsOf } from '../../db/sql.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createTeam } from '../../test/factories.js';
import { createPlaylist, uploadImage } from '../../test/media.js';
import { pairPlayer } from '../../test/player.js';

/**
 * The day and screen-hour rollups (`playback_daily`, `playback_screen_hourly`, migration 0037) are sums of
 * the hourly rollup kept by statement triggers. Whatever writes `playback_hourly` (ingest and its resends,
 * a measured audience, an admin's correction and the rows it empties, a cabinet's removal, batches sent at
 * once), each of their rows must equal the sum of the hourly rows under its key, and no row may be left
 * without one. The reports' own figures are held to the raw rows in statistic.test.ts.
 */
let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;
let fileIds: number[];
let playlistIds: number[];

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeam(t);
  fileIds = [await uploadImage(t, team.owner, 'roll-a.png'), await uploadImage(t, team.owner, 'roll-b.png')];
  playlistIds = [
    await createPlaylist(t, team.owner, 'Roll one', fileIds[0]!),
    await createPlaylist(t, team.owner, 'Roll two', fileIds[1]!),
  ];
}, 60_000);
afterAll(() => t.close());

/** A screen in the given zone, with an audience so that shows carry impressions. */
async function screen(name: string, timezone: string) {
  const { token, point } = await pairPlayer(t, team.owner, name);
  await t.database.db
    .update(points)
    .set({ timezone, audience: { viewers: 3, perHour: null }, playbackCost: '0.7' })
    .where(eq(points.id, point.id));
  return { token, pointId: point.id };
}

/** `count` shows from `start`, `stepMs` apart, over both files, both playlists and none. */
function shows(start: string, count: number, stepMs: number): PlaybackEvent[] {
  return Array.from({ length: count }, (_, i) => {
    const at = Date.parse(start) + i * stepMs;
    return {
      eventId: randomUUID(),
      fileId: fileIds[i % 2]!,
      playlistId: i % 3 === 2 ? null : playlistIds[i % 2]!,
      startedAt: new Date(at).toISOString(),
      endedAt: new Date(at + 7_300).toISOString(),
      duration: 7.3,
    };
  });
}

async function send(token: string, events: readonly PlaybackEvent[]): Promise<number> {
  const res = await call(t.app, 'POST', '/api/player/playback', { token, body: { events } });
  return res.statusCode;
}

/** The further rollups: each key column and how it reads off an hourly row, and the amounts each carries. */
const FURTHER = {
  playback_daily: {
    keys: {
      point_id: 'point_id',
      day_local: 'hour_local::date',
      playlist_id: 'playlist_id',
      file_id: 'file_id',
      source: 'source',
    },
    amounts: ['seconds', 'impressions', 'cost', 'revenue'],
  },
  playback_screen_hourly: {
    keys: { point_id: 'point_id', hour_utc: 'hour_utc', hour_local: 'hour_local', source: 'source' },
    amounts: ['seconds', 'impressions', 'cost', 'revenue'],
  },
  playback_screen_weekly: {
    keys: {
      point_id: 'point_id',
      week_local: "date_trunc('week', hour_local)::date",
      hour_of_day: 'extract(hour from hour_local)::smallint',
    },
    amounts: ['impressions'],
  },
} as const;

/** Where a further rollup and the sums of the hourly one part ways: [rollup, screen, key, rows, shows]. */
async function apart(): Promise<unknown[]> {
  const found: unknown[] = [];
  for (const [table, { keys, amounts }] of Object.entries(FURTHER)) {
    const columns = Object.keys(keys);
    const read = Object.entries(keys).map(([column, from]) => `${from} as ${column}`);
    const rows = await rowsOf<Record<string, unknown>>(
      t.database.db,
      sql.raw(`
      select '${table}' as rollup, coalesce(k.point_id, s.point_id) as point_id,
        concat_ws(' ', ${columns.map((c) => `coalesce(k.${c}, s.${c})::text`).join(', ')}) as key,
        k.rows as kept_rows, s.rows as summed_rows, k.shows as kept_shows, s.shows as summed_shows
      from ${table} k
      full join (
        select cabinet_id, ${read.join(', ')}, count(*)::int as rows, sum(shows)::int as shows,
          ${amounts.map((a) => `sum(${a}) as ${a}`).join(', ')}
        from playback_hourly group by cabinet_id, ${columns.map((_, i) => i + 2).join(', ')}
      ) s on ${columns.map((c) => `s.${c} = k.${c}`).join(' and ')}
      where k.point_id is null or s.point_id is null or k.rows is distinct from s.rows
        or k.shows is distinct from s.shows or k.cabinet_id is distinct from s.cabinet_id
        or ${amounts.map((a) => `abs(k.${a} - s.${a}) > 1e-6`).join(' or ')}`),
    );
    found.push(...rows);
  }
  // The measured hours by week and hour of the day, against the hours they count.
  const measured = await rowsOf<Record<string, unknown>>(
    t.database.db,
    sql`
    select 'audience_weekly' as rollup, coalesce(k.point_id, s.point_id) as point_id,
      concat_ws(' ', coalesce(k.week_local, s.week_local)::text, coalesce(k.hour_of_day, s.hour_of_day)::text) as key,
      k.hours as kept_hours, s.hours as summed_hours
    from audience_weekly k
    full join (
      select cabinet_id, point_id, date_trunc('week', hour_local)::date as week_local,
        extract(hour from hour_local)::smallint as hour_of_day, count(*)::int as hours
      from audience_hourly group by 1, 2, 3, 4
    ) s on s.point_id = k.point_id and s.week_local = k.week_local and s.hour_of_day = k.hour_of_day
    where k.point_id is null or s.point_id is null or k.hours is distinct from s.hours
      or k.cabinet_id is distinct from s.cabinet_id`,
  );
  found.push(...measured);
  return found;
}

async function counts(pointId: number): Promise<{ daily: number; hourly: number; shows: number }> {
  const [row] = await rowsOf<{ daily: number; hourly: number; shows: number }>(
    t.database.db,
    sql`select (select count(*) from playback_daily where point_id = ${pointId})::int as daily,
      (select count(*) from playback_screen_hourly where point_id = ${pointId})::int as hourly,
      (select coalesce(sum(shows), 0) from playback_daily where point_id = ${pointId})::int as shows`,
  );
  return row!;
}

describe('the day and screen-hour rollups', () => {
  it('stay the sums of the hourly rollup through ingest, resends, a measured hour and corrections', async () => {
    const kyiv = await screen('Roll Kyiv', 'Europe/Kyiv');
    const kolkata = await screen('Roll Kolkata', 'Asia/Kolkata');
    // Two days and a half, every 20 minutes: local days and hours of two zones, a half-hour one among them.
    const first = shows('2026-04-03T19:10:00Z', 180, 20 * 60_000);
    expect(await send(kyiv.token, first.slice(0, 90))).toBe(200);
    expect(await send(kolkata.token, first.slice(90))).toBe(200);
    expect(await apart()).toEqual([]);
    const stored = await counts(kyiv.pointId);
    expect(stored.shows).toBe(90);
    // 90 shows every 20 minutes are 30 hours on two or three local days, over 2 × 3 playlist-file pairs.
    expect(stored.hourly).toBe(30);
    expect(stored.daily).toBeGreaterThanOrEqual(6);

    // A resend stores nothing; more shows of the same hours add to existing rows (the update triggers).
    expect(await send(kyiv.token, first.slice(0, 90))).toBe(200);
    const more = shows('2026-04-03T19:15:00Z', 60, 20 * 60_000);
    expect(await send(kyiv.token, more)).toBe(200);
    expect(await apart()).toEqual([]);
    expect((await counts(kyiv.pointId)).shows).toBe(150);

    // A measured hour restamps its shows' impressions in the hourly rollup.
    const measured = await call(t.app, 'POST', '/api/player/audience', {
      token: kyiv.token,
      body: { hours: [{ hour: '2026-04-04T09:00:00.000Z', viewers: 41 }] },
    });
    expect(measured.statusCode).toBe(200);
    const [impressions] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select sum(impressions)::float8 as n from playback_screen_hourly
        where point_id = ${kyiv.pointId} and hour_utc = '2026-04-04T09:00:00Z'`,
    );
    expect(impressions!.n).toBeGreaterThan(41);
    expect(await apart()).toEqual([]);
    // The same hour measured again (its row updated in place) and the next one: one more hour counted.
    const again = await call(t.app, 'POST', '/api/player/audience', {
      token: kyiv.token,
      body: {
        hours: [
          { hour: '2026-04-04T09:00:00.000Z', viewers: 43 },
          { hour: '2026-04-04T10:00:00.000Z', viewers: 5 },
        ],
      },
    });
    expect(again.statusCode).toBe(200);
    expect(await apart()).toEqual([]);
    const [weekly] = await rowsOf<{ hours: number }>(
      t.database.db,
      sql`select coalesce(sum(hours), 0)::int as hours from audience_weekly where point_id = ${kyiv.pointId}`,
    );
    expect(weekly!.hours).toBe(2);

    // The admin's correction moves rows to another source; the hourly rows it empties are deleted.
    const ids = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select id from playbacks where point_id = ${kyiv.pointId} order by started_at limit 7`,
    );
    const patched = await call(t.app, 'PATCH', '/api/statistic/patch', {
      token: team.admin.token,
      body: { ids: ids.map((r) => Number(r.id)), patch: { source: 'auction', revenue: 1.1 } },
    });
    expect(patched.statusCode).toBe(200);
    expect(await apart()).toEqual([]);
    const [bySource] = await rowsOf<{ auction: number; manual: number }>(
      t.database.db,
      sql`select coalesce(sum(shows) filter (where source = 'auction'), 0)::int as auction,
        coalesce(sum(shows) filter (where source = 'manual'), 0)::int as manual
        from playback_daily where point_id = ${kyiv.pointId}`,
    );
    expect(bySource).toEqual({ auction: 7, manual: 143 });
    // And back: the auction rows empty again and go from all three rollups.
    await call(t.app, 'PATCH', '/api/statistic/patch', {
      token: team.admin.token,
      body: { ids: ids.map((r) => Number(r.id)), patch: { source: 'manual' } },
    });
    expect(await apart()).toEqual([]);
    const [left] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select ((select count(*) from playback_daily where point_id = ${kyiv.pointId} and source = 'auction')
        + (select count(*) from playback_screen_hourly where point_id = ${kyiv.pointId} and source = 'auction'))::int as n`,
    );
    expect(left!.n).toBe(0);

    // No writer of the product moves an hourly row to another key, but a repair by hand may: an update that
    // changes keys (a source, an hour's local reading) and amounts at once, on rows of two screens.
    await t.database.db.execute(sql`
      update playback_hourly set source = 'leftover', revenue = revenue + 2,
        hour_local = case when point_id = ${kolkata.pointId} then hour_local + interval '1 day' else hour_local end
      where point_id in (${kyiv.pointId}, ${kolkata.pointId}) and file_id = ${fileIds[1]!}`);
    expect(await apart()).toEqual([]);
    // And one that moves a screen's every hour a week on: its weekly rows empty and go, the next week's come.
    const weekRows = sql`select count(*)::int as n from playback_screen_weekly where point_id = ${kolkata.pointId}`;
    const [before] = await rowsOf<{ n: number }>(t.database.db, weekRows);
    await t.database.db.execute(
      sql`update playback_hourly set hour_local = hour_local + interval '7 days' where point_id = ${kolkata.pointId}`,
    );
    expect(await apart()).toEqual([]);
    expect((await rowsOf<{ n: number }>(t.database.db, weekRows))[0]!.n).toBe(before!.n);
    // A measured hour removed: its week's hour counts one less, and a count of nought goes.
    await t.database.db.execute(
      sql`delete from audience_hourly where point_id = ${kyiv.pointId} and hour_utc = '2026-04-04T10:00:00Z'`,
    );
    expect(await apart()).toEqual([]);
  }, 60_000);

  it('batches and corrections sent at once leave every row the sum of its hourly rows', async () => {
    const screens = [await screen('Roll A', 'UTC'), await screen('Roll B', 'America/New_York')];
    // Eight batches a screen over the same hours (each show 5 minutes from the previous batch's): every
    // batch adds to rows the others add to, new hourly rows and existing ones alike.
    const batches = screens.flatMap((s) =>
      Array.from({ length: 8 }, (_, b) => ({
        token: s.token,
        events: shows(
          new Date(Date.parse('2026-05-10T06:00:00Z') + b * 5 * 60_000).toISOString(),
          40,
          40 * 60_000,
        ),
      })),
    );
    const codes = await Promise.all(batches.map((b) => send(b.token, b.events)));
    expect(codes).toEqual(batches.map(() => 200));
    expect(await apart()).toEqual([]);
    for (const s of screens) expect((await counts(s.pointId)).shows).toBe(320);

    // Corrections of some rows while more batches of the same hours come in.
    const ids = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select id from playbacks where point_id = ${screens[0]!.pointId} order by id limit 30`,
    );
    const work = [
      ...screens.map((s) => send(s.token, shows('2026-05-10T06:02:00Z', 40, 40 * 60_000))),
      call(t.app, 'PATCH', '/api/statistic/patch', {
        token: team.admin.token,
        body: { ids: ids.slice(0, 15).map((r) => Number(r.id)), patch: { source: 'leftover', cost: 2 } },
      }).then((r) => r.statusCode),
      call(t.app, 'PATCH', '/api/statistic/patch', {
        token: team.admin.token,
        body: { ids: ids.slice(15).map((r) => Number(r.id)), patch: { revenue: 0.3 } },
      }).then((r) => r.statusCode),
    ];
    expect(await Promise.all(work)).toEqual(work.map(() => 200));
    expect(await apart()).toEqual([]);
    for (const s of screens) expect((await counts(s.pointId)).shows).toBe(360);
  }, 60_000);

  it("go with their cabinet's removal, which the triggers do not hold up", async () => {
    const other = await createTeam(t);
    const file = await uploadImage(t, other.owner, 'gone.png');
    const { token, point } = await pairPlayer(t, other.owner, 'Roll gone');
    const events = shows('2026-06-01T10:00:00Z', 12, 30 * 60_000).map((e) => ({
      ...e,
      fileId: file,
      playlistId: null,
    }));
    expect(await send(token, events)).toBe(200);
    expect((await counts(point.id)).shows).toBe(12);
    await t.database.db.delete(cabinets).where(eq(cabinets.id, other.cabinet.id));
    expect(await counts(point.id)).toEqual({ daily: 0, hourly: 0, shows: 0 });
    expect(await apart()).toEqual([]);
  });
});
