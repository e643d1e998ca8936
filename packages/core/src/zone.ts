/**
 * Wall clocks in IANA time zones, with no library: Intl gives a zone's offset at an instant, and the rest is
 * arithmetic. Instants are milliseconds since 1970 (UTC); "wall" milliseconds are the same count on a clock
 * without zones (a local date and time read as if it were UTC).
 */

export const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset at an instant, in ms: wall = instant + offset. Whole seconds (zones have no less). */
export function zoneOffset(timeZone: string, instant: number): number {
  const whole = Math.floor(instant / 1000) * 1000;
  const fields: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(whole)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const wall = new Date(0);
  wall.setUTCFullYear(fields.year!, fields.month! - 1, fields.day!);
  wall.setUTCHours(fields.hour!, fields.minute!, fields.second!, 0);
  return wall.getTime() - whole;
}

/**
 * The instant a wall time names in the zone. A wall time skipped by a spring-forward is read on the clock
 * before the jump (02:30 becomes 03:30 after it); one that happens twice (fall-back) is the first.
 */
export function wallToInstant(timeZone: string, wall: number): number {
  const before = zoneOffset(timeZone, wall - DAY_MS);
  const after = zoneOffset(timeZone, wall + DAY_MS);
  let best = Number.POSITIVE_INFINITY;
  for (const offset of before === after ? [before] : [before, after]) {
    const candidate = wall - offset;
    if (candidate + zoneOffset(timeZone, candidate) === wall) best = Math.min(best, candidate);
  }
  return Number.isFinite(best) ? best : wall - before;
}

/** The local date ('YYYY-MM-DD') at an instant. */
export function localDate(timeZone: string, instant: number): string {
  return new Date(instant + zoneOffset(timeZone, instant)).toISOString().slice(0, 10);
}

/**
 * The local date and time ('YYYY-MM-DD HH:MM:SS') at an instant; on UTC's clock for a zone this runtime
 * does not know, so one odd zone never stops a list of many screens.
 */
export function localDateTime(timeZone: string | null, instant: number): string {
  let offset = 0;
  try {
    offset = timeZone ? zoneOffset(timeZone, instant) : 0;
  } catch {
    offset = 0;
  }
  return new Date(Math.floor((instant + offset) / 1000) * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Wall milliseconds of a date's midnight; NaN when the date is malformed. */
export function dateWall(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return NaN;
  const d = new Date(0);
  d.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.toISOString().slice(0, 10) === date ? d.getTime() : NaN;
}

export function isDate(date: string): boolean {
  return Number.isFinite(dateWall(date));
}

/** The date `days` after (or before) a date. */
export function addDays(date: string, days: number): string {
  return new Date(dateWall(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from one date to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dateWall(to) - dateWall(from)) / DAY_MS);
}

const days = new Map<string, ZoneDay>();

/** The ZoneDay of a zone and date, made once (a fleet shares a few zones; the dashboard plans many days). */
export function zoneDay(timeZone: string, date: string): ZoneDay {
  const key = `${timeZone} ${date}`;
  let day = days.get(key);
  if (!day) {
    day = new ZoneDay(timeZone, date);
    if (days.size >= 4096) days.delete(days.keys().next().value!);
    days.set(key, day);
  }
  return day;
}

/**
 * One local day of a zone: its instants, and wall seconds of the day turned into instants. Most days have
 * one offset throughout, and the conversion is a subtraction; a DST day asks the zone.
 */
export class ZoneDay {
  readonly start: number;
  readonly end: number;
  /** 0 = Sunday. */
  readonly weekday: number;
  /** Days since 1970-01-01 of the wall date. */
  readonly dayNumber: number;
  /** Wall milliseconds of the date's midnight. */
  readonly wall: number;
  private readonly offset: number | null;

  constructor(
    readonly timeZone: string,
    readonly date: string,
  ) {
    this.wall = dateWall(date);
    this.start = wallToInstant(timeZone, this.wall);
    this.end = wallToInstant(timeZone, this.wall + DAY_MS);
    const a = zoneOffset(timeZone, this.start);
    this.offset = a === zoneOffset(timeZone, this.end) && this.end - this.start === DAY_MS ? a : null;
    this.weekday = new Date(this.wall).getUTCDay();
    this.dayNumber = Math.round(this.wall / DAY_MS);
  }

  /** Whether the day keeps one UTC offset throughout (and so lasts 24 hours): not a day the clock changes. */
  get steady(): boolean {
    return this.offset !== null;
  }

  /** The instant of a wall time of this day, in seconds after midnight (86400 is the day's end). */
  at(seconds: number): number {
    if (seconds >= 86400) return this.end;
    if (seconds <= 0) return this.start;
    const wall = this.wall + Math.round(seconds * 1000);
    return this.offset === null ? wallToInstant(this.timeZone, wall) : wall - this.offset;
  }
}
