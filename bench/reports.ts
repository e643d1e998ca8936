import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { asCabinetId, type CabinetId } from '../apps/server/src/db/cabinet-id.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { PasswordHasher } from '../apps/server/src/lib/password.js';
import { benchDatabaseUrl, format, measure, withDatabase, type Stats } from './support.js';

/**
 * bench/reports: statistics over a large proof-of-play table on PostgreSQL.
 *
 * A new database gets ROWS playback rows (default ten million) for one cabinet of SCREENS screens in four
 * time zones over 90 days (each screen plays its own 8 files, in turn: about 93 shows per screen and hour), written with INSERT ... SELECT generate_series (not through the endpoint), and
 * the hourly rollup built from them in one INSERT ... SELECT ... GROUP BY, the same rows ingest would have
 * made (its triggers build the daily and screen-hour rollups from it, as they do for ingest). Then, through app.inject (routing, access check, validation, serialisation included), p50/p95 of:
 * report by hour, by instances, by files and the exchange over the 90 days, the list's first page, a deep
 * page, and a filtered page; the baseline is GET /api/health in the same run. Goal: p95 under 500 ms.
 *
 * Knobs: BENCH_REPORTS_ROWS (10000000), BENCH_REPORTS_SCREENS (50), BENCH_REPORTS_N (30 calls per figure), BENCH_REPORTS_KEEP=1 keeps
 * the database (its name is printed) and BENCH_REPORTS_REUSE=<name> measures an existing one again.
 * PostgreSQL at BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 */

const ROWS = Number(process.env.BENCH_REPORTS_ROWS ?? 10_000_000);
const N = Number(process.env.BENCH_REPORTS_N ?? 30);
/** Screens sharing the rows: 50 for ten million keeps about 93 shows a screen and hour; scale it with ROWS. */
const SCREENS = Number(process.env.BENCH_REPORTS_SCREENS ?? 50);
const FILES = 40;
/** Files one screen plays (its own 8 of the 40, from 7 playlists or none). */
const PER_SCREEN = 8;
const DAYS = 90;
const FIRST_DAY = '2026-06-01';
const LAST_DAY = '2026-08-29';
const CHUNK = 1_000_000;
const GOAL_MS = 500;
const ZONES = ['Europe/Kyiv', 'America/New_York', 'UTC', 'Asia/Kolkata'];

async function seconds<T>(label: string, lines: string[], work: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const result = await work();
  const line = `  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`;
  lines.push(line);
  console.error(line);
  return result;
}

export async function reportsBenchmark(): Promise<string[]> {
  const base = benchDatabaseUrl();
  const reuse = process.env.BENCH_REPORTS_REUSE;
  const name = reuse ?? `vt_bench_reports_${Date.now().toString(36)}`;
  const lines = [
    `reports (${ROWS.toLocaleString('en')} shows, one cabinet, ${SCREENS} screens, ${DAYS} days, PostgreSQL ${name})`,
  ];
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  if (!reuse) await admin.query(`create database ${name}`);
  const url = withDatabase(base, name);
  const database = await openDatabase({ driver: 'pg', url, poolSize: 4 });
  const direct = new pg.Client({ connectionString: url });
  await direct.connect();
  const dataDir = await mkdtemp(join(tmpdir(), 'vitrine-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIR: join(dataDir, 'web') });
  const built = await buildApp({ config, database, logger: false });
  await built.app.ready();
  try {
    const { repos, services } = built;
    let cabinetId: CabinetId;
    if (!reuse) {
      cabinetId = (await repos.cabinets.insert({ name: 'Bench cabinet' })).id;
      await direct.query(
        `insert into points (cabinet_id, name, timezone, playback_cost)
         select $1, 'Screen ' || g, (array['${ZONES.join("','")}'])[1 + g % ${ZONES.length}], 3
         from generate_series(1, ${SCREENS}) g`,
        [cabinetId],
      );
      await direct.query(`insert into nets (cabinet_id, name) values ($1, 'North'), ($1, 'South')`, [
        cabinetId,
      ]);
      await direct.query(
        `insert into net_points (net_id, point_id)
         select n.id, p.id from points p join nets n on n.cabinet_id = p.cabinet_id
         where p.cabinet_id = $1 and (p.id % 2 = 0) = (n.name = 'North')`,
        [cabinetId],
      );
      const { rows: pts } = await direct.query<{ min: number }>(
        'select min(id)::int as min from points where cabinet_id = $1',
        [cabinetId],
      );
      const firstPoint = pts[0]!.min;
      // Shows spread evenly over the 90 days (UTC), each screen, file and playlist in turn.
      await seconds(`insert ${ROWS.toLocaleString('en')} playbacks (generate_series)`, lines, async () => {
        for (let from = 0; from < ROWS; from += CHUNK) {
          const to = Math.min(ROWS, from + CHUNK) - 1;
          await direct.query(
            `insert into playbacks (cabinet_id, point_id, event_id, file_id, playlist_id, file_name, playlist_name,
               point_name, started_at, ended_at, duration, impressions, cost, revenue, source)
             select $1, $2 + g % ${SCREENS}, 'e' || g, 1 + ((g % ${SCREENS}) * ${PER_SCREEN} + k) % ${FILES},
               nullif(k, ${PER_SCREEN - 1}),
               'file ' || (1 + ((g % ${SCREENS}) * ${PER_SCREEN} + k) % ${FILES}) || '.mp4',
               case when k = ${PER_SCREEN - 1} then null else 'playlist ' || k end,
               'Screen ' || (1 + g % ${SCREENS}),
               at, at + interval '10 seconds', 10, 1 + g % 7, 3, 0, 'manual'
             from generate_series($3::bigint, $4::bigint) g,
               lateral (select '${FIRST_DAY}'::timestamptz + (g * (${DAYS}.0 * 86400 / ${ROWS})) * interval '1 second' as at,
                 (g / ${SCREENS}) % ${PER_SCREEN} as k) s`,
            [cabinetId, firstPoint, from, to],
          );
          console.error(`    ${to + 1} rows`);
        }
      });
      await seconds(
        'build the hourly rollup (INSERT ... SELECT ... GROUP BY, with its triggers)',
        lines,
        () =>
          direct.query(
            `insert into playback_hourly (cabinet_id, point_id, playlist_id, file_id, hour_utc, hour_local,
             shows, seconds, impressions, cost, revenue, source)
           select cabinet_id, point_id, playlist_id, file_id,
             started_at - (local_at - date_trunc('hour', local_at)), min(date_trunc('hour', local_at)),
             count(*), sum(duration), sum(coalesce(impressions, 0)), sum(coalesce(cost, 0)), sum(revenue), source
           from (
             select p.cabinet_id, p.point_id, coalesce(p.playlist_id, 0) as playlist_id, p.file_id, p.started_at,
               p.duration, p.impressions, p.cost, p.revenue, p.source, p.started_at at time zone pt.timezone as local_at
             from playbacks p join points pt on pt.id = p.point_id
             where p.cabinet_id = $1
           ) s
           group by cabinet_id, point_id, playlist_id, file_id, started_at - (local_at - date_trunc('hour', local_at)), source`,
            [cabinetId],
          ),
      );
      await seconds('analyze', lines, () => direct.query('analyze'));
    } else {
      const { rows } = await direct.query<{ id: number }>(
        "select id from cabinets where name = 'Bench cabinet' limit 1",
      );
      cabinetId = asCabinetId(rows[0]!.id);
    }
    // Half the screens measured their audience in every hour (POST /api/player/audience would have stored these).
    const { rows: measured } = await direct.query<{ n: string }>(
      'select count(*) as n from audience_hourly where cabinet_id = $1',
      [cabinetId],
    );
    if (Number(measured[0]!.n) === 0) {
      await seconds('insert measured audience (half the screens, every hour)', lines, async () => {
        await direct.query(
          `insert into audience_hourly (cabinet_id, point_id, hour_utc, hour_local, viewers)
           select cabinet_id, point_id, hour_utc, min(hour_local), 5 from playback_hourly
           where cabinet_id = $1 and point_id % 2 = 0 group by cabinet_id, point_id, hour_utc`,
          [cabinetId],
        );
        await direct.query('analyze audience_hourly');
      });
    }
    const { rows: counts } = await direct.query<Record<'raw' | 'hourly' | 'daily' | 'screenHours', string>>(
      `select (select count(*) from playbacks where cabinet_id = $1) as raw,
         (select count(*) from playback_hourly where cabinet_id = $1) as hourly,
         (select count(*) from playback_daily where cabinet_id = $1) as daily,
         (select count(*) from playback_screen_hourly where cabinet_id = $1) as "screenHours"`,
      [cabinetId],
    );
    const count = (key: keyof (typeof counts)[number]) => Number(counts[0]![key]).toLocaleString('en');
    lines.push(
      `  rows: ${count('raw')} playbacks; rollups: ${count('hourly')} hourly, ${count('daily')} daily, ${count('screenHours')} screen-hours`,
    );

    const hasher = new PasswordHasher({ memoryCost: 1024, timeCost: 1 });
    const owner = await repos.users.insert({
      cabinetId,
      login: `bench${Date.now().toString(36)}`,
      email: null,
      name: 'Bench',
      role: 'owner',
      passwordHash: await hasher.hash('bench-pass-1'),
      verified: true,
    });
    const { token } = await services.auth.issue(owner, { ip: '127.0.0.1', userAgent: 'bench' });
    const get = async (path: string): Promise<void> => {
      const res = await built.app.inject({
        method: 'GET',
        url: path,
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    };
    const period = `from=${FIRST_DAY}&to=${LAST_DAY}`;
    const { rows: pointRows } = await direct.query<{ id: number }>(
      'select id from points where cabinet_id = $1 order by id limit 5',
      [cabinetId],
    );
    const some = pointRows.map((r) => r.id).join(',');

    const baseline = await measure(N, () => get('/api/health'));
    const figures: [string, Stats][] = [];
    for (const [label, path] of [
      ['report by hour, 90 days', `/api/statistic/get-report-by-hour?${period}`],
      ['report by instances, 90 days', `/api/statistic/get-report-by-instances?${period}`],
      ['report by files, 90 days', `/api/statistic/get-report-by-files?${period}`],
      ['exchange by day and source, 90 days', `/api/third-party/exchange?${period}`],
      ['audience, 90 days', `/api/audience?${period}`],
      ['list, first page of 100', `/api/statistic?${period}&limit=100`],
      ['list, page 1000 of 100 (offset 99,900)', `/api/statistic?${period}&limit=100&page=1000`],
      ['list, 5 screens, page 50 of 100', `/api/statistic?${period}&limit=100&page=50&points=${some}`],
      ['list, first page of 1000', `/api/statistic?${period}&limit=1000`],
    ] as const) {
      const stats = await measure(N, () => get(path));
      figures.push([label, stats]);
      console.error(format(label, stats, baseline));
    }
    // A screen reports a day of measured audience: 24 hours of its shows get new impressions.
    const { rows: screen } = await direct.query<{ id: number }>(
      'select id from points where cabinet_id = $1 order by id limit 1',
      [cabinetId],
    );
    let round = 0;
    const audienceLabel = 'player reports 24 measured hours (impressions of ~2,200 shows restamped)';
    const audienceStats = await measure(N, async () => {
      round += 1;
      const hours = Array.from({ length: 24 }, (_, h) => ({
        hour: new Date(
          Date.parse(`${FIRST_DAY}T00:30:00Z`) + (round % 60) * 86400_000 + h * 3600_000,
        ).toISOString(),
        viewers: 2 + (round % 5),
      }));
      const ack = await services.playback.reportAudience({ cabinetId, pointId: screen[0]!.id }, hours);
      if (ack.hours !== 24) throw new Error(`audience: ${ack.hours} hours stored`);
    });
    console.error(format(audienceLabel, audienceStats, baseline));
    lines.push(format('GET /api/health', baseline));
    for (const [label, stats] of figures) {
      lines.push(
        `${format(label, stats, baseline)}  ${stats.p95 < GOAL_MS ? 'goal met' : 'GOAL NOT MET'} (p95 < ${GOAL_MS} ms)`,
      );
    }
    // A device call, not a report: no goal of its own, measured so that a slower plan shows.
    lines.push(format(audienceLabel, audienceStats, baseline));
  } finally {
    await built.app.close();
    await direct.end();
    await database.close();
    if (!reuse && process.env.BENCH_REPORTS_KEEP !== '1') {
      await admin.query(`drop database if exists ${name} with (force)`);
    } else lines.push(`  kept database ${name}`);
    await admin.end();
  }
  return lines;
}
