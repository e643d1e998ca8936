/**
 * bench/fleet-plan: the planning part of a cold fleet's broadcast fullness, in one process, on the data
 * bench/web seeds: SCREENS screens in four zones, each reached by PAIRS of PLAYLISTS advertising playlists
 * (playlist n reaches the screens from 2n on, so screens 2m and 2m+1 share their playlists), planned for
 * 16 days (the dashboard's horizon) in batches of 100 consecutive screens, as the workers get them.
 * Baselines, on a sample of the screens: each screen planned as before this pass (every day prepared, days
 * alike planned once per screen), and each screen alone with today's `planFullness` (days of one class
 * prepared once); against the whole fleet in batches with the days shared across a batch's screens
 * (`SharedDays`). All must give every sampled screen the same spans.
 */
import { performance } from 'node:perf_hooks';
import { finishDay, prepareDay, signatureOf } from '../packages/core/src/schedule/day.js';
import { schedulePlaylist } from '../packages/core/src/schedule/fixtures.js';
import {
  addDays,
  planFullness,
  SharedDays,
  type ScheduleInput,
  type SchedulePlaylist,
} from '../packages/core/src/index.js';

const SCREENS = Number(process.env.BENCH_PLAN_SCREENS ?? 10_000);
const PLAYLISTS = Number(process.env.BENCH_PLAN_PLAYLISTS ?? 5_000);
const PAIRS = Number(process.env.BENCH_PLAN_PAIRS ?? 250);
/** Screens planned alone for the baseline rate (all of them would take minutes). */
const SAMPLE = Number(process.env.BENCH_PLAN_SAMPLE ?? 200);
const BATCH = 100;
const DAYS = 16;
const ZONES = ['Europe/Kyiv', 'America/New_York', 'UTC', 'Asia/Kolkata'];

/** Playlist `id` as bench/web copies it: advertising every 10 minutes, one 15 s file, three years. */
function playlist(id: number, year: number): SchedulePlaylist {
  return schedulePlaylist({
    id,
    type: 'ADVERTISING',
    fromDate: `${year - 1}-01-01 00:00:00`,
    toDate: `${year + 1}-12-31 23:59:59`,
    periodicity: 600,
    items: [{ fileId: 1, seconds: 15 }],
  });
}

/** Screen k's input as bench/web seeds it (screen ids and playlist ids from 1). */
export function fleetScreens(): ScheduleInput[] {
  const year = new Date().getUTCFullYear();
  const pool = Array.from({ length: PLAYLISTS }, (_, n) => playlist(n + 1, year));
  const step = Math.max(1, Math.floor(SCREENS / PLAYLISTS));
  const reach = Math.round((SCREENS * PAIRS) / PLAYLISTS);
  const byScreen: SchedulePlaylist[][] = Array.from({ length: SCREENS }, () => []);
  for (let n = 0; n < PLAYLISTS; n++)
    for (let g = 0; g < reach; g++) byScreen[(n * step + g) % SCREENS]!.push(pool[n]!);
  return byScreen.map((playlists, k) => ({
    screen: {
      id: k + 1,
      timezone: ZONES[(k + 1) % ZONES.length]!,
      workFrom: null,
      workTo: null,
      commercialCycle: null,
      stopped: false,
    },
    playlists,
  }));
}

/** Spans as `planFullness` made them before this pass: every day prepared, alike days planned once. */
function spansAsBefore(input: ScheduleInput, from: string, days: number) {
  const seen = new Map<string, number>();
  const spans: { offset: number; days: number; capacity: number; advertising: number }[] = [];
  for (let i = 0; i < days; i++) {
    const prep = prepareDay(input, addDays(from, i));
    const signature = signatureOf(prep);
    let advertising = seen.get(signature);
    if (advertising === undefined) {
      advertising = finishDay(prep, { timeline: false }).advertising;
      seen.set(signature, advertising);
    }
    const capacity = prep.plan.capacity;
    const last = spans.at(-1);
    if (last && last.capacity === capacity && last.advertising === advertising) last.days++;
    else spans.push({ offset: i, days: 1, capacity, advertising });
  }
  return spans;
}

export async function fleetPlanBenchmark(): Promise<string[]> {
  const screens = fleetScreens();
  const from = addDays(new Date().toISOString().slice(0, 10), 0);
  const lines = [
    `fleet-plan: ${SCREENS.toLocaleString('en')} screens x ${PAIRS} playlists, ${DAYS} days, batches of ${BATCH}`,
  ];
  const sample = screens
    .filter((_, i) => i % Math.max(1, Math.floor(SCREENS / SAMPLE)) === 0)
    .slice(0, SAMPLE);
  const before = new Map<number, string>();
  const tb = performance.now();
  for (const input of sample) before.set(input.screen.id, JSON.stringify(spansAsBefore(input, from, DAYS)));
  const beforeMs = (performance.now() - tb) / sample.length;
  const alone = new Map<number, string>();
  const t0 = performance.now();
  for (const input of sample) {
    const { spans } = planFullness(input, from, DAYS);
    if (JSON.stringify(spans) !== before.get(input.screen.id))
      throw new Error(`screen ${input.screen.id}: spans differ from before`);
    alone.set(input.screen.id, JSON.stringify(planFullness(input, from, DAYS)));
  }
  const aloneMs = (performance.now() - t0) / sample.length / 2;
  let planned = 0;
  let hits = 0;
  const t1 = performance.now();
  for (let i = 0; i < screens.length; i += BATCH) {
    const shared = new SharedDays();
    for (const input of screens.slice(i, i + BATCH)) {
      const result = JSON.stringify(planFullness(input, from, DAYS, shared));
      const own = alone.get(input.screen.id);
      if (own !== undefined && own !== result)
        throw new Error(`screen ${input.screen.id}: shared plan differs`);
    }
    planned += shared.planned;
    hits += shared.hits;
  }
  const sharedMs = performance.now() - t1;
  const beforeFleet = (beforeMs * SCREENS) / 1000;
  const aloneFleet = (aloneMs * SCREENS) / 1000;
  lines.push(
    `  as before (every day prepared): ${beforeMs.toFixed(1)} ms a screen (${sample.length} sampled): the fleet ≈ ${beforeFleet.toFixed(0)} s on one thread`,
    `  alone, days of one class prepared once: ${aloneMs.toFixed(1)} ms a screen: ≈ ${aloneFleet.toFixed(0)} s (x${(beforeMs / aloneMs).toFixed(1)})`,
    `  shared within batches: ${(sharedMs / 1000).toFixed(1)} s on one thread (x${(beforeFleet / (sharedMs / 1000)).toFixed(1)} of before); ` +
      `${planned.toLocaleString('en')} days planned, ${hits.toLocaleString('en')} taken from another screen; the sampled screens' spans equal`,
  );
  return lines;
}
