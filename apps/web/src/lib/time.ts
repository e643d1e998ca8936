/**
 * Formatting shared by the dashboard and a screen's schedule tab: durations, shares and wall clocks read
 * in the screen's own time zone (not the browser's).
 */

/** The BCP 47 tag for Intl of a cabinet locale ('ua' is the cabinet's code for Ukrainian). */
export const intlLocale = (locale: string): string => (locale === 'ua' ? 'uk' : locale);

/** Seconds as h:mm:ss (hours grow past 24 for long ranges). */
export function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  // Always with hours, so 23 minutes 50 seconds never reads as 23 hours 50 minutes.
  return `${h}:${mm}:${ss}`;
}

/** Whole minutes in the reader's language: '45 min', '45 хв', '45 мин'. */
export function formatMinutes(minutes: number, locale: string): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: 'unit', unit: 'minute' }).format(minutes);
}

/**
 * A wait in the reader's language, rounded to what a person plans by: '40 seconds', '3 minutes',
 * '2 hours' ('3 хвилини', '3 минуты', '3 minuti').
 */
export function formatWait(seconds: number, locale: string): string {
  const [value, unit] =
    seconds < 60
      ? [Math.max(10, Math.ceil(seconds / 10) * 10), 'second']
      : seconds < 3600
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.round(seconds / 360) / 10, 'hour'];
  return new Intl.NumberFormat(intlLocale(locale), { style: 'unit', unit, unitDisplay: 'long' }).format(
    value,
  );
}

/** A 0..1 share as a percentage: whole numbers stay whole, others get one decimal. */
export function formatPercent(fraction: number, locale: string): string {
  return new Intl.NumberFormat(intlLocale(locale), {
    style: 'percent',
    maximumFractionDigits: 1,
  }).format(fraction);
}

const clocks = new Map<string, Intl.DateTimeFormat>();

function clockFormat(timeZone: string, seconds: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${seconds}`;
  let format = clocks.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' } : {}),
    });
    clocks.set(key, format);
  }
  return format;
}

/** The wall clock (HH:mm:ss, or HH:mm) of an instant in a time zone. */
export function wallClock(instant: number | string, timeZone: string, seconds = true): string {
  return clockFormat(timeZone, seconds).format(new Date(instant));
}

export interface HourTick {
  /** Seconds from the day's start. */
  at: number;
  /** The local hour shown on the screen's clock at that moment, '00'..'23'. */
  label: string;
}

/**
 * One tick per hour of a local day from its first to its last instant. A day with a clock change keeps its
 * true length: 23 ticks when an hour is skipped (02 is missing), 25 when one repeats (02 twice).
 */
export function hourTicks(start: string, end: string, timeZone: string): HourTick[] {
  const from = Date.parse(start);
  const length = (Date.parse(end) - from) / 1000;
  const ticks: HourTick[] = [];
  for (let at = 0; at < length; at += 3600) {
    ticks.push({ at, label: wallClock(from + at * 1000, timeZone, false).slice(0, 2) });
  }
  return ticks;
}
