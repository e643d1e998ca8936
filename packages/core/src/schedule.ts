/**
 * The schedule engine: what one screen plays on one day. Pure and deterministic; the rules are written out
 * in docs/scheduling.md and this file follows them section by section.
 */
import {
  daySpans,
  wallSeconds,
  type FilesOrder,
  type PlaylistType,
  type QuotaKind,
  type ScheduleMode,
  type TimeWindows,
} from './playlist.js';
import { seededRandom } from './random.js';
import { DAY_MS, addDays, zoneDay, type ZoneDay } from './zone.js';

// ---- input ----

export interface ScheduleItem {
  fileId: number;
  /** Seconds to play. */
  seconds: number;
}

export interface ScheduleSection {
  duration: number;
  duplicate: boolean;
  order: number;
  repeat: number;
  items: ScheduleItem[];
}

export interface SchedulePlaylist {
  id: number;
  type: PlaylistType;
  active: boolean;
  approved: boolean;
  override: boolean;
  inLeftoversOnly: boolean;
  fromDate: string;
  toDate: string;
  weekDays: readonly number[];
  fromTime: string | null;
  toTime: string | null;
  fromTime2: string | null;
  toTime2: string | null;
  filesOrder: FilesOrder;
  scheduleMode: ScheduleMode | null;
  periodicity: number;
  limitationType: QuotaKind;
  quotas: readonly { kind: QuotaKind; quantity: number }[];
  blockDuration: number;
  sections: readonly ScheduleSection[];
  items: readonly ScheduleItem[];
  /** Screens the playlist reaches and this screen's place among them (by id, from 0): network quotas. */
  share: { screens: number; index: number };
  /** Plays without proof of play (the playlist's no-stats option); the plan is the same. */
  noStats?: boolean;
}

export interface ScheduleScreen {
  id: number;
  timezone: string;
  workFrom: string | null;
  workTo: string | null;
  /** Seconds; ad shows due within one cycle play together at its start. */
  commercialCycle: number | null;
  stopped: boolean;
}

export interface ScheduleInput {
  screen: ScheduleScreen;
  playlists: readonly SchedulePlaylist[];
}

// ---- output ----

export const UNPLANNED_REASONS = [
  'BROADCAST_STOPPED',
  'INACTIVE',
  'NOT_APPROVED',
  'EMPTY',
  'NOT_IN_PERIOD',
  'NOT_ON_WEEKDAY',
  'OUTSIDE_HOURS',
  'OVERRIDDEN',
  'BLOCK_CONFLICT',
  'QUOTA',
  'NO_ROOM',
  'REPEAT',
  'NONE_DUE',
  'NO_LEFTOVERS',
] as const;
export type UnplannedReason = (typeof UNPLANNED_REASONS)[number];

export interface ScheduleEntry {
  start: number;
  end: number;
  fileId: number;
  playlistId: number;
  type: PlaylistType;
  /** Cut before the file's end. */
  cut: boolean;
}

export interface UnplannedItem {
  playlistId: number;
  fileId: number | null;
  reason: UnplannedReason;
  /** Shows lost; 0 where the reason concerns the whole playlist for the day. */
  shows: number;
}

export interface DayPlan {
  date: string;
  start: number;
  end: number;
  /** Milliseconds of working time. */
  capacity: number;
  /** Milliseconds planned for advertising and block content. */
  advertising: number;
  entries: ScheduleEntry[];
  unplanned: UnplannedItem[];
}

export interface PlanOptions {
  /** false: skip the background fill (fullness needs only advertising and blocks). Default true. */
  timeline?: boolean;
}

/** Below one second a gap is left empty rather than filled with a sliver of a file. */
export const MIN_FILL_MS = 1000;

// ---- intervals ----

type Interval = [number, number];

function intersect(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const s = Math.max(a[i]![0], b[j]![0]);
    const e = Math.min(a[i]![1], b[j]![1]);
    if (s < e) out.push([s, e]);
    if (a[i]![1] < b[j]![1]) i++;
    else j++;
  }
  return out;
}

/** Sorted, disjoint union of any intervals. */
function union(list: readonly Interval[]): Interval[] {
  const sorted = list.filter(([s, e]) => s < e).sort((x, y) => x[0] - y[0]);
  const out: Interval[] = [];
  for (const [s, e] of sorted) {
    const last = out.at(-1);
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

function subtract(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  let j = 0;
  for (const [s0, e] of a) {
    let s = s0;
    while (j < b.length && b[j]![1] <= s) j++;
    let k = j;
    while (k < b.length && b[k]![0] < e) {
      if (b[k]![0] > s) out.push([s, b[k]![0]]);
      s = Math.max(s, b[k]![1]);
      k++;
    }
    if (s < e) out.push([s, e]);
  }
  return out;
}

const total = (list: readonly Interval[]): number => list.reduce((sum, [s, e]) => sum + e - s, 0);

// ---- seeded randomness ----

function hash(...values: number[]): number {
  let h = 2166136261;
  for (const v of values) {
    h ^= v | 0;
    h = Math.imul(h, 16777619);
    h ^= Math.floor(v / 4294967296);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** A playlist's files in its order, one at a time, for as long as asked. */
class Rotation {
  private queue: ScheduleItem[] = [];
  private last: ScheduleItem | null = null;
  private index = 0;
  readonly distinctFiles: number;

  constructor(
    private readonly items: readonly ScheduleItem[],
    private readonly order: FilesOrder,
    private readonly rng: () => number,
  ) {
    this.distinctFiles = new Set(items.map((i) => i.fileId)).size;
  }

  private pending: ScheduleItem | null = null;

  /** The file the next turn plays, without taking it. */
  peek(): ScheduleItem {
    this.pending ??= this.draw();
    return this.pending;
  }

  next(): ScheduleItem {
    const item = this.peek();
    this.pending = null;
    return item;
  }

  private draw(): ScheduleItem {
    const n = this.items.length;
    let item: ScheduleItem;
    if (this.order === 'ONEOF') {
      let k = Math.floor(this.rng() * n);
      if (n > 1 && this.last && this.items[k]!.fileId === this.last.fileId) {
        k = (k + 1 + Math.floor(this.rng() * (n - 1))) % n;
      }
      item = this.items[k]!;
    } else if (this.order === 'RANDOM') {
      if (this.queue.length === 0) this.queue = this.shuffle();
      item = this.queue.shift()!;
    } else {
      const k = this.index++ % n;
      item = this.items[this.order === 'DESC' ? n - 1 - k : k]!;
    }
    this.last = item;
    return item;
  }

  private shuffle(): ScheduleItem[] {
    const list = [...this.items];
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(this.rng() * (i + 1));
      [list[i], list[j]] = [list[j]!, list[i]!];
    }
    // A new pass does not start with the file the previous one ended on.
    if (list.length > 1 && this.last && list[0]!.fileId === this.last.fileId) {
      [list[0], list[1]] = [list[1]!, list[0]!];
    }
    return list;
  }
}

const ms = (seconds: number): number => Math.max(1, Math.round(seconds * 1000));

// ---- quotas ----

/** Part `index` of `count` equal parts of `quantity`; the remainder goes to the first parts. */
export function shareOf(quantity: number, count: number, index: number): number {
  if (count <= 0) return 0;
  return Math.floor((quantity * (index + 1)) / count) - Math.floor((quantity * index) / count);
}

/** Chosen weekdays among the days [first, last), counted without walking every day. */
function chosenDays(first: number, last: number, weekDays: ReadonlySet<number>): number {
  if (last <= first) return 0;
  const span = last - first;
  let count = Math.floor(span / 7) * weekDays.size;
  for (let d = first + Math.floor(span / 7) * 7; d < last; d++) {
    if (weekDays.has((((d + 4) % 7) + 7) % 7)) count++;
  }
  return count;
}

interface PeriodDays {
  /** Active days of the period before this day. */
  index: number;
  /** Active days of the whole period. */
  count: number;
}

interface ParsedPeriod {
  /** Wall seconds of the period's ends (NaN when malformed). */
  from: number;
  to: number;
  weekDays: ReadonlySet<number>;
}

/** A playlist's period and weekdays, parsed once per playlist object (a plan reads them for every day). */
const parsedPeriods = new WeakMap<SchedulePlaylist, ParsedPeriod>();
function parsedPeriod(p: SchedulePlaylist): ParsedPeriod {
  let parsed = parsedPeriods.get(p);
  if (!parsed) {
    parsed = { from: wallSeconds(p.fromDate), to: wallSeconds(p.toDate), weekDays: new Set(p.weekDays) };
    parsedPeriods.set(p, parsed);
  }
  return parsed;
}

function periodDays(p: SchedulePlaylist, day: ZoneDay): PeriodDays {
  const { from, to, weekDays } = parsedPeriod(p);
  const first = Math.floor(from / 86400);
  const last = Math.floor(to / 86400);
  return { index: chosenDays(first, day.dayNumber, weekDays), count: chosenDays(first, last + 1, weekDays) };
}

/** This screen's share of a quantity counted per day, per period or per network, for this day. */
function dayShare(quantity: number, kind: QuotaKind, p: SchedulePlaylist, period: PeriodDays): number {
  if (kind === 'QUANTUTY_PER_DAY') return quantity;
  const screen =
    kind === 'QUANTUTY_PER_NETWORK'
      ? shareOf(quantity, Math.max(1, p.share.screens), Math.min(p.share.index, p.share.screens - 1))
      : quantity;
  return shareOf(screen, Math.max(1, period.count), period.index);
}

// ---- the plan of a day ----

interface Candidate {
  playlist: SchedulePlaylist;
  /** Active time on the day. */
  time: Interval[];
  rotation: Rotation;
  cap: number;
  played: number;
  seed: number;
}

const REASON_INDEX = new Map(UNPLANNED_REASONS.map((r, i) => [r, i]));

class Unplanned {
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
function spansOf(day: ZoneDay, windows: TimeWindows, owner: object = windows): Interval[] {
  let spans = parsedSpans.get(owner);
  if (!spans) {
    spans = daySpans(windows);
    parsedSpans.set(owner, spans);
  }
  return spans.map(([a, b]) => [day.at(a), day.at(b)] as Interval);
}

function workingTime(screen: ScheduleScreen, day: ZoneDay): Interval[] {
  if (screen.workFrom === null || screen.workTo === null) return [[day.start, day.end]];
  return spansOf(
    day,
    { fromTime: screen.workFrom, toTime: screen.workTo, fromTime2: null, toTime2: null },
    screen,
  );
}

/** The playlist's period as instants: both ends included to the second. */
function periodOf(p: SchedulePlaylist, day: ZoneDay): Interval | null {
  const { from, to } = parsedPeriod(p);
  if (!Number.isFinite(from) || !Number.isFinite(to) || to < from) return null;
  // Only this day matters: clamp the walls to it before asking the zone.
  const dayWall = day.wall;
  const a = Math.max(from * 1000, dayWall);
  const b = Math.min((to + 1) * 1000, dayWall + DAY_MS);
  if (a >= b) return null;
  return [day.at((a - dayWall) / 1000), day.at((b - dayWall) / 1000)];
}

/** Block content: sections pinned in time, older playlists first. */
function planBlocks(blocks: Candidate[], out: ScheduleEntry[], unplanned: Unplanned): void {
  const taken: Interval[] = [];
  const overlaps = (s: number, e: number): boolean => taken.some(([a, b]) => a < e && s < b);
  for (const c of blocks) {
    const p = c.playlist;
    const sections = [...p.sections].sort((a, b) => a.order - b.order);
    const resolved: ScheduleItem[][] = [];
    for (const [i, s] of sections.entries()) resolved.push(s.duplicate && i > 0 ? resolved[i - 1]! : s.items);
    const mine: Interval[] = [];
    let blockNo = 0;
    for (const [a, b] of c.time) {
      for (let blockStart = a; blockStart < b; blockStart += ms(p.blockDuration)) {
        let offset = blockStart;
        // Sections past the block's length (the editor refuses them) are not played.
        const blockEnd = Math.min(blockStart + ms(p.blockDuration), b);
        for (const [i, section] of sections.entries()) {
          const start = offset;
          const end = Math.min(offset + ms(section.duration), blockEnd);
          offset += ms(section.duration);
          if (start >= blockEnd) break;
          const items = resolved[i]!;
          if (items.length === 0) continue;
          const plays = section.repeat * (p.filesOrder === 'ONEOF' ? 1 : items.length);
          if (overlaps(start, end)) {
            unplanned.add(p.id, null, 'BLOCK_CONFLICT', plays);
            continue;
          }
          const rotation = new Rotation(items, p.filesOrder, seededRandom(hash(c.seed, blockNo, i)));
          let t = start;
          let n = 0;
          for (; n < plays && end - t >= MIN_FILL_MS; n++) {
            if (c.played >= c.cap) {
              unplanned.add(p.id, null, 'QUOTA', plays - n);
              break;
            }
            const item = rotation.next();
            const stop = Math.min(t + ms(item.seconds), end);
            out.push({
              start: t,
              end: stop,
              fileId: item.fileId,
              playlistId: p.id,
              type: 'BLOCK',
              cut: stop < t + ms(item.seconds),
            });
            c.played++;
            t = stop;
          }
          mine.push([start, end]);
        }
        blockNo++;
      }
    }
    taken.push(...mine);
  }
}

/**
 * The due shows of one periodic playlist, produced one at a time (docs/scheduling.md, Periodic
 * advertising): positions k * interval on the playlist's active clock, each with its due time (moved to its
 * commercial cycle's start), the next show's due time (the latest start) and the end of its stretch.
 */
class ShowStream {
  k = 0;
  due = 0;
  next = 0;
  stretchEnd = 0;
  /** Let another show go first once already. */
  deferred = false;
  private stretch = 0;
  private passed = 0;
  private at = 0;
  private atStart = 0;
  private atEnd = 0;

  constructor(
    readonly candidate: Candidate,
    private readonly interval: number,
    readonly count: number,
    private readonly dayStart: number,
    private readonly cycle: number | null,
  ) {
    if (count > 0) this.load();
  }

  get done(): boolean {
    return this.k >= this.count;
  }

  get id(): number {
    return this.candidate.playlist.id;
  }

  advance(): void {
    this.k++;
    this.deferred = false;
    if (!this.done) this.load();
  }

  /** Walks the stretches to an offset of the active clock (offsets only grow). */
  private position(offset: number): boolean {
    const time = this.candidate.time;
    while (
      this.stretch < time.length &&
      offset >= this.passed + time[this.stretch]![1] - time[this.stretch]![0]
    ) {
      this.passed += time[this.stretch]![1] - time[this.stretch]![0];
      this.stretch++;
    }
    const s = time[this.stretch];
    if (!s) return false;
    this.at = s[0] + offset - this.passed;
    this.atStart = s[0];
    this.atEnd = s[1];
    return true;
  }

  private load(): void {
    this.position(this.k * this.interval);
    let due = this.at;
    // A commercial cycle gathers the shows due in it at its start, never before the stretch starts.
    if (this.cycle) {
      due = Math.max(
        this.atStart,
        this.dayStart + Math.floor((due - this.dayStart) / this.cycle) * this.cycle,
      );
    }
    this.due = due;
    this.stretchEnd = this.atEnd;
    // The last show may start until its stretch ends (it must also end there).
    this.next =
      this.k + 1 < this.count && this.position((this.k + 1) * this.interval)
        ? this.at
        : Number.POSITIVE_INFINITY;
  }
}

/** The show stream of a periodic playlist for the day. */
function showsOf(c: Candidate, period: PeriodDays, day: ZoneDay, cycle: number | null): ShowStream {
  const p = c.playlist;
  const active = total(c.time);
  let interval: number;
  let count: number;
  if (p.scheduleMode === 'SHOWS') {
    const q = dayShare(p.periodicity, p.limitationType, p, period);
    interval = q > 0 ? Math.max(ms(1), Math.floor(active / 1000 / q) * 1000) : ms(1);
    count = q > 0 ? Math.min(q, Math.floor(active / interval)) : 0;
  } else {
    interval = ms(p.periodicity);
    count = Math.floor(active / interval);
  }
  return new ShowStream(c, interval, count, day.start, cycle);
}

/** Due order: earlier first, then the older playlist. */
const before = (a: ShowStream, b: ShowStream): boolean => a.due < b.due || (a.due === b.due && a.id < b.id);

function siftDown(heap: ShowStream[], from: number): void {
  const n = heap.length;
  let i = from;
  for (;;) {
    const l = 2 * i + 1;
    const r = l + 1;
    let m = i;
    if (l < n && before(heap[l]!, heap[m]!)) m = l;
    if (r < n && before(heap[r]!, heap[m]!)) m = r;
    if (m === i) return;
    [heap[i], heap[m]] = [heap[m]!, heap[i]!];
    i = m;
  }
}

function heapify(heap: ShowStream[]): void {
  for (let i = (heap.length >> 1) - 1; i >= 0; i--) siftDown(heap, i);
}

/**
 * Periodic shows placed in due order after one another, skipping what is busy (sorted, disjoint). The
 * playlists' show streams are merged through a small heap, so the work grows with the shows placed and the
 * playlists, not with every show asked for: a show whose time is already taken is counted, not searched.
 */
function planShows(
  streams: ShowStream[],
  spans: readonly Interval[],
  /** The files of busy entries by where they end and where they start: a show must not sit next to its own file. */
  files: { ending: ReadonlyMap<number, number>; starting: ReadonlyMap<number, number> },
  out: ScheduleEntry[],
  unplanned: Unplanned,
): void {
  const heap = streams.filter((s) => !s.done);
  heapify(heap);
  let cursor = Number.NEGATIVE_INFINITY;
  let lastEnd = Number.NEGATIVE_INFINITY;
  let lastFile = -1;
  /** The earliest start from `from` where `length` fits between busy spans. */
  const fit = (from: number, length: number): number => {
    // Binary search: the first span ending after `from` (a show let ahead of another makes `from` jump back).
    let lo = 0;
    let hi = spans.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (spans[mid]![1] <= from) lo = mid + 1;
      else hi = mid;
    }
    let start = from;
    for (let k = lo; k < spans.length && spans[k]![0] < start + length; k++)
      start = Math.max(start, spans[k]![1]);
    return start;
  };
  const fileBefore = (start: number): number =>
    start === lastEnd ? lastFile : (files.ending.get(start) ?? -1);
  const clash = (start: number, item: ScheduleItem): boolean =>
    item.fileId === fileBefore(start) || item.fileId === files.starting.get(start + ms(item.seconds));
  /** A stream moved on: back into the heap order (or out of it when done). */
  const settle = (s: ShowStream): void => {
    const i = heap.indexOf(s);
    if (s.done) {
      heap[i] = heap[heap.length - 1]!;
      heap.pop();
      heapify(heap);
    } else if (i === 0) siftDown(heap, 0);
    else heapify(heap);
  };
  let forced: ShowStream | null = null;
  while (heap.length > 0) {
    const s: ShowStream = forced ?? heap[0]!;
    forced = null;
    const c = s.candidate;
    const p = c.playlist;
    if (c.played >= c.cap) {
      unplanned.add(p.id, null, 'QUOTA', s.count - s.k);
      s.k = s.count;
      settle(s);
      continue;
    }
    if (Math.max(s.due, cursor) >= s.next) {
      // Hopeless already (the shows before took its time): counted, with every following one like it.
      let lost = 0;
      while (!s.done && Math.max(s.due, cursor) >= s.next) {
        lost++;
        s.advance();
      }
      unplanned.add(p.id, null, 'NO_ROOM', lost);
      settle(s);
      continue;
    }
    let start = fit(Math.max(s.due, cursor), ms(c.rotation.peek().seconds));
    const previous = fileBefore(start);
    if (clash(start, c.rotation.peek())) {
      // Another show already due goes first, if one plays another file.
      let other: ShowStream | null = null;
      if (!s.deferred) {
        for (const o of heap) {
          if (o === s || o.due > start || o.candidate.played >= o.candidate.cap) continue;
          if (o.candidate.rotation.peek().fileId === previous) continue;
          if (!other || before(o, other)) other = o;
        }
      }
      if (other) {
        s.deferred = true;
        forced = other;
        continue;
      }
      if (c.rotation.distinctFiles < 2) {
        unplanned.add(p.id, c.rotation.peek().fileId, 'REPEAT', 1);
        s.advance();
        settle(s);
        continue;
      }
      // Else the playlist's next file instead (the new length may move the show past another file).
      const first = c.rotation.peek().fileId;
      for (let tries = 0; clash(start, c.rotation.peek()) && tries < 2 * c.rotation.distinctFiles; tries++) {
        const avoid = c.rotation.peek().fileId;
        while (c.rotation.peek().fileId === avoid) c.rotation.next();
        start = fit(start, ms(c.rotation.peek().seconds));
      }
      if (clash(start, c.rotation.peek())) {
        unplanned.add(p.id, first, 'REPEAT', 1);
        s.advance();
        settle(s);
        continue;
      }
    }
    const length = ms(c.rotation.peek().seconds);
    if (start >= s.next || start + length > s.stretchEnd) {
      unplanned.add(p.id, null, 'NO_ROOM', 1);
      s.advance();
      settle(s);
      continue;
    }
    const item = c.rotation.next();
    out.push({ start, end: start + length, fileId: item.fileId, playlistId: p.id, type: p.type, cut: false });
    c.played++;
    cursor = start + length;
    lastEnd = cursor;
    lastFile = item.fileId;
    s.advance();
    settle(s);
  }
}

/** Background: fills the free time where it is active, taking turns, cut at gaps' and windows' ends. */
function planFill(
  fill: Candidate[],
  busy: readonly Interval[],
  out: ScheduleEntry[],
  dayStart: number,
  dayEnd: number,
): void {
  if (fill.length === 0) return;
  const reach = union(fill.flatMap((c) => c.time));
  const gaps = subtract(intersect([[dayStart, dayEnd]], reach), busy);
  const pointers = fill.map(() => 0);
  let turn = -1;
  for (const [gapStart, gapEnd] of gaps) {
    let t = gapStart;
    while (gapEnd - t >= MIN_FILL_MS) {
      // Who is active at t, and the next start if nobody is.
      let chosen = -1;
      let chosenEnd = 0;
      let nextStart = Number.POSITIVE_INFINITY;
      for (let step = 1; step <= fill.length; step++) {
        const i = (turn + step) % fill.length;
        const c = fill[i]!;
        if (c.played >= c.cap) continue;
        while (pointers[i]! < c.time.length && c.time[pointers[i]!]![1] <= t) pointers[i]!++;
        const s = c.time[pointers[i]!];
        if (!s) continue;
        if (s[0] <= t) {
          chosen = i;
          chosenEnd = s[1];
          break;
        }
        nextStart = Math.min(nextStart, s[0]);
      }
      if (chosen < 0) {
        if (nextStart >= gapEnd) break;
        t = nextStart;
        continue;
      }
      const c = fill[chosen]!;
      const limit = Math.min(gapEnd, chosenEnd);
      if (limit - t < MIN_FILL_MS) {
        t = limit;
        continue;
      }
      const item = c.rotation.next();
      const end = Math.min(t + ms(item.seconds), limit);
      out.push({
        start: t,
        end,
        fileId: item.fileId,
        playlistId: c.playlist.id,
        type: c.playlist.type,
        cut: end < t + ms(item.seconds),
      });
      c.played++;
      turn = chosen;
      t = end;
    }
  }
}

const spansOfEntries = (entries: readonly ScheduleEntry[]): Interval[] =>
  entries.map((e) => [e.start, e.end] as Interval);

function filesAround(entries: readonly ScheduleEntry[]): {
  ending: Map<number, number>;
  starting: Map<number, number>;
} {
  return {
    ending: new Map(entries.map((e) => [e.end, e.fileId])),
    starting: new Map(entries.map((e) => [e.start, e.fileId])),
  };
}

/** Merges lists each sorted by start (linear for two; the rest pairwise). */
function mergeEntries(...lists: ScheduleEntry[][]): ScheduleEntry[] {
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

interface Prepared {
  plan: DayPlan;
  unplanned: Unplanned;
  day: ZoneDay;
  working: Interval[];
  /** null: nothing to plan (broadcast stopped). */
  candidates: Candidate[] | null;
  cycle: number | null;
}

/** Who takes part on the day, when, and with which caps: everything before placing content. */
function prepareDay(input: ScheduleInput, date: string): Prepared {
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
    unplanned: [],
  };
  const playlists = [...input.playlists].sort((a, b) => a.id - b.id);
  const cycle = screen.commercialCycle ? ms(screen.commercialCycle) : null;
  if (screen.stopped) {
    for (const p of playlists) unplanned.add(p.id, null, 'BROADCAST_STOPPED', 0);
    return { plan, unplanned, day, working, candidates: null, cycle };
  }

  // Who takes part, and when.
  const taking: { p: SchedulePlaylist; time: Interval[] }[] = [];
  for (const p of playlists) {
    const content = p.type === 'BLOCK' ? p.sections.some((s) => s.items.length > 0) : p.items.length > 0;
    let reason: UnplannedReason | null = null;
    const period = periodOf(p, day);
    if (!p.active) reason = 'INACTIVE';
    else if (!p.approved) reason = 'NOT_APPROVED';
    else if (!content) reason = 'EMPTY';
    else if (!period) reason = 'NOT_IN_PERIOD';
    else if (!p.weekDays.includes(day.weekday)) reason = 'NOT_ON_WEEKDAY';
    let time: Interval[] = [];
    if (!reason) {
      time = intersect(intersect(spansOf(day, p), [period!]), working);
      if (total(time) < MIN_FILL_MS) reason = 'OUTSIDE_HOURS';
    }
    if (reason) unplanned.add(p.id, null, reason, 0);
    else taking.push({ p, time });
  }

  // Override.
  const mask = union(taking.filter((t) => t.p.override).flatMap((t) => t.time));
  const candidates: Candidate[] = [];
  for (const { p, time } of taking) {
    const mine = p.override ? time : subtract(time, mask);
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
    const items = p.type === 'BLOCK' ? [] : p.items;
    candidates.push({
      playlist: p,
      time: mine,
      rotation: new Rotation(items, p.filesOrder, seededRandom(seed)),
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
function signatureOf(prep: Prepared): string {
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
  }
  return parts.join('|');
}

/** Places the content of a prepared day. */
function finishDay(prep: Prepared, options: PlanOptions): DayPlan {
  const { plan, unplanned, day, cycle } = prep;
  if (!prep.candidates) {
    plan.unplanned = unplanned.list();
    return plan;
  }
  const candidates = prep.candidates;
  const regular = candidates.filter((c) => !c.playlist.inLeftoversOnly);
  const leftover = candidates.filter((c) => c.playlist.inLeftoversOnly);
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
  );
  blocks.sort((a, b) => a.start - b.start);
  // 2. Periodic advertising.
  const ads: ScheduleEntry[] = [];
  planShows(showsFor(regular), spansOfEntries(blocks), filesAround(blocks), ads, unplanned);
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
    planBlocks(leftoverBlocks, leftBlocks, unplanned);
    leftBlocks.sort((a, b) => a.start - b.start);
    const leftoverAds = leftover.filter((c) => c.playlist.type === 'ADVERTISING');
    for (const c of leftoverAds) c.time = subtract(c.time, taken);
    const busyForLeftAds = union([...taken, ...spansOfEntries(leftBlocks)]);
    if (leftoverAds.length > 0) {
      planShows(
        showsFor(leftoverAds.filter((c) => c.time.length > 0)),
        busyForLeftAds,
        filesAround(mergeEntries(placed, leftBlocks)),
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
  // Taking part but playing nothing, with no reason yet: say why.
  for (const c of candidates) {
    if (c.played > 0 || unplanned.mentions(c.playlist.id)) continue;
    if (options.timeline === false && c.playlist.type === 'BACKGROUND') continue;
    const reason: UnplannedReason = c.playlist.inLeftoversOnly
      ? 'NO_LEFTOVERS'
      : c.playlist.type === 'ADVERTISING'
        ? 'NONE_DUE'
        : 'NO_ROOM';
    unplanned.add(c.playlist.id, null, reason, 0);
  }
  for (const e of plan.entries) if (e.type !== 'BACKGROUND') plan.advertising += e.end - e.start;
  plan.unplanned = unplanned.list();
  return plan;
}

/** What the screen plays on a local date, and what could not be planned. */
export function planDay(input: ScheduleInput, date: string, options: PlanOptions = {}): DayPlan {
  return finishDay(prepareDay(input, date), options);
}

/**
 * Broadcast fullness of consecutive local dates: the sums of working time and of advertising (ms). A day
 * whose signature matches an earlier day's (the usual case: same playlists, same hours) is not planned
 * again.
 */
export function fullnessOver(
  input: ScheduleInput,
  from: string,
  days: number,
): { capacity: number; advertising: number } {
  const seen = new Map<string, number>();
  let capacity = 0;
  let advertising = 0;
  for (let i = 0; i < days; i++) {
    const prep = prepareDay(input, addDays(from, i));
    const signature = signatureOf(prep);
    let planned = seen.get(signature);
    if (planned === undefined) {
      planned = finishDay(prep, { timeline: false }).advertising;
      seen.set(signature, planned);
    }
    capacity += prep.plan.capacity;
    advertising += planned;
  }
  return { capacity, advertising };
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

export interface FileSummary {
  fileId: number;
  playlistId: number;
  type: PlaylistType;
  shows: number;
  /** Milliseconds. */
  duration: number;
  first: number;
  last: number;
}

/** The daily table by files: shows and time per file of each playlist, in order of the first show. */
export function summarizeByFile(entries: readonly ScheduleEntry[]): FileSummary[] {
  const rows = new Map<string, FileSummary>();
  for (const e of entries) {
    const key = `${e.playlistId}:${e.fileId}`;
    const row = rows.get(key);
    if (row) {
      row.shows++;
      row.duration += e.end - e.start;
      row.last = e.start;
    } else {
      rows.set(key, {
        fileId: e.fileId,
        playlistId: e.playlistId,
        type: e.type,
        shows: 1,
        duration: e.end - e.start,
        first: e.start,
        last: e.start,
      });
    }
  }
  return [...rows.values()].sort((a, b) => a.first - b.first || a.playlistId - b.playlistId);
}
