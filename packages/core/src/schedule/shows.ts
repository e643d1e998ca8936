/**
 * Periodic advertising: shows due on the playlist's active clock (docs/scheduling.md); show-placement.ts
 * places them in due order.
 */
import type { ZoneDay } from '../zone.js';
import type { Candidate } from './common.js';
import { total } from './intervals.js';
import { dayShare, type PeriodDays } from './quotas.js';
import { ms } from './rotation.js';

/**
 * The due shows of one periodic playlist, produced one at a time (docs/scheduling.md, Periodic
 * advertising): positions k * interval on the playlist's active clock, each with its due time (moved to its
 * commercial cycle's start), the next show's due time (the latest start) and the end of its stretch.
 */
export class ShowStream {
  k = 0;
  due = 0;
  /** The due time from the day's start (ms): with `rank`, the due heap's key (due-heap.ts), exact in one number. */
  dueInDay = 0;
  next = 0;
  stretchEnd = 0;
  /** Let another show go first once already. */
  deferred = false;
  /** Its rank by playlist id among the streams of its run (the due heap's tie-break, due-heap.ts). */
  rank = 0;
  /** The placer's round in which this stream was last listed as unsure (show-placement.ts, FirstDue). */
  listed = -1;
  private stretch = 0;
  private passed = 0;
  private at = 0;
  private atStart = 0;
  private atEnd = 0;
  /** The playlist's id: the due heap ranks the streams by it for ties. */
  readonly id: number;

  constructor(
    readonly candidate: Candidate,
    private readonly interval: number,
    readonly count: number,
    private readonly dayStart: number,
    private readonly cycle: number | null,
  ) {
    this.id = candidate.playlist.id;
    if (count > 0) this.load();
  }

  get done(): boolean {
    return this.k >= this.count;
  }

  advance(): void {
    this.k++;
    this.deferred = false;
    if (!this.done) this.load();
  }

  /**
   * Passes every show whose next show's latest start is at or before `cursor` (shows placed before took its
   * time); returns how many. The same as advancing one show at a time while `cursor >= next`, worked out
   * from the active clock's offset of `cursor` instead: an overbooked screen loses tens of thousands a day.
   */
  passUntil(cursor: number): number {
    if (this.done || cursor < this.next) return 0;
    // The offsets `o` whose instant is at or before `cursor`: [0, bound], or [0, bound) when `open`.
    const time = this.candidate.time;
    let passed = 0;
    let bound = 0;
    let open = true;
    for (let j = 0; j < time.length; j++) {
      const a = time[j]![0];
      const b = time[j]![1];
      if (cursor < a) break;
      if (cursor < b) {
        bound = passed + cursor - a;
        open = false;
        break;
      }
      passed += b - a;
      bound = passed;
    }
    // Show k is lost while (k + 1) * interval lies in that range, and it has a next show at all.
    const first = open ? Math.ceil(bound / this.interval) - 1 : Math.floor(bound / this.interval);
    const to = Math.min(this.count - 1, Math.max(this.k + 1, first));
    const lost = to - this.k;
    this.k = to;
    this.deferred = false;
    this.load();
    return lost;
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
    this.dueInDay = due - this.dayStart;
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
