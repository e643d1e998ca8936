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
