import { describe, expect, it } from 'vitest';
import { activeDays, dailySeconds } from './broadcast-time.js';
import {
  EXPIRING_SOON_DAYS,
  PLAYLIST_DEFAULTS,
  PLAYLIST_MESSAGES,
  QUOTA_KINDS,
  WEEK_DAYS,
  expirationOf,
  newPlaylistDefaults,
} from './playlist.js';
import {
  checkInterval,
  checkPlaylist,
  checkQuantity,
  reachableQuantities,
  type PlaylistItemRule,
  type PlaylistRulesInput,
  type QuantityContext,
} from './playlist-rules.js';
import { formatWall, isWallDateTime, isWallTime, timeSeconds, wallSeconds } from './wall-time.js';
import { PlaylistInput } from './schemas/playlist.js';
import { seededRandom } from './random.js';

// ---- helpers ----

/** An integer in [min, max], both included. */
const intIn = (rand: () => number, min: number, max: number): number =>
  min + Math.floor(rand() * (max - min + 1));
const pick = <T>(rand: () => number, values: readonly T[]): T => values[Math.floor(rand() * values.length)]!;

const DAY = 86400;
const pad = (n: number): string => String(n).padStart(2, '0');
const hms = (seconds: number): string =>
  `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
/** A UTC instant (ms) as a zone-free 'YYYY-MM-DD HH:mm:ss'. */
const utcWall = (ms: number): string => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

const hours = (
  fromTime: string | null,
  toTime: string | null,
  fromTime2: string | null = null,
  toTime2: string | null = null,
) => ({
  fromTime,
  toTime,
  fromTime2,
  toTime2,
});

const ctxOf = (overrides: Partial<QuantityContext> = {}): QuantityContext => ({
  dailySeconds: DAY,
  slotSeconds: 10,
  days: 1,
  screens: 1,
  kind: 'QUANTUTY_PER_DAY',
  ...overrides,
});

/** Every floor(daily / I) for the integers I in [max(1, ceil(slot)), daily], ascending, each once. */
function bruteReachablePerDay(dailySecondsValue: number, slotSecondsValue: number): number[] {
  const daily = Math.floor(dailySecondsValue);
  const slot = Math.max(1, Math.ceil(slotSecondsValue));
  const values = new Set<number>();
  for (let i = slot; i <= daily; i++) values.add(Math.floor(daily / i));
  return [...values].sort((a, b) => a - b);
}

const NOW = new Date(2026, 10, 22, 15, 4, 5);

// ---- wall-clock dates and times ----

describe('wallSeconds / isWallDateTime', () => {
  it('reads a zone-free date and time as seconds since 1970', () => {
    expect(wallSeconds('1970-01-01 00:00:00')).toBe(0);
    expect(wallSeconds('1970-01-02 00:00:01')).toBe(DAY + 1);
    expect(wallSeconds('2026-11-22 15:04:05')).toBe(Date.UTC(2026, 10, 22, 15, 4, 5) / 1000);
    expect(wallSeconds('2026-12-31 23:59:59')).toBe(Date.UTC(2027, 0, 1) / 1000 - 1);
    expect(wallSeconds('1969-12-31 23:59:59')).toBe(-1);
    expect(isWallDateTime('2026-11-22 15:04:05')).toBe(true);
  });

  it('accepts leap days only in leap years', () => {
    expect(wallSeconds('2024-02-29 12:00:00')).toBe(Date.UTC(2024, 1, 29, 12) / 1000);
    expect(wallSeconds('2000-02-29 00:00:00')).toBe(Date.UTC(2000, 1, 29) / 1000);
    expect(isWallDateTime('2024-02-29 12:00:00')).toBe(true);
    for (const value of ['2026-02-29 00:00:00', '2100-02-29 00:00:00', '1900-02-29 00:00:00']) {
      expect(wallSeconds(value), value).toBeNaN();
      expect(isWallDateTime(value), value).toBe(false);
    }
  });

  it('refuses impossible dates and times instead of rolling them over', () => {
    for (const value of [
      '2026-02-30 00:00:00',
      '2026-04-31 00:00:00',
      '2026-13-01 00:00:00',
      '2026-00-10 00:00:00',
      '2026-11-00 00:00:00',
      '2026-11-32 00:00:00',
      '2026-11-22 24:00:00',
      '2026-12-31 24:00:00',
      '2026-11-22 23:60:00',
      '2026-11-22 23:59:60',
      '2026-11-22 99:99:99',
    ]) {
      expect(wallSeconds(value), value).toBeNaN();
      expect(isWallDateTime(value), value).toBe(false);
    }
  });

  it('refuses malformed text', () => {
    for (const value of [
      '',
      '2026-11-22',
      '15:04:05',
      '2026-11-22T15:04:05',
      '2026-11-22 15:04',
      '2026-11-22 15:04:05Z',
      '2026-11-22 15:04:05.000',
      '2026-11-22  15:04:05',
      ' 2026-11-22 15:04:05',
      '2026-11-22 15:04:05 ',
      '2026-1-22 15:04:05',
      '2026-11-2 15:04:05',
      '26-11-22 15:04:05',
      '+2026-11-22 15:04:05',
      '2026/11/22 15:04:05',
      '2026-11-22 5:04:05',
      'abcd-ef-gh ij:kl:mn',
      '2026-11-22 15:04:05\n',
    ]) {
      expect(wallSeconds(value), JSON.stringify(value)).toBeNaN();
      expect(isWallDateTime(value), JSON.stringify(value)).toBe(false);
    }
  });

  it('agrees with Date.UTC on random valid values and round-trips through the format', () => {
    const rand = seededRandom(20261122);
    for (let n = 0; n < 300; n++) {
      const ms =
        Date.UTC(1970, 0, 1) +
        Math.floor((rand() * (Date.UTC(2100, 0, 1) - Date.UTC(1970, 0, 1))) / 1000) * 1000;
      const text = utcWall(ms);
      expect(wallSeconds(text), text).toBe(ms / 1000);
      expect(isWallDateTime(text), text).toBe(true);
    }
  });

  // Bug: Date.UTC maps the years 0-99 to 1900-1999, so '0050-…' is read as 1950 (and '0026-…', a typo
  // for 2026, as 1926). The format promises four-digit years read as written.
  it('reads the years 0000-0099 as written, not as 19xx', () => {
    const year50 = new Date(0);
    year50.setUTCFullYear(50, 0, 1);
    year50.setUTCHours(0, 0, 0, 0);
    expect(wallSeconds('0050-01-01 00:00:00')).toBe(year50.getTime() / 1000);
  });
});

describe('timeSeconds / isWallTime', () => {
  it('reads HH:mm:ss as seconds after midnight', () => {
    expect(timeSeconds('00:00:00')).toBe(0);
    expect(timeSeconds('00:00:01')).toBe(1);
    expect(timeSeconds('01:00:00')).toBe(3600);
    expect(timeSeconds('12:34:56')).toBe(12 * 3600 + 34 * 60 + 56);
    expect(timeSeconds('23:59:59')).toBe(DAY - 1);
    expect(isWallTime('23:59:59')).toBe(true);
    expect(isWallTime('00:00:00')).toBe(true);
  });

  it('refuses 24:00:00 and other out-of-range fields', () => {
    for (const value of ['24:00:00', '23:60:00', '23:59:60', '99:00:00', '00:99:00']) {
      expect(timeSeconds(value), value).toBeNaN();
      expect(isWallTime(value), value).toBe(false);
    }
  });

  it('refuses malformed text', () => {
    for (const value of [
      '',
      '1:00:00',
      '01:00',
      '01:00:00 ',
      ' 01:00:00',
      '01:00:00.5',
      '-1:00:00',
      'aa:bb:cc',
      '01-00-00',
      '2026-11-22 01:00:00',
    ]) {
      expect(timeSeconds(value), JSON.stringify(value)).toBeNaN();
      expect(isWallTime(value), JSON.stringify(value)).toBe(false);
    }
  });

  it('round-trips every second of the day', () => {
    const wrong: string[] = [];
    for (let s = 0; s < DAY; s++) if (timeSeconds(hms(s)) !== s || !isWallTime(hms(s))) wrong.push(hms(s));
    expect(wrong).toEqual([]);
    expect(hms(DAY - 1)).toBe('23:59:59');
  });
});

describe('formatWall', () => {
  it("formats a Date's local fields, zero-padded", () => {
    expect(formatWall(new Date(2026, 0, 5, 7, 8, 9))).toBe('2026-01-05 07:08:09');
    expect(formatWall(new Date(2026, 11, 31, 23, 59, 59))).toBe('2026-12-31 23:59:59');
    expect(formatWall(NOW)).toBe('2026-11-22 15:04:05');
  });
});

// ---- new playlist ----

describe('PLAYLIST_DEFAULTS (spec §4, §9)', () => {
  it('holds the spec values', () => {
    expect(PLAYLIST_DEFAULTS.namePrefix).toBe('pl');
    expect(PLAYLIST_DEFAULTS.periodicity).toBe(300);
    expect(PLAYLIST_DEFAULTS.blockDuration).toBe(3600);
    expect(PLAYLIST_DEFAULTS.sectionDuration).toBe(1800);
    expect(PLAYLIST_DEFAULTS.validityDays).toBe(10);
    expect(PLAYLIST_DEFAULTS.maxDuration).toBeNull();
    expect(PLAYLIST_DEFAULTS.newId).toBe(-1);
    expect(EXPIRING_SOON_DAYS).toBe(3);
    expect([...WEEK_DAYS]).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});

describe('newPlaylistDefaults', () => {
  it('builds the exact new playlist for a fixed local time', () => {
    expect(newPlaylistDefaults(NOW)).toEqual({
      name: 'pl 2026-11-22',
      category: null,
      type: 'BACKGROUND',
      fromDate: '2026-11-22 00:00:00',
      toDate: '2026-12-02 23:59:59',
      weekDays: [0, 1, 2, 3, 4, 5, 6],
      fromTime: '00:00:00',
      toTime: '23:59:59',
      fromTime2: null,
      toTime2: null,
      filesOrder: 'ASC',
      influence: 'PASSIVE',
      inLeftoversOnly: false,
      scheduleMode: null,
      periodicity: 300,
      limitationType: 'QUANTUTY_PER_DAY',
      quotas: [],
      blockDuration: 3600,
      sections: [
        { duration: 1800, duplicate: null, order: 0, repeat: 1, files: [] },
        { duration: 1800, duplicate: true, order: 1, repeat: 1, files: [] },
      ],
      files: [],
      points: [],
      nets: [],
      walls: [],
      tags: [],
      pixel: null,
      access: false,
      active: true,
      override: false,
      source: null,
      advertisingProviders: [],
      sspConnector: null,
      actionOnEnd: null,
      maxDuration: null,
      secondaryFileId: null,
      secondaryLoopDuration: null,
      noStats: false,
      theme: null,
      interval: null,
      floating: null,
      geofence: null,
    });
  });

  it('runs 10 days ahead across month, year and leap-day ends', () => {
    const cases: [Date, string, string, string][] = [
      [new Date(2026, 0, 25, 9, 30, 0), 'pl 2026-01-25', '2026-01-25 00:00:00', '2026-02-04 23:59:59'],
      [new Date(2026, 1, 20, 12, 0, 0), 'pl 2026-02-20', '2026-02-20 00:00:00', '2026-03-02 23:59:59'],
      [new Date(2028, 1, 20, 12, 0, 0), 'pl 2028-02-20', '2028-02-20 00:00:00', '2028-03-01 23:59:59'],
      [new Date(2026, 11, 28, 8, 0, 0), 'pl 2026-12-28', '2026-12-28 00:00:00', '2027-01-07 23:59:59'],
      [new Date(2026, 3, 30, 0, 0, 0), 'pl 2026-04-30', '2026-04-30 00:00:00', '2026-05-10 23:59:59'],
      [new Date(2026, 10, 22, 23, 59, 59), 'pl 2026-11-22', '2026-11-22 00:00:00', '2026-12-02 23:59:59'],
    ];
    for (const [now, name, fromDate, toDate] of cases) {
      const p = newPlaylistDefaults(now);
      expect({ name: p.name, fromDate: p.fromDate, toDate: p.toDate }, formatWall(now)).toEqual({
        name,
        fromDate,
        toDate,
      });
    }
  });

  it('spans 11 calendar days, every weekday and the whole day', () => {
    const p = newPlaylistDefaults(NOW);
    expect(activeDays(p)).toBe(11);
    expect(dailySeconds(p)).toBe(DAY);
    expect(wallSeconds(p.toDate) - wallSeconds(p.fromDate)).toBe(11 * DAY - 1);
  });

  it('uses the spec defaults for every quantity', () => {
    const p = newPlaylistDefaults(NOW);
    expect(p.periodicity).toBe(PLAYLIST_DEFAULTS.periodicity);
    expect(p.blockDuration).toBe(PLAYLIST_DEFAULTS.blockDuration);
    expect(p.maxDuration).toBe(PLAYLIST_DEFAULTS.maxDuration);
    expect(p.sections.map((s) => s.duration)).toEqual([1800, 1800]);
    expect(p.sections.map((s) => s.duplicate)).toEqual([null, true]);
    expect(p.sections.reduce((sum, s) => sum + s.duration, 0)).toBe(p.blockDuration);
  });

  it('is valid input for the PlaylistInput schema', () => {
    const parsed = PlaylistInput.safeParse(newPlaylistDefaults(NOW));
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(newPlaylistDefaults(NOW));
  });

  it('returns fresh arrays each call', () => {
    const a = newPlaylistDefaults(NOW);
    const b = newPlaylistDefaults(NOW);
    a.weekDays.push(7);
    a.sections[0]!.files.push({ fileId: 1, duration: null, wallFit: null });
    a.files.push({ fileId: 2, duration: 5, wallFit: null });
    expect(b.weekDays).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(b.sections[0]!.files).toEqual([]);
    expect(b.files).toEqual([]);
    expect([...WEEK_DAYS]).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});

// ---- broadcasting time ----

describe('dailySeconds', () => {
  it('counts the full day as 86400 (23:59:59 means the end of the day)', () => {
    expect(dailySeconds(hours('00:00:00', '23:59:59'))).toBe(DAY);
    expect(dailySeconds(hours('00:00:00', '23:59:58'))).toBe(DAY - 2);
    expect(dailySeconds(hours('12:00:00', '23:59:59'))).toBe(DAY / 2);
  });

  it('counts a plain window', () => {
    expect(dailySeconds(hours('08:00:00', '09:00:00'))).toBe(3600);
    expect(dailySeconds(hours('08:00:00', '08:00:01'))).toBe(1);
  });

  it('runs a window across midnight when it ends before it starts', () => {
    expect(dailySeconds(hours('22:00:00', '02:00:00'))).toBe(4 * 3600);
    expect(dailySeconds(hours('23:00:00', '00:00:00'))).toBe(3600);
    expect(dailySeconds(hours('00:00:01', '00:00:00'))).toBe(DAY - 1);
    expect(dailySeconds(hours('23:59:59', '00:00:10'))).toBe(11);
  });

  it('counts an empty window as nothing', () => {
    expect(dailySeconds(hours('10:00:00', '10:00:00'))).toBe(0);
    expect(dailySeconds(hours('00:00:00', '00:00:00'))).toBe(0);
  });

  it('counts overlapping windows once', () => {
    expect(dailySeconds(hours('08:00:00', '12:00:00', '10:00:00', '14:00:00'))).toBe(6 * 3600);
    expect(dailySeconds(hours('10:00:00', '14:00:00', '08:00:00', '12:00:00'))).toBe(6 * 3600);
    expect(dailySeconds(hours('08:00:00', '18:00:00', '09:00:00', '10:00:00'))).toBe(10 * 3600);
    expect(dailySeconds(hours('08:00:00', '10:00:00', '08:00:00', '10:00:00'))).toBe(2 * 3600);
    expect(dailySeconds(hours('08:00:00', '10:00:00', '10:00:00', '12:00:00'))).toBe(4 * 3600);
    expect(dailySeconds(hours('08:00:00', '09:00:00', '10:00:00', '11:00:00'))).toBe(2 * 3600);
    expect(dailySeconds(hours('22:00:00', '06:00:00', '05:00:00', '23:00:00'))).toBe(DAY);
    expect(dailySeconds(hours('22:00:00', '06:00:00', '23:00:00', '01:00:00'))).toBe(8 * 3600);
    expect(dailySeconds(hours('00:00:00', '23:59:59', '22:00:00', '02:00:00'))).toBe(DAY);
  });

  it('ignores null and unreadable windows', () => {
    expect(dailySeconds(hours(null, null))).toBe(0);
    expect(dailySeconds(hours('08:00:00', null))).toBe(0);
    expect(dailySeconds(hours(null, '08:00:00'))).toBe(0);
    expect(dailySeconds(hours(null, null, '10:00:00', '11:00:00'))).toBe(3600);
    expect(dailySeconds(hours('10:00:00', '11:00:00', '12:00:00', null))).toBe(3600);
    expect(dailySeconds(hours('25:00:00', '11:00:00'))).toBe(0);
    expect(dailySeconds(hours('10:00:00', '24:00:00'))).toBe(0);
  });

  it('matches a per-second bitmap of the rule on random windows', () => {
    const rand = seededRandom(86400);
    const special = [0, 1, 3600, 43200, DAY - 2, DAY - 1];
    const time = (): string => hms(rand() < 0.3 ? pick(rand, special) : intIn(rand, 0, DAY - 1));
    const pair = (): [string | null, string | null] => {
      if (rand() < 0.1) return [null, rand() < 0.5 ? null : time()];
      const from = time();
      const to = rand() < 0.05 ? from : time();
      // '23:59:59'-'23:59:59' is left out: see the report (the two rules disagree there).
      return from === '23:59:59' && to === '23:59:59' ? ['00:00:00', to] : [from, to];
    };
    /** Marks, one second at a time, the seconds of the day inside [from, to) under the spec rule. */
    const mark = (bitmap: Uint8Array, from: string | null, to: string | null): void => {
      if (from === null || to === null || from === to) return;
      const a = timeSeconds(from);
      const b = to === '23:59:59' ? DAY : timeSeconds(to);
      for (let s = 0; s < DAY; s++) if (a < b ? s >= a && s < b : s >= a || s < b) bitmap[s] = 1;
    };
    for (let n = 0; n < 300; n++) {
      const [f1, t1] = pair();
      const [f2, t2] = pair();
      const bitmap = new Uint8Array(DAY);
      mark(bitmap, f1, t1);
      mark(bitmap, f2, t2);
      const expected = bitmap.reduce((sum, bit) => sum + bit, 0);
      expect(dailySeconds(hours(f1, t1, f2, t2)), `${f1}-${t1} / ${f2}-${t2}`).toBe(expected);
    }
  });
});

describe('activeDays', () => {
  // 2026-11-22 is a Sunday; 2026-12-02 a Wednesday.
  const period = { fromDate: '2026-11-22 00:00:00', toDate: '2026-12-02 23:59:59' };

  it('counts both ends, filtered by weekday (0 = Sunday)', () => {
    expect(activeDays({ ...period, weekDays: WEEK_DAYS })).toBe(11);
    expect(activeDays({ ...period, weekDays: [0] })).toBe(2);
    expect(activeDays({ ...period, weekDays: [6] })).toBe(1);
    expect(activeDays({ ...period, weekDays: [3] })).toBe(2);
    expect(activeDays({ ...period, weekDays: [1, 3] })).toBe(4);
    expect(activeDays({ ...period, weekDays: [1, 2, 3, 4, 5] })).toBe(8);
    expect(activeDays({ ...period, weekDays: [0, 6] })).toBe(3);
    expect(activeDays({ ...period, weekDays: [0, 0, 0] })).toBe(2);
    expect(activeDays({ ...period, weekDays: [] })).toBe(0);
  });

  it('counts calendar days touched, whatever the times', () => {
    expect(
      activeDays({ fromDate: '2026-11-22 23:59:59', toDate: '2026-11-23 00:00:00', weekDays: WEEK_DAYS }),
    ).toBe(2);
    expect(
      activeDays({ fromDate: '2026-11-22 10:00:00', toDate: '2026-11-22 10:00:00', weekDays: WEEK_DAYS }),
    ).toBe(1);
    expect(
      activeDays({ fromDate: '2026-11-22 10:00:00', toDate: '2026-11-22 10:00:00', weekDays: [1] }),
    ).toBe(0);
  });

  it('gives 0 when the end is before the start, even by a second', () => {
    expect(
      activeDays({ fromDate: '2026-12-02 00:00:00', toDate: '2026-11-22 00:00:00', weekDays: WEEK_DAYS }),
    ).toBe(0);
    expect(
      activeDays({ fromDate: '2026-11-22 10:00:00', toDate: '2026-11-22 09:59:59', weekDays: WEEK_DAYS }),
    ).toBe(0);
  });

  it('gives 0 for unreadable dates', () => {
    expect(
      activeDays({ fromDate: '2026-02-30 00:00:00', toDate: '2026-03-10 00:00:00', weekDays: WEEK_DAYS }),
    ).toBe(0);
    expect(activeDays({ fromDate: '2026-03-01 00:00:00', toDate: 'soon', weekDays: WEEK_DAYS })).toBe(0);
  });

  it('handles February in leap and common years', () => {
    expect(
      activeDays({ fromDate: '2028-02-01 00:00:00', toDate: '2028-03-01 00:00:00', weekDays: WEEK_DAYS }),
    ).toBe(30);
    expect(
      activeDays({ fromDate: '2026-02-01 00:00:00', toDate: '2026-03-01 00:00:00', weekDays: WEEK_DAYS }),
    ).toBe(29);
  });

  it('stops counting after 40000 days so that a typo cannot stall the caller', () => {
    expect(
      activeDays({ fromDate: '2000-01-01 00:00:00', toDate: '2300-01-01 00:00:00', weekDays: WEEK_DAYS }),
    ).toBe(40000);
  });

  it('matches day-by-day iteration with Date.UTC on random periods', () => {
    const rand = seededRandom(7);
    const start = Date.UTC(1970, 0, 1);
    const end = Date.UTC(2100, 0, 1);
    for (let n = 0; n < 300; n++) {
      const fromMs = start + Math.floor((rand() * (end - start)) / 1000) * 1000;
      const toMs = fromMs + intIn(rand, -3 * DAY, 900 * DAY) * 1000;
      const weekDays = WEEK_DAYS.filter(() => rand() < 0.5);
      const fromDate = utcWall(fromMs);
      const toDate = utcWall(toMs);
      let expected = 0;
      if (toMs >= fromMs) {
        const from = new Date(fromMs);
        const y = from.getUTCFullYear();
        const m = from.getUTCMonth();
        const d = from.getUTCDate();
        for (let k = 0; ; k++) {
          const day = new Date(Date.UTC(y, m, d + k));
          if (utcWall(day.getTime()).slice(0, 10) > toDate.slice(0, 10)) break;
          if (weekDays.includes(day.getUTCDay() as (typeof WEEK_DAYS)[number])) expected++;
        }
      }
      expect(
        activeDays({ fromDate, toDate, weekDays }),
        `${fromDate} .. ${toDate} on ${weekDays.join(',')}`,
      ).toBe(expected);
    }
  });

  // Bug: the weekday is computed as (day number + 4) % 7, which is negative for days before
  // 1970-01-01 (JavaScript's % keeps the sign), so no weekday ever matches those days.
  it('counts weekdays before 1970 too', () => {
    // 1969-12-27 was a Saturday.
    expect(new Date(Date.UTC(1969, 11, 27)).getUTCDay()).toBe(6);
    expect(
      activeDays({ fromDate: '1969-12-27 00:00:00', toDate: '1969-12-27 10:00:00', weekDays: [6] }),
    ).toBe(1);
  });
});

// ---- periodicity ----

describe('reachableQuantities', () => {
  it('lists the distinct floor(daily / interval) values for small cases', () => {
    expect(reachableQuantities(ctxOf({ dailySeconds: 10, slotSeconds: 1 }))).toEqual([1, 2, 3, 5, 10]);
    expect(reachableQuantities(ctxOf({ dailySeconds: 10, slotSeconds: 3 }))).toEqual([1, 2, 3]);
    expect(reachableQuantities(ctxOf({ dailySeconds: 10, slotSeconds: 10 }))).toEqual([1]);
    expect(reachableQuantities(ctxOf({ dailySeconds: 100, slotSeconds: 1 }))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 16, 20, 25, 33, 50, 100,
    ]);
  });

  it('is empty when one show does not fit the day', () => {
    expect(reachableQuantities(ctxOf({ dailySeconds: 9, slotSeconds: 10 }))).toEqual([]);
    expect(reachableQuantities(ctxOf({ dailySeconds: 0, slotSeconds: 1 }))).toEqual([]);
    expect(reachableQuantities(ctxOf({ dailySeconds: 9.9, slotSeconds: 10 }))).toEqual([]);
  });

  it('rounds the day down and the slot up, with a slot of at least one second', () => {
    expect(reachableQuantities(ctxOf({ dailySeconds: 10.9, slotSeconds: 2.1 }))).toEqual([1, 2, 3]);
    expect(reachableQuantities(ctxOf({ dailySeconds: 10, slotSeconds: 0 }))).toEqual([1, 2, 3, 5, 10]);
    expect(reachableQuantities(ctxOf({ dailySeconds: 10, slotSeconds: 0.2 }))).toEqual([1, 2, 3, 5, 10]);
  });

  it('for a full day and a 30-second slot runs from 1 to 2880', () => {
    const values = reachableQuantities(ctxOf({ slotSeconds: 30 }));
    expect(values[0]).toBe(1);
    expect(values.at(-1)).toBe(2880);
    expect(values.at(-2)).toBe(2787);
    expect(values).toEqual(bruteReachablePerDay(DAY, 30));
  });

  it('matches the brute force over every interval (QUANTUTY_PER_DAY)', () => {
    const rand = seededRandom(5000);
    for (let n = 0; n < 300; n++) {
      const daily = rand() < 0.1 ? intIn(rand, 0, 20) : intIn(rand, 1, 5000);
      const slot = rand() < 0.1 ? intIn(rand, 0, 3) + (rand() < 0.5 ? 0.5 : 0) : intIn(rand, 1, 120);
      const dailyValue = rand() < 0.2 ? daily + 0.75 : daily;
      const values = reachableQuantities(ctxOf({ dailySeconds: dailyValue, slotSeconds: slot }));
      const label = `daily ${dailyValue}, slot ${slot}`;
      // Every value is floor(daily / I) for an interval I the slot allows ...
      const d = Math.floor(dailyValue);
      const lowest = Math.max(1, Math.ceil(slot));
      for (const q of values) {
        let found = false;
        for (let i = lowest; i <= d && !found; i++) found = Math.floor(d / i) === q;
        expect(found, `${label}: ${q}`).toBe(true);
      }
      // ... every such value is there, ascending and once each.
      expect(values, label).toEqual(bruteReachablePerDay(dailyValue, slot));
      for (let k = 1; k < values.length; k++) expect(values[k]!, label).toBeGreaterThan(values[k - 1]!);
    }
  });

  it('multiplies by the days (per period) and by days times screens (per network)', () => {
    const rand = seededRandom(42);
    for (let n = 0; n < 100; n++) {
      const base = { dailySeconds: intIn(rand, 1, 3000), slotSeconds: intIn(rand, 1, 60) };
      const days = intIn(rand, 0, 30);
      const screens = intIn(rand, 0, 50);
      const perDay = reachableQuantities(ctxOf({ ...base, days, screens, kind: 'QUANTUTY_PER_DAY' }));
      const label = JSON.stringify({ ...base, days, screens });
      expect(perDay, label).toEqual(bruteReachablePerDay(base.dailySeconds, base.slotSeconds));
      expect(
        reachableQuantities(ctxOf({ ...base, days, screens, kind: 'QUANTUTY_PER_PL_DURATION' })),
        label,
      ).toEqual(perDay.map((q) => q * Math.max(1, days)));
      expect(
        reachableQuantities(ctxOf({ ...base, days, screens, kind: 'QUANTUTY_PER_NETWORK' })),
        label,
      ).toEqual(perDay.map((q) => q * Math.max(1, days) * Math.max(1, screens)));
    }
  });

  it('counts no days and no screens as one of each', () => {
    const base = { dailySeconds: 10, slotSeconds: 1 };
    expect(reachableQuantities(ctxOf({ ...base, days: 0, kind: 'QUANTUTY_PER_PL_DURATION' }))).toEqual([
      1, 2, 3, 5, 10,
    ]);
    expect(
      reachableQuantities(ctxOf({ ...base, days: 0, screens: 0, kind: 'QUANTUTY_PER_NETWORK' })),
    ).toEqual([1, 2, 3, 5, 10]);
    expect(
      reachableQuantities(ctxOf({ ...base, days: 3, screens: 100, kind: 'QUANTUTY_PER_PL_DURATION' })),
    ).toEqual([3, 6, 9, 15, 30]);
    expect(
      reachableQuantities(ctxOf({ ...base, days: 3, screens: 4, kind: 'QUANTUTY_PER_NETWORK' })),
    ).toEqual([12, 24, 36, 60, 120]);
    expect(reachableQuantities(ctxOf({ ...base, days: 3, screens: 4, kind: 'QUANTUTY_PER_DAY' }))).toEqual([
      1, 2, 3, 5, 10,
    ]);
  });
});

describe('checkQuantity', () => {
  it('accepts exactly the reachable values', () => {
    const ctx = ctxOf({ dailySeconds: 100, slotSeconds: 1 });
    for (const q of [1, 2, 10, 11, 12, 14, 16, 20, 25, 33, 50, 100])
      expect(checkQuantity(q, ctx), String(q)).toBeNull();
  });

  it('refuses less than once a day per screen', () => {
    expect(checkQuantity(0, ctxOf())).toEqual({ message: PLAYLIST_MESSAGES.belowMinimum, suggestions: [1] });
    expect(checkQuantity(-5, ctxOf())).toEqual({ message: PLAYLIST_MESSAGES.belowMinimum, suggestions: [1] });
    const period = ctxOf({ days: 7, screens: 5, kind: 'QUANTUTY_PER_PL_DURATION' });
    expect(checkQuantity(6, period)).toEqual({ message: PLAYLIST_MESSAGES.belowMinimum, suggestions: [7] });
    expect(checkQuantity(7, period)).toBeNull();
    const network = ctxOf({ days: 3, screens: 4, kind: 'QUANTUTY_PER_NETWORK' });
    expect(checkQuantity(11, network)).toEqual({
      message: PLAYLIST_MESSAGES.belowMinimum,
      suggestions: [12],
    });
    expect(checkQuantity(1, network)).toEqual({ message: PLAYLIST_MESSAGES.belowMinimum, suggestions: [12] });
    expect(checkQuantity(12, network)).toBeNull();
  });

  it('refuses more than the maximum, suggesting the maximum', () => {
    expect(checkQuantity(2881, ctxOf({ slotSeconds: 30 }))).toEqual({
      message: PLAYLIST_MESSAGES.aboveMaximum,
      suggestions: [2880],
    });
    expect(checkQuantity(2880, ctxOf({ slotSeconds: 30 }))).toBeNull();
    const network = ctxOf({
      dailySeconds: 100,
      slotSeconds: 1,
      days: 3,
      screens: 4,
      kind: 'QUANTUTY_PER_NETWORK',
    });
    expect(checkQuantity(1201, network)).toEqual({
      message: PLAYLIST_MESSAGES.aboveMaximum,
      suggestions: [1200],
    });
    expect(checkQuantity(1200, network)).toBeNull();
  });

  it('refuses everything, with no suggestion, when no show fits', () => {
    expect(checkQuantity(1, ctxOf({ dailySeconds: 5, slotSeconds: 10 }))).toEqual({
      message: PLAYLIST_MESSAGES.aboveMaximum,
      suggestions: [],
    });
  });

  it('suggests the five nearest reachable values for an unreachable one', () => {
    const ctx = ctxOf({ dailySeconds: 100, slotSeconds: 1 });
    // 12 and 14 at 1, 11 at 2, then 10 and 16 at 3.
    expect(checkQuantity(13, ctx)).toEqual({
      message: PLAYLIST_MESSAGES.unreachable,
      suggestions: [10, 11, 12, 14, 16],
    });
    // Full day, 30-second slot: 2880 (30 s), 2787 (31 s), 2700 (32 s), 2618 (33 s), 2541 (34 s).
    expect(checkQuantity(2850, ctxOf({ slotSeconds: 30 }))).toEqual({
      message: PLAYLIST_MESSAGES.unreachable,
      suggestions: [2541, 2618, 2700, 2787, 2880],
    });
    expect(checkQuantity(2.5, ctxOf({ dailySeconds: 10, slotSeconds: 1 }))).toEqual({
      message: PLAYLIST_MESSAGES.unreachable,
      suggestions: [1, 2, 3, 5, 10],
    });
    expect(
      checkQuantity(
        3,
        ctxOf({ dailySeconds: DAY, slotSeconds: 30, days: 2, kind: 'QUANTUTY_PER_PL_DURATION' }),
      ),
    ).toEqual({ message: PLAYLIST_MESSAGES.unreachable, suggestions: [2, 4, 6, 8, 10] });
  });

  it('matches the reachable list on random contexts, with sound suggestions', () => {
    const rand = seededRandom(1234);
    let unreachableSeen = 0;
    for (let n = 0; n < 300; n++) {
      const ctx = ctxOf({
        dailySeconds: intIn(rand, 1, 300),
        slotSeconds: intIn(rand, 1, 30),
        days: intIn(rand, 0, 4),
        screens: intIn(rand, 0, 4),
        kind: pick(rand, QUOTA_KINDS),
      });
      const label = JSON.stringify(ctx);
      const reachable = bruteReachablePerDay(ctx.dailySeconds, ctx.slotSeconds);
      const factor =
        ctx.kind === 'QUANTUTY_PER_DAY'
          ? 1
          : Math.max(1, ctx.days) * (ctx.kind === 'QUANTUTY_PER_NETWORK' ? Math.max(1, ctx.screens) : 1);
      const values = reachable.map((q) => q * factor);
      expect(reachableQuantities(ctx), label).toEqual(values);
      const max = values.at(-1) ?? 0;
      if (values.length) expect(values[0], label).toBe(factor);
      for (let q = -1; q <= max + 3; q++) {
        const problem = checkQuantity(q, ctx);
        const at = `${label} q=${q}`;
        if (values.includes(q)) {
          expect(problem, at).toBeNull();
        } else if (q > max) {
          expect(problem, at).toEqual({
            message: PLAYLIST_MESSAGES.aboveMaximum,
            suggestions: max ? [max] : [],
          });
        } else if (q < factor) {
          expect(problem, at).toEqual({ message: PLAYLIST_MESSAGES.belowMinimum, suggestions: [factor] });
        } else {
          unreachableSeen++;
          expect(problem?.message, at).toBe(PLAYLIST_MESSAGES.unreachable);
          const suggestions = problem!.suggestions;
          expect(suggestions.length, at).toBe(Math.min(5, values.length));
          for (const s of suggestions) expect(values, at).toContain(s);
          for (let k = 1; k < suggestions.length; k++)
            expect(suggestions[k]!, at).toBeGreaterThan(suggestions[k - 1]!);
          const below = Math.max(...values.filter((v) => v < q));
          expect(suggestions, at).toContain(below);
          const above = values.find((v) => v > q);
          if (above !== undefined) expect(suggestions, at).toContain(above);
          // Besides the nearest on each side, nothing left out is nearer than what was kept.
          const others = suggestions.filter((v) => v !== below && v !== above);
          const farthest = Math.max(0, ...others.map((v) => Math.abs(v - q)));
          for (const v of values)
            if (!suggestions.includes(v)) expect(Math.abs(v - q), at).toBeGreaterThanOrEqual(farthest);
        }
      }
    }
    expect(unreachableSeen).toBeGreaterThan(1000);
  }, 20_000);

  it('includes the nearest reachable value above when it is close enough', () => {
    const ctx = ctxOf({ slotSeconds: 30 });
    const problem = checkQuantity(2800, ctx);
    expect(problem?.suggestions).toContain(2787);
    expect(problem?.suggestions).toContain(2880);
  });

  // Bug: the suggestions are the five values nearest by distance, so where reachable values are dense
  // below and sparse above (short slots) the nearest value above is left out. Full day, 1-second slot:
  // 43201 gets [14400, 17280, 21600, 28800, 43200], without 86400.
  it('always includes the nearest reachable value above an unreachable one', () => {
    const problem = checkQuantity(43201, ctxOf({ slotSeconds: 1 }));
    expect(problem?.message).toBe(PLAYLIST_MESSAGES.unreachable);
    expect(problem?.suggestions).toContain(43200);
    expect(problem?.suggestions).toContain(86400);
  });
});

describe('checkInterval', () => {
  const ctx = { dailySeconds: 3600, slotSeconds: 30 };

  it('accepts an interval from one show to the whole day', () => {
    expect(checkInterval(30, ctx)).toBeNull();
    expect(checkInterval(300, ctx)).toBeNull();
    expect(checkInterval(3600, ctx)).toBeNull();
  });

  it('refuses an interval shorter than one show as more than possible', () => {
    expect(checkInterval(29, ctx)).toBe(PLAYLIST_MESSAGES.aboveMaximum);
    expect(checkInterval(1, ctx)).toBe(PLAYLIST_MESSAGES.aboveMaximum);
    expect(checkInterval(9, { dailySeconds: 3600, slotSeconds: 9.2 })).toBe(PLAYLIST_MESSAGES.aboveMaximum);
    expect(checkInterval(10, { dailySeconds: 3600, slotSeconds: 9.2 })).toBeNull();
  });

  it('refuses an interval longer than the day as less than once a day', () => {
    expect(checkInterval(3601, ctx)).toBe(PLAYLIST_MESSAGES.belowMinimum);
    expect(checkInterval(DAY + 1, { dailySeconds: DAY, slotSeconds: 10 })).toBe(
      PLAYLIST_MESSAGES.belowMinimum,
    );
  });

  it('holds the spec wording', () => {
    expect(PLAYLIST_MESSAGES.aboveMaximum).toBe('More than maximum possible quantity');
    expect(PLAYLIST_MESSAGES.belowMinimum).toBe('Less than minimum quantity (once a day per screen)');
    expect(PLAYLIST_MESSAGES.unreachable).toBe(
      'This exact value cannot be reached. Please choose one of the suggested values',
    );
    expect(PLAYLIST_MESSAGES.tooLong).toBe('Content duration is greater than max allowed');
    expect(PLAYLIST_MESSAGES.endBeforeStart).toBe('End broadcasting time must not be before the start');
  });
});

// ---- the whole playlist ----

describe('checkPlaylist', () => {
  /** Media lengths by file id: 1 is a 30-second video, 2 a 45-second one, 3 an image, 4 a page. */
  const media: Record<number, number | null> = { 1: 30, 2: 45, 3: null, 4: null };
  const ctx = { mediaDuration: (id: number) => media[id], screens: 1 };
  const base = (overrides: Partial<PlaylistRulesInput> = {}): PlaylistRulesInput => ({
    ...newPlaylistDefaults(NOW),
    ...overrides,
  });
  const item = (fileId: number, duration: number | null = null): PlaylistItemRule => ({ fileId, duration });
  const ad = (overrides: Partial<PlaylistRulesInput> = {}) =>
    base({ type: 'ADVERTISING', files: [item(1), item(3)], ...overrides });

  it('passes the default BACKGROUND and BLOCK playlists', () => {
    expect(checkPlaylist(newPlaylistDefaults(NOW), ctx)).toEqual({ fields: {}, suggestions: [] });
    expect(checkPlaylist(base({ type: 'BLOCK' }), ctx)).toEqual({ fields: {}, suggestions: [] });
    expect(checkPlaylist(ad(), ctx)).toEqual({ fields: {}, suggestions: [] });
  });

  it('refuses an end before the start on toDate', () => {
    expect(checkPlaylist(base({ toDate: '2026-11-21 23:59:59' }), ctx)).toEqual({
      fields: { toDate: PLAYLIST_MESSAGES.endBeforeStart },
      suggestions: [],
    });
    expect(checkPlaylist(base({ toDate: '2026-11-22 00:00:00' }), ctx).fields).toEqual({});
  });

  it('refuses BLOCK sections longer than the block on sections', () => {
    const sections = [
      { duration: 1800, files: [] },
      { duration: 1801, files: [] },
    ];
    expect(checkPlaylist(base({ type: 'BLOCK', sections }), ctx)).toEqual({
      fields: { sections: PLAYLIST_MESSAGES.sectionsExceedBlock },
      suggestions: [],
    });
    expect(checkPlaylist(base({ type: 'BLOCK', sections, blockDuration: 3601 }), ctx).fields).toEqual({});
    // Only blocks have sections that must fit.
    expect(checkPlaylist(base({ type: 'BACKGROUND', sections }), ctx).fields).toEqual({});
  });

  it('refuses content longer than maxDuration on files', () => {
    const tooLong = { fields: { files: PLAYLIST_MESSAGES.tooLong }, suggestions: [] };
    expect(checkPlaylist(base({ maxDuration: 29, files: [item(1)] }), ctx)).toEqual(tooLong);
    expect(checkPlaylist(base({ maxDuration: 30, files: [item(1)] }), ctx).fields).toEqual({});
    // An image's own duration, else the default of 10 seconds.
    expect(checkPlaylist(base({ maxDuration: 30, files: [item(3, 31)] }), ctx)).toEqual(tooLong);
    expect(checkPlaylist(base({ maxDuration: 9, files: [item(3)] }), ctx)).toEqual(tooLong);
    expect(checkPlaylist(base({ maxDuration: 10, files: [item(3)] }), ctx).fields).toEqual({});
    // The media's own length wins over the item's.
    expect(checkPlaylist(base({ maxDuration: 30, files: [item(1, 60)] }), ctx).fields).toEqual({});
    // A block's section content counts; for other types the sections do not play.
    const sections = [{ duration: 1800, files: [item(2)] }];
    expect(checkPlaylist(base({ type: 'BLOCK', maxDuration: 40, sections }), ctx)).toEqual(tooLong);
    expect(checkPlaylist(base({ maxDuration: 40, sections }), ctx).fields).toEqual({});
    // No limit, no check.
    expect(checkPlaylist(base({ maxDuration: null, files: [item(3, 7 * DAY)] }), ctx).fields).toEqual({});
  });

  it('refuses a playlist without broadcasting time on fromTime', () => {
    const none = { fields: { fromTime: PLAYLIST_MESSAGES.noTimeWindow }, suggestions: [] };
    expect(checkPlaylist(base({ fromTime: null, toTime: null }), ctx)).toEqual(none);
    expect(checkPlaylist(base({ fromTime: '10:00:00', toTime: '10:00:00' }), ctx)).toEqual(none);
    // No periodicity check without a window.
    expect(checkPlaylist(ad({ fromTime: null, toTime: null, periodicity: 1 }), ctx)).toEqual(none);
    // The second window alone is enough.
    expect(
      checkPlaylist(base({ fromTime: null, toTime: null, fromTime2: '10:00:00', toTime2: '11:00:00' }), ctx)
        .fields,
    ).toEqual({});
  });

  it('checks a Timetable interval against the longest item and the daily time', () => {
    // Longest item: the 30-second video.
    expect(checkPlaylist(ad({ periodicity: 30 }), ctx).fields).toEqual({});
    expect(checkPlaylist(ad({ periodicity: 29 }), ctx)).toEqual({
      fields: { periodicity: PLAYLIST_MESSAGES.aboveMaximum },
      suggestions: [],
    });
    // An image set to a minute makes the slot a minute.
    expect(checkPlaylist(ad({ periodicity: 59, files: [item(1), item(3, 60)] }), ctx).fields).toEqual({
      periodicity: PLAYLIST_MESSAGES.aboveMaximum,
    });
    expect(checkPlaylist(ad({ periodicity: 3601, fromTime: '08:00:00', toTime: '09:00:00' }), ctx)).toEqual({
      fields: { periodicity: PLAYLIST_MESSAGES.belowMinimum },
      suggestions: [],
    });
    expect(
      checkPlaylist(ad({ periodicity: 3600, fromTime: '08:00:00', toTime: '09:00:00' }), ctx).fields,
    ).toEqual({});
    // Non-advertising playlists have no periodicity rule.
    expect(checkPlaylist(base({ periodicity: 1, files: [item(1)] }), ctx).fields).toEqual({});
  });

  it('checks a Playbacks quantity with suggestions on periodicity', () => {
    const shows = (overrides: Partial<PlaylistRulesInput>) => ad({ scheduleMode: 'SHOWS', ...overrides });
    expect(checkPlaylist(shows({ periodicity: 2880 }), ctx)).toEqual({ fields: {}, suggestions: [] });
    expect(checkPlaylist(shows({ periodicity: 2881 }), ctx)).toEqual({
      fields: { periodicity: PLAYLIST_MESSAGES.aboveMaximum },
      suggestions: [2880],
    });
    expect(checkPlaylist(shows({ periodicity: 2850 }), ctx)).toEqual({
      fields: { periodicity: PLAYLIST_MESSAGES.unreachable },
      suggestions: [2541, 2618, 2700, 2787, 2880],
    });
    // 11 days (2026-11-22 .. 2026-12-02) on 4 screens: at least 44 over the network.
    const network = shows({ limitationType: 'QUANTUTY_PER_NETWORK' });
    expect(checkPlaylist({ ...network, periodicity: 43 }, { ...ctx, screens: 4 })).toEqual({
      fields: { periodicity: PLAYLIST_MESSAGES.belowMinimum },
      suggestions: [44],
    });
    expect(checkPlaylist({ ...network, periodicity: 44 }, { ...ctx, screens: 4 }).fields).toEqual({});
    expect(checkPlaylist({ ...network, periodicity: 2880 * 44 }, { ...ctx, screens: 4 }).fields).toEqual({});
    // Only Sundays: 2026-11-22 and 2026-11-29, so the period quantity goes by twos.
    const sundays = shows({ limitationType: 'QUANTUTY_PER_PL_DURATION', weekDays: [0] });
    expect(checkPlaylist({ ...sundays, periodicity: 1 }, ctx)).toEqual({
      fields: { periodicity: PLAYLIST_MESSAGES.belowMinimum },
      suggestions: [2],
    });
    expect(checkPlaylist({ ...sundays, periodicity: 3 }, ctx)).toEqual({
      fields: { periodicity: PLAYLIST_MESSAGES.unreachable },
      suggestions: [2, 4, 6, 8, 10],
    });
    expect(checkPlaylist({ ...sundays, periodicity: 4 }, ctx).fields).toEqual({});
  });

  it('skips the periodicity check while the dates are wrong', () => {
    expect(
      checkPlaylist(
        ad({ scheduleMode: 'SHOWS', periodicity: 99_999_999, toDate: '2026-11-01 00:00:00' }),
        ctx,
      ),
    ).toEqual({ fields: { toDate: PLAYLIST_MESSAGES.endBeforeStart }, suggestions: [] });
  });

  it('reports several problems at once', () => {
    const p = base({
      type: 'BLOCK',
      toDate: '2026-11-01 00:00:00',
      fromTime: null,
      maxDuration: 5,
      sections: [{ duration: 4000, files: [item(1)] }],
    });
    expect(checkPlaylist(p, ctx)).toEqual({
      fields: {
        toDate: PLAYLIST_MESSAGES.endBeforeStart,
        fromTime: PLAYLIST_MESSAGES.noTimeWindow,
        files: PLAYLIST_MESSAGES.tooLong,
        sections: PLAYLIST_MESSAGES.sectionsExceedBlock,
      },
      suggestions: [],
    });
  });

  it('treats every quota kind the same way for a single screen and day', () => {
    const oneDay = { fromDate: '2026-11-22 00:00:00', toDate: '2026-11-22 23:59:59' };
    for (const kind of QUOTA_KINDS) {
      const p = ad({ ...oneDay, scheduleMode: 'SHOWS', limitationType: kind, periodicity: 2850 });
      expect(checkPlaylist(p, ctx).suggestions, kind).toEqual([2541, 2618, 2700, 2787, 2880]);
    }
  });
});

describe('expirationOf', () => {
  const now = '2026-11-22 12:00:00';

  it('is ACTIVE beyond three days', () => {
    expect(expirationOf('2026-11-25 12:00:01', now)).toBe('ACTIVE');
    expect(expirationOf('2027-01-01 00:00:00', now)).toBe('ACTIVE');
  });

  it('is EXPIRING from three days down to the very second', () => {
    expect(expirationOf('2026-11-25 12:00:00', now)).toBe('EXPIRING');
    expect(expirationOf('2026-11-25 11:59:59', now)).toBe('EXPIRING');
    expect(expirationOf('2026-11-22 12:00:01', now)).toBe('EXPIRING');
    expect(expirationOf('2026-11-22 12:00:00', now)).toBe('EXPIRING');
  });

  it('is EXPIRED once the end has passed', () => {
    expect(expirationOf('2026-11-22 11:59:59', now)).toBe('EXPIRED');
    expect(expirationOf('2020-01-01 00:00:00', now)).toBe('EXPIRED');
  });

  it('counts real calendar days across month ends and leap days', () => {
    expect(expirationOf('2024-03-02 00:00:00', '2024-02-28 00:00:00')).toBe('EXPIRING');
    expect(expirationOf('2024-03-02 00:00:01', '2024-02-28 00:00:00')).toBe('ACTIVE');
    expect(expirationOf('2026-03-03 00:00:00', '2026-02-28 00:00:00')).toBe('EXPIRING');
    expect(expirationOf('2026-03-03 00:00:01', '2026-02-28 00:00:00')).toBe('ACTIVE');
    expect(expirationOf('2027-01-01 23:59:59', '2026-12-29 23:59:59')).toBe('EXPIRING');
  });

  it('marks a new playlist ACTIVE, and EXPIRING on its last days', () => {
    const p = newPlaylistDefaults(NOW);
    expect(expirationOf(p.toDate, formatWall(NOW))).toBe('ACTIVE');
    expect(expirationOf(p.toDate, '2026-11-29 23:59:59')).toBe('EXPIRING');
    expect(expirationOf(p.toDate, '2026-11-29 23:59:58')).toBe('ACTIVE');
    expect(expirationOf(p.toDate, '2026-12-03 00:00:00')).toBe('EXPIRED');
  });
});

describe('limits of the API format', () => {
  it('names years from 1970 to 9999 only', () => {
    expect(isWallDateTime('1970-01-01 00:00:00')).toBe(true);
    expect(isWallDateTime('9999-12-31 23:59:59')).toBe(true);
    expect(isWallDateTime('1969-12-31 23:59:59')).toBe(false);
    expect(isWallDateTime('0000-01-01 00:00:00')).toBe(false);
  });

  it('holds a block to its sections and other types to their own files', () => {
    const base = {
      ...newPlaylistDefaults(new Date(2026, 10, 22)),
      maxDuration: 20,
      files: [{ fileId: 1, duration: 60 }],
      sections: [{ duration: 1800, files: [{ fileId: 2, duration: 10 }] }],
    };
    const ctx = { mediaDuration: () => null, screens: 1 };
    expect(checkPlaylist({ ...base, type: 'BLOCK' }, ctx).fields).toEqual({});
    expect(checkPlaylist({ ...base, type: 'BACKGROUND' }, ctx).fields).toEqual({
      files: PLAYLIST_MESSAGES.tooLong,
    });
  });
});
