/** Clock and date text on the screen's clock, in its time zone and language. */
import type { StudioLayer } from '@vitrine/core';

type ClockFormat = Extract<StudioLayer, { kind: 'clock' }>['format'];
type DateFormat = Extract<StudioLayer, { kind: 'date' }>['format'];

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(locale, options);
    } catch {
      // A zone this runtime does not know: UTC rather than nothing.
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    }
    formatters.set(key, f);
  }
  return f;
}

export function clockText(at: number, format: ClockFormat, timeZone: string, locale: string): string {
  const options: Intl.DateTimeFormatOptions =
    format === 'h:mm a'
      ? { hour: 'numeric', minute: '2-digit', hour12: true, timeZone }
      : {
          hour: '2-digit',
          minute: '2-digit',
          ...(format === 'HH:mm:ss' ? { second: '2-digit' } : {}),
          hourCycle: 'h23',
          timeZone,
        };
  return formatter(locale, options).format(at);
}

export function dateText(at: number, format: DateFormat, timeZone: string, locale: string): string {
  const options: Intl.DateTimeFormatOptions =
    format === 'weekday' ? { weekday: 'long', timeZone } : { dateStyle: format, timeZone };
  return formatter(locale, options).format(at);
}
