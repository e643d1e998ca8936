/**
 * bench/schedule: the schedule engine (packages/core/src/schedule.ts).
 * - The 48-hour timeline of one screen with 200 playlists and 2,000 files (goal: p95 at most 10 ms), against
 *   the same screen with one background playlist as the baseline.
 * - Broadcast fullness of 1,000 screens over 31 days (goal: under 2 s), the engine's part (the dashboard
 *   adds four batched queries that load every screen's playlists at once).
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import {
  addDays,
  planDay,
  fullnessOver,
  seededRandom,
  type FilesOrder,
  type ScheduleInput,
  type SchedulePlaylist,
} from '../packages/core/src/index.js';
import { format, measure, statsOf, type Stats } from './support.js';

const TODAY = new Date().toISOString().slice(0, 10);
const pad = (n: number) => String(n).padStart(2, '0');

/** A realistic mix: 60% periodic ads, 30% background, 10% blocks, ten files each. */
function playlists(count: number, filesPerPlaylist: number, seed: number): SchedulePlaylist[] {
  const r = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const kind = r();
    const type = kind < 0.6 ? 'ADVERTISING' : kind < 0.9 ? 'BACKGROUND' : 'BLOCK';
    const items = Array.from({ length: filesPerPlaylist }, (_, k) => ({
      fileId: i * filesPerPlaylist + k + 1,
      seconds: pick([5, 10, 15, 30]),
    }));
    const from = Math.floor(r() * 12);
    const allDay = r() < 0.5;
    return {
      id: i + 1,
      type,
      active: true,
      approved: true,
      override: false,
      inLeftoversOnly: r() < 0.05,
      fromDate: `${addDays(TODAY, -5)} 00:00:00`,
      toDate: `${addDays(TODAY, 40)} 23:59:59`,
      weekDays: [0, 1, 2, 3, 4, 5, 6],
      fromTime: allDay ? '00:00:00' : `${pad(from)}:00:00`,
      toTime: allDay ? '23:59:59' : `${pad(from + 6 + Math.floor(r() * 6))}:00:00`,
      fromTime2: null,
      toTime2: null,
      filesOrder: pick<FilesOrder>(['ASC', 'DESC', 'RANDOM', 'ONEOF']),
      scheduleMode: r() < 0.3 ? 'SHOWS' : null,
      // Every 1-5 minutes for a third, every 5-30 minutes for the rest.
      periodicity: r() < 0.3 ? 60 + Math.floor(r() * 240) : 300 + Math.floor(r() * 1500),
      limitationType: 'QUANTUTY_PER_DAY',
      quotas: r() < 0.2 ? [{ kind: 'QUANTUTY_PER_DAY', quantity: 50 + Math.floor(r() * 200) }] : [],
      blockDuration: 3600,
      sections: [
        { duration: 600, duplicate: false, order: 0, repeat: 1, items: items.slice(0, 5) },
        { duration: 600, duplicate: true, order: 1, repeat: 1, items: [] },
      ],
      items,
      share: { screens: 1, index: 0 },
    } satisfies SchedulePlaylist;
  });
}

const screen = (id: number) => ({
  id,
  timezone: 'Europe/Berlin',
  workFrom: '07:00:00',
  workTo: '23:00:00',
  commercialCycle: null,
  stopped: false,
});

/** 1,000 screens, each with 10 playlists of a pool of 100. */
export function fleetInputs(): ScheduleInput[] {
  const pool = playlists(100, 10, 11);
  const r = seededRandom(3);
  return Array.from({ length: 1000 }, (_, i) => ({
    screen: screen(i + 1),
    playlists: Array.from({ length: 10 }, () => pool[Math.floor(r() * pool.length)]!)
      .filter((p, k, list) => list.indexOf(p) === k)
      .sort((a, b) => a.id - b.id),
  }));
}

/** One screen with 200 playlists of ten files each. */
export function heavyInput(): ScheduleInput {
  return { screen: screen(1), playlists: playlists(200, 10, 7) };
}

async function timed(n: number, task: () => unknown) {
  return measure(n, async () => task());
}

/** The 48 hours of `input` planned n times in a thread of its own (schedule-worker.mjs). */
function inThread(input: ScheduleInput, n: number): Promise<Stats> {
  const worker = new Worker(new URL('./schedule-worker.mjs', import.meta.url), {
    workerData: { input, today: TODAY, n },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', ({ samples, total }: { samples: number[]; total: number }) => {
      resolve(statsOf(samples, total));
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

export async function scheduleBenchmark(): Promise<string[]> {
  const lines = ['bench/schedule: the schedule engine'];

  // 1. One screen, 48 hours, 200 playlists x 10 files.
  const big = heavyInput();
  const small: ScheduleInput = {
    screen: screen(1),
    playlists: [{ ...big.playlists.find((p) => p.type === 'BACKGROUND')! }],
  };
  const fortyEight = (input: ScheduleInput) => [planDay(input, TODAY), planDay(input, addDays(TODAY, 1))];
  // As the player plans: a thread with only the engine loaded (schedule-worker.mjs), the baseline alike.
  const baseline = await inThread(small, 200);
  const heavy = await inThread(big, 200);
  // As the server's schedule preview plans: in this process, beside every module of the server.
  const beside = await timed(200, () => fortyEight(big));
  const entries = fortyEight(big).reduce((s, d) => s + d.entries.length, 0);
  lines.push(format('48 h, 1 background playlist (baseline)', baseline));
  lines.push(format(`48 h, 200 playlists, 2000 files (${entries} entries)`, heavy, baseline));
  lines.push(format('the same beside the server (this process)', beside, baseline));
  // Issue 33's goal (the first pass's was 20 ms); the load average says how busy the host was.
  lines.push(
    `  goal p95 <= 10 ms: ${heavy.p95 <= 10 ? 'met' : 'NOT met'} (p95 ${heavy.p95.toFixed(1)} ms; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );

  // 2. Fullness: 1,000 screens x 31 days, each screen with 10 playlists of a pool of 100.
  const screens = fleetInputs();
  const t0 = performance.now();
  let advertising = 0;
  for (const input of screens) advertising += fullnessOver(input, TODAY, 31).advertising;
  const engineMs = performance.now() - t0;
  const t1 = performance.now();
  for (const input of screens) fullnessOver(input, TODAY, 1);
  const oneDayMs = performance.now() - t1;
  lines.push(
    `  fullness, 1000 screens x 31 days, engine only: ${engineMs.toFixed(0)} ms (x${(engineMs / oneDayMs).toFixed(1)} of 1 day: ${oneDayMs.toFixed(0)} ms); goal < 2000 ms: ${engineMs < 2000 ? 'met' : 'NOT met'}; average fullness ${((advertising / (31_000 * 16 * 3_600_000)) * 100).toFixed(1)}%`,
  );

  return lines;
}
