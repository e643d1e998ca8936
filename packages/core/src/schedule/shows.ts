/** Periodic advertising: shows due on the playlist's active clock, placed in due order (docs/scheduling.md). */
import type { ZoneDay } from '../zone.js';
import type { Candidate, Unplanned } from './common.js';
import { total, type Interval } from './intervals.js';
import { dayShare, type PeriodDays } from './quotas.js';
import { ms } from './rotation.js';
import type { ScheduleEntry, ScheduleItem } from './types.js';

/**
 * The due shows of one periodic playlist, produced one at a time (docs/scheduling.md, Periodic
 * advertising): positions k * interval on the playlist's active clock, each with its due time (moved to its
 * commercial cycle's start), the next show's due time (the latest start) and the end of its stretch.
 */
export class ShowStream {
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
export function showsOf(c: Candidate, period: PeriodDays, day: ZoneDay, cycle: number | null): ShowStream {
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
export function planShows(
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
    const i = heap[0] === s ? 0 : heap.indexOf(s);
    if (s.done) {
      heap[i] = heap[heap.length - 1]!;
      heap.pop();
      heapify(heap);
    } else if (i === 0) siftDown(heap, 0);
    else heapify(heap);
  };
  let forced: ShowStream | null = null;
  // Another due show that plays another file (see below), looked for without walking every stream each
  // time: for one start and file before it, `unsure` holds the streams not yet known unfit. A stream's own
  // state (due, played, next file) changes only in its own turn, when it becomes unsure again; so when one
  // file crowds hundreds of shows due at once, each is checked about once, not once for every other.
  let unsureAt = Number.NaN;
  let unsureAfter = -1;
  const unsure = new Set<ShowStream>();
  const mayGoFirst = (o: ShowStream, start: number, previous: number): boolean =>
    !o.done &&
    o.due <= start &&
    o.candidate.played < o.candidate.cap &&
    o.candidate.rotation.peek().fileId !== previous;
  /** The first in due order of the other streams due by `start` whose next file is not `previous`. */
  const goesFirst = (s: ShowStream, start: number, previous: number): ShowStream | null => {
    const known = start === unsureAt && previous === unsureAfter;
    if (!known) {
      unsureAt = start;
      unsureAfter = previous;
      unsure.clear();
      unsure.add(s);
    }
    let other: ShowStream | null = null;
    for (const o of known ? unsure : heap) {
      if (o === s) continue;
      if (!mayGoFirst(o, start, previous)) {
        unsure.delete(o);
        continue;
      }
      if (!known) unsure.add(o);
      if (!other || before(o, other)) other = o;
    }
    return other;
  };
  while (heap.length > 0) {
    const s: ShowStream = forced ?? heap[0]!;
    forced = null;
    unsure.add(s);
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
    if (!c.rotation.peekAt(Math.max(s.due, cursor))) {
      // No file of its own may start then (their schedules).
      unplanned.add(p.id, null, 'FILE_SCHEDULE', 1);
      s.advance();
      settle(s);
      continue;
    }
    let start = fit(Math.max(s.due, cursor), ms(c.rotation.peek().seconds));
    const previous = fileBefore(start);
    if (clash(start, c.rotation.peek())) {
      // Another show already due goes first, if one plays another file.
      const other = s.deferred ? null : goesFirst(s, start, previous);
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
        let guard = 0;
        do c.rotation.next();
        while ((c.rotation.peekAt(start)?.fileId ?? avoid) === avoid && ++guard < 4 * c.rotation.size);
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
    if (!c.rotation.mayStart(c.rotation.peek(), start)) {
      unplanned.add(p.id, null, 'FILE_SCHEDULE', 1);
      s.advance();
      settle(s);
      continue;
    }
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
