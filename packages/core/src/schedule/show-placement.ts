/**
 * Periodic shows placed in due order after one another, skipping what is busy (docs/scheduling.md,
 * Periodic advertising). The playlists' show streams (shows.ts) are merged through a small heap, so the
 * work grows with the shows placed and the playlists, not with every show asked for: a show whose time is
 * already taken is counted, not searched.
 */
import type { FilesAround, Unplanned } from './common.js';
import { before, DueHeap } from './due-heap.js';
import { LostShows } from './lost-shows.js';
import type { Interval } from './intervals.js';
import { ms } from './rotation.js';
import type { ShowStream } from './shows.js';
import type { ScheduleEntry, ScheduleItem, UnplannedReason } from './types.js';

/** The earliest start from `from` where `length` fits between busy spans (sorted, disjoint). */
function fit(spans: readonly Interval[], from: number, length: number): number {
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
}

const mayGoFirst = (o: ShowStream, start: number, previous: number): boolean =>
  !o.done &&
  o.due <= start &&
  o.candidate.played < o.candidate.cap &&
  o.candidate.rotation.peek().fileId !== previous;

/**
 * Another due show that plays another file, looked for without walking every stream each time: for one
 * start and file before it, `unsure` holds the streams not yet known unfit. A stream's own state (due,
 * played, next file) changes only in its own turn, when it becomes unsure again; so when one file crowds
 * hundreds of shows due at once, each is checked about once, not once for every other.
 */
class FirstDue {
  private at = Number.NaN;
  private after = -1;
  /**
   * The unsure streams, the first `count` of the array (shortening an array is a call into the runtime); a
   * stream is among them when its `listed` is this round (a Set cost a hash a turn).
   */
  private readonly unsure: ShowStream[] = [];
  private count = 0;
  private round = 0;

  private list(s: ShowStream): void {
    if (s.listed === this.round) return;
    s.listed = this.round;
    this.unsure[this.count++] = s;
  }

  /** A stream takes its turn: its state may change, so it is unsure again. */
  turn(s: ShowStream): void {
    this.list(s);
  }

  /** The first in due order of the other streams due by `start` whose next file is not `previous`. */
  find(heap: DueHeap<ShowStream>, s: ShowStream, start: number, previous: number): ShowStream | null {
    let other: ShowStream | null = null;
    const unsure = this.unsure;
    if (start === this.at && previous === this.after) {
      let kept = 0;
      for (let i = 0; i < this.count; i++) {
        const o = unsure[i]!;
        if (o !== s && !mayGoFirst(o, start, previous)) {
          o.listed = -1;
          continue;
        }
        unsure[kept++] = o;
        if (o !== s && (!other || before(o, other))) other = o;
      }
      this.count = kept;
      return other;
    }
    this.at = start;
    this.after = previous;
    this.round++;
    this.count = 0;
    this.list(s);
    for (const o of heap.items) {
      if (o === s || !mayGoFirst(o, start, previous)) continue;
      this.list(o);
      if (!other || before(o, other)) other = o;
    }
    return other;
  }
}

/** One run of planShows: the heap of streams, the placed shows' end and file, and the tally. */
class ShowPlacer {
  private readonly heap: DueHeap<ShowStream>;
  private readonly lost: LostShows;
  private cursor = Number.NEGATIVE_INFINITY;
  private lastEnd = Number.NEGATIVE_INFINITY;
  private lastFile = -1;
  private forced: ShowStream | null = null;
  private readonly firstDue = new FirstDue();

  constructor(
    streams: ShowStream[],
    private readonly spans: readonly Interval[],
    private readonly files: FilesAround,
    private readonly out: ScheduleEntry[],
    unplanned: Unplanned,
  ) {
    this.heap = new DueHeap(streams);
    const ids: number[] = [];
    for (const s of streams) ids[s.rank] = s.id;
    this.lost = new LostShows(ids, unplanned);
  }

  run(): void {
    while (this.heap.size > 0) {
      const s: ShowStream = this.forced ?? this.heap.top!;
      this.forced = null;
      this.firstDue.turn(s);
      if (this.dropped(s)) continue;
      const start = this.startOf(s);
      if (start !== null) this.place(s, start);
    }
    this.lost.flush();
  }

  private fileBefore(start: number): number {
    return start === this.lastEnd ? this.lastFile : this.files.endingAt(start);
  }

  private clash(start: number, item: ScheduleItem): boolean {
    return (
      item.fileId === this.fileBefore(start) ||
      item.fileId === this.files.startingAt(start + ms(item.seconds))
    );
  }

  /** A stream moved on: back into the heap order (or out of it when done). */
  private settle(s: ShowStream): void {
    this.heap.update(s);
  }

  /** The stream's next show is not planned: counted, and the stream moves on. */
  private skip(s: ShowStream, fileId: number | null, reason: UnplannedReason): void {
    this.lost.add(s.rank, fileId, reason, 1);
    s.advance();
    this.settle(s);
  }

  /** Shows that cannot play whatever the start: the quota met, no time left, no file allowed then. */
  private dropped(s: ShowStream): boolean {
    const c = s.candidate;
    if (c.played >= c.cap) {
      this.lost.add(s.rank, null, 'QUOTA', s.count - s.k);
      s.k = s.count;
      this.settle(s);
      return true;
    }
    if (Math.max(s.due, this.cursor) >= s.next) {
      // Hopeless already (the shows before took its time): counted, with every following one like it.
      this.lost.add(s.rank, null, 'NO_ROOM', s.passUntil(this.cursor));
      this.settle(s);
      return true;
    }
    if (!c.rotation.peekAt(Math.max(s.due, this.cursor))) {
      // No file of its own may start then (their schedules).
      this.skip(s, null, 'FILE_SCHEDULE');
      return true;
    }
    return false;
  }

  /** Where the stream's show starts, clear of its own file on either side; null when it does not play now. */
  private startOf(s: ShowStream): number | null {
    const rotation = s.candidate.rotation;
    const start = fit(this.spans, Math.max(s.due, this.cursor), ms(rotation.peek().seconds));
    if (!this.clash(start, rotation.peek())) return start;
    // Another show already due goes first, if one plays another file.
    const other = s.deferred ? null : this.firstDue.find(this.heap, s, start, this.fileBefore(start));
    if (other) {
      s.deferred = true;
      this.forced = other;
      return null;
    }
    if (rotation.distinctFiles < 2) {
      this.skip(s, rotation.peek().fileId, 'REPEAT');
      return null;
    }
    return this.withAnotherFile(s, start);
  }

  /** The playlist's next file instead (the new length may move the show past another file). */
  private withAnotherFile(s: ShowStream, from: number): number | null {
    const rotation = s.candidate.rotation;
    const first = rotation.peek().fileId;
    let start = from;
    for (let tries = 0; this.clash(start, rotation.peek()) && tries < 2 * rotation.distinctFiles; tries++) {
      const avoid = rotation.peek().fileId;
      let guard = 0;
      do rotation.next();
      while ((rotation.peekAt(start)?.fileId ?? avoid) === avoid && ++guard < 4 * rotation.size);
      start = fit(this.spans, start, ms(rotation.peek().seconds));
    }
    if (!this.clash(start, rotation.peek())) return start;
    this.skip(s, first, 'REPEAT');
    return null;
  }

  /** The show at `start`, when its file may start then and it fits before the next show and its stretch. */
  private place(s: ShowStream, start: number): void {
    const c = s.candidate;
    const length = ms(c.rotation.peek().seconds);
    if (!c.rotation.mayStart(c.rotation.peek(), start)) return this.skip(s, null, 'FILE_SCHEDULE');
    if (start >= s.next || start + length > s.stretchEnd) return this.skip(s, null, 'NO_ROOM');
    const item = c.rotation.next();
    const p = c.playlist;
    this.out.push({
      start,
      end: start + length,
      fileId: item.fileId,
      playlistId: p.id,
      type: p.type,
      cut: false,
    });
    c.played++;
    this.cursor = start + length;
    this.lastEnd = this.cursor;
    this.lastFile = item.fileId;
    s.advance();
    this.settle(s);
  }
}

/** Periodic shows placed in due order after one another, skipping what is busy (sorted, disjoint). */
export function planShows(
  streams: ShowStream[],
  spans: readonly Interval[],
  files: FilesAround,
  out: ScheduleEntry[],
  unplanned: Unplanned,
): void {
  new ShowPlacer(streams, spans, files, out, unplanned).run();
}
