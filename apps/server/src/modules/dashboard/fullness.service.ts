import {
  daysBetween,
  localDate,
  rangeDays,
  spansOver,
  type Dashboard,
  type FullnessRange,
} from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories } from '../../db/repositories.js';
import type { PointRow } from '../../db/schema.js';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WorkerPool } from '../../lib/worker-pool.js';
import type { ContentSync } from '../point/content-sync.js';
import type { FullnessState } from './fullness.repository.js';
import { packJob, type FullnessJob, type FullnessResult } from './fullness.plan.js';
import { yieldToLoop } from '../../lib/yield.js';

/** Screens loaded and planned together: the inputs of one batch are read in a few queries. */
const BATCH = 100;
/** Days planned beyond what was asked, so a stored row still covers the range after a day or two. */
const MARGIN_DAYS = 2;
/** At least this many days are planned, so the one-day and two-week presets share their rows. */
const MIN_DAYS = 14;

/** The threads that plan fullness (fullness.worker.ts, or .js once built). */
export function fullnessPool(size: number): WorkerPool<FullnessJob, FullnessResult> {
  const ext = extname(fileURLToPath(import.meta.url));
  return new WorkerPool(new URL(`./fullness.worker${ext}`, import.meta.url), size);
}

/**
 * `daysBetween`, each pair of dates worked out once: a fleet's rows start on a few dates and are read
 * against a few todays, and the dashboard reads every screen's row on each request.
 */
function daysApart(): (from: string, to: string) => number {
  const known = new Map<string, number>();
  return (from, to) => {
    const key = `${from} ${to}`;
    let days = known.get(key);
    if (days === undefined) known.set(key, (days = daysBetween(from, to)));
    return days;
  };
}

export interface FullnessServiceDeps {
  repos: Pick<Repositories, 'fullness' | 'points'>;
  /** Screens' versions, and the schedule parts planned from the same reading. */
  sync: ContentSync;
  pool: WorkerPool<FullnessJob, FullnessResult>;
  /** How long a dashboard request waits for screens being planned before answering with what is there. */
  waitMs: number;
  /**
   * Told, after a batch is planned, which playlists did not all fit on the screens' first (local) day:
   * day by day, each playlist once per batch (the alerts keep it to once a day).
   */
  onShortfall?: (cabinetId: CabinetId, byDay: Map<string, number[]>) => Promise<unknown>;
  clock?: () => Date;
  log?: (message: string, error: unknown) => void;
}

/** Views kept for reuse (a cabinet and preset each); the oldest goes first beyond this. */
const KEPT_VIEWS = 32;
/** Every zone's local date moves on a quarter hour (UTC offsets are whole quarters): a kept view's span. */
const QUARTER_HOUR = 15 * 60_000;

/** A view worked out, with what it was worked out from. */
interface KeptView {
  signature: string;
  quarter: number;
  view: Dashboard['fullness'];
}

/** A cabinet's planning in progress, and the most days asked of it since it started. */
interface Run {
  done: Promise<void>;
  /** Days a follow-up run must cover (0: none asked). */
  again: number;
  /** When it started (clock ms), and the screens it has stored since: its rate. */
  startedAt: number;
  planned: number;
}

/**
 * Broadcast fullness for the dashboard, kept current incrementally: each screen's days are planned once per
 * content version (the version changes exactly when what the screen plays may change) and stored as runs
 * of equal days, so the dashboard sums stored rows. Screens whose row is missing, of another version or too
 * short for the range are planned in worker threads, never on the event loop; a request waits a moment
 * for a few of them (one batch) and otherwise answers at once with how many are still pending.
 */
export class FullnessService {
  private readonly clock: () => Date;
  private readonly runs = new Map<CabinetId, Run>();
  private readonly kept = new Map<string, KeptView>();

  constructor(private readonly deps: FullnessServiceDeps) {
    this.clock = deps.clock ?? (() => new Date());
  }

  async read(cabinetId: CabinetId, range: FullnessRange): Promise<Dashboard['fullness']> {
    let view = await this.view(cabinetId, range);
    if (view.pending > BATCH) {
      // A fleet to plan (minutes for 10,000 screens): answered at once with how many are pending; the page
      // asks again while they fill in.
      this.refresh(cabinetId, view.days).catch((error: unknown) =>
        this.deps.log?.('planning broadcast fullness failed', error),
      );
    } else if (view.pending > 0) {
      // A few screens (one batch): worth a moment's wait for a whole answer.
      const done = this.refresh(cabinetId, view.days);
      let timer: NodeJS.Timeout | undefined;
      const waited = await Promise.race([
        done.then(() => true),
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), this.deps.waitMs))),
      ]);
      clearTimeout(timer);
      if (waited) view = await this.view(cabinetId, range);
    }
    return view;
  }

  /**
   * Plans the cabinet's screens that are not current for `days` days. One run per cabinet at a time; a
   * request during a run is served by one follow-up run after it.
   */
  refresh(cabinetId: CabinetId, days: number): Promise<void> {
    const running = this.runs.get(cabinetId);
    if (running) {
      running.again = Math.max(running.again, days);
      return running.done;
    }
    const run: Run = { done: Promise.resolve(), again: 0, startedAt: this.clock().getTime(), planned: 0 };
    run.done = (async () => {
      try {
        let want = days;
        while (want > 0) {
          run.again = 0;
          await this.plan(cabinetId, want);
          want = run.again;
        }
      } finally {
        this.runs.delete(cabinetId);
      }
    })();
    this.runs.set(cabinetId, run);
    return run.done;
  }

  /**
   * The cabinet's planning in progress: screens a second since its run started, and the seconds until
   * `pending` screens are done at that rate (null until a batch is stored); null when no run is going.
   */
  progress(cabinetId: CabinetId, pending: number): Dashboard['planning'] {
    const run = this.runs.get(cabinetId);
    if (!run || pending === 0) return null;
    const seconds = (this.clock().getTime() - run.startedAt) / 1000;
    const perSecond = seconds > 0 ? run.planned / seconds : 0;
    return { perSecond, estimateSeconds: perSecond > 0 ? Math.ceil(pending / perSecond) : null };
  }

  /** The background sweep: every cabinet's screens whose fullness went stale, for the days they had. */
  async sweep(): Promise<number> {
    const yesterday = localDate('UTC', this.clock().getTime() - 86_400_000);
    const stale = await this.deps.repos.fullness.platformStaleCabinets(yesterday);
    for (const { cabinetId } of stale) {
      await this.refresh(cabinetId, MIN_DAYS).catch((error: unknown) =>
        this.deps.log?.('planning broadcast fullness failed', error),
      );
    }
    return stale.reduce((sum, row) => sum + row.stale, 0);
  }

  /** Each zone's local date now, worked out once per zone (a fleet has a few zones, many screens). */
  private todayIn(): (timeZone: string) => string {
    const now = this.clock().getTime();
    const dates = new Map<string, string>();
    return (timeZone) => {
      let date = dates.get(timeZone);
      if (date === undefined) dates.set(timeZone, (date = localDate(timeZone, now)));
      return date;
    };
  }

  /**
   * The dashboard's figures: the ones worked out last time while the rows they came from are the same (one
   * aggregate query tells), else worked out again. A fleet's dashboard asked every few seconds while it is
   * planned, or opened again and again, reads its 10,000 rows only when they changed.
   */
  private async view(cabinetId: CabinetId, range: FullnessRange): Promise<Dashboard['fullness']> {
    const key = `${cabinetId}|${range}`;
    const quarter = Math.floor(this.clock().getTime() / QUARTER_HOUR);
    const signature = await this.deps.repos.fullness.signature(cabinetId);
    const kept = this.kept.get(key);
    if (kept && kept.signature === signature && kept.quarter === quarter) return kept.view;
    const view = await this.sum(cabinetId, range);
    this.kept.delete(key);
    this.kept.set(key, { signature, quarter, view });
    if (this.kept.size > KEPT_VIEWS) this.kept.delete(this.kept.keys().next().value!);
    return view;
  }

  /** The figures from the stored rows, summed page by page as they are read; screens not covered are pending. */
  private async sum(cabinetId: CabinetId, range: FullnessRange): Promise<Dashboard['fullness']> {
    const todayOf = this.todayIn();
    const offsetOf = daysApart();
    let days = 1;
    let capacity = 0;
    let advertising = 0;
    let pending = 0;
    const points: Dashboard['fullness']['points'] = [];
    const seen = new Set<number>();
    for await (const states of this.deps.repos.fullness.statesOf(cabinetId)) {
      for (const state of states) {
        if (seen.has(state.id)) continue; // renamed between two pages
        seen.add(state.id);
        const today = todayOf(state.timezone);
        days = rangeDays(range, today);
        const sums = this.covered(state, today, days, offsetOf);
        if (!sums) {
          pending++;
          continue;
        }
        capacity += sums.capacity;
        advertising += sums.advertising;
        points.push({
          id: state.id,
          name: state.name,
          fullness: sums.capacity ? sums.advertising / sums.capacity : 0,
          capacity: sums.capacity / 1000,
          advertising: sums.advertising / 1000,
        });
      }
    }
    return { range, days, average: capacity ? advertising / capacity : 0, pending, points };
  }

  private covered(
    state: FullnessState,
    today: string,
    days: number,
    offsetOf: (from: string, to: string) => number,
  ) {
    const { stored, version } = state;
    if (!stored || version === null || stored.version !== version) return null;
    return spansOver(stored.spans, offsetOf(stored.fromDay, today), days);
  }

  /** Plans, batch by batch in worker threads, the screens not covered for `days` days from their today. */
  private async plan(cabinetId: CabinetId, days: number): Promise<void> {
    const { repos, sync } = this.deps;
    const todayOf = this.todayIn();
    const offsetOf = daysApart();
    const todo: { id: number }[] = [];
    for await (const states of repos.fullness.statesOf(cabinetId))
      for (const state of states)
        if (!this.covered(state, todayOf(state.timezone), days, offsetOf)) todo.push(state);
    const horizon = Math.max(days, MIN_DAYS) + MARGIN_DAYS;
    const batches: Promise<void>[] = [];
    for (let i = 0; i < todo.length; i += BATCH) {
      // The event loop gets a turn between batches: requests are answered while a fleet is planned.
      await yieldToLoop();
      const ids = todo.slice(i, i + BATCH).map((state) => state.id);
      // Versions are read before (or with) the inputs: a change in between leaves the row stale, never wrong.
      const loaded = await repos.points.pointsByIds(cabinetId, ids);
      const { rows, screens, alike } = await sync.ensureParts(cabinetId, loaded);
      const job = packJob(
        horizon,
        rows.map((row) => ({
          pointId: row.id,
          fromDay: todayOf(row.timezone),
          input: screens.get(row.id)!,
        })),
        alike,
      );
      const stored = this.store(cabinetId, rows, job);
      stored.catch(() => undefined); // awaited below; a failure is not left unhandled meanwhile
      batches.push(stored);
      // Loading the next batch overlaps the workers planning: one batch more than threads is out, so a thread
      // that finishes finds the next one waiting (with one a thread, a cold fleet's threads were idle a quarter
      // of the time while the event loop read a batch).
      if (batches.length > this.deps.pool.size) await batches.shift();
    }
    await Promise.all(batches);
  }

  private async store(cabinetId: CabinetId, rows: PointRow[], job: FullnessJob): Promise<void> {
    const result = await this.deps.pool.run(job);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const fromDay = new Map(job.screens.map((screen) => [screen.pointId, screen.fromDay]));
    const rowsToSave = result.flatMap(({ pointId, spans }) => {
      const version = byId.get(pointId)?.currentVersion;
      return version ? [{ pointId, version, fromDay: fromDay.get(pointId)!, days: job.days, spans }] : [];
    });
    await this.deps.repos.fullness.save(cabinetId, rowsToSave);
    const run = this.runs.get(cabinetId);
    if (run) run.planned += rowsToSave.length;
    const byDay = new Map<string, Set<number>>();
    for (const { pointId, shortfall } of result) {
      if (shortfall.length === 0) continue;
      const day = fromDay.get(pointId)!;
      const ids = byDay.get(day) ?? new Set<number>();
      for (const id of shortfall) ids.add(id);
      byDay.set(day, ids);
    }
    if (byDay.size && this.deps.onShortfall) {
      await this.deps
        .onShortfall(cabinetId, new Map([...byDay].map(([day, ids]) => [day, [...ids]])))
        .catch((error: unknown) => this.deps.log?.('the content shortfall alert failed', error));
    }
  }
}
