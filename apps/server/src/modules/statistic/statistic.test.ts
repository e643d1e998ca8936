import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AudienceReport,
  ExchangeReport,
  ExportJobList,
  FileReport,
  HourReport,
  InstanceReport,
  PlaybackEvent,
  Point,
  StatisticList,
} from '@vitrine/core';
import { seededRandom } from '@vitrine/core';
import { storageRoot } from '../../lib/storage.js';
import { csvField } from './export.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createTeam, createUser, type TestUser } from '../../test/factories.js';
import { createPlaylist, uploadImage } from '../../test/media.js';
import { pairPlayer } from '../../test/player.js';
import { rowsOf } from '../../db/sql.js';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;
let stranger: TestUser;

function show(start: number, seconds: number, fileId: number, playlistId: number | null): PlaybackEvent {
  return {
    eventId: randomUUID(),
    fileId,
    playlistId,
    startedAt: new Date(start).toISOString(),
    endedAt: new Date(start + seconds * 1000).toISOString(),
    duration: seconds,
  };
}

async function send(token: string, events: PlaybackEvent[]): Promise<void> {
  for (let i = 0; i < events.length; i += 200) {
    const res = await call(t.app, 'POST', '/api/player/playback', {
      token,
      body: { events: events.slice(i, i + 200) },
    });
    expect(res.statusCode).toBe(200);
  }
}

const get = (who: TestUser, url: string, query: Record<string, string> = {}) =>
  call(t.app, 'GET', url, { token: who.token, query });

// ---- the world: three screens in three zones, two networks, three files, two playlists ----

interface Screen {
  token: string;
  point: Point;
  zone: string;
  multiplier: (hour: number) => number;
}
const screens: Screen[] = [];
const fileIds: number[] = [];
const playlistIds: number[] = [];
const netOf = new Map<number, number[]>(); // net id -> point ids
const KYIV_PER_HOUR = Array.from({ length: 24 }, (_, h) => (h >= 8 && h < 20 ? 10 + h : 2));

interface Raw {
  id: number;
  pointId: number;
  playlistId: number | null;
  fileId: number;
  startedMs: number;
  duration: number;
  impressions: number;
  revenue: number;
  cost: number;
  source: string;
}

async function rawRows(cabinetId: number): Promise<Raw[]> {
  const result = await rowsOf<Record<string, unknown>>(
    t.database.db,
    sql`
    select id, point_id, playlist_id, file_id, (extract(epoch from started_at) * 1000)::float8 as ms,
      duration, coalesce(impressions, 0) as impressions, revenue, coalesce(cost, 0) as cost, source
    from playbacks where cabinet_id = ${cabinetId}`,
  );
  return result.map((r) => ({
    id: Number(r.id),
    pointId: Number(r.point_id),
    playlistId: r.playlist_id === null ? null : Number(r.playlist_id),
    fileId: Number(r.file_id),
    startedMs: Number(r.ms),
    duration: Number(r.duration),
    impressions: Number(r.impressions),
    revenue: Number(r.revenue),
    cost: Number(r.cost),
    source: String(r.source),
  }));
}

/** Zones of screens made outside `screens` (the zone check). */
const extraZones = new Map<number, string>();
/** Their names. */
const extraNames = new Map<number, string>();
const zoneOfPoint = (pointId: number) =>
  screens.find((s) => s.point.id === pointId)?.zone ?? extraZones.get(pointId) ?? 'UTC';

/** 'YYYY-MM-DD HH:mm:ss' on a zone's clock, from Intl (not the server's SQL). */
function localTime(ms: number, timeZone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(ms))
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

interface Filters {
  from: string;
  to: string;
  points?: number[];
  nets?: number[];
  playlists?: number[];
  files?: number[];
}

function matching(rows: Raw[], f: Filters): (Raw & { local: string })[] {
  const inNets = f.nets ? new Set(f.nets.flatMap((n) => netOf.get(n) ?? [])) : null;
  return rows
    .map((r) => ({ ...r, local: localTime(r.startedMs, zoneOfPoint(r.pointId)) }))
    .filter(
      (r) =>
        r.local.slice(0, 10) >= f.from &&
        r.local.slice(0, 10) <= f.to &&
        (!f.points || f.points.includes(r.pointId)) &&
        (!inNets || inNets.has(r.pointId)) &&
        (!f.playlists || (r.playlistId !== null && f.playlists.includes(r.playlistId))) &&
        (!f.files || f.files.includes(r.fileId)),
    );
}

function query(f: Filters): Record<string, string> {
  const q: Record<string, string> = { from: f.from, to: f.to };
  for (const key of ['points', 'nets', 'playlists', 'files'] as const) {
    if (f[key]) q[key] = f[key].join(',');
  }
  return q;
}

/** Sums grouped by a key, rounded so float sums in another order compare equal. */
function group<K extends string>(rows: (Raw & { local: string })[], key: (r: Raw & { local: string }) => K) {
  const out = new Map<
    K,
    { shows: number; seconds: number; impressions: number; revenue: number; cost: number }
  >();
  for (const r of rows) {
    const g = out.get(key(r)) ?? { shows: 0, seconds: 0, impressions: 0, revenue: 0, cost: 0 };
    g.shows += 1;
    g.seconds += r.duration;
    g.impressions += r.impressions;
    g.revenue += r.revenue;
    g.cost += r.cost;
    out.set(key(r), g);
  }
  return out;
}
const r6 = (n: number) => Math.round(n * 1e6) / 1e6;
const rounded = (s: {
  shows: number;
  seconds: number;
  impressions: number;
  revenue: number;
  cost: number;
}) => ({
  shows: s.shows,
  seconds: r6(s.seconds),
  impressions: r6(s.impressions),
  revenue: r6(s.revenue),
  cost: r6(s.cost),
});

const DAYS = [
  '2026-03-01',
  '2026-03-02',
  '2026-03-03',
  '2026-03-04',
  '2026-03-05',
  '2026-03-06',
  '2026-03-07',
];

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeam(t);
  stranger = await createUser(t, { role: 'owner' });

  const setup = [
    { name: 'Екран Київ', zone: 'Europe/Kyiv', audience: { viewers: 4, perHour: KYIV_PER_HOUR }, cost: 5 },
    { name: 'Lobby NY', zone: 'America/New_York', audience: { viewers: 3, perHour: null }, cost: 2 },
    { name: 'Kolkata hall', zone: 'Asia/Kolkata', audience: null, cost: null },
  ];
  for (const s of setup) {
    const paired = await pairPlayer(t, team.owner, s.name);
    const res = await call(t.app, 'PATCH', `/api/point/patch/${paired.point.id}`, {
      token: team.owner.token,
      body: { timezone: s.zone, audience: s.audience, playbackCost: s.cost === null ? null : String(s.cost) },
    });
    expect(res.statusCode).toBe(200);
    screens.push({
      ...paired,
      zone: s.zone,
      multiplier: (h) => (s.audience ? (s.audience.perHour?.[h] ?? s.audience.viewers) : 0),
    });
  }
  for (const [name, members] of [
    ['Мережа Схід', [screens[0]!.point.id, screens[2]!.point.id]],
    ['West', [screens[1]!.point.id]],
  ] as const) {
    const res = await call(t.app, 'POST', '/api/net/post', {
      token: team.owner.token,
      body: { name, points: members },
    });
    expect(res.statusCode).toBe(200);
    netOf.set((res.json() as { id: number }).id, [...members]);
  }
  for (const name of ['реклама-весна.png', 'coffee, "best".png', 'plain.png']) {
    fileIds.push(await uploadImage(t, team.owner, name));
  }
  playlistIds.push(await createPlaylist(t, team.owner, 'Ранок', fileIds[0]!));
  playlistIds.push(await createPlaylist(t, team.owner, 'Evening', fileIds[1]!));

  // 900 shows at random over a week (UTC), random screen, file, playlist or none, 1-30 s.
  const rand = seededRandom(20260301);
  const byScreen = new Map<number, PlaybackEvent[]>();
  const start = Date.parse('2026-02-28T20:00:00Z');
  for (let i = 0; i < 900; i += 1) {
    const s = Math.floor(rand() * screens.length);
    const at = start + Math.floor(rand() * 8 * 86_400) * 1000;
    const file = fileIds[Math.floor(rand() * fileIds.length)]!;
    const pick = rand();
    const playlist = pick < 0.2 ? null : playlistIds[pick < 0.6 ? 0 : 1]!;
    const events = byScreen.get(s) ?? [];
    events.push(show(at, 1 + Math.floor(rand() * 30), file, playlist));
    byScreen.set(s, events);
  }
  for (const [s, events] of byScreen) await send(screens[s]!.token, events);

  // Another cabinet's screen with shows of its own.
  const theirs = await pairPlayer(t, stranger, 'Their screen');
  const theirFile = await uploadImage(t, stranger, 'theirs.png');
  await send(
    theirs.token,
    Array.from({ length: 20 }, (_, i) =>
      show(Date.parse('2026-03-03T10:00:00Z') + i * 60_000, 10, theirFile, null),
    ),
  );
}, 120_000);
afterAll(() => t.close());

/** Seeded random filter sets: periods inside the week, and now and then lists of ids. */
function filterSets(count: number): Filters[] {
  const rand = seededRandom(7);
  const pickSome = (ids: number[]) => {
    const some = ids.filter(() => rand() < 0.5);
    return some.length ? some : [ids[0]!];
  };
  const sets: Filters[] = [{ from: '2026-02-20', to: '2026-03-20' }];
  for (let i = 0; i < count; i += 1) {
    const a = Math.floor(rand() * DAYS.length);
    const b = a + Math.floor(rand() * (DAYS.length - a));
    const f: Filters = { from: DAYS[a]!, to: DAYS[b]! };
    if (rand() < 0.4) f.points = pickSome(screens.map((s) => s.point.id));
    if (rand() < 0.3) f.nets = pickSome([...netOf.keys()]);
    if (rand() < 0.3) f.playlists = pickSome(playlistIds);
    if (rand() < 0.3) f.files = pickSome(fileIds);
    sets.push(f);
  }
  return sets;
}

/** Every report, over the filters, against the raw rows it summarises. */
async function checkReports(f: Filters): Promise<void> {
  const raw = matching(await rawRows(team.cabinet.id), f);
  const label = JSON.stringify(f);
  const q = query(f);

  const byHour = (await get(team.observer, '/api/statistic/get-report-by-hour', q)).json() as HourReport;
  const hours = group(raw, (r) => `${r.local.slice(0, 13)}:00`);
  expect(
    byHour.rows.map((r) => [r.hour, rounded(r)]),
    label,
  ).toEqual([...hours.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, rounded(v)]));
  const all = group(raw, () => 'all').get('all') ?? {
    shows: 0,
    seconds: 0,
    impressions: 0,
    revenue: 0,
    cost: 0,
  };
  expect(rounded(byHour.totals), label).toEqual(rounded(all));

  const byInstance = (
    await get(team.observer, '/api/statistic/get-report-by-instances', q)
  ).json() as InstanceReport;
  const instances = group(raw, (r) => String(r.pointId));
  expect(Object.fromEntries(byInstance.rows.map((r) => [String(r.pointId), rounded(r)])), label).toEqual(
    Object.fromEntries([...instances.entries()].map(([k, v]) => [k, rounded(v)])),
  );
  for (const row of byInstance.rows) {
    const screen = screens.find((s) => s.point.id === row.pointId);
    expect(row.name).toBe(screen ? screen.point.name : extraNames.get(row.pointId));
  }
  expect(rounded(byInstance.totals)).toEqual(rounded(all));

  const byFile = (await get(team.observer, '/api/statistic/get-report-by-files', q)).json() as FileReport;
  const filesGroup = group(raw, (r) => `${r.playlistId ?? 'none'}|${r.fileId}`);
  expect(
    Object.fromEntries(byFile.rows.map((r) => [`${r.playlistId ?? 'none'}|${r.fileId}`, rounded(r)])),
    label,
  ).toEqual(Object.fromEntries([...filesGroup.entries()].map(([k, v]) => [k, rounded(v)])));
  expect(byFile.rows.every((r) => r.file !== null && (r.playlistId === null) === (r.playlist === null))).toBe(
    true,
  );

  const exchange = (await get(team.owner, '/api/third-party/exchange', q)).json() as ExchangeReport;
  const days = group(raw, (r) => `${r.local.slice(0, 10)}|${r.source}`);
  expect(
    Object.fromEntries(
      exchange.rows.map((r) => [
        `${r.date}|${r.source}`,
        { shows: r.shows, impressions: r6(r.impressions), revenue: r6(r.revenue), cost: r6(r.cost) },
      ]),
    ),
    label,
  ).toEqual(
    Object.fromEntries(
      [...days.entries()].map(([k, v]) => [
        k,
        { shows: v.shows, impressions: r6(v.impressions), revenue: r6(v.revenue), cost: r6(v.cost) },
      ]),
    ),
  );
  expect(exchange.totals.shows).toBe(raw.length);

  // The audience per screen and hour of its day: whole weeks from the weekly sums, other days by the hour.
  const audience = (await get(team.owner, '/api/audience', q)).json() as AudienceReport;
  const screenHours = group(raw, (r) => `${r.pointId}|${Number(r.local.slice(11, 13))}`);
  expect(
    Object.fromEntries(
      audience.rows.map((r) => [
        `${r.pointId}|${r.hour}`,
        { shows: r.shows, impressions: r6(r.impressions) },
      ]),
    ),
    label,
  ).toEqual(
    Object.fromEntries(
      [...screenHours.entries()].map(([k, v]) => [k, { shows: v.shows, impressions: r6(v.impressions) }]),
    ),
  );

  // The list: the total, and the first page newest first.
  const list = (await get(team.owner, '/api/statistic', { ...q, limit: '10' })).json() as StatisticList;
  expect(list.total, label).toBe(raw.length);
  const newest = [...raw].sort((a, b) => b.startedMs - a.startedMs || b.id - a.id).slice(0, 10);
  expect(list.list.map((r) => r.id)).toEqual(newest.map((r) => r.id));
}

describe('statistics reports', () => {
  it('property: every report and the list total equal the raw rows they summarise, over random filters', async () => {
    for (const f of filterSets(24)) await checkReports(f);
  }, 120_000);

  it('the list: spec §3 rows, pages of 10/100/1000, filters, newest first', async () => {
    const q = { from: DAYS[0]!, to: DAYS[6]! };
    const first = (await get(team.owner, '/api/statistic', q)).json() as StatisticList;
    expect(first.list).toHaveLength(10);
    const kyiv = screens[0]!;
    const row = first.list.find((r) => r.pointId === kyiv.point.id) ?? first.list[0]!;
    expect(Object.keys(row).sort()).toEqual(
      [
        'id',
        'datetime',
        'localTime',
        'channel',
        'instance',
        'pointId',
        'playlist',
        'playlistId',
        'file',
        'fileId',
        'duration',
        'shows',
        'impressions',
        'revenue',
        'cost',
        'source',
      ].sort(),
    );
    expect(row.shows).toBe(1);
    expect(row.source).toBe('manual');

    // Walking every page of 100 gives every row once, newest first.
    const seen: StatisticList['list'] = [];
    for (let page = 1; page <= Math.ceil(first.total / 100); page += 1) {
      const res = await get(team.owner, '/api/statistic', { ...q, limit: '100', page: String(page) });
      seen.push(...(res.json() as StatisticList).list);
    }
    expect(seen).toHaveLength(first.total);
    expect(new Set(seen.map((r) => r.id)).size).toBe(first.total);
    for (let i = 1; i < seen.length; i += 1) {
      expect(seen[i - 1]!.datetime >= seen[i]!.datetime).toBe(true);
    }
    // Channel: the screen's networks; instance: its name; names captured at ingest.
    const kyivRow = seen.find((r) => r.pointId === kyiv.point.id)!;
    expect(kyivRow.channel).toBe('Мережа Схід');
    expect(kyivRow.instance).toBe('Екран Київ');
    const nyRow = seen.find((r) => r.pointId === screens[1]!.point.id)!;
    expect(nyRow.channel).toBe('West');
    expect(localTime(Date.parse(nyRow.datetime), 'America/New_York')).toBe(nyRow.localTime);

    // A page size outside 10/100/1000, a period over a year, a bad id list.
    const bad = await get(team.owner, '/api/statistic', { ...q, limit: '25' });
    expect(bad.statusCode).toBe(400);
    const long = await get(team.owner, '/api/statistic', { from: '2025-01-01', to: '2026-03-01' });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('The period must not be longer than a year');
    expect((await get(team.owner, '/api/statistic', { ...q, points: '1,abc' })).statusCode).toBe(400);
    const thousand = await get(team.owner, '/api/statistic', { ...q, limit: '1000' });
    expect((thousand.json() as StatisticList).list).toHaveLength(Math.min(1000, first.total));
  });

  it("hours are the screen's own: a show just after local midnight in Kyiv is the next day there", async () => {
    const kyiv = await pairPlayer(t, team.owner, 'Zone check');
    await call(t.app, 'PATCH', `/api/point/patch/${kyiv.point.id}`, {
      token: team.owner.token,
      body: { timezone: 'Europe/Kyiv' },
    });
    extraZones.set(kyiv.point.id, 'Europe/Kyiv');
    extraNames.set(kyiv.point.id, 'Zone check');
    const fileId = fileIds[2]!;
    // 22:30 UTC on 2 March is 00:30 on 3 March in Kyiv (UTC+2).
    await send(kyiv.token, [show(Date.parse('2026-03-02T22:30:00Z'), 10, fileId, null)]);
    const points = String(kyiv.point.id);
    const on3 = (
      await get(team.owner, '/api/statistic/get-report-by-hour', {
        from: '2026-03-03',
        to: '2026-03-03',
        points,
      })
    ).json() as HourReport;
    expect(on3.rows).toEqual([
      { hour: '2026-03-03 00:00', shows: 1, seconds: 10, impressions: 0, revenue: 0, cost: 0 },
    ]);
    const on2 = (
      await get(team.owner, '/api/statistic/get-report-by-hour', {
        from: '2026-03-02',
        to: '2026-03-02',
        points,
      })
    ).json() as HourReport;
    expect(on2.rows).toEqual([]);
    const list = (
      await get(team.owner, '/api/statistic', { from: '2026-03-03', to: '2026-03-03', points })
    ).json() as StatisticList;
    expect(list.list.map((r) => [r.datetime, r.localTime])).toEqual([
      ['2026-03-02T22:30:00.000Z', '2026-03-03 00:30:00'],
    ]);
    expect(
      (
        (
          await get(team.owner, '/api/statistic', { from: '2026-03-02', to: '2026-03-02', points })
        ).json() as StatisticList
      ).total,
    ).toBe(0);
  });

  it('a screen whose zone neither the database nor the runtime knows is listed on UTC, not an error', async () => {
    const odd = await pairPlayer(t, team.owner, 'Odd zone');
    extraZones.set(odd.point.id, 'UTC');
    extraNames.set(odd.point.id, 'Odd zone');
    await send(odd.token, [show(Date.parse('2026-03-04T23:30:00Z'), 10, fileIds[0]!, null)]);
    // Set behind the API's back (it refuses unknown zones), as an old row or a newer zone list could leave it.
    await t.database.db.execute(
      sql`update points set timezone = 'Mars/Olympus_Mons' where id = ${odd.point.id}`,
    );
    const res = await get(team.owner, '/api/statistic', {
      from: '2026-03-04',
      to: '2026-03-04',
      points: String(odd.point.id),
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as StatisticList).list.map((r) => [r.datetime, r.localTime])).toEqual([
      ['2026-03-04T23:30:00.000Z', '2026-03-04 23:30:00'],
    ]);
  });

  it('audience: shows per screen and local hour times the audience of that hour', async () => {
    const f = { from: DAYS[0]!, to: DAYS[6]! };
    const res = await get(team.owner, '/api/audience', f);
    expect(res.statusCode).toBe(200);
    const rows = (res.json() as AudienceReport).rows;
    const raw = matching(await rawRows(team.cabinet.id), f).filter((r) =>
      screens.some((s) => s.point.id === r.pointId),
    );
    const expected = group(raw, (r) => `${r.pointId}|${Number(r.local.slice(11, 13))}`);
    const mine = rows.filter((r) => screens.some((s) => s.point.id === r.pointId));
    expect(Object.fromEntries(mine.map((r) => [`${r.pointId}|${r.hour}`, r.shows]))).toEqual(
      Object.fromEntries([...expected.entries()].map(([k, v]) => [k, v.shows])),
    );
    for (const r of mine) {
      const screen = screens.find((s) => s.point.id === r.pointId)!;
      expect(r.viewers).toBe(screen.multiplier(r.hour));
      expect(r.impressions).toBe(r.shows * screen.multiplier(r.hour));
    }
  });
});

describe('cabinets and roles', () => {
  it('another cabinet sees nothing of ours, even naming our ids', async () => {
    const ours = {
      from: DAYS[0]!,
      to: DAYS[6]!,
      points: screens.map((s) => s.point.id).join(','),
      files: fileIds.join(','),
    };
    const list = (await get(stranger, '/api/statistic', ours)).json() as StatisticList;
    expect(list).toEqual({ list: [], total: 0 });
    for (const url of [
      '/api/statistic/get-report-by-hour',
      '/api/statistic/get-report-by-instances',
      '/api/statistic/get-report-by-files',
    ]) {
      expect(((await get(stranger, url, ours)).json() as HourReport).rows).toEqual([]);
    }
    expect(((await get(stranger, '/api/audience', ours)).json() as AudienceReport).rows).toEqual([]);
    // Their own shows are theirs only; ours do not count for them and theirs not for us.
    const theirs = (
      await get(stranger, '/api/statistic', { from: DAYS[0]!, to: DAYS[6]! })
    ).json() as StatisticList;
    expect(theirs.total).toBe(20);
    expect(theirs.list.every((r) => r.instance === 'Their screen')).toBe(true);
    const theirPoint = theirs.list[0]!.pointId;
    const named = (
      await get(team.owner, '/api/statistic', {
        from: DAYS[0]!,
        to: DAYS[6]!,
        points: String(theirPoint),
      })
    ).json() as StatisticList;
    expect(named).toEqual({ list: [], total: 0 });
    expect(((await get(stranger, '/api/spool/report')).json() as ExportJobList).list).toEqual([]);
  });

  it('observer: reports yes, list no; the patch is the admin’s alone', async () => {
    const q = { from: DAYS[0]!, to: DAYS[6]! };
    expect((await get(team.observer, '/api/statistic/get-report-by-hour', q)).statusCode).toBe(200);
    expect(
      (await get(team.observer, '/api/statistic/print-report', { ...q, format: 'csv' })).statusCode,
    ).toBe(200);
    expect((await get(team.observer, '/api/statistic', q)).statusCode).toBe(403);
    expect((await get(team.observer, '/api/statistic/print-list', q)).statusCode).toBe(403);
    expect((await get(team.agent, '/api/statistic', q)).statusCode).toBe(200);
    expect((await get(team.agent, '/api/third-party/exchange', q)).statusCode).toBe(403);
    for (const who of [team.owner, team.moderator, team.observer]) {
      const res = await call(t.app, 'PATCH', '/api/statistic/patch', {
        token: who.token,
        body: { ids: [1], patch: { impressions: 1 } },
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it('the admin corrects rows: changes are recorded, and the rollup still equals the rows', async () => {
    const raw = await rawRows(team.cabinet.id);
    const picked = raw.slice(0, 5).map((r) => r.id);
    const res = await call(t.app, 'PATCH', '/api/statistic/patch', {
      token: team.admin.token,
      body: { ids: picked, patch: { impressions: 100, revenue: 7.5, source: 'auction' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, updated: 5 });
    const after = (await rawRows(team.cabinet.id)).filter((r) => picked.includes(r.id));
    expect(after.every((r) => r.impressions === 100 && r.revenue === 7.5 && r.source === 'auction')).toBe(
      true,
    );
    const changes = await rowsOf<Record<string, unknown>>(
      t.database.db,
      sql`
      select playback_id, user_id, field, old_value, new_value from statistic_changes
      where playback_id = ${picked[0]!} order by field`,
    );
    expect(changes.map((c) => [c.field, c.new_value, Number(c.user_id)])).toEqual([
      ['impressions', '100', team.admin.row.id],
      ['revenue', '7.5', team.admin.row.id],
      ['source', 'auction', team.admin.row.id],
    ]);
    // Reports (revenue, impressions and the exchange by source) agree with the corrected rows.
    for (const f of filterSets(6)) await checkReports(f);
    const exchange = (
      await get(team.owner, '/api/third-party/exchange', { from: '2026-02-20', to: '2026-03-20' })
    ).json() as ExchangeReport;
    expect(exchange.rows.filter((r) => r.source === 'auction').reduce((n, r) => n + r.shows, 0)).toBe(5);
    expect(exchange.totals.revenue).toBe(37.5);
    // A second correction of the same rows moves them again, still consistently.
    await call(t.app, 'PATCH', '/api/statistic/patch', {
      token: team.admin.token,
      body: { ids: picked.slice(0, 2), patch: { source: 'manual', cost: 1 } },
    });
    await checkReports({ from: '2026-02-20', to: '2026-03-20' });
  }, 60_000);
});

// ---- exports ----

/** RFC 4180 parsing, enough to read the export back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  if (field !== '' || row.length) rows.push([...row, field]);
  return rows;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const parts: string[] = [];
  for (let p = 1; p <= doc.numPages; p += 1) {
    const content = await (await doc.getPage(p)).getTextContent();
    parts.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  return parts.join('\n');
}

describe('exports', () => {
  const q = { from: DAYS[0]!, to: DAYS[6]!, points: '' };

  it('CSV: a BOM, the header and every row of the list, quoted where needed', async () => {
    const points = String(screens[0]!.point.id);
    const res = await get(team.owner, '/api/statistic/print-list', { ...q, points, format: 'csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="statistics-/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parseCsv(res.rawPayload.toString('utf8').slice(1));
    expect(rows[0]).toEqual([
      'Time (screen)',
      'Time (UTC)',
      'Channel',
      'Instance',
      'Playlist',
      'File',
      'Shows',
      'Impressions',
      'Revenue',
      'Cost',
      'Source',
    ]);
    const list = (
      await get(team.owner, '/api/statistic', { ...q, points, limit: '1000' })
    ).json() as StatisticList;
    expect(rows.slice(1)).toEqual(
      list.list.map((r) => [
        r.localTime,
        r.datetime,
        r.channel ?? '',
        r.instance ?? '',
        r.playlist ?? '',
        r.file ?? '',
        '1',
        String(r.impressions),
        String(r.revenue),
        String(r.cost),
        r.source,
      ]),
    );
    expect(rows.some((r) => r[5] === 'coffee, "best".png')).toBe(true);
  });

  it('CSV: text a spreadsheet would run as a formula opens as text; numbers stay numbers', () => {
    expect(csvField('=HYPERLINK("http://evil.example","x")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""x"")"`,
    );
    expect(csvField("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
    for (const lead of ['+', '-', '@', '\t', '\r'])
      expect(csvField(`${lead}1+1`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvField(-12.5)).toBe('-12.5');
    expect(csvField('Lobby - north')).toBe('Lobby - north');
    expect(csvField('coffee, "best".png')).toBe('"coffee, ""best"".png"');
  });

  it('XLSX reads back with exceljs; the report by files has its rows and a total', async () => {
    const res = await get(team.observer, '/api/statistic/print-report', {
      ...q,
      kind: 'files',
      format: 'xlsx',
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const values = sheet.getSheetValues().filter(Boolean) as unknown[][];
    const report = (await get(team.observer, '/api/statistic/get-report-by-files', q)).json() as FileReport;
    expect(values).toHaveLength(report.rows.length + 2);
    expect(values[0]!.slice(1)).toEqual([
      'Playlist',
      'File',
      'Shows',
      'Seconds',
      'Impressions',
      'Revenue',
      'Cost',
    ]);
    expect(values.slice(1, -1).map((v) => [v[1] ?? null, v[2], v[3]])).toEqual(
      report.rows.map((r) => [r.playlist, r.file, r.shows]),
    );
    expect(values.at(-1)![1]).toBe('Total');
    expect(values.at(-1)![3]).toBe(report.totals.shows);
  });

  it('PDF: a table whose text holds the Cyrillic and Latin names, over several pages', async () => {
    const res = await get(team.owner, '/api/statistic/print-list', { ...q, format: 'pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    for (const name of ['Екран Київ', 'Мережа Схід', 'Ранок', 'Lobby NY', 'Time (screen)', 'Instance']) {
      expect(text).toContain(name);
    }
    const byInstances = await get(team.observer, '/api/statistic/print-report-by-instances', {
      ...q,
      format: 'pdf',
    });
    const instancesText = await pdfText(byInstances.rawPayload);
    expect(instancesText).toContain('Kolkata hall');
    expect(instancesText).toContain('Total');
  }, 60_000);

  it('async: queued, run by the queue, listed in the spool and downloaded from its signed URL', async () => {
    const queued = await call(t.app, 'POST', '/api/statistic/print-report-async', {
      token: team.observer.token,
      body: { from: DAYS[0], to: DAYS[6], kind: 'hour', format: 'csv' },
    });
    expect(queued.statusCode).toBe(200);
    const { id } = queued.json() as { id: number };
    const listAsync = await call(t.app, 'POST', '/api/statistic/print-list-async', {
      token: team.owner.token,
      body: { from: DAYS[0], to: DAYS[6], points: [screens[1]!.point.id], format: 'xlsx' },
    });
    expect(listAsync.statusCode).toBe(200);
    const listId = (listAsync.json() as { id: number }).id;

    let jobs: ExportJobList['list'] = [];
    for (let i = 0; i < 120; i += 1) {
      jobs = ((await get(team.observer, '/api/spool/report')).json() as ExportJobList).list;
      if (
        jobs
          .filter((j) => j.id === id || j.id === listId)
          .every((j) => j.status === 'done' || j.status === 'failed')
      ) {
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    const job = jobs.find((j) => j.id === id)!;
    expect(job).toMatchObject({ status: 'done', progress: 100, format: 'csv', kind: 'hour', error: null });
    expect(job.name).toBe(`report-by-hour-${DAYS[0]}_${DAYS[6]}.csv`);
    expect(job.url).toMatch(/^\/api\/spool\/report\/\d+\/download\?exp=\d+&sig=/);
    const download = await call(t.app, 'GET', job.url!);
    expect(download.statusCode).toBe(200);
    expect(Number(download.headers['content-length'])).toBe(job.size);
    const rows = parseCsv(download.rawPayload.toString('utf8').slice(1));
    const report = (
      await get(team.observer, '/api/statistic/get-report-by-hour', { from: DAYS[0]!, to: DAYS[6]! })
    ).json() as HourReport;
    expect(rows).toHaveLength(report.rows.length + 2);
    expect(rows.at(-1)!.slice(0, 2)).toEqual(['Total', String(report.totals.shows)]);

    const listJob = jobs.find((j) => j.id === listId)!;
    expect(listJob.status).toBe('done');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await call(t.app, 'GET', listJob.url!)).rawPayload as unknown as ArrayBuffer);
    const nyShows = (
      (
        await get(team.owner, '/api/statistic', {
          from: DAYS[0]!,
          to: DAYS[6]!,
          points: String(screens[1]!.point.id),
        })
      ).json() as StatisticList
    ).total;
    expect(book.worksheets[0]!.rowCount).toBe(nyShows + 1);

    // A forged or altered signature finds nothing.
    expect((await call(t.app, 'GET', job.url!.replace(/sig=[^&]+/, 'sig=forged'))).statusCode).toBe(404);
    expect(t.services.statistics.queueMode).toBe('pg-boss');

    // Kept EXPORT_RETENTION_HOURS (default a week) after it finished, then the file and the entry go.
    const finished = Date.parse(job.finishedAt!);
    expect(Date.parse(job.expiresAt!) - finished).toBe(168 * 3600_000);
    expect(await t.services.statistics.removeExpiredExports(new Date(finished + 167 * 3600_000))).toBe(0);
    await t.database.db.execute(
      sql`update export_jobs set finished_at = now() - interval '8 days' where id = ${id}`,
    );
    expect(await t.services.statistics.removeExpiredExports()).toBe(1);
    const after = ((await get(team.observer, '/api/spool/report')).json() as ExportJobList).list;
    expect(after.map((j) => j.id)).not.toContain(id);
    expect(after.map((j) => j.id)).toContain(listId);
    expect((await call(t.app, 'GET', job.url!)).statusCode).toBe(404);
    expect(existsSync(join(storageRoot(t.config.dataDir), `exports/${team.cabinet.id}/${id}.csv`))).toBe(
      false,
    );
    expect(existsSync(join(storageRoot(t.config.dataDir), `exports/${team.cabinet.id}/${listId}.xlsx`))).toBe(
      true,
    );
  }, 60_000);
});
