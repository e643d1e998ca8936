/**
 * `npm run bench -- fleet-proxy`: a fleet across processes (issue 30). Three server processes on one new
 * PostgreSQL database and one DATA_DIR behind nginx running the shipped docs/deploying/nginx.conf (as
 * e2e/deploy.test.ts does); N players connect through the proxy and report proof of play over HTTP. One
 * process is killed (SIGKILL): its players reconnect through the proxy with the player's own backoff
 * (apps/player/src/socket.ts), their reconnection times measured; proof of play posted before, during and
 * after the kill is resent until acknowledged, as the player's outbox does, and then counted in the
 * database (none lost, none doubled); a command sent through each surviving process reaches every screen.
 *
 * Knobs: BENCH_PROXY_PLAYERS (default 2000), BENCH_PROXY_EVENTS (shows per player, default 4).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { WebSocket } from 'ws';
import { backoffMs } from '@vitrine/core';
import { apiCall, signInToken, uploadImage } from '../e2e/support/api.js';
import { startProxy } from '../e2e/support/nginx.js';
import { freePort } from '../e2e/support/server.js';
import { spawnServer, type ServerProcess } from '../e2e/support/server-process.js';
import { insertScreens } from './fleet.js';
import { benchDatabaseUrl, buildServer, cleanups, withDatabase } from './support.js';

const ADMIN_PASSWORD = 'Admin-pass-1!';
const PLAYERS = Number(process.env.BENCH_PROXY_PLAYERS ?? 2000);
const EVENTS = Number(process.env.BENCH_PROXY_EVENTS ?? 4);
const RAMP_BATCH = 200;
const RECONNECT_GOAL_MS = 30_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The player's reconnection backoff (apps/player/src/socket.ts: 1 s doubling to 30 s, ±20%). */
const backoffDelay = (attempt: number, random: number): number =>
  backoffMs({ baseMs: 1000, maxMs: 30_000, jitter: [0.8, 1.2] }, Math.min(attempt, 16) + 1, random);

interface Player {
  pointId: number;
  token: string;
  socket: WebSocket | null;
  /** When the server closed the socket (epoch ms), until it is open again. */
  droppedAt: number | null;
  attempt: number;
  reconnectMs: number[];
  reloads: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** A player's socket through the proxy; a drop by the server reconnects after the player's backoff. */
function connect(url: string, p: Player, stopping: () => boolean): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${url}?token=${encodeURIComponent(p.token)}`, { perMessageDeflate: false });
    let opened = false;
    socket.on('open', () => {
      opened = true;
      p.socket = socket;
      p.attempt = 0;
      if (p.droppedAt !== null) {
        p.reconnectMs.push(Date.now() - p.droppedAt);
        p.droppedAt = null;
      }
      resolve(true);
    });
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type?: string; id?: number; name?: string };
      if (message.type !== 'command') return;
      if (message.name === 'reload') p.reloads += 1;
      socket.send(JSON.stringify({ type: 'ack', id: message.id, ok: true }));
    });
    const retry = () => {
      if (stopping()) return;
      p.droppedAt ??= Date.now();
      setTimeout(() => void connect(url, p, stopping), backoffDelay(p.attempt++, Math.random()));
    };
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (p.socket === socket) p.socket = null;
      if (!opened) resolve(false);
      retry();
    });
  });
}

/** One batch of shows, resent until the server acknowledges it (the player's outbox keeps it till then). */
async function report(base: string, p: Player, events: object[]): Promise<number> {
  for (let tries = 1; ; tries += 1) {
    try {
      const res = await fetch(`${base}/api/player/playback`, {
        method: 'POST',
        headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ events }),
      });
      if (res.ok) return tries;
    } catch {
      // the proxy or the process went away mid-request: resent
    }
    await sleep(backoffDelay(tries - 1, Math.random()));
  }
}

/** Shows of one player: unique ids, a fixed file, in the past hour. */
function shows(fileId: number, from: number, count: number): object[] {
  return Array.from({ length: count }, (_, i) => ({
    eventId: randomUUID(),
    fileId,
    playlistId: null,
    startedAt: new Date(from + i * 10_000).toISOString(),
    endedAt: new Date(from + (i + 1) * 10_000).toISOString(),
    duration: 10,
  }));
}

async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

export async function fleetProxyBenchmark(): Promise<string[]> {
  const undo = cleanups();
  const notes: string[] = [];
  const lines = [`fleet across processes: 3 servers behind nginx, ${PLAYERS} players, one process killed`];
  try {
    buildServer(notes);
    const baseUrl = benchDatabaseUrl();
    const dbName = `vt_bench_proxy_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    undo.push(() => admin.end());
    await admin.query(`create database ${dbName}`);
    undo.push(() => admin.query(`drop database if exists ${dbName} with (force)`));
    const databaseUrl = withDatabase(baseUrl, dbName);
    const dataDir = await mkdtemp(join(tmpdir(), 'vitrine-proxy-bench-'));
    const proxyDir = await mkdtemp(join(tmpdir(), 'vitrine-proxy-bench-nginx-'));
    undo.push(() => rm(dataDir, { recursive: true, force: true }));
    undo.push(() => rm(proxyDir, { recursive: true, force: true }));
    const env = {
      DATABASE_URL: databaseUrl,
      ADMIN_PASSWORD,
      TRUST_PROXY: 'true',
      BILLING: 'off',
      BOT_CHECK: 'off',
      FULLNESS_WORKERS: '1',
      PASSWORD_MEMORY_COST: '1024',
      PASSWORD_TIME_COST: '1',
    };
    const servers: ServerProcess[] = [];
    for (let i = 0; i < 3; i += 1) {
      const server = await spawnServer({ port: await freePort(), dataDir, env });
      undo.push(() => server.kill('SIGTERM'));
      servers.push(server);
    }
    const proxyPort = await freePort();
    const proxy = await startProxy(
      proxyDir,
      servers.map((s) => s.url.replace('http://', '')),
      proxyPort,
      PLAYERS * 2 + 1024,
    );
    undo.push(() => proxy.stop());
    const base = proxy.url;
    const adminToken = await signInToken(base, 'admin', ADMIN_PASSWORD);
    const fileId = await uploadImage(base, adminToken, 'bench.png');
    const screens = await insertScreens(databaseUrl, PLAYERS);
    const players: Player[] = screens.map((s) => ({
      ...s,
      socket: null,
      droppedAt: null,
      attempt: 0,
      reconnectMs: [],
      reloads: 0,
    }));
    let stopping = false;
    undo.push(async () => {
      stopping = true;
      for (const p of players) p.socket?.terminate();
    });
    const wsUrl = `${base.replace('http', 'ws')}/api/player/ws`;
    for (let i = 0; i < players.length; i += RAMP_BATCH) {
      await Promise.all(players.slice(i, i + RAMP_BATCH).map((p) => connect(wsUrl, p, () => stopping)));
    }
    const firstTry = players.filter((p) => p.socket).length;
    // Those refused at the first try come back by their backoff; everyone is connected before the kill.
    const rampDeadline = Date.now() + 120_000;
    while (players.some((p) => !p.socket) && Date.now() < rampDeadline) await sleep(250);
    lines.push(
      `  connected through the proxy: ${firstTry} at the first try, ${players.filter((p) => p.socket).length} of ${PLAYERS} before the kill`,
    );
    for (const p of players) p.reconnectMs = [];

    const hourAgo = Date.now() - 3600_000;
    const half = Math.ceil(EVENTS / 2);
    const tries: number[] = [];
    await inParallel(players, 50, async (p) =>
      tries.push(await report(base, p, shows(fileId, hourAgo, half))),
    );

    // The kill: one process gone without a word, its sockets and requests cut.
    const victim = servers[0]!;
    const killedAt = Date.now();
    await victim.kill('SIGKILL');
    // Shows posted while it goes: some land on the dead process and are resent.
    await inParallel(players, 50, async (p) =>
      tries.push(await report(base, p, shows(fileId, hourAgo + half * 10_000, EVENTS - half))),
    );
    const deadline = killedAt + 120_000;
    while (players.some((p) => !p.socket) && Date.now() < deadline) await sleep(250);
    const dropped = players.filter((p) => p.reconnectMs.length > 0);
    const times = dropped.flatMap((p) => p.reconnectMs);
    lines.push(
      `  dropped by the kill: ${dropped.length}; reconnected ${players.filter((p) => p.socket).length} of ${PLAYERS}`,
      `  reconnection p50 / p99 / max: ${(percentile(times, 50) / 1000).toFixed(1)} / ${(percentile(times, 99) / 1000).toFixed(1)} / ${(Math.max(...times) / 1000).toFixed(1)} s (goal: p99 under ${RECONNECT_GOAL_MS / 1000} s)`,
    );

    // Commands from each surviving process, straight to it, reach every screen wherever it is.
    const ids = players.map((p) => p.pointId);
    for (const server of servers.slice(1)) {
      for (let i = 0; i < ids.length; i += 1000) {
        await apiCall(server.url, '/point/send-reload', {
          token: adminToken,
          body: { ids: ids.slice(i, i + 1000) },
        });
      }
    }
    const wanted = 2;
    const until = Date.now() + 60_000;
    while (players.some((p) => p.reloads < wanted) && Date.now() < until) await sleep(250);
    const short = players.filter((p) => p.reloads < wanted).length;
    const extra = players.filter((p) => p.reloads > wanted).length;
    lines.push(
      `  commands sent through each surviving process: ${PLAYERS - short} of ${PLAYERS} screens got both; ${extra} got one twice`,
    );

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const count = await db
      .query<{ rows: string; events: string }>(
        `select count(*) as rows, count(distinct (point_id, event_id)) as events from playbacks`,
      )
      .finally(() => db.end());
    const stored = Number(count.rows[0]!.rows);
    const resent = tries.filter((t) => t > 1).length;
    lines.push(
      `  proof of play: ${PLAYERS * EVENTS} shows sent, ${stored} stored (${Number(count.rows[0]!.events)} distinct), ${resent} batches resent`,
      `  killed process: ${victim.url}; the others kept serving`,
    );
  } finally {
    await undo.release();
  }
  return [...lines, ...notes];
}
