import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp, type BuiltApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
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
  const total = performance.now() - start;
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { n, p50: at(0.5), p95: at(0.95), p99: at(0.99), perSecond: (n / total) * 1000 };
}

export function format(name: string, s: Stats, baseline?: Stats): string {
  const ratio = baseline ? `  x${(s.p50 / baseline.p50).toFixed(2)} of baseline p50` : '  (baseline)';
  return `  ${name.padEnd(44)} p50 ${s.p50.toFixed(3)} ms  p95 ${s.p95.toFixed(3)} ms  ${s.perSecond.toFixed(0)}/s${ratio}`;
}

export async function benchApp(): Promise<BuiltApp & { database: DatabaseHandle }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vitrine-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIR: join(dataDir, 'web') });
  const url = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(url ? { driver: 'pg', url } : { driver: 'pglite' });
  const built = await buildApp({ config, database, logger: false });
  await built.app.ready();
  return { ...built, database };
}
