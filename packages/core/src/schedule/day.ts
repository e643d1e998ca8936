/**
 * The plan of a day: who takes part and when, then the layers in order (blocks, periodic shows,
 * background, leftovers). The rules are written out in docs/scheduling.md; this follows them.
 */
import { seededRandom } from '../random.js';
import { addDays, zoneDay, type ZoneDay } from '../zone.js';
import { planBlocks } from './blocks.js';
import { insideGeofence } from '../geo.js';
import {
  Unplanned,
  availability,
  itemWindows,
  FilesAround,
  mergeEntries,
  periodOf,
  spansOf,
  spansOfEntries,
  workingTime,
  type Candidate,
  type ItemWindows,
} from './common.js';
import { planFill } from './fill.js';
import { planOverlays } from './overlays.js';
import { intersect, subtract, total, union, type Interval } from './intervals.js';
import { dayShare, periodDays } from './quotas.js';
import { Rotation, hash, ms } from './rotation.js';
import { planShows } from './show-placement.js';
import { showsOf, type ShowStream } from './shows.js';
import {
  MIN_FILL_MS,
  type DayPlan,
  type PlanOptions,
  type ScheduleEntry,
  type ScheduleInput,
  type ScheduleItem,
  type SchedulePlaylist,
  type UnplannedReason,
} from './types.js';

export interface Prepared {
  plan: DayPlan;
  unplanned: Unplanned;
  day: ZoneDay;
  working: Interval[];
  /** null: nothing to plan (broadcast stopped). */
  candidates: Candidate[] | null;
  cycle: number | null;
}

/** Who takes part on the day, when, and with which caps: everything before placing content. */
export function prepareDay(input: ScheduleInput, date: string): Prepared {
  const { screen } = input;
  const day = zoneDay(screen.timezone, date);
  const unplanned = new Unplanned();
  const working = workingTime(screen, day);
  const plan: DayPlan = {
    date,
    start: day.start,
    end: day.end,
    capacity: total(working),
    advertising: 0,
    entries: [],
    overlays: [],
    unplanned: [],
  };
  const playlists = [...input.playlists].sort((a, b) => a.id - b.id);
  const cycle = screen.commercialCycle ? ms(screen.commercialCycle) : null;
  if (screen.stopped) {
    for (const p of playlists) unplanned.add(p.id, null, 'BROADCAST_STOPPED', 0);
    return { plan, unplanned, day, working, candidates: null, cycle };
  }

  // Who takes part, and when.
  const taking: { p: SchedulePlaylist; time: Interval[]; items: ScheduleItem[]; windows: ItemWindows }[] = [];
  for (const p of playlists) {
    const content = p.type === 'BLOCK' ? p.sections.some((s) => s.items.length > 0) : p.items.length > 0;
    let reason: UnplannedReason | null = null;
    const period = periodOf(p, day);
    if (!p.active) reason = 'INACTIVE';
    else if (!p.approved) reason = 'NOT_APPROVED';
    else if (!content) reason = 'EMPTY';
    else if (!period) reason = 'NOT_IN_PERIOD';
    else if (!p.weekDays.includes(day.weekday)) reason = 'NOT_ON_WEEKDAY';
    else if (p.geofence && !insideGeofence(screen.position, p.geofence)) reason = 'OUT_OF_AREA';
    let time: Interval[] = [];
    let items: ScheduleItem[] = [];
    let windows: ItemWindows = new Map();
    if (!reason) {
      time = intersect(intersect(spansOf(day, p), [period!]), working);
      if (total(time) < MIN_FILL_MS) reason = 'OUTSIDE_HOURS';
    }
    if (!reason && p.type !== 'BLOCK') {
      // Files with a schedule of their own play only in it; a playlist whose files all rest rests too.
      windows = itemWindows(p.items, day);
      items = p.items.filter((item) => windows.get(item)?.length !== 0);
      for (const item of p.items)
        if (!items.includes(item)) unplanned.add(p.id, item.fileId, 'FILE_SCHEDULE', 0);
      if (items.every((item) => windows.has(item))) {
        time = intersect(time, union(items.flatMap((item) => windows.get(item)!)));
      }
      if (total(time) < MIN_FILL_MS) reason = 'FILE_SCHEDULE';
    }
    if (reason) unplanned.add(p.id, null, reason, 0);
    else taking.push({ p, time, items, windows });
  }

  // Override: over the screen's timeline; floating windows neither take nor give way.
  const mask = union(taking.filter((t) => t.p.override && t.p.type !== 'FLOATING').flatMap((t) => t.time));
  const candidates: Candidate[] = [];
  for (const { p, time, items, windows } of taking) {
    const mine = p.override || p.type === 'FLOATING' ? time : subtract(time, mask);
    if (total(mine) < MIN_FILL_MS) {
      unplanned.add(p.id, null, 'OVERRIDDEN', 0);
      continue;
    }
    const period = periodDays(p, day);
    const cap = Math.min(
      Number.POSITIVE_INFINITY,
      ...p.quotas.map((q) => dayShare(q.quantity, q.kind, p, period)),
    );
    // Seeded by screen and playlist, not by date: a day planned like an earlier one plays the same.
    const seed = hash(screen.id, p.id);
    candidates.push({
      playlist: p,
      time: mine,
      rotation: new Rotation(items, p.filesOrder, seededRandom(seed), availability(windows)),
      windows,
      cap,
      played: 0,
      seed,
    });
  }

  return { plan, unplanned, day, working, candidates, cycle };
}

/**
 * What decides a prepared day's plan apart from its date: the day's length, working time and each taking
 * playlist's time (relative to midnight), caps and shares. Two days with the same signature plan alike.
 */
export function signatureOf(prep: Prepared): string {
  const { day } = prep;
  const rel = (list: readonly Interval[]) =>
    list.map(([a, b]) => `${a - day.start}-${b - day.start}`).join(',');
  const parts = [String(day.end - day.start), rel(prep.working), String(prep.cycle)];
  for (const u of prep.unplanned.list()) parts.push(`${u.playlistId}!${u.reason}`);
  for (const c of prep.candidates ?? []) {
    const p = c.playlist;
    const shows =
      p.scheduleMode === 'SHOWS' ? dayShare(p.periodicity, p.limitationType, p, periodDays(p, day)) : '';
    parts.push(`${p.id}:${rel(c.time)}:${c.cap}:${shows}`);
    // Files with schedules of their own: which may start when.
    for (const [item, list] of c.windows) parts.push(`${p.id}#${item.fileId}:${rel(list)}`);
    for (const section of p.sections) {
      for (const item of section.items) {
        if (item.when) parts.push(`${p.id}#${item.fileId}@${rel(itemWindows([item], day).get(item)!)}`);
      }
    }
  }
  return parts.join('|');
}

/** Places the content of a prepared day. */
export function finishDay(prep: Prepared, options: PlanOptions): DayPlan {
  const { plan, unplanned, day, cycle } = prep;
  if (!prep.candidates) {
    plan.unplanned = unplanned.list();
    return plan;
  }
  const candidates = prep.candidates;
  const floating = candidates.filter((c) => c.playlist.type === 'FLOATING');
  const regular = candidates.filter((c) => !c.playlist.inLeftoversOnly && c.playlist.type !== 'FLOATING');
  const leftover = candidates.filter((c) => c.playlist.inLeftoversOnly && c.playlist.type !== 'FLOATING');
  const showsFor = (list: Candidate[]): ShowStream[] =>
    list
      .filter((c) => c.playlist.type === 'ADVERTISING')
      .map((c) => showsOf(c, periodDays(c.playlist, day), day, cycle));

  // 1. Blocks (leftover-only blocks follow the same rule later).
  const blocks: ScheduleEntry[] = [];
  planBlocks(
    regular.filter((c) => c.playlist.type === 'BLOCK'),
    blocks,
    unplanned,
    day,
  );
  blocks.sort((a, b) => a.start - b.start);
  // 2. Periodic advertising.
  const ads: ScheduleEntry[] = [];
  planShows(showsFor(regular), spansOfEntries(blocks), new FilesAround(blocks), ads, unplanned);
  // Placed one after another: already in order.
  const placed = mergeEntries(blocks, ads);
  const placedSpans = spansOfEntries(placed);
  // 3. Background.
  const background = regular.filter((c) => c.playlist.type === 'BACKGROUND');
  const fill: ScheduleEntry[] = [];
  if (options.timeline !== false) planFill(background, placedSpans, fill, day.start, day.end);
  // 4. Leftovers: only where nothing regular could play.
  const leftBlocks: ScheduleEntry[] = [];
  const leftAds: ScheduleEntry[] = [];
  const leftFill: ScheduleEntry[] = [];
  if (leftover.length > 0) {
    const taken = union([...placedSpans, ...background.flatMap((c) => c.time)]);
    const leftoverBlocks = leftover.filter((c) => c.playlist.type === 'BLOCK');
    for (const c of leftoverBlocks) c.time = subtract(c.time, taken);
    planBlocks(leftoverBlocks, leftBlocks, unplanned, day);
    leftBlocks.sort((a, b) => a.start - b.start);
    const leftoverAds = leftover.filter((c) => c.playlist.type === 'ADVERTISING');
    for (const c of leftoverAds) c.time = subtract(c.time, taken);
    const busyForLeftAds = union([...taken, ...spansOfEntries(leftBlocks)]);
    if (leftoverAds.length > 0) {
      planShows(
        showsFor(leftoverAds.filter((c) => c.time.length > 0)),
        busyForLeftAds,
        new FilesAround(mergeEntries(placed, leftBlocks)),
        leftAds,
        unplanned,
      );
    }
    if (options.timeline !== false) {
      const busyForLeftFill = union([...busyForLeftAds, ...spansOfEntries(leftAds)]);
      planFill(
        leftover.filter((c) => c.playlist.type === 'BACKGROUND'),
        busyForLeftFill,
        leftFill,
        day.start,
        day.end,
      );
    }
  }

  plan.entries = mergeEntries(placed, fill, leftBlocks, leftAds, leftFill);
  // 5. Over the timeline: floating windows and secondary content.
  if (options.timeline !== false) plan.overlays = planOverlays(floating, candidates, plan.entries, day);
  // Taking part but playing nothing, with no reason yet: say why.
  for (const c of candidates) {
    if (c.played > 0 || unplanned.mentions(c.playlist.id)) continue;
    if (options.timeline === false && (c.playlist.type === 'BACKGROUND' || c.playlist.type === 'FLOATING'))
      continue;
    const reason: UnplannedReason = c.playlist.inLeftoversOnly
      ? 'NO_LEFTOVERS'
      : c.playlist.type === 'ADVERTISING'
        ? 'NONE_DUE'
        : 'NO_ROOM';
    unplanned.add(c.playlist.id, null, reason, 0);
  }
  // Broadcast fullness counts the screen's timeline; windows over it do not add to it.
  for (const e of plan.entries) if (e.type !== 'BACKGROUND') plan.advertising += e.end - e.start;
  plan.unplanned = unplanned.list();
  return plan;
}

/** What the screen plays on a local date, and what could not be planned. */
export function planDay(input: ScheduleInput, date: string, options: PlanOptions = {}): DayPlan {
  return finishDay(prepareDay(input, date), options);
}

/** Plans of consecutive local dates. */
export function planDays(
  input: ScheduleInput,
  from: string,
  days: number,
  options: PlanOptions = {},
): DayPlan[] {
  return Array.from({ length: days }, (_, i) => planDay(input, addDays(from, i), options));
}

/** Broadcast fullness over plans: advertising time against working time (0..1). */
export function fullnessOf(plans: readonly DayPlan[]): number {
  const capacity = plans.reduce((sum, p) => sum + p.capacity, 0);
  return capacity === 0 ? 0 : plans.reduce((sum, p) => sum + p.advertising, 0) / capacity;
}
