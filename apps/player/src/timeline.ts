/**
 * What the screen plays when: the schedule engine of @vitrine/core run on the screen itself, day by day, so
 * that it plays exactly what the cabinet's schedule tab shows, with or without the network.
 */
import { addDays, localDate, planDay, type ScheduleEntry, type ScheduleInput } from '@vitrine/core';

export class Timeline {
  private readonly days = new Map<string, ScheduleEntry[]>();

  constructor(readonly input: ScheduleInput) {}

  /** The entries of a local date, planned once. */
  entries(date: string): ScheduleEntry[] {
    let list = this.days.get(date);
    if (!list) {
      list = planDay(this.input, date).entries;
      this.days.set(date, list);
      // Two days behind and ahead are plenty to keep.
      if (this.days.size > 5) this.days.delete(this.days.keys().next().value!);
    }
    return list;
  }

  /** The entry playing at `now` (or null in a gap) and the next one to start, looking two days ahead. */
  at(now: number): { entry: ScheduleEntry | null; next: ScheduleEntry | null } {
    const today = localDate(this.input.screen.timezone, now);
    const list = this.entries(today);
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
    for (let d = 1; !next && d <= 2; d++) next = this.entries(addDays(today, d))[0] ?? null;
    return { entry, next };
  }
}
