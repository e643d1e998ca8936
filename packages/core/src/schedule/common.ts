/** What the engine shares between its stages: a taking playlist, the not-planned tally, day spans. */
import { daySpans, type TimeWindows } from '../broadcast-time.js';
import { wallSeconds } from '../wall-time.js';
import { DAY_MS, type ZoneDay } from '../zone.js';
import { intersect, type Interval } from './intervals.js';
import { parsedPeriod } from './quotas.js';
import type { Rotation } from './rotation.js';
import {
  UNPLANNED_REASONS,
  type ScheduleEntry,
  type ScheduleItem,
  type SchedulePlaylist,
  type ScheduleScreen,
  type UnplannedItem,
  type UnplannedReason,
} from './types.js';

/** When items with schedules of their own may start on a day (docs/scheduling.md, A file's own schedule). */
export type ItemWindows = Map<ScheduleItem, Interval[]>;

export interface Candidate {
  playlist: SchedulePlaylist;
  /** Active time on the day. */
  time: Interval[];
  rotation: Rotation;
  /** Its items' own windows on the day (items without a schedule are not in it). */
  windows: ItemWindows;
  cap: number;
  played: number;
  seed: number;
}

const REASON_INDEX = new Map(UNPLANNED_REASONS.map((r, i) => [r, i]));

export class Unplanned {
  /** By playlist and reason, then by file (numeric keys: this runs once per lost show). */
  private readonly groups = new Map<number, Map<number, UnplannedItem>>();
  private readonly counts: UnplannedItem[] = [];
  add(playlistId: number, fileId: number | null, reason: UnplannedReason, shows: number): void {
    const key = playlistId * 32 + REASON_INDEX.get(reason)!;
    let group = this.groups.get(key);
    if (!group) this.groups.set(key, (group = new Map()));
    const found = group.get(fileId ?? -1);
    if (found) found.shows += shows;
    else {
      const item = { playlistId, fileId, reason, shows };
      group.set(fileId ?? -1, item);
      this.counts.push(item);
    }
  }
  mentions(playlistId: number): boolean {
    for (const u of this.counts) if (u.playlistId === playlistId) return true;
    return false;
  }
  list(): UnplannedItem[] {
    return [...this.counts].sort(
      (a, b) =>
        a.playlistId - b.playlistId || (a.fileId ?? 0) - (b.fileId ?? 0) || a.reason.localeCompare(b.reason),
    );
  }
}

/** Window spans in seconds of the day, parsed once per playlist (or screen) object. */
const parsedSpans = new WeakMap<object, [number, number][]>();
export function spansOf(day: ZoneDay, windows: TimeWindows, owner: object = windows): Interval[] {
  let spans = parsedSpans.get(owner);
  if (!spans) {
    spans = daySpans(windows);
    parsedSpans.set(owner, spans);
  }
  return spans.map(([a, b]) => [day.at(a), day.at(b)] as Interval);
}

export function workingTime(screen: ScheduleScreen, day: ZoneDay): Interval[] {
  if (screen.workFrom === null || screen.workTo === null) return [[day.start, day.end]];
  return spansOf(
    day,
    { fromTime: screen.workFrom, toTime: screen.workTo, fromTime2: null, toTime2: null },
    screen,
  );
}

/** Wall seconds [from, to] (both included to the second; NaN: open) as instants of the day, or null. */
export function wallRangeOn(from: number, to: number, day: ZoneDay): Interval | null {
  const dayWall = day.wall;
  const a = Number.isFinite(from) ? Math.max(from * 1000, dayWall) : dayWall;
  const b = Number.isFinite(to) ? Math.min((to + 1) * 1000, dayWall + DAY_MS) : dayWall + DAY_MS;
  if (a >= b) return null;
  return [day.at((a - dayWall) / 1000), day.at((b - dayWall) / 1000)];
}

/** The playlist's period as instants: both ends included to the second. */
export function periodOf(p: SchedulePlaylist, day: ZoneDay): Interval | null {
  const { from, to } = parsedPeriod(p);
  if (!Number.isFinite(from) || !Number.isFinite(to) || to < from) return null;
  // Only this day matters: clamp the walls to it before asking the zone.
  return wallRangeOn(from, to, day);
}

/**
 * When each item with a schedule of its own may start on the day (items without one are not in the map:
 * always). An item whose schedule leaves it no time on the day maps to an empty list.
 */
export function itemWindows(items: readonly ScheduleItem[], day: ZoneDay): ItemWindows {
  const out: ItemWindows = new Map();
  for (const item of items) {
    const when = item.when;
    if (!when) continue;
    const from = when.fromDate === null ? NaN : wallSeconds(when.fromDate);
    const to = when.toDate === null ? NaN : wallSeconds(when.toDate);
    const range = when.weekDays.includes(day.weekday) ? wallRangeOn(from, to, day) : null;
    if (!range) {
      out.set(item, []);
      continue;
    }
    const daily =
      when.fromTime === null && when.toTime === null
        ? [[day.start, day.end] as Interval]
        : spansOf(
            day,
            {
              fromTime: when.fromTime ?? '00:00:00',
              toTime: when.toTime ?? '23:59:59',
              fromTime2: null,
              toTime2: null,
            },
            when,
          );
    out.set(item, intersect(daily, [range]));
  }
  return out;
}

/** A rotation's availability test over item windows; undefined when every item may always start. */
export function availability(
  windows: ReadonlyMap<ScheduleItem, Interval[]>,
): ((item: ScheduleItem, at: number) => boolean) | undefined {
  if (windows.size === 0) return undefined;
  return (item, at) => {
    const list = windows.get(item);
    return !list || list.some(([a, b]) => a <= at && at < b);
  };
}

/**
 * The busy time of entries sorted by start, as sorted, disjoint spans: entries that touch or overlap make
 * one span (shows placed back to back are most of a busy day, and every later step walks these spans).
 */
export function spansOfEntries(entries: readonly ScheduleEntry[]): Interval[] {
  const out: Interval[] = [];
  let last: Interval | undefined;
  for (const e of entries) {
    if (last && e.start <= last[1]) last[1] = Math.max(last[1], e.end);
    else out.push((last = [e.start, e.end]));
  }
  return out;
}

/**
 * The files of timeline entries (sorted by start and disjoint, so sorted by end too) by where they end and
 * where they start: a show must not sit next to its own file. Looked up by binary search rather than kept in
 * maps, which cost more to build for a day's thousands of entries than the lookups they serve.
 */
export class FilesAround {
  /** Where the last lookup of each kind ended: the placer asks about times that mostly grow. */
  private readonly hint = { start: 0, end: 0 };

  constructor(private readonly entries: readonly ScheduleEntry[]) {}

  /** The first entry whose `key` (start or end) is at or after `at`. */
  private firstFrom(at: number, key: 'start' | 'end'): ScheduleEntry | undefined {
    const list = this.entries;
    let lo = 0;
    let hi = list.length;
    const from = this.hint[key];
    // A few steps on from the last answer; a binary search when that does not reach.
    if (from <= hi && (from === 0 || list[from - 1]![key] < at)) {
      lo = from;
      for (let steps = 0; steps < 4 && lo < hi && list[lo]![key] < at; steps++) lo++;
      if (lo < hi && list[lo]![key] < at) lo++;
      else hi = lo;
    }
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]![key] < at) lo = mid + 1;
      else hi = mid;
    }
    this.hint[key] = lo;
    return list[lo];
  }

  /** The file of the entry that ends at `at`, or -1. */
  endingAt(at: number): number {
    const e = this.firstFrom(at, 'end');
    return e && e.end === at ? e.fileId : -1;
  }

  /** The file of the entry that starts at `at`, or -1. */
  startingAt(at: number): number {
    const e = this.firstFrom(at, 'start');
    return e && e.start === at ? e.fileId : -1;
  }
}

/** Merges lists each sorted by start (linear for two; the rest pairwise). */
export function mergeEntries(...lists: ScheduleEntry[][]): ScheduleEntry[] {
  const nonEmpty = lists.filter((l) => l.length > 0);
  if (nonEmpty.length === 0) return [];
  return nonEmpty.reduce((a, b) => {
    const out = new Array<ScheduleEntry>(a.length + b.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < a.length && j < b.length) out[k++] = a[i]!.start <= b[j]!.start ? a[i++]! : b[j++]!;
    while (i < a.length) out[k++] = a[i++]!;
    while (j < b.length) out[k++] = b[j++]!;
    return out;
  });
}
