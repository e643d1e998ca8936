import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp, type BuiltApp } from '../apps/server/src/app.js';
import { loadConfig, type Config } from '../apps/server/src/config.js';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client.js';

export interface Stats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
}

/** Runs `task` n times one after another (after a warm-up) and returns latency percentiles in ms. */
export async function measure(n: number, task: () => Promise<unknown>): Promise<Stats> {
  for (let i = 0; i < Math.min(50, n); i += 1) await task();
  const samples: number[] = [];
  const start = performance.now();
  for (let i = 0; i < n; i += 1) {
    const t0 = performance.now();
    await task();
    samples.push(performance.now() - t0);
  }
  return statsOf(samples, performance.now() - start);
}

/** Latency percentiles of samples (ms) taken one after another over `total` ms. */
export function statsOf(samples: number[], total: number): Stats {
  const n = samples.length;
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(n - 1, Math.floor(q * n))]!;
  return { n, p50: at(0.5), p95: at(0.95), p99: at(0.99), perSecond: (n / total) * 1000 };
}

export function format(name: string, s: Stats, baseline?: Stats): string {
  const ratio = baseline ? `  x${(s.p50 / baseline.p50).toFixed(2)} of baseline p50` : '  (baseline)';
  return `  ${name.padEnd(44)} p50 ${s.p50.toFixed(3)} ms  p95 ${s.p95.toFixed(3)} ms  ${s.perSecond.toFixed(0)}/s${ratio}`;
}

/** The app in this process on a data directory of its own, removed when the app closes. */
export async function benchApp(
  env: Record<string, string> = {},
): Promise<BuiltApp & { database: DatabaseHandle; config: Config }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vitrine-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIR: join(dataDir, 'web'),
    ...env,
  });
  const url = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(url ? { driver: 'pg', url } : { driver: 'pglite' });
  const built = await buildApp({ config, database, logger: false });
  // Its files go with it (bench/upload stores three copies of its file a run).
  built.app.addHook('onClose', async () => rm(dataDir, { recursive: true, force: true }));
  await built.app.ready();
  return { ...built, database, config };
}

/** The repository's root, and the built server a process-level benchmark starts. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_ENTRY = join(ROOT, 'apps/server/dist/main.js');

/** PostgreSQL the benchmarks make their databases in. */
export function benchDatabaseUrl(): string {
  return (
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test'
  );
}

/**
 * Things to undo when a benchmark ends, last first, also on Ctrl-C (then the process exits 130): its
 * databases, server and clients. `release()` runs them and stops listening for signals.
 */
export function cleanups(): { push(fn: () => Promise<unknown>): void; release(): Promise<void> } {
  const stack: (() => Promise<unknown>)[] = [];
  const run = async () => {
    for (const fn of stack.splice(0).reverse()) await fn().catch(() => undefined);
  };
  const onSignal = () => void run().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return {
    push: (fn) => void stack.push(fn),
    async release() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      await run();
    },
  };
}

/**
 * Builds core and server with tsc for a benchmark that runs the server as its own process. A failed build
 * with an earlier one in place measures that one, and says so in `notes`.
 */
export function buildServer(notes: string[]): void {
  const build = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'packages/core', 'apps/server'],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (build.status === 0) return;
  if (!existsSync(SERVER_ENTRY)) throw new Error(`server build failed:\n${build.stdout}${build.stderr}`);
  notes.push('  (the server build failed; the existing apps/server/dist was used)');
}

/** The same server, another database. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A new database `vt_bench_<random>` on the benchmarks' PostgreSQL, dropped by `undo`; answers its address. */
export async function benchDatabase(undo: ReturnType<typeof cleanups>): Promise<string> {
  const baseUrl = benchDatabaseUrl();
  const name = `vt_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  undo.push(() => admin.end());
  await admin.query(`create database ${name}`);
  undo.push(() => admin.query(`drop database if exists ${name} with (force)`));
  return withDatabase(baseUrl, name);
}

/** The cabinet of the printed platform admin ('admin'), where the benchmarks seed their screens. */
export async function adminCabinetId(client: pg.Client): Promise<number> {
  const admin = await client.query<{ cabinet_id: number }>(
    `select cabinet_id from users where login = 'admin'`,
  );
  const cabinetId = admin.rows[0]?.cabinet_id;
  if (cabinetId === undefined) throw new Error('no admin user');
  return cabinetId;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ---- processes and the machine: CPU and memory from /proc ----

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/** CPU seconds (user + system) and resident memory of a process, or null once it is gone. */
export function processUsage(pid: number): { cpuSeconds: number; rssBytes: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rss = /^VmRSS:\s+(\d+) kB/m.exec(status);
    return {
      cpuSeconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS,
      rssBytes: rss ? Number(rss[1]) * 1024 : 0,
    };
  } catch {
    return null;
  }
}

/** Busy and total jiffies of the whole machine (all cores). */
export function machineTicks(): { busy: number; total: number } {
  const v = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = v.reduce((a, b) => a + b, 0);
  return { busy: total - v[3]! - v[4]!, total };
}

/** Waits until the machine is quiet (under 20% of one core for three seconds running), at most `maxMs`. */
export async function settle(maxMs: number): Promise<void> {
  const deadline = Date.now() + maxMs;
  let quiet = 0;
  while (quiet < 3 && Date.now() < deadline) {
    const a = machineTicks();
    await sleep(1000);
    const b = machineTicks();
    quiet = ((b.busy - a.busy) / (b.total - a.total)) * cpus().length * 100 < 20 ? quiet + 1 : 0;
  }
}

/**
 * `n` processes that only spin, at `nice` (0: as busy as any other program on the host), standing for
 * other work on the machine while something is measured. Answers a function that ends them.
 */
export function startHogs(n: number, nice = 0): () => Promise<void> {
  const hogs = Array.from({ length: n }, () =>
    spawn(process.execPath, ['-e', `require('node:os').setPriority(${nice}); for (;;) {}`], {
      stdio: 'ignore',
    }),
  );
  return async () => {
    await Promise.all(
      hogs.map(
        (hog) =>
          new Promise<void>((resolve) => {
            if (hog.exitCode !== null || hog.signalCode !== null) return resolve();
            hog.once('exit', () => resolve());
            hog.kill('SIGKILL');
          }),
      ),
    );
  };
}
