/**
 * Wall-clock dates and times, no time zone: the screen's clock decides when they happen. Playlists,
 * schedules and media windows are written in them ('YYYY-MM-DD HH:mm:ss', 'HH:mm:ss').
 */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})$/;
/** Seconds in a day of the wall clock. */
export const DAY_SECONDS = 86400;

const pad = (n: number): string => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm:ss' as seconds since 1970 on a clock without zones; NaN when malformed. */
export function wallSeconds(value: string): number {
  const m = DATE_TIME.exec(value);
  if (!m) return NaN;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  // setUTCFullYear, unlike Date.UTC, takes years below 100 as they are.
  const check = new Date(0);
  check.setUTCFullYear(y, mo - 1, d);
  check.setUTCHours(h, mi, s, 0);
  const ms = check.getTime();
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return NaN;
  return ms / 1000;
}

/** Years a playlist may name: a screen's clock is never before 1970, and PostgreSQL stops at 294276. */
export const WALL_YEARS = { min: 1970, max: 9999 } as const;

export function isWallDateTime(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return Number.isFinite(wallSeconds(value)) && year >= WALL_YEARS.min && year <= WALL_YEARS.max;
}

/** 'HH:mm:ss' as seconds after midnight; NaN when malformed. */
export function timeSeconds(value: string): number {
  const m = TIME.exec(value);
  if (!m) return NaN;
  const [h, mi, s] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return h > 23 || mi > 59 || s > 59 ? NaN : h * 3600 + mi * 60 + s;
}

export function isWallTime(value: string): boolean {
  return Number.isFinite(timeSeconds(value));
}

/** Formats a Date's wall clock (its local fields) as 'YYYY-MM-DD HH:mm:ss'. */
export function formatWall(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}
