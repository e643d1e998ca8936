import { fork, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { acceptedOn, childrenOf, holds } from '../e2e/support/procfs.js';
import { dist, insertScreens, ms, startServer, stopChild, type Server } from './fleet.js';
import type { FromPlayers, ToPlayers, WindowSamples } from './fleet-players.js';
import { slowBursts, TARGET_P99_MS } from './fleet-swarm.js';
import {
  benchDatabase,
  buildServer,
  cleanups,
  machineTicks,
  processUsage,
  ROOT,
  settle,
  sleep,
} from './support.js';

/**
 * bench/fleet-node (`npm run bench -- fleet-node`, 6–10 minutes): the issue's "50,000 players on one 2-core
 * node". One start of the built server with PROCESSES=4 (docs/deploying.md) on a new PostgreSQL database,
 * and the players in four processes of their own (bench/fleet-players.ts), each leaving from its own
 * 127.0.0.x: one process, server or players, may hold 20,000 descriptors here, and one local address has
 * 28,000 ports. Two steps in the one run: BENCH_NODE_BASE (10,000, the earlier goal) and BENCH_NODE_PLAYERS
 * (50,000), each ramped BENCH_NODE_RAMP_BATCH (2,500) at once and measured for BENCH_NODE_WINDOW_S (60 s)
 * with 1% churn every 10 s; the larger step's heartbeat p99 is reported beside the smaller's (the ratio)
 * and against the 50 ms goal. Heartbeats every 30 s, not shortened; RTT = heartbeat + ping on one socket.
 * Knobs: BENCH_NODE_PROCESSES (4: Node hands connections to the processes that are free, not evenly, and each may hold 20,000), BENCH_NODE_CLIENTS (4).
 */

const BASE = Number(process.env.BENCH_NODE_BASE ?? 10_000);
const PLAYERS = Number(process.env.BENCH_NODE_PLAYERS ?? 50_000);
const PROCESSES = Number(process.env.BENCH_NODE_PROCESSES ?? 4);
const CLIENTS = Number(process.env.BENCH_NODE_CLIENTS ?? 4);
const RAMP_BATCH = Number(process.env.BENCH_NODE_RAMP_BATCH ?? 2500);
const WINDOW_S = Number(process.env.BENCH_NODE_WINDOW_S ?? 60);
/** BENCH_NODE_CHURN=0: no player drops and reconnects during the windows. */
const CHURN = process.env.BENCH_NODE_CHURN !== '0';

/** A players process, with a way to wait for its next message of a kind. */
interface Players {
  child: ChildProcess;
  next<T extends FromPlayers['type']>(type: T): Promise<Extract<FromPlayers, { type: T }>>;
  send(message: ToPlayers): void;
}

function startPlayers(): Players {
  const child = fork(join(ROOT, 'bench/fleet-players.ts'), [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<string, { resolve: (message: FromPlayers) => void; reject: (e: Error) => void }>();
  child.on('message', (message: FromPlayers) => {
    const wait = waiting.get(message.type);
    waiting.delete(message.type);
    wait?.resolve(message);
  });
  child.once('exit', (code) => {
    for (const wait of waiting.values()) wait.reject(new Error(`players process exited (${code})`));
    waiting.clear();
  });
  return {
    child,
    next: (type) =>
      new Promise((resolve, reject) => {
        waiting.set(type, { resolve: resolve as (message: FromPlayers) => void, reject });
      }),
    send: (message) => child.send(message),
  };
}

/** CPU seconds and resident memory of the server: the supervisor and its processes together. */
function serverUsage(pid: number): { cpuSeconds: number; rssBytes: number; processes: number } {
  const pids = [pid, ...childrenOf(pid)];
  const usages = pids.map(processUsage).filter((u) => u !== null);
  return {
    cpuSeconds: usages.reduce((a, u) => a + u.cpuSeconds, 0),
    rssBytes: usages.reduce((a, u) => a + u.rssBytes, 0),
    processes: pids.length - 1,
  };
}

/** CPU seconds of each PostgreSQL process on this machine, by pid (the database's share of a window). */
function databaseCpu(): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const program = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0')[0] ?? '';
      if (!/(^|\/)postgres\b/.test(program)) continue;
    } catch {
      continue;
    }
    const usage = processUsage(Number(name));
    if (usage) seconds.set(Number(name), usage.cpuSeconds);
  }
  return seconds;
}

/** What the processes alive at both ends spent between them (a connection closed meanwhile is left out). */
function spent(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, end] of after) total += end - (before.get(pid) ?? end);
  return total;
}

interface StepResult {
  n: number;
  ramp: { seconds: number; failed: number; connected: number };
  perProcess: number[];
  samples: WindowSamples;
  serverCpu: number;
  databaseCpu: number;
  serverRss: number;
  machineCpu: number;
  clientsCpu: number;
  load: number;
}

/** Concatenates the players processes' windows into one. */
function merge(windows: WindowSamples[]): WindowSamples {
  const closed: Record<string, number> = {};
  for (const w of windows)
    for (const [code, n] of Object.entries(w.closedByServer)) closed[code] = (closed[code] ?? 0) + n;
  return {
    rtt: windows.flatMap((w) => w.rtt),
    sentAt: windows.flatMap((w) => w.sentAt),
    lost: windows.reduce((a, w) => a + w.lost, 0),
    reconnects: windows.reduce((a, w) => a + w.reconnects, 0),
    reconnectFailed: windows.reduce((a, w) => a + w.reconnectFailed, 0),
    connectTimes: windows.flatMap((w) => w.connectTimes),
    cpuSeconds: windows.reduce((a, w) => a + w.cpuSeconds, 0),
    lagP99: Math.max(...windows.map((w) => w.lagP99)),
    closedByServer: closed,
  };
}

async function step(server: Server, players: Players[], n: number): Promise<StepResult> {
  const share = (i: number) => Math.floor(n / players.length) + (i < n % players.length ? 1 : 0);
  const rampStart = performance.now();
  const ramps = await Promise.all(
    players.map(async (p, i) => {
      const done = p.next('ramped');
      p.send({ type: 'ramp', n: share(i) });
      return done;
    }),
  );
  const ramp = {
    seconds: (performance.now() - rampStart) / 1000,
    failed: ramps.reduce((a, r) => a + r.failed, 0),
    connected: ramps.reduce((a, r) => a + r.connected, 0),
  };
  await sleep(3000);
  const accepted = acceptedOn(Number(new URL(server.url).port));
  const perProcess = childrenOf(server.pid).map((pid) => holds(pid, accepted));

  const load = loadavg()[0]!;
  const t0 = performance.now();
  const server0 = serverUsage(server.pid);
  const database0 = databaseCpu();
  const machine0 = machineTicks();
  for (const [i, p] of players.entries()) p.send({ type: 'window', n: share(i), churn: CHURN });
  await sleep(WINDOW_S * 1000);
  const seconds = (performance.now() - t0) / 1000;
  const server1 = serverUsage(server.pid);
  const database1 = databaseCpu();
  const machine1 = machineTicks();
  const windows = await Promise.all(
    players.map(async (p) => {
      const done = p.next('window');
      p.send({ type: 'end' });
      const { type: _type, ...samples } = await done;
      return samples;
    }),
  );
  const samples = merge(windows);
  return {
    n,
    ramp,
    perProcess,
    samples,
    serverCpu: ((server1.cpuSeconds - server0.cpuSeconds) / seconds) * 100,
    databaseCpu: (spent(database0, database1) / seconds) * 100,
    serverRss: server1.rssBytes,
    machineCpu: ((machine1.busy - machine0.busy) / (machine1.total - machine0.total)) * cpus().length * 100,
    clientsCpu: (samples.cpuSeconds / seconds) * 100,
    load,
  };
}

function report(s: StepResult): string[] {
  const rtt = dist(s.samples.rtt);
  const startedAt = Math.min(...s.samples.sentAt);
  const slow = slowBursts({ startedAt, rtt: s.samples.rtt, sentAt: s.samples.sentAt });
  const closed = Object.entries(s.samples.closedByServer).map(([code, n]) => `${n}x${code}`);
  return [
    `  N=${s.n}: heartbeat RTT p50 ${ms(rtt.p50)} p95 ${ms(rtt.p95)} p99 ${ms(rtt.p99)} max ${ms(rtt.max)} ms (${rtt.n} samples, ${s.samples.lost} lost); >= ${TARGET_P99_MS} ms: ${slow.count} (${((slow.count / Math.max(rtt.n, 1)) * 100).toFixed(2)}%)`,
    `    ramp ${s.ramp.seconds.toFixed(1)} s, ${s.ramp.failed} failed, ${s.ramp.connected} connected; connections per server process ${s.perProcess.join(' / ')}`,
    `    server CPU ${s.serverCpu.toFixed(0)}% (all processes), RSS ${(s.serverRss / 1024 ** 2).toFixed(0)} MB; PostgreSQL CPU ${s.databaseCpu.toFixed(0)}%; players CPU ${s.clientsCpu.toFixed(0)}%, their loop lag p99 ${ms(s.samples.lagP99)} ms; machine ${s.machineCpu.toFixed(0)}% of ${cpus().length * 100}%; load average ${s.load.toFixed(1)}`,
    ...(slow.count
      ? [
          `    slow heartbeats by when they were sent (bursts under 1 s apart): ${slow.bursts.split(', ').slice(0, 12).join(', ')}`,
        ]
      : []),
    `    churn ${s.samples.reconnects} reconnects (${s.samples.reconnectFailed} failed), connect p99 ${ms(dist(s.samples.connectTimes).p99)} ms${closed.length ? `; closed by the server: ${closed.join(' ')}` : ''}`,
  ];
}

/** The distinct messages of the server's logged problems, with their causes (a query's error, not its text). */
function whatWentWrong(lines: string[]): string {
  const said = new Map<string, number>();
  for (const line of lines) {
    let text = line.slice(0, 200);
    try {
      const entry = JSON.parse(line) as {
        msg?: string;
        err?: { message?: string; cause?: { message?: string } };
      };
      text = `${entry.msg ?? ''}: ${entry.err?.cause?.message ?? entry.err?.message?.slice(0, 100) ?? ''}`;
    } catch {
      // not a JSON line
    }
    said.set(text, (said.get(text) ?? 0) + 1);
  }
  return [...said].map(([text, n]) => `${n}x "${text}"`).join('; ');
}

export async function fleetNodeBenchmark(): Promise<string[]> {
  const started = performance.now();
  const undo = cleanups();
  const notes: string[] = [];
  try {
    buildServer(notes);
    const databaseUrl = await benchDatabase(undo);
    const dataDir = await mkdtemp(join(tmpdir(), 'vitrine-fleet-node-'));
    undo.push(() => rm(dataDir, { recursive: true, force: true }));

    // Each server process plans with one thread: the players and the window are what is measured.
    const server = await startServer(databaseUrl, dataDir, {
      PROCESSES: String(PROCESSES),
      FULLNESS_WORKERS: '1',
    });
    undo.push(() => server.stop());
    const screens = await insertScreens(databaseUrl, PLAYERS);
    await settle(60_000);

    const base = `ws://127.0.0.1:${new URL(server.url).port}/api/player/ws`;
    const players = Array.from({ length: CLIENTS }, startPlayers);
    undo.push(() => Promise.all(players.map((p) => stopChild(p.child))));
    await Promise.all(players.map((p) => p.next('ready')));
    for (const [i, p] of players.entries()) {
      p.send({
        type: 'init',
        base,
        screens: screens.filter((_, k) => k % CLIENTS === i),
        localAddress: `127.0.0.${i + 2}`,
        rampBatch: Math.ceil(RAMP_BATCH / CLIENTS),
      });
    }

    const results: StepResult[] = [];
    for (const n of [BASE, PLAYERS].filter((v, i, all) => v > 0 && all.indexOf(v) === i)) {
      results.push(await step(server, players, n));
      console.error(`fleet-node N=${n}: heartbeat p99 ${ms(dist(results.at(-1)!.samples.rtt).p99)} ms`);
    }
    const problems = server.problems();
    await Promise.all(
      players.map(async (p) => {
        const done = p.next('closed');
        p.send({ type: 'close' });
        await done;
      }),
    );

    const [small, large] = [results[0]!, results.at(-1)!];
    const ratio = dist(large.samples.rtt).p99 / dist(small.samples.rtt).p99;
    return [
      `fleet-node (PROCESSES=${PROCESSES} server processes on one port, players in ${CLIENTS} processes; ${cpus().length} cores shared by all, PostgreSQL too; ${WINDOW_S} s window a step, heartbeat every 30 s, ${CHURN ? 'churn 1% per 10 s' : 'no churn'})`,
      ...results.flatMap(report),
      `  heartbeat p99 at ${large.n} ÷ at ${small.n}: x${ratio.toFixed(2)}; goal p99 <= ${TARGET_P99_MS} ms at ${PLAYERS}: ${dist(large.samples.rtt).p99 <= TARGET_P99_MS && large.ramp.failed === 0 ? 'met' : 'not met'}`,
      `  server warnings/errors logged: ${problems.length}${problems.length ? `: ${whatWentWrong(problems)}` : ''}`,
      `  total ${((performance.now() - started) / 1000).toFixed(0)} s`,
      ...notes,
    ];
  } finally {
    await undo.release();
  }
}
