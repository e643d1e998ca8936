/**
 * What the screen plays when: the schedule engine of @vitrine/core run on the screen itself, day by day, so
 * that it plays exactly what the cabinet's schedule tab shows, with or without the network.
 *
 * Each day's plan is kept split into lanes: the full-screen timeline and the two kinds of overlay (floating
 * windows, secondary content). The engine never overlaps entries of one lane, so within a lane ends are
 * sorted like starts and an instant is found by binary search.
 */
import {
  MIN_FILL_MS,
  addDays,
  localDate,
  planDay,
  type DayPlan,
  type ScheduleEntry,
  type ScheduleInput,
} from '@vitrine/core';

export type Lane = 'main' | 'FLOATING' | 'LOOP_ITEM';

interface Day {
  plan: DayPlan;
  lanes: Record<Lane, ScheduleEntry[]>;
}

/** What the timeline answers at an instant. */
export interface MainAt {
  /** The entry playing (null in a gap). */
  entry: ScheduleEntry | null;
  /** The next entry to start, looking two days ahead. */
  next: ScheduleEntry | null;
  /**
   * In a gap that is a playlist's pause between its items (docs/scheduling.md, Interval between items): the
   * entry before it, whose playlist's backdrop shows meanwhile.
   */
  pause: ScheduleEntry | null;
}

export interface OverlaysAt {
  floating: ScheduleEntry | null;
  loop: ScheduleEntry | null;
  /** When either lane changes next (an entry ends or starts); Infinity when nothing is coming. */
  change: number;
}

/** Identifies one entry of a timeline: the same file of the same playlist starting at the same instant. */
export const entryKey = (entry: Pick<ScheduleEntry, 'playlistId' | 'fileId' | 'start'>): string =>
  `${entry.playlistId}:${entry.fileId}:${entry.start}`;

/**
 * Whether the gap between two entries is the first one's pause. The engine leaves gaps below a second empty
 * (MIN_FILL_MS), so a pause may run on by up to that much before the next entry.
 */
export function isPause(
  previous: ScheduleEntry,
  next: ScheduleEntry | null,
  interval: number | null,
): boolean {
  if (!next || !interval || interval <= 0) return false;
  return next.start >= previous.end && next.start - previous.end <= interval * 1000 + MIN_FILL_MS;
}

export class Timeline {
  private readonly days = new Map<string, Day>();
  private readonly intervals: Map<number, number | null>;

  constructor(readonly input: ScheduleInput) {
    this.intervals = new Map(input.playlists.map((p) => [p.id, p.interval ?? null]));
  }

  /** The plan of a local date, made once. */
  plan(date: string): DayPlan {
    return this.day(date).plan;
  }

  /** The full-screen entries of a local date. */
  entries(date: string): ScheduleEntry[] {
    return this.day(date).lanes.main;
  }

  /** The entry playing at `now` (or null in a gap, and whether that gap is a pause) and the next one. */
  at(now: number): MainAt {
    const { entry, next, list, index, today } = this.find('main', now);
    if (entry) return { entry, next, pause: null };
    // Yesterday's last entry may pause across midnight.
    const previous = list[index - 1] ?? this.day(addDays(today, -1)).lanes.main.at(-1) ?? null;
    const pause =
      previous && isPause(previous, next, this.intervals.get(previous.playlistId) ?? null) ? previous : null;
    return { entry, next, pause };
  }

  /** The floating window and the secondary content on screen at `now`, and when that changes. */
  overlaysAt(now: number): OverlaysAt {
    const floating = this.find('FLOATING', now);
    const loop = this.find('LOOP_ITEM', now);
    const change = Math.min(
      ...[floating, loop].map((lane) => lane.entry?.end ?? lane.next?.start ?? Number.POSITIVE_INFINITY),
    );
    return { floating: floating.entry, loop: loop.entry, change };
  }

  private day(date: string): Day {
    let day = this.days.get(date);
    if (!day) {
      const plan = planDay(this.input, date);
      day = {
        plan,
        lanes: {
          main: plan.entries,
          FLOATING: plan.overlays.filter((e) => e.type === 'FLOATING'),
          LOOP_ITEM: plan.overlays.filter((e) => e.type === 'LOOP_ITEM'),
        },
      };
      this.days.set(date, day);
      // Yesterday, today and two days ahead are all that is asked for; one more is plenty to keep.
      if (this.days.size > 5) this.days.delete(this.days.keys().next().value!);
    }
    return day;
  }

  /** A lane's entry covering `now` and the next one to start (looking two days ahead). */
  private find(lane: Lane, now: number) {
    const today = localDate(this.input.screen.timezone, now);
    const list = this.day(today).lanes[lane];
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.end <= now) lo = mid + 1;
      else hi = mid;
    }
    const candidate = list[lo];
    const entry = candidate && candidate.start <= now ? candidate : null;
    let next: ScheduleEntry | null = entry ? (list[lo + 1] ?? null) : (candidate ?? null);
    for (let d = 1; !next && d <= 2; d++) next = this.day(addDays(today, d)).lanes[lane][0] ?? null;
    return { entry, next, list, index: lo, today };
  }
}
