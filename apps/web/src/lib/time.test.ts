import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  formatMinutes,
  formatPercent,
  formatWait,
  hourTicks,
  intlLocale,
  wallClock,
} from './time';

describe('schedule and dashboard formatting', () => {
  it('writes durations as h:mm:ss, past 24 hours for long ranges', () => {
    expect(formatDuration(30)).toBe('0:00:30');
    expect(formatDuration(1430)).toBe('0:23:50');
    expect(formatDuration(8640)).toBe('2:24:00');
    expect(formatDuration(86400 * 14)).toBe('336:00:00');
    expect(formatDuration(59.6)).toBe('0:01:00');
  });

  it('writes minutes with the unit in the reader’s language', () => {
    expect(['en', 'ua', 'it', 'ru'].map((locale) => formatMinutes(45, locale))).toEqual([
      '45 min',
      '45 хв',
      '45 min',
      '45 мин',
    ]);
  });

  it('writes a wait rounded to what a person plans by, in the reader’s language', () => {
    expect([5, 41, 61, 130, 3600, 5400].map((s) => formatWait(s, 'en'))).toEqual([
      '10 seconds',
      '50 seconds',
      '2 minutes',
      '3 minutes',
      '1 hour',
      '1.5 hours',
    ]);
    expect(['ua', 'it', 'ru'].map((locale) => formatWait(130, locale))).toEqual([
      '3 хвилини',
      '3 minuti',
      '3 минуты',
    ]);
  });

  it('writes shares as percentages with at most one decimal', () => {
    expect(formatPercent(0.1, 'en')).toBe('10%');
    expect(formatPercent(0.12345, 'en')).toBe('12.3%');
    expect(intlLocale('ua')).toBe('uk');
  });

  it("reads clocks in the screen's zone, not the browser's", () => {
    expect(wallClock('2025-06-01T10:00:00Z', 'Europe/Rome')).toBe('12:00:00');
    expect(wallClock('2025-06-01T10:00:00Z', 'Asia/Kolkata', false)).toBe('15:30');
  });

  it('gives 24 hour ticks on an ordinary day, 23 and 25 on clock-change days', () => {
    const plain = hourTicks('2025-06-01T00:00:00Z', '2025-06-02T00:00:00Z', 'UTC');
    expect(plain.map((t) => t.label)).toEqual(
      Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')),
    );
    // Rome springs forward at 02:00 on 2025-03-30: the day starts at 23:00 UTC and lasts 23 hours.
    const spring = hourTicks('2025-03-29T23:00:00Z', '2025-03-30T22:00:00Z', 'Europe/Rome');
    expect(spring).toHaveLength(23);
    expect(spring.slice(0, 4).map((t) => t.label)).toEqual(['00', '01', '03', '04']);
    // And falls back at 03:00 on 2025-10-26: 02 comes twice, the day lasts 25 hours.
    const autumn = hourTicks('2025-10-25T22:00:00Z', '2025-10-26T23:00:00Z', 'Europe/Rome');
    expect(autumn).toHaveLength(25);
    expect(autumn.slice(0, 5).map((t) => t.label)).toEqual(['00', '01', '02', '02', '03']);
    expect(autumn.at(-1)).toEqual({ at: 24 * 3600, label: '23' });
  });
});
