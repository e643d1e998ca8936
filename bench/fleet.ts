import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import pg from 'pg';
import { HEARTBEAT_SECONDS } from '@vitrine/core';
import { freePort } from '../e2e/support/server.js';
import {
  benchDatabaseUrl,
  buildServer,
  cleanups,
  machineTicks,
  processUsage,
  ROOT,
  SERVER_ENTRY,
  settle,
  sleep,
  withDatabase,
} from './support.js';
import {
  Churn,
  CHURN_EVERY_MS,
  CHURN_FRACTION,
  slowBursts,
  Swarm,
  TARGET_P99_MS,
  type Bucket,
} from './fleet-swarm.js';

/**
 * bench/fleet: N simulated players (one websocket each, a heartbeat at connect and every 30 s, 1% of them
 * dropping and reconnecting every 10 s) against one server process on PostgreSQL, from this process.
 *
 * Heartbeat latency: there is no answer to a heartbeat, so each one is followed by a websocket ping on the
 * same socket; the pong leaves the server only after it has read (and handled) the heartbeat. The same
 * players are then pointed at a bare `ws` echo server (a child process) at the same N: heartbeat p99 is
 * reported as a ratio of that. Fan-out: POST /api/point/send-reload to 1,000 connected screens, time from
 * the request leaving to each command arriving, against one ping's round trip to one player.
 *
 * Knobs: BENCH_FLEET_STEPS (default 1000,5000,10000,12500; a step above the 10,000 goal only while the
 * run is within its time budget, and no step after one that missed p99 < 50 ms); BENCH_FLEET_WINDOW_S (60,
 * per N on the server; keep it a multiple of the server's 30 s ping period); BENCH_FLEET_BASELINE_S (30,
 * per N on the echo server); BENCH_FLEET_FANOUT_REPS (3); BENCH_FLEET_DUMP=<dir> keeps each window's raw
 * samples; BENCH_FLEET_RAMP_BATCH (500) players connect at once while ramping; BENCH_FLEET_SERVER_NODE_ARGS adds node flags to the server (e.g. --cpu-prof --cpu-prof-dir=...).
 * PostgreSQL at BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test):
 * a fresh database is made for the run and dropped after it.
 */

const ADMIN_PASSWORD = 'Admin-pass-1!';
const FANOUT = 1000;

const GOAL = 10_000;
/** A step above GOAL starts only if the server phase has taken less than this (the run stays near 10 min). */
const EXTRA_BUDGET_S = 330;
const STEPS = (process.env.BENCH_FLEET_STEPS ?? '1000,5000,10000,12500')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0)
  .sort((a, b) => a - b);
/** Two server ping periods (FLEET_PING_MS, 30 s): every window holds the same number of ping sweeps. */
const WINDOW_S = Number(process.env.BENCH_FLEET_WINDOW_S ?? 60);
const BASELINE_S = Number(process.env.BENCH_FLEET_BASELINE_S ?? 30);
const FANOUT_REPS = Number(process.env.BENCH_FLEET_FANOUT_REPS ?? 3);
/** A directory: every window's raw heartbeat samples are written there as JSON, for a closer look. */
const DUMP_DIR = process.env.BENCH_FLEET_DUMP;

// ---- numbers ----

export interface Dist {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function dist(values: number[]): Dist {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1) ?? NaN };
}

export const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1));
const pct = (v: number) => `${v.toFixed(0)}%`;

// ---- processes: CPU and memory from /proc ----

interface Usage {
  /** Percent of one core. */
  serverCpu: number;
  clientCpu: number;
  /** Percent of one core, all processes (so up to cores x 100%). */
  machineCpu: number;
  serverRssMax: number;
  clientLagP99: number;
}

/** Samples the server process, this process and the machine until stopped. */
function watchUsage(serverPid: number | null): () => Usage {
  const t0 = performance.now();
  const server0 = serverPid ? processUsage(serverPid) : null;
  const client0 = process.cpuUsage();
  const machine0 = machineTicks();
  let rssMax = server0?.rssBytes ?? 0;
  const timer = setInterval(() => {
    const now = serverPid ? processUsage(serverPid) : null;
    if (now) rssMax = Math.max(rssMax, now.rssBytes);
  }, 1000);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  return () => {
    clearInterval(timer);
    lag.disable();
    const seconds = (performance.now() - t0) / 1000;
    const server1 = serverPid ? processUsage(serverPid) : null;
    if (server1) rssMax = Math.max(rssMax, server1.rssBytes);
    const client = process.cpuUsage(client0);
    const machine1 = machineTicks();
    const cores = cpus().length;
    return {
      serverCpu: server0 && server1 ? ((server1.cpuSeconds - server0.cpuSeconds) / seconds) * 100 : NaN,
      clientCpu: ((client.user + client.system) / 1e6 / seconds) * 100,
      machineCpu: ((machine1.busy - machine0.busy) / (machine1.total - machine0.total)) * cores * 100,
      serverRssMax: rssMax,
      clientLagP99: lag.percentile(99) / 1e6,
    };
  };
}

// ---- child processes ----

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const killed = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(killed);
}

export interface Server {
  url: string;
  pid: number;
  /** Warning and error lines the server logged. */
  problems: () => string[];
  stop(): Promise<void>;
}

/**
 * The built server as its own process (so the players do not share its event loop); `env` adds settings
 * (PROCESSES=N: ready once all N listen).
 */
export async function startServer(
  databaseUrl: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<Server> {
  const port = await freePort();
  let output = '';
  const nodeArgs = (process.env.BENCH_FLEET_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD,
      DATABASE_URL: databaseUrl,
      FLEET_FLUSH_MS: '5000',
      PASSWORD_MEMORY_COST: '1024',
      PASSWORD_TIME_COST: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const server: Server = {
    url,
    pid: child.pid!,
    problems: () => output.split('\n').filter((l) => /"level":(40|50|60)|Error/.test(l)),
    stop: () => stopChild(child),
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      const ready = Number(env.PROCESSES ?? 1) > 1 ? 'server processes share port' : 'Vitrine is running';
      if (res.ok && output.includes(ready)) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`server did not start:\n${output}`);
    }
    await sleep(200);
  }
}

/** A bare `ws` server that echoes every message (and answers pings, as every ws server does). */
const ECHO_SERVER = `
const { WebSocketServer } = require('ws');
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 64 * 1024 });
wss.on('listening', () => process.stdout.write('port ' + wss.address().port + '\\n'));
wss.on('connection', (s) => s.on('message', (data, binary) => s.send(data, { binary })));
process.on('SIGTERM', () => process.exit(0));
`;

async function startEcho(): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['-e', ECHO_SERVER], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /port (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', () => reject(new Error(`echo server exited:\n${output}`)));
  });
  return { url: `ws://127.0.0.1:${port}/api/player/ws`, pid: child.pid!, stop: () => stopChild(child) };
}

interface Window {
  rtt: Dist;
  samples: Bucket;
  lost: number;
  usage: Usage;
  reconnects: number;
  reconnectFailed: number;
  reconnectConnect: Dist;
}

/** One steady window at the swarm's current size, with churn, measuring heartbeat round trips. */
async function measureWindow(
  swarm: Swarm,
  n: number,
  seconds: number,
  serverPid: number | null,
): Promise<Window> {
  const bucket: Bucket = { startedAt: performance.timeOrigin + performance.now(), rtt: [], sentAt: [] };
  const lostBefore = swarm.lost;
  const churn = new Churn(swarm, n);
  swarm.bucket = bucket;
  const stopUsage = watchUsage(serverPid);
  churn.start();
  await sleep(seconds * 1000);
  swarm.bucket = null;
  const usage = stopUsage();
  await churn.stop();
  await sleep(2000); // late pongs still count
  const outstanding = swarm.players.filter((p) => p.pending?.bucket === bucket).length;
  return {
    rtt: dist(bucket.rtt),
    samples: bucket,
    lost: outstanding + swarm.lost - lostBefore,
    usage,
    reconnects: churn.reconnects,
    reconnectFailed: churn.failed,
    reconnectConnect: dist(churn.connectTimes),
  };
}

interface FanOut {
  arrival: Dist;
  perRepP99: number[];
  http: Dist;
  missing: number;
  ping: Dist;
  /** The same command to one screen: arrival at its player. */
  single: Dist;
}

/** send-reload to FANOUT connected screens, FANOUT_REPS times; arrival of each command at its player. */
async function fanOut(swarm: Swarm, url: string, n: number): Promise<FanOut> {
  const auth = await fetch(`${url}/api/user/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'admin', password: ADMIN_PASSWORD }),
  });
  if (!auth.ok) throw new Error(`admin sign-in: ${auth.status} ${await auth.text()}`);
  const { token } = (await auth.json()) as { token: string };
  const targets = swarm.players.slice(0, n).filter((p) => p.socket);
  const chosen = targets.slice(0, FANOUT);
  const ids = chosen.map((p) => p.pointId);

  const pings: number[] = [];
  for (let i = 0; i < 20; i += 1) pings.push(await swarm.probe(chosen[0]!));

  /** Sends reload to `to` and waits for every command to reach its player (30 s at most). */
  const send = async (to: number[]) => {
    const want = new Set(to);
    const got = new Map<number, number>();
    let t0 = 0;
    let done: () => void = () => undefined;
    const all = new Promise<void>((resolve) => (done = resolve));
    swarm.onCommand = (p, message, at) => {
      if (message.name !== 'reload' || !want.has(p.pointId) || got.has(p.pointId)) return;
      got.set(p.pointId, at - t0);
      if (got.size === want.size) done();
    };
    t0 = performance.now();
    const res = await fetch(`${url}/api/point/send-reload`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ ids: to }),
    });
    const httpMs = performance.now() - t0;
    if (!res.ok) throw new Error(`send-reload: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    await Promise.race([all, sleep(30_000)]);
    swarm.onCommand = null;
    return { times: [...got.values()], httpMs, missing: want.size - got.size };
  };

  const single: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    single.push(...(await send([ids[0]!])).times);
    await sleep(100);
  }
  const arrivals: number[] = [];
  const perRepP99: number[] = [];
  const http: number[] = [];
  let missing = 0;
  for (let rep = 0; rep < FANOUT_REPS; rep += 1) {
    const round = await send(ids);
    http.push(round.httpMs);
    missing += round.missing;
    arrivals.push(...round.times);
    perRepP99.push(dist(round.times).p99);
    await sleep(1500); // acks settle before the next round
  }
  return {
    arrival: dist(arrivals),
    perRepP99,
    http: dist(http),
    missing,
    ping: dist(pings),
    single: dist(single),
  };
}

// ---- database ----

/** `count` screens in the admin's (platform) cabinet, each with its own device token. */
export async function insertScreens(
  databaseUrl: string,
  count: number,
): Promise<{ pointId: number; token: string }[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const admin = await client.query<{ cabinet_id: number }>(
      `select cabinet_id from users where login = 'admin'`,
    );
    const cabinetId = admin.rows[0]?.cabinet_id;
    if (cabinetId === undefined) throw new Error('no admin user');
    const tokens = Array.from({ length: count }, () => `vtd_${randomBytes(32).toString('base64url')}`);
    const byHash = new Map(tokens.map((t) => [createHash('sha256').update(t).digest('hex'), t]));
    const rows = await client.query<{ id: number; device_token_hash: string }>(
      `insert into points (cabinet_id, name, uid, device_token_hash)
       select $1, 'bench screen ' || i, 'VB-' || lpad(i::text, 7, '0'), h
       from unnest($2::text[]) with ordinality as t(h, i)
       returning id, device_token_hash`,
      [cabinetId, [...byHash.keys()]],
    );
    await client.query('analyze points');
    return rows.rows
      .map((r) => ({ pointId: r.id, token: byHash.get(r.device_token_hash)! }))
      .sort((a, b) => a.pointId - b.pointId);
  } finally {
    await client.end();
  }
}

// ---- the benchmark ----

interface Step {
  n: number;
  ramp: { failed: number; seconds: number };
  window: Window;
  fanout: FanOut | null;
  closedByServer: string;
}

export async function fleetBenchmark(): Promise<string[]> {
  const started = performance.now();
  const undo = cleanups();
  const notes: string[] = [];

  try {
    buildServer(notes);

    const baseUrl = benchDatabaseUrl();
    const dbName = `vt_bench_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    undo.push(() => admin.end());
    const pgVersion = (await admin.query<{ v: string }>(`select current_setting('server_version') as v`))
      .rows[0]!.v;
    await admin.query(`create database ${dbName}`);
    undo.push(() => admin.query(`drop database if exists ${dbName} with (force)`));
    const databaseUrl = withDatabase(baseUrl, dbName);

    const dataDir = await mkdtemp(join(tmpdir(), 'vitrine-fleet-bench-'));
    undo.push(() => rm(dataDir, { recursive: true, force: true }));
    let server: Server | null = await startServer(databaseUrl, dataDir);
    undo.push(() => server?.stop() ?? Promise.resolve());
    const maxN = STEPS.at(-1) ?? 1000;
    const screens = await insertScreens(databaseUrl, maxN);
    await settle(60_000); // the stock library is made after start (sharp, ffmpeg)

    // ---- the server, N by N ----
    const swarm = new Swarm(`ws://127.0.0.1:${new URL(server.url).port}/api/player/ws`, screens);
    undo.push(() => swarm.closeAll());
    const steps: Step[] = [];
    for (const n of STEPS) {
      const elapsed = (performance.now() - started) / 1000;
      if (n > GOAL && elapsed > EXTRA_BUDGET_S) {
        notes.push(`  (N=${n} not tried: ${elapsed.toFixed(0)} s spent already)`);
        break;
      }
      const ramp = await swarm.rampTo(n);
      await sleep(3000);
      const window = await measureWindow(swarm, n, WINDOW_S, server.pid);
      const fanout = n >= FANOUT || n === STEPS[0] ? await fanOut(swarm, server.url, n) : null;
      const closed = [...swarm.closedByServer].map(([code, count]) => `${count}x${code}`).join(' ');
      swarm.closedByServer.clear();
      steps.push({ n, ramp, window, fanout, closedByServer: closed });
      if (DUMP_DIR) await writeFile(join(DUMP_DIR, `fleet-${n}.json`), JSON.stringify(window.samples));
      console.error(
        `fleet N=${n}: heartbeat p99 ${ms(window.rtt.p99)} ms, fan-out p99 ${fanout ? ms(fanout.arrival.p99) : '-'} ms (${((performance.now() - started) / 1000).toFixed(0)} s)`,
      );
      if (window.rtt.p99 >= TARGET_P99_MS || ramp.failed > n * 0.005 || window.lost > window.rtt.n * 0.01)
        break;
    }
    const problems = server.problems();
    const commands = await commandStates(databaseUrl);
    await swarm.closeAll();
    await server.stop();
    server = null;

    // ---- the baseline: a bare ws echo server, same players, same N ----
    await settle(20_000);
    const echo = await startEcho();
    undo.push(() => echo.stop());
    const echoSwarm = new Swarm(echo.url, screens);
    undo.push(() => echoSwarm.closeAll());
    const baseline = new Map<number, Window>();
    // Unmeasured warm-up: the echo process starts cold, and this one has just let go of the server's sockets.
    if (steps[0]) {
      await echoSwarm.rampTo(steps[0].n);
      await sleep(10_000);
    }
    for (const { n } of steps) {
      await echoSwarm.rampTo(n);
      await sleep(3000);
      const window = await measureWindow(echoSwarm, n, BASELINE_S, echo.pid);
      baseline.set(n, window);
      if (DUMP_DIR) await writeFile(join(DUMP_DIR, `echo-${n}.json`), JSON.stringify(window.samples));
    }
    await echoSwarm.closeAll();
    await echo.stop();

    // ---- report ----
    const lines = [
      `fleet (PostgreSQL ${pgVersion}, server in its own process; ${cpus().length} cores shared by server, PostgreSQL and these players; ulimit -n ${fdLimit()})`,
      `  heartbeat every ${HEARTBEAT_SECONDS} s per player (not shortened), ${WINDOW_S} s window per N (echo: ${BASELINE_S} s), churn ${CHURN_FRACTION * 100}% per ${CHURN_EVERY_MS / 1000} s, RTT = heartbeat + ping on the same socket`,
    ];
    let held = 0;
    for (const step of steps) {
      const w = step.window;
      const b = baseline.get(step.n)!;
      const slow = slowBursts(w.samples);
      const ok = w.rtt.p99 < TARGET_P99_MS && step.ramp.failed === 0 && w.lost <= w.rtt.n * 0.01;
      if (ok) held = step.n;
      lines.push(
        `  bare ws echo N=${step.n}: heartbeat RTT p50 ${ms(b.rtt.p50)} p99 ${ms(b.rtt.p99)} ms (${b.rtt.n} samples) (baseline); echo CPU ${pct(b.usage.serverCpu)}, bench CPU ${pct(b.usage.clientCpu)}, loop lag p99 ${ms(b.usage.clientLagP99)} ms`,
        `  fleet N=${step.n}: heartbeat RTT p50 ${ms(w.rtt.p50)} p95 ${ms(w.rtt.p95)} p99 ${ms(w.rtt.p99)} max ${ms(w.rtt.max)} ms (${w.rtt.n} samples, ${w.lost} lost) x${(w.rtt.p99 / b.rtt.p99).toFixed(2)} of a bare ws echo p99 (p50 x${(w.rtt.p50 / b.rtt.p50).toFixed(2)})`,
        `    server CPU ${pct(w.usage.serverCpu)}, RSS ${(w.usage.serverRssMax / 1024 ** 2).toFixed(0)} MB; machine ${pct(w.usage.machineCpu)} of ${cpus().length * 100}%; bench CPU ${pct(w.usage.clientCpu)}, loop lag p99 ${ms(w.usage.clientLagP99)} ms; ramp ${step.ramp.seconds.toFixed(1)} s${step.ramp.failed ? `, ${step.ramp.failed} failed` : ''}`,
        `    heartbeats >= ${TARGET_P99_MS} ms: ${slow.count} (${((slow.count / w.rtt.n) * 100).toFixed(2)}%)${slow.count ? `, in bursts at ${slow.bursts} into the window` : ''}`,
        `    churn ${w.reconnects} reconnects (${w.reconnectFailed} failed), connect p50 ${ms(w.reconnectConnect.p50)} p99 ${ms(w.reconnectConnect.p99)} ms${step.closedByServer ? `; closed by the server: ${step.closedByServer}` : ''}`,
      );
      if (step.fanout) {
        const f = step.fanout;
        lines.push(
          `    fan-out ${Math.min(FANOUT, step.n)} x${FANOUT_REPS}: command arrival p50 ${ms(f.arrival.p50)} p95 ${ms(f.arrival.p95)} p99 ${ms(f.arrival.p99)} ms (p99 per run ${f.perRepP99.map(ms).join(', ')}; ${f.missing} missing) x${(f.arrival.p99 / f.ping.p50).toFixed(0)} of one ping to one player (${ms(f.ping.p50)} ms), x${(f.arrival.p99 / f.single.p50).toFixed(0)} of the command to one screen (${ms(f.single.p50)} ms); HTTP answer p50 ${ms(f.http.p50)} max ${ms(f.http.max)} ms`,
        );
      }
    }
    lines.push(
      `  largest N held with heartbeat p99 < ${TARGET_P99_MS} ms: ${held || 'none'}${held === steps.at(-1)?.n ? ' (the largest step tried)' : ''}`,
      `  commands: ${commands}`,
      `  duplicates received: ${swarm.duplicates}; server warnings/errors logged: ${problems.length}${problems[0] ? ` (first: ${problems[0].slice(0, 200)})` : ''}`,
      `  caveat: the players run in this one process, which itself takes one of the ${cpus().length} cores; RTTs include its event-loop delay (loop lag above), for the server and the baseline alike`,
      `  total ${((performance.now() - started) / 1000).toFixed(0)} s`,
      ...notes,
    );
    return lines;
  } finally {
    await undo.release();
  }
}

/** How the commands ended: an acked command left SENT is one whose SENT update landed after its ack. */
async function commandStates(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = await client.query<{ status: string; n: number; acked: number }>(
      `select status, count(*)::int as n, count(acked_at)::int as acked from point_commands group by status order by status`,
    );
    return rows.rows
      .map((r) => `${r.n} ${r.status}${r.status === 'SENT' ? ` (${r.acked} of them acked)` : ''}`)
      .join(', ');
  } finally {
    await client.end();
  }
}

function fdLimit(): string {
  const out = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout?.trim();
  return out || '?';
}
