/**
 * Broadcast fullness: each day's working time and advertising, as runs of equal days. Days that plan alike
 * (the same signature) are planned once, for one screen and, through `SharedDays`, for every screen of one
 * reading of the inputs: a fleet whose screens share playlists and hours is planned once per distinct day.
 */
import { addDays, DAY_MS, zoneDay, type ZoneDay } from '../zone.js';
import { finishDay, prepareDay, signatureOf, type Prepared } from './day.js';
import { parsedPeriod } from './quotas.js';
import type { ScheduleInput, SchedulePlaylist, UnplannedReason } from './types.js';

/** Consecutive days with the same working time and advertising (ms per day), from an offset in days. */
export interface FullnessSpan {
  /** Days after the first date of the range. */
  offset: number;
  days: number;
  capacity: number;
  advertising: number;
}

/**
 * Why content meant for a day did not all play: it wanted time the day did not have (no room, a block's
 * conflict, its quota, repeats, leftovers, its files' own schedules). Not a playlist that is simply off,
 * out of its period, hours or area, or overridden by design: those are not news to the people who set them.
 */
export const SHORTFALL_REASONS: readonly UnplannedReason[] = [
  'NO_ROOM',
  'BLOCK_CONFLICT',
  'QUOTA',
  'REPEAT',
  'NO_LEFTOVERS',
  'FILE_SCHEDULE',
];

/** A day planned: its advertising (ms) and the playlists it could not fit (SHORTFALL_REASONS). */
interface PlannedDay {
  advertising: number;
  shortfall: readonly number[];
}

/**
 * Days planned for the screens of one reading of the inputs, by what decides them. The signature of a day
 * holds everything about it that differs between screens and dates (the day's length, working time, each
 * taking playlist's time from midnight, caps and shares, who does not take part and why), but not the
 * playlists' content: within one reading a playlist id stands for one content, so a `SharedDays` must not
 * outlive the reading it serves. A screen's id only counts where chance does: a playlist played in a
 * random order (or one of its files at random) is seeded by screen and playlist.
 */
export class SharedDays {
  private readonly days = new Map<string, PlannedDay>();
  /** Days answered from another screen's plan, and days planned. */
  hits = 0;
  planned = 0;

  get(key: string): PlannedDay | undefined {
    const day = this.days.get(key);
    if (day) this.hits++;
    return day;
  }

  set(key: string, day: PlannedDay): void {
    this.planned++;
    this.days.set(key, day);
  }
}

/** Whether the day's plan draws on chance: a random order among two or more files. */
function drawsOnChance(prep: Prepared): boolean {
  for (const { playlist: p } of prep.candidates ?? []) {
    if (p.filesOrder !== 'RANDOM' && p.filesOrder !== 'ONEOF') continue;
    if (p.items.length > 1 || p.sections.some((section) => section.items.length > 1)) return true;
  }
  return false;
}

/** What decides a prepared day's plan, across the screens of one reading. */
function sharedKey(input: ScheduleInput, prep: Prepared, signature: string): string {
  return drawsOnChance(prep) ? `${input.screen.id}#${signature}` : signature;
}

function planned(prep: Prepared): PlannedDay {
  const plan = finishDay(prep, { timeline: false });
  const shortfall = new Set<number>();
  for (const u of plan.unplanned) if (SHORTFALL_REASONS.includes(u.reason)) shortfall.add(u.playlistId);
  return { advertising: plan.advertising, shortfall: [...shortfall].sort((a, b) => a - b) };
}

/** Whether a playlist's day depends on the date beyond its period and weekdays: dated files, day quotas. */
function datedPlaylist(p: SchedulePlaylist): boolean {
  const perDay = (kind: string) => kind === 'QUANTUTY_PER_DAY';
  return (
    p.items.some((item) => item.when) ||
    p.sections.some((section) => section.items.some((item) => item.when)) ||
    (p.scheduleMode === 'SHOWS' && !perDay(p.limitationType)) ||
    p.quotas.some((q) => !perDay(q.kind))
  );
}

/**
 * A cheap class of a screen's days: two days of one class prepare alike (the same signature), so only the
 * first of them is prepared. The class is the day's length, for each playlist whether its period covers the
 * whole day or misses it, and the weekday where a playlist keeps to some. Null (the day is prepared): a day
 * the zone changes its clock, a playlist's period starts or ends within the day, or the input has files with
 * dates of their own or quotas shared out over a period's days.
 */
export function dayClasses(input: ScheduleInput): (day: ZoneDay) => string | null {
  const { playlists } = input;
  if (playlists.some(datedPlaylist)) return () => null;
  const periods = playlists.map((p) => parsedPeriod(p));
  const byWeekday = playlists.some((p) => new Set(p.weekDays).size < 7);
  return (day) => {
    if (!day.steady) return null;
    let key = byWeekday ? `${day.weekday}:` : '';
    for (const { from, to } of periods) {
      if (!Number.isFinite(from) || !Number.isFinite(to) || to < from) {
        key += 'x';
        continue;
      }
      const start = from * 1000;
      const end = (to + 1) * 1000;
      if (end <= day.wall || start >= day.wall + DAY_MS) key += 'o';
      else if (start <= day.wall && end >= day.wall + DAY_MS) key += 'i';
      else return null;
    }
    return key;
  };
}

/**
 * Broadcast fullness day by day, as runs of equal days: what a store keeps so that any range inside the
 * planned days is summed without planning again. Days that plan alike are planned once, as in
 * `fullnessOver`, whose sums these spans give; with `shared`, once for all the screens of one reading.
 * `shortfall` names the playlists whose content could not all be planned on the first day
 * (SHORTFALL_REASONS), which the first day's plan tells for nothing extra.
 */
export function planFullness(
  input: ScheduleInput,
  from: string,
  days: number,
  shared: SharedDays | null = null,
): { spans: FullnessSpan[]; shortfall: number[] } {
  const seen = new Map<string, PlannedDay>();
  const classOf = dayClasses(input);
  const byClass = new Map<string, { capacity: number; day: PlannedDay }>();
  const spans: FullnessSpan[] = [];
  let shortfall: readonly number[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(from, i);
    const dayClass = classOf(zoneDay(input.screen.timezone, date));
    let known = dayClass === null ? undefined : byClass.get(dayClass);
    if (known === undefined) {
      const prep = prepareDay(input, date);
      const signature = signatureOf(prep);
      let day = seen.get(signature);
      if (day === undefined) {
        const key = shared ? sharedKey(input, prep, signature) : '';
        day = shared?.get(key);
        if (day === undefined) {
          day = planned(prep);
          shared?.set(key, day);
        }
        seen.set(signature, day);
      }
      known = { capacity: prep.plan.capacity, day };
      if (dayClass !== null) byClass.set(dayClass, known);
    }
    const { capacity, day } = known;
    if (i === 0) shortfall = day.shortfall;
    const last = spans.at(-1);
    if (last && last.capacity === capacity && last.advertising === day.advertising) last.days++;
    else spans.push({ offset: i, days: 1, capacity, advertising: day.advertising });
  }
  return { spans, shortfall: [...shortfall] };
}

/** The spans of `planFullness` alone. */
export function fullnessSpans(input: ScheduleInput, from: string, days: number): FullnessSpan[] {
  return planFullness(input, from, days).spans;
}

/**
 * The sums of working time and advertising (ms) of `days` days starting `offset` days into the spans;
 * null when the spans do not reach that far (they must be planned further).
 */
export function spansOver(
  spans: readonly FullnessSpan[],
  offset: number,
  days: number,
): { capacity: number; advertising: number } | null {
  const end = offset + days;
  const last = spans.at(-1);
  if (offset < 0 || !last || last.offset + last.days < end) return null;
  let capacity = 0;
  let advertising = 0;
  for (const span of spans) {
    const overlap = Math.min(end, span.offset + span.days) - Math.max(offset, span.offset);
    if (overlap <= 0) continue;
    capacity += span.capacity * overlap;
    advertising += span.advertising * overlap;
  }
  return { capacity, advertising };
}

/** Broadcast fullness of consecutive local dates: the sums of working time and of advertising (ms). */
export function fullnessOver(
  input: ScheduleInput,
  from: string,
  days: number,
): { capacity: number; advertising: number } {
  let capacity = 0;
  let advertising = 0;
  for (const span of fullnessSpans(input, from, days)) {
    capacity += span.capacity * span.days;
    advertising += span.advertising * span.days;
  }
  return { capacity, advertising };
}
