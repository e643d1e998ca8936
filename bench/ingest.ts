import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { PlaybackEvent } from '@vitrine/core';
import { openDatabase } from '../apps/server/src/db/client.js';
import { freePort } from '../e2e/support/server.js';
import { spawnServer, type ServerProcess } from '../e2e/support/server-process.js';
import {
  benchDatabaseUrl,
  buildServer,
  cleanups,
  machineTicks,
  processUsage,
  settle,
  sleep,
  withDatabase,
} from './support.js';

/**
 * bench/ingest: proof-of-play rows per second through the real endpoint, as a ratio of COPY.
 *
 * The built server runs as its own process on a new PostgreSQL database. PLAYERS simulated players (each a
 * screen with its own device token, in this process) send batches of 200 shows back to back to
 * POST /api/player/playback for WINDOW_S seconds after a WARM_S warm-up; rows/s counts the acked rows. The
 * baseline: the same rows (exported from that database) COPYed into `playbacks` of a second, freshly
 * migrated database (same indexes and foreign key), in this same run; the best of COPY_RUNS.
 *
 * Knobs: BENCH_INGEST_PLAYERS (16), BENCH_INGEST_WINDOW_S (30), BENCH_INGEST_WARM_S (5), BENCH_INGEST_BATCH
 * (200), BENCH_INGEST_SERVER_NODE_ARGS (node flags for the server, e.g. --cpu-prof --cpu-prof-dir=...).
 * PostgreSQL at BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test);
 * both databases are dropped afterwards.
 */

const ADMIN_PASSWORD = 'Admin-pass-1!';
const GOAL = 0.6;
const PLAYERS = Number(process.env.BENCH_INGEST_PLAYERS ?? 16);
const WINDOW_S = Number(process.env.BENCH_INGEST_WINDOW_S ?? 30);
const WARM_S = Number(process.env.BENCH_INGEST_WARM_S ?? 5);
const BATCH = Number(process.env.BENCH_INGEST_BATCH ?? 200);
const COPY_RUNS = 3;
const FILES = 20;
const PLAYLISTS = 4;
const ZONES = ['Europe/Kyiv', 'America/New_York', 'UTC', 'Asia/Kolkata'];
const COLUMNS =
  'cabinet_id, point_id, event_id, file_id, playlist_id, file_name, playlist_name, point_name, started_at, ended_at, duration, impressions, cost, source, received_at';

/**
 * Writes out what earlier phases left dirty, so a phase does not pay for the previous one's checkpoint
 * (needs a superuser or pg_checkpoint; skipped otherwise).
 */
async function checkpoint(client: pg.Client): Promise<void> {
  await client.query('checkpoint').catch(() => undefined);
}

interface Screen {
  pointId: number;
  token: string;
}

/** Screens with device tokens, files and playlists in the admin's cabinet, written directly. */
async function seed(
  databaseUrl: string,
  serverUrl: string,
): Promise<{ cabinetId: number; screens: Screen[]; files: number[]; playlists: number[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const admin = await client.query<{ cabinet_id: number }>(
      `select cabinet_id from users where login = 'admin'`,
    );
    const cabinetId = admin.rows[0]!.cabinet_id;
    const tokens = Array.from({ length: PLAYERS }, () => `vtd_${randomBytes(32).toString('base64url')}`);
    const byHash = new Map(tokens.map((t) => [createHash('sha256').update(t).digest('hex'), t]));
    const rows = await client.query<{ id: number; device_token_hash: string }>(
      `insert into points (cabinet_id, name, uid, device_token_hash, timezone, audience, playback_cost)
       select $1, 'bench screen ' || i, 'VI-' || lpad(i::text, 7, '0'), h, ($3::text[])[1 + i % $4],
         case when i % 2 = 0 then '{"viewers": 12, "perHour": null}'::jsonb end,
         case when i % 2 = 0 then 2 end
       from unnest($2::text[]) with ordinality as t(h, i)
       returning id, device_token_hash`,
      [cabinetId, [...byHash.keys()], ZONES, ZONES.length],
    );
    const files = await client.query<{ id: number }>(
      `insert into files (cabinet_id, name, mime, kind)
       select $1, 'bench clip ' || i || '.mp4', 'video/mp4', 'video' from generate_series(1, $2) i
       returning id`,
      [cabinetId, FILES],
    );
    const auth = await fetch(`${serverUrl}/api/user/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'admin', password: ADMIN_PASSWORD }),
    });
    const { token } = (await auth.json()) as { token: string };
    const playlists: number[] = [];
    for (let i = 0; i < PLAYLISTS; i += 1) {
      const res = await fetch(`${serverUrl}/api/playlist/post`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ name: `Bench playlist ${i + 1}` }),
      });
      if (!res.ok) throw new Error(`playlist: ${res.status} ${await res.text()}`);
      playlists.push(((await res.json()) as { id: number }).id);
    }
    return {
      cabinetId,
      screens: rows.rows.map((r) => ({ pointId: r.id, token: byHash.get(r.device_token_hash)! })),
      files: files.rows.map((r) => r.id),
      playlists,
    };
  } finally {
    await client.end();
  }
}

interface Tally {
  rows: number;
  batches: number;
  failures: Map<string, number>;
  latencies: number[];
}

/** One player: shows every 10 s from its own start, batch after batch, until `until()` says stop. */
async function player(
  url: string,
  screen: Screen,
  content: { files: number[]; playlists: number[] },
  index: number,
  window: () => Tally | null,
  until: () => boolean,
): Promise<void> {
  let at = Date.UTC(2026, 9, 20) + index * 3_600_000;
  let n = 0;
  while (!until()) {
    const events: PlaybackEvent[] = [];
    for (let i = 0; i < BATCH; i += 1) {
      n += 1;
      const duration = 10 + (n % 3) * 5;
      events.push({
        eventId: randomUUID(),
        fileId: content.files[n % content.files.length]!,
        playlistId: n % 5 === 0 ? null : content.playlists[n % content.playlists.length]!,
        startedAt: new Date(at).toISOString(),
        endedAt: new Date(at + duration * 1000).toISOString(),
        duration,
      });
      at += duration * 1000;
    }
    const t0 = performance.now();
    let failure: string | null = null;
    try {
      const res = await fetch(`${url}/api/player/playback`, {
        method: 'POST',
        headers: { authorization: `Bearer ${screen.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ events }),
      });
      const body = (await res.json()) as { acked?: string[] };
      if (res.status !== 200 || body.acked?.length !== BATCH) failure = `HTTP ${res.status}`;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    const tally = window();
    if (!tally) continue;
    if (failure) {
      tally.failures.set(failure, (tally.failures.get(failure) ?? 0) + 1);
      await sleep(50);
      continue;
    }
    tally.rows += BATCH;
    tally.batches += 1;
    tally.latencies.push(performance.now() - t0);
  }
}

async function copyBaseline(
  sourceUrl: string,
  baseUrl: string,
  cabinetId: number,
): Promise<{ rows: number; perSecond: number[] }> {
  // The rows the endpoint stored, as COPY text.
  const source = new pg.Client({ connectionString: sourceUrl });
  await source.connect();
  const chunks: Buffer[] = [];
  try {
    const out = source.query(copyTo(`COPY playbacks (${COLUMNS}) TO STDOUT`));
    for await (const chunk of out) chunks.push(chunk as Buffer);
  } finally {
    await source.end();
  }
  const rows = chunks.reduce((n, c) => n + c.toString('latin1').split('\n').length - 1, 0);

  const perSecond: number[] = [];
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    for (let run = 0; run < COPY_RUNS; run += 1) {
      const name = `vt_bench_copy_${randomBytes(5).toString('hex')}`;
      await admin.query(`create database ${name}`);
      try {
        const url = withDatabase(baseUrl, name);
        const migrated = await openDatabase({ driver: 'pg', url, poolSize: 1 });
        await migrated.close();
        const target = new pg.Client({ connectionString: url });
        await target.connect();
        try {
          await target.query(`insert into cabinets (id, name) values ($1, 'bench')`, [cabinetId]);
          await checkpoint(target);
          await settle(10_000);
          const t0 = performance.now();
          await pipeline(
            Readable.from(chunks),
            target.query(copyFrom(`COPY playbacks (${COLUMNS}) FROM STDIN`)),
          );
          perSecond.push(rows / ((performance.now() - t0) / 1000));
          const count = await target.query<{ n: string }>('select count(*) as n from playbacks');
          if (Number(count.rows[0]!.n) !== rows) throw new Error('COPY stored a different number of rows');
        } finally {
          await target.end();
        }
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
      }
    }
  } finally {
    await admin.end();
  }
  return { rows, perSecond };
}

function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
}

export async function ingestBenchmark(): Promise<string[]> {
  const undo = cleanups();
  const notes: string[] = [];
  try {
    buildServer(notes);

    const baseUrl = benchDatabaseUrl();
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    undo.push(() => admin.end());
    const pgVersion = (await admin.query<{ v: string }>(`select current_setting('server_version') as v`))
      .rows[0]!.v;
    const dbName = `vt_bench_${randomBytes(5).toString('hex')}`;
    await admin.query(`create database ${dbName}`);
    undo.push(() => admin.query(`drop database if exists ${dbName} with (force)`));
    const databaseUrl = withDatabase(baseUrl, dbName);

    const dataDir = await mkdtemp(join(tmpdir(), 'vitrine-ingest-bench-'));
    undo.push(() => rm(dataDir, { recursive: true, force: true }));
    let server: ServerProcess | null = await spawnServer({
      port: await freePort(),
      dataDir,
      env: {
        ADMIN_PASSWORD,
        DATABASE_URL: databaseUrl,
        PASSWORD_MEMORY_COST: '1024',
        PASSWORD_TIME_COST: '1',
      },
      nodeArgs: (process.env.BENCH_INGEST_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
    });
    undo.push(() => server?.kill('SIGTERM') ?? Promise.resolve());
    const seeded = await seed(databaseUrl, server.url);
    await settle(60_000); // the stock library is made after start (sharp, ffmpeg)
    await checkpoint(admin);

    // ---- the endpoint: warm-up, then the measured window ----
    let phase: 'warm' | 'window' | 'done' = 'warm';
    const tally: Tally = { rows: 0, batches: 0, failures: new Map(), latencies: [] };
    const players = seeded.screens.map((screen, i) =>
      player(
        server!.url,
        screen,
        seeded,
        i,
        () => (phase === 'window' ? tally : null),
        () => phase === 'done',
      ),
    );
    await sleep(WARM_S * 1000);
    const cpu0 = processUsage(server.pid)?.cpuSeconds ?? NaN;
    const machine0 = machineTicks();
    const client0 = process.cpuUsage();
    const t0 = performance.now();
    phase = 'window';
    await sleep(WINDOW_S * 1000);
    phase = 'done';
    const seconds = (performance.now() - t0) / 1000;
    const serverCpu = (((processUsage(server.pid)?.cpuSeconds ?? NaN) - cpu0) / seconds) * 100;
    const machine1 = machineTicks();
    const client = process.cpuUsage(client0);
    const clientCpu = ((client.user + client.system) / 1e6 / seconds) * 100;
    const machineCpu =
      ((machine1.busy - machine0.busy) / (machine1.total - machine0.total)) * cpus().length * 100;
    await Promise.all(players);
    const endpointRate = tally.rows / seconds;

    // Everything acked is there, once, and the rollup counts every row.
    const check = new pg.Client({ connectionString: databaseUrl });
    await check.connect();
    const counts = (
      await check.query<{ rows: string; events: string; shows: string }>(
        `select (select count(*) from playbacks) as rows,
           (select count(distinct (point_id, event_id)) from playbacks) as events,
           (select sum(shows) from playback_hourly) as shows`,
      )
    ).rows[0]!;
    await check.end();
    if (counts.rows !== counts.events || counts.rows !== counts.shows) {
      notes.push(
        `  MISMATCH: ${counts.rows} rows, ${counts.events} distinct events, ${counts.shows} shows rolled up`,
      );
    }
    const problems = server
      .output()
      .split('\n')
      .filter((l) => /"level":(50|60)/.test(l));
    await server.kill('SIGTERM');
    server = null;

    // ---- the baseline: COPY of the same rows into a fresh database ----
    await settle(20_000);
    const copy = await copyBaseline(databaseUrl, baseUrl, seeded.cabinetId);
    const copyRate = Math.max(...copy.perSecond);
    const ratio = endpointRate / copyRate;

    const failures = [...tally.failures].map(([what, n]) => `${n}x ${what}`).join(', ') || 'none';
    return [
      `ingest (PostgreSQL ${pgVersion}, server in its own process; ${cpus().length} cores shared by server, PostgreSQL and ${PLAYERS} players)`,
      `  endpoint: ${PLAYERS} players, batches of ${BATCH}, ${WINDOW_S} s window after ${WARM_S} s warm-up: ${tally.rows} rows in ${tally.batches} batches`,
      `    ${endpointRate.toFixed(0)} rows/s; batch round trip p50 ${percentile(tally.latencies, 0.5).toFixed(1)} ms, p99 ${percentile(tally.latencies, 0.99).toFixed(1)} ms; server CPU ${serverCpu.toFixed(0)}% of a core, players ${clientCpu.toFixed(0)}%, machine ${machineCpu.toFixed(0)}%; failures: ${failures}`,
      `    table after the run: ${counts.rows} rows, ${counts.events} distinct events, ${counts.shows} shows in the rollup`,
      `  COPY baseline: ${copy.rows} rows into playbacks of a fresh database: ${copy.perSecond.map((r) => r.toFixed(0)).join(', ')} rows/s (best ${copyRate.toFixed(0)})`,
      `  ratio endpoint / COPY: ${ratio.toFixed(2)} (goal ${GOAL} or more: ${ratio >= GOAL ? 'met' : 'NOT met'})`,
      ...(problems.length
        ? [`  server errors logged: ${problems.length}, first: ${problems[0]!.slice(0, 300)}`]
        : []),
      ...notes,
    ];
  } finally {
    await undo.release();
  }
}
