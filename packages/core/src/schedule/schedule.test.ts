import { describe, expect, it } from 'vitest';
import {
  fullnessOver,
  fullnessSpans,
  planFullness,
  SHORTFALL_REASONS,
  spansOver,
  usesNetworkShare,
  NO_SHARE,
  planDay,
  planDays,
  fullnessOf,
  shareOf,
  summarizeByFile,
  UNPLANNED_REASONS,
  type DayPlan,
  type ScheduleEntry,
  type ScheduleInput,
  type SchedulePlaylist,
  type ScheduleScreen,
} from './index.js';
import { scheduleScreen, schedulePlaylist } from './fixtures.js';
import { pad, randomInput } from './random-fixtures.js';
import { seededRandom } from '../random.js';
import { insideGeofence } from '../geo.js';
import { daySpans } from '../broadcast-time.js';
import { timeSeconds, wallSeconds } from '../wall-time.js';
import { ZoneDay, addDays, zoneOffset, wallToInstant, dateWall, localDateTime } from '../zone.js';

const H = 3_600_000;

const screen = scheduleScreen;
const playlist = schedulePlaylist;

const input = (playlists: SchedulePlaylist[], over: Partial<ScheduleScreen> = {}): ScheduleInput => ({
  screen: screen(over),
  playlists,
});
const of = (plan: DayPlan, id: number): ScheduleEntry[] => plan.entries.filter((e) => e.playlistId === id);
const DAY = '2026-06-10'; // a Wednesday
const t0 = Date.UTC(2026, 5, 10);

describe('zones', () => {
  it('turns wall times into instants, DST days included', () => {
    expect(
      new ZoneDay('Europe/Berlin', '2026-03-29').end - new ZoneDay('Europe/Berlin', '2026-03-29').start,
    ).toBe(23 * H);
    expect(
      new ZoneDay('Europe/Berlin', '2026-10-25').end - new ZoneDay('Europe/Berlin', '2026-10-25').start,
    ).toBe(25 * H);
    expect(new ZoneDay('Europe/Berlin', '2026-06-10').start).toBe(Date.UTC(2026, 5, 9, 22));
    // 02:30 does not exist on the spring-forward day: it is read as 03:30 summer time.
    expect(wallToInstant('Europe/Berlin', Date.UTC(2026, 2, 29, 2, 30))).toBe(Date.UTC(2026, 2, 29, 1, 30));
    // 02:30 happens twice on the fall-back day: the first one.
    expect(wallToInstant('Europe/Berlin', Date.UTC(2026, 9, 25, 2, 30))).toBe(Date.UTC(2026, 9, 25, 0, 30));
    expect(zoneOffset('Asia/Kolkata', t0)).toBe(5.5 * H);
    expect(new ZoneDay('America/New_York', '2026-11-01').at(12 * 3600)).toBe(Date.UTC(2026, 10, 1, 17));
  });

  it('reads an instant on a local clock, in UTC for a zone the runtime does not know', () => {
    const at = Date.UTC(2026, 9, 25, 0, 59, 59, 900);
    expect(localDateTime('Europe/Kyiv', at)).toBe('2026-10-25 03:59:59');
    expect(localDateTime('Europe/Kyiv', at + 3600_000)).toBe('2026-10-25 03:59:59');
    expect(localDateTime('Asia/Kolkata', at)).toBe('2026-10-25 06:29:59');
    expect(localDateTime('Mars/Olympus_Mons', at)).toBe('2026-10-25 00:59:59');
    expect(localDateTime(null, at)).toBe('2026-10-25 00:59:59');
  });
});

describe('planDay', () => {
  it('fills the whole day with background in order, the last file cut at midnight', () => {
    const p = playlist({
      items: [
        { fileId: 1, seconds: 7 },
        { fileId: 2, seconds: 10 },
      ],
    });
    const plan = planDay(input([p]), DAY);
    expect(plan.start).toBe(t0);
    expect(plan.capacity).toBe(24 * H);
    expect(plan.entries[0]).toMatchObject({ start: t0, end: t0 + 7000, fileId: 1 });
    expect(plan.entries[1]).toMatchObject({ start: t0 + 7000, end: t0 + 17000, fileId: 2 });
    for (let i = 1; i < plan.entries.length; i++)
      expect(plan.entries[i]!.start).toBe(plan.entries[i - 1]!.end);
    expect(plan.entries.at(-1)!.end).toBe(t0 + 24 * H);
    expect(plan.entries.at(-1)!.cut).toBe(true);
    expect(plan.advertising).toBe(0);
    expect(plan.unplanned).toEqual([]);
  });

  it('spaces periodic shows by the interval on the active clock and fills around them', () => {
    const bg = playlist({ items: [{ fileId: 9, seconds: 35 }] });
    const ad = playlist({
      type: 'ADVERTISING',
      fromTime: '10:00:00',
      toTime: '11:00:00',
      periodicity: 300,
      items: [
        { fileId: 1, seconds: 15 },
        { fileId: 2, seconds: 20 },
      ],
    });
    const plan = planDay(input([bg, ad]), DAY);
    const shows = of(plan, ad.id);
    expect(shows).toHaveLength(12);
    shows.forEach((s, k) => {
      expect(s.start).toBe(t0 + 10 * H + k * 300_000);
      expect(s.fileId).toBe(k % 2 === 0 ? 1 : 2);
      expect(s.cut).toBe(false);
    });
    // Background is cut where a show starts and resumes after it.
    const cutBefore = plan.entries.find((e) => e.end === shows[0]!.start)!;
    expect(cutBefore).toMatchObject({ playlistId: bg.id, cut: true });
    expect(plan.entries.find((e) => e.start === shows[0]!.end)!.playlistId).toBe(bg.id);
    expect(plan.advertising).toBe(6 * 15000 + 6 * 20000);
  });

  it('two windows make one active clock: shows carry over from the first window to the second', () => {
    const ad = playlist({
      type: 'ADVERTISING',
      fromTime: '08:00:00',
      toTime: '08:10:00',
      fromTime2: '12:00:00',
      toTime2: '12:10:00',
      periodicity: 240,
      items: [{ fileId: 1, seconds: 10 }],
    });
    const shows = of(planDay(input([ad]), DAY), ad.id).map((s) => (s.start - t0) / 1000);
    // 1200 s of active time, one show each 240 s: five shows, the third and later in the second window.
    expect(shows).toEqual([8 * 3600, 8 * 3600 + 240, 8 * 3600 + 480, 12 * 3600 + 120, 12 * 3600 + 360]);
  });

  it('places shows due together one after another, older playlist first', () => {
    const a = playlist({
      type: 'ADVERTISING',
      items: [{ fileId: 1, seconds: 30 }],
      fromTime: '09:00:00',
      toTime: '10:00:00',
    });
    const b = playlist({
      type: 'ADVERTISING',
      items: [{ fileId: 2, seconds: 30 }],
      fromTime: '09:00:00',
      toTime: '10:00:00',
    });
    const plan = planDay(input([b, a]), DAY);
    expect(plan.entries[0]).toMatchObject({ playlistId: a.id, start: t0 + 9 * H });
    expect(plan.entries[1]).toMatchObject({ playlistId: b.id, start: t0 + 9 * H + 30_000 });
  });

  it('never plays the same ad twice in a row', () => {
    const window = { fromTime: '09:00:00', toTime: '10:00:00' };
    const a = playlist({ type: 'ADVERTISING', items: [{ fileId: 5, seconds: 30 }], ...window });
    const b = playlist({ type: 'ADVERTISING', items: [{ fileId: 5, seconds: 30 }], ...window });
    const plan = planDay(input([a, b]), DAY);
    expect(of(plan, a.id)).toHaveLength(12);
    expect(of(plan, b.id)).toHaveLength(0);
    expect(plan.unplanned).toEqual([{ playlistId: b.id, fileId: 5, reason: 'REPEAT', shows: 12 }]);
    // With another file to play, the playlist plays that one instead.
    const c = playlist({
      type: 'ADVERTISING',
      items: [
        { fileId: 5, seconds: 30 },
        { fileId: 6, seconds: 30 },
      ],
      ...window,
    });
    const plan2 = planDay(input([a, c]), DAY);
    expect(of(plan2, c.id).map((e) => e.fileId)).toEqual(Array(12).fill(6));
  });

  it('in a crowd of shows of one file, lets a show of another file go first every time it is due', () => {
    // Fifty playlists of one file due together (as a fleet of copies of one playlist), and one of another
    // file: each turn, the other file goes between two shows of the crowd's; the rest of the crowd waits.
    const window = { fromTime: '09:00:00', toTime: '09:10:00', periodicity: 300 };
    const crowd = Array.from({ length: 50 }, (_, i) =>
      playlist({ id: 100 + i, type: 'ADVERTISING', items: [{ fileId: 5, seconds: 30 }], ...window }),
    );
    const other = playlist({ id: 500, type: 'ADVERTISING', items: [{ fileId: 6, seconds: 30 }], ...window });
    const plan = planDay(input([other, ...crowd]), DAY);
    const at = (minutes: number, seconds: number) => t0 + 9 * H + minutes * 60_000 + seconds * 1000;
    expect(plan.entries.map((e) => [e.playlistId, e.start])).toEqual([
      [100, at(0, 0)],
      [500, at(0, 30)],
      [101, at(1, 0)],
      [100, at(5, 0)],
      [500, at(5, 30)],
      [101, at(6, 0)],
    ]);
    expect(plan.unplanned).toEqual(
      crowd.slice(2).map((p) => ({ playlistId: p.id, fileId: 5, reason: 'REPEAT', shows: 2 })),
    );
  });

  it('reports shows that find no room before their next show is due', () => {
    const window = { fromTime: '09:00:00', toTime: '09:10:00', periodicity: 60 };
    const a = playlist({ type: 'ADVERTISING', items: [{ fileId: 1, seconds: 40 }], ...window });
    const b = playlist({ type: 'ADVERTISING', items: [{ fileId: 2, seconds: 40 }], ...window });
    const plan = planDay(input([a, b]), DAY);
    const placed = plan.entries.length;
    const lost = plan.unplanned.reduce((sum, u) => sum + u.shows, 0);
    expect(placed + lost).toBe(20);
    expect(lost).toBeGreaterThan(0);
    expect(plan.unplanned.every((u) => u.reason === 'NO_ROOM' || u.reason === 'REPEAT')).toBe(true);
    // Each playlist's shows alternate with the other's: none follows itself.
    for (let i = 1; i < plan.entries.length; i++) {
      expect(plan.entries[i]!.fileId).not.toBe(plan.entries[i - 1]!.fileId);
    }
  });

  it('Playbacks mode derives the interval from the number of shows', () => {
    const ad = playlist({
      type: 'ADVERTISING',
      scheduleMode: 'SHOWS',
      periodicity: 24,
      limitationType: 'QUANTUTY_PER_DAY',
      items: [{ fileId: 1, seconds: 10 }],
    });
    const shows = of(planDay(input([ad]), DAY), ad.id);
    expect(shows).toHaveLength(24);
    expect(shows[1]!.start - shows[0]!.start).toBe(H);
  });

  it('spreads a quantity per broadcasting period over its days, and per network over its screens', () => {
    const period = { fromDate: '2026-06-10 00:00:00', toDate: '2026-06-13 23:59:59' };
    const ad = playlist({
      type: 'ADVERTISING',
      scheduleMode: 'SHOWS',
      periodicity: 10,
      limitationType: 'QUANTUTY_PER_PL_DURATION',
      items: [{ fileId: 1, seconds: 10 }],
      ...period,
    });
    const days = planDays(input([ad]), '2026-06-09', 6).map((p) => of(p, ad.id).length);
    expect(days).toEqual([0, 2, 3, 2, 3, 0]);
    const net = (index: number): number =>
      planDays(
        input([
          { ...ad, limitationType: 'QUANTUTY_PER_NETWORK', periodicity: 25, share: { screens: 3, index } },
        ]),
        '2026-06-10',
        4,
      ).reduce((sum, p) => sum + of(p, ad.id).length, 0);
    expect([net(0), net(1), net(2)]).toEqual([8, 8, 9]);
    expect(shareOf(25, 3, 0) + shareOf(25, 3, 1) + shareOf(25, 3, 2)).toBe(25);
  });

  it('caps shows with quotas', () => {
    const ad = playlist({
      type: 'ADVERTISING',
      periodicity: 600,
      quotas: [{ kind: 'QUANTUTY_PER_DAY', quantity: 5 }],
      items: [{ fileId: 1, seconds: 10 }],
    });
    const bg = playlist({
      quotas: [{ kind: 'QUANTUTY_PER_DAY', quantity: 3 }],
      items: [{ fileId: 2, seconds: 60 }],
    });
    const plan = planDay(input([ad, bg]), DAY);
    expect(of(plan, ad.id)).toHaveLength(5);
    expect(of(plan, bg.id)).toHaveLength(3);
    expect(plan.unplanned).toContainEqual({
      playlistId: ad.id,
      fileId: null,
      reason: 'QUOTA',
      shows: 144 - 5,
    });
  });

  it('pins block sections; a duplicate section plays the one before it again', () => {
    const block = playlist({
      type: 'BLOCK',
      items: [],
      blockDuration: 3600,
      fromTime: '10:00:00',
      toTime: '12:00:00',
      sections: [
        {
          duration: 1800,
          duplicate: false,
          order: 0,
          repeat: 2,
          items: [
            { fileId: 1, seconds: 300 },
            { fileId: 2, seconds: 200 },
          ],
        },
        { duration: 1800, duplicate: true, order: 1, repeat: 2, items: [] },
      ],
    });
    const bg = playlist({ items: [{ fileId: 9, seconds: 60 }] });
    const plan = planDay(input([bg, block]), DAY);
    const played = of(plan, block.id);
    // Two blocks, two sections each, the two files twice per section.
    expect(played).toHaveLength(16);
    expect(played.slice(0, 4).map((e) => [e.fileId, (e.start - t0) / 1000 - 36000])).toEqual([
      [1, 0],
      [2, 300],
      [1, 500],
      [2, 800],
    ]);
    expect((played[4]!.start - t0) / 1000).toBe(36000 + 1800);
    // The rest of each section is free: background plays there.
    expect(plan.entries.find((e) => e.start === played[3]!.end)!.playlistId).toBe(bg.id);
    expect(plan.advertising).toBe(16 * 250_000);
  });

  it('an older block keeps its sections; an overlapping one is reported', () => {
    const section = {
      duration: 600,
      duplicate: false,
      order: 0,
      repeat: 1,
      items: [{ fileId: 1, seconds: 60 }],
    };
    const a = playlist({
      type: 'BLOCK',
      items: [],
      fromTime: '10:00:00',
      toTime: '11:00:00',
      sections: [section],
    });
    const b = playlist({
      type: 'BLOCK',
      items: [],
      fromTime: '10:05:00',
      toTime: '10:15:00',
      sections: [section],
    });
    const plan = planDay(input([a, b]), DAY);
    expect(of(plan, b.id)).toHaveLength(0);
    expect(plan.unplanned).toEqual([{ playlistId: b.id, fileId: null, reason: 'BLOCK_CONFLICT', shows: 1 }]);
  });

  it('override playlists take the screen in their windows', () => {
    const bg = playlist({ items: [{ fileId: 1, seconds: 10 }] });
    const ad = playlist({
      type: 'ADVERTISING',
      fromTime: '12:00:00',
      toTime: '13:00:00',
      items: [{ fileId: 2, seconds: 10 }],
    });
    const urgent = playlist({
      override: true,
      fromTime: '11:00:00',
      toTime: '14:00:00',
      items: [{ fileId: 3, seconds: 10 }],
    });
    const plan = planDay(input([bg, ad, urgent]), DAY);
    for (const e of plan.entries) {
      const inside = e.start >= t0 + 11 * H && e.start < t0 + 14 * H;
      expect(e.playlistId === urgent.id).toBe(inside);
    }
    expect(plan.unplanned).toEqual([{ playlistId: ad.id, fileId: null, reason: 'OVERRIDDEN', shows: 0 }]);
  });

  it('plays nothing outside the working hours; across midnight they cover the evening and early morning', () => {
    const plan = planDay(
      input([playlist({ items: [{ fileId: 1, seconds: 600 }] })], {
        workFrom: '22:00:00',
        workTo: '06:00:00',
      }),
      DAY,
    );
    expect(plan.capacity).toBe(8 * H);
    for (const e of plan.entries) {
      const h = (e.start - t0) / H;
      expect(h < 6 || h >= 22).toBe(true);
      expect(e.end <= t0 + 6 * H || e.start >= t0 + 22 * H).toBe(true);
    }
    expect(plan.entries.reduce((s, e) => s + e.end - e.start, 0)).toBe(8 * H);
  });

  it('says why a playlist is not planned', () => {
    const list = [
      playlist({ active: false }),
      playlist({ approved: false }),
      playlist({ items: [] }),
      playlist({ toDate: '2026-06-09 23:59:59' }),
      playlist({ weekDays: [0] }),
      playlist({ fromTime: '20:00:00', toTime: '21:00:00' }),
    ];
    const plan = planDay(input(list, { workFrom: '08:00:00', workTo: '18:00:00' }), DAY);
    expect(plan.unplanned.map((u) => u.reason)).toEqual([
      'INACTIVE',
      'NOT_APPROVED',
      'EMPTY',
      'NOT_IN_PERIOD',
      'NOT_ON_WEEKDAY',
      'OUTSIDE_HOURS',
    ]);
    const stopped = planDay(input(list.slice(0, 2), { stopped: true }), DAY);
    expect(stopped.entries).toEqual([]);
    expect(stopped.unplanned.map((u) => u.reason)).toEqual(['BROADCAST_STOPPED', 'BROADCAST_STOPPED']);
  });

  it('starts and ends with the period, to the second', () => {
    const p = playlist({
      fromDate: '2026-06-10 09:30:00',
      toDate: '2026-06-10 09:59:59',
      items: [{ fileId: 1, seconds: 60 }],
    });
    const plan = planDay(input([p]), DAY);
    expect(plan.entries[0]!.start).toBe(t0 + 9.5 * H);
    expect(plan.entries.at(-1)!.end).toBe(t0 + 10 * H);
  });

  it('gathers shows at the start of each commercial cycle', () => {
    const window = { fromTime: '10:00:00', toTime: '11:00:00' };
    const a = playlist({
      type: 'ADVERTISING',
      periodicity: 600,
      items: [{ fileId: 1, seconds: 20 }],
      ...window,
      fromTime: '10:07:00',
    });
    const b = playlist({
      type: 'ADVERTISING',
      periodicity: 900,
      items: [{ fileId: 2, seconds: 20 }],
      ...window,
    });
    const plan = planDay(input([a, b], { commercialCycle: 900 }), DAY);
    const starts = plan.entries.map((e) => (e.start - t0 - 10 * H) / 1000);
    // a is due at 10:07, 10:17, 10:27, 10:37, 10:47: gathered at 10:07 (its start), 10:15, 10:15, 10:30, 10:45;
    // b at 10:00, 10:15, 10:30, 10:45. In the 10:15 break b goes between a's two shows.
    expect(starts).toEqual([0, 420, 900, 920, 940, 1800, 1820, 2700, 2720]);
    expect(plan.entries.slice(2, 5).map((e) => e.playlistId)).toEqual([a.id, b.id, a.id]);
  });

  it('leftover-only content uses only the time regular content leaves', () => {
    const bg = playlist({ fromTime: '08:00:00', toTime: '20:00:00', items: [{ fileId: 1, seconds: 10 }] });
    const left = playlist({
      type: 'ADVERTISING',
      inLeftoversOnly: true,
      periodicity: 3600,
      items: [{ fileId: 2, seconds: 10 }],
    });
    const plan = planDay(input([bg, left]), DAY);
    const shows = of(plan, left.id);
    expect(shows.length).toBeGreaterThan(0);
    for (const s of shows) expect(s.start < t0 + 8 * H || s.start >= t0 + 20 * H).toBe(true);
  });

  it('is deterministic, and random orders differ between screens', () => {
    const items = Array.from({ length: 8 }, (_, i) => ({ fileId: i + 1, seconds: 10 }));
    const p = playlist({ filesOrder: 'RANDOM', items });
    const a = planDay(input([p]), DAY);
    expect(planDay(input([p]), DAY)).toEqual(a);
    const b = planDay(input([p], { id: 2 }), DAY);
    expect(b.entries.slice(0, 8).map((e) => e.fileId)).not.toEqual(
      a.entries.slice(0, 8).map((e) => e.fileId),
    );
    // A shuffle plays every file once per pass.
    expect(new Set(a.entries.slice(0, 8).map((e) => e.fileId)).size).toBe(8);
    const one = planDay(input([playlist({ filesOrder: 'ONEOF', items })]), DAY);
    for (let i = 1; i < 200; i++) expect(one.entries[i]!.fileId).not.toBe(one.entries[i - 1]!.fileId);
  });

  it('DST days have their true length and plan every hour of it', () => {
    const ad = playlist({ type: 'ADVERTISING', periodicity: 3600, items: [{ fileId: 1, seconds: 10 }] });
    const bg = playlist({ items: [{ fileId: 2, seconds: 50 }] });
    for (const [date, hours] of [
      ['2026-03-29', 23],
      ['2026-10-25', 25],
    ] as const) {
      const plan = planDay(input([ad, bg], { timezone: 'Europe/Berlin' }), date);
      expect(plan.end - plan.start).toBe(hours * H);
      expect(of(plan, ad.id)).toHaveLength(hours);
      expect(plan.entries.reduce((s, e) => s + e.end - e.start, 0)).toBe(hours * H);
    }
  });

  it('a file with a schedule of its own starts only in it; outside, its playlist plays the next file', () => {
    const lunch = {
      fromDate: null,
      toDate: null,
      weekDays: [0, 1, 2, 3, 4, 5, 6],
      fromTime: '12:00:00',
      toTime: '14:00:00',
    };
    const p = playlist({
      items: [
        { fileId: 1, seconds: 60 },
        { fileId: 2, seconds: 60, when: lunch },
      ],
    });
    const plan = planDay(input([p]), DAY);
    const menu = plan.entries.filter((e) => e.fileId === 2);
    expect(menu.length).toBe(60);
    for (const e of menu) {
      expect(e.start).toBeGreaterThanOrEqual(t0 + 12 * H);
      expect(e.start).toBeLessThan(t0 + 14 * H);
    }
    // Outside lunch the playlist plays file 1 back to back.
    expect(plan.entries.filter((e) => e.start < t0 + 12 * H).every((e) => e.fileId === 1)).toBe(true);
    expect(plan.unplanned).toEqual([]);
  });

  it('a file resting all day is reported; a playlist whose files all rest rests too', () => {
    const weekend = { fromDate: null, toDate: null, weekDays: [0, 6], fromTime: null, toTime: null };
    const some = playlist({
      items: [
        { fileId: 1, seconds: 10 },
        { fileId: 2, seconds: 10, when: weekend },
      ],
    });
    const all = playlist({ type: 'ADVERTISING', items: [{ fileId: 3, seconds: 10, when: weekend }] });
    const plan = planDay(input([some, all]), DAY);
    expect(plan.entries.every((e) => e.fileId === 1)).toBe(true);
    expect(plan.unplanned).toEqual([
      { playlistId: some.id, fileId: 2, reason: 'FILE_SCHEDULE', shows: 0 },
      { playlistId: all.id, fileId: null, reason: 'FILE_SCHEDULE', shows: 0 },
      { playlistId: all.id, fileId: 3, reason: 'FILE_SCHEDULE', shows: 0 },
    ]);
    // Its dates count too: from a date-time on.
    const later = playlist({
      items: [{ fileId: 4, seconds: 10, when: { ...weekend, weekDays: [3], fromDate: `${DAY} 18:00:00` } }],
    });
    const evening = planDay(input([later]), DAY).entries;
    expect(evening[0]!.start).toBe(t0 + 18 * H);
  });

  it('the interval between items pauses after each background and block item', () => {
    const p = playlist({ interval: 5, items: [{ fileId: 1, seconds: 10 }] });
    const plan = planDay(input([p]), DAY);
    expect(plan.entries[0]).toMatchObject({ start: t0, end: t0 + 10_000 });
    expect(plan.entries[1]).toMatchObject({ start: t0 + 15_000, end: t0 + 25_000 });
    expect(plan.entries.length).toBe(Math.ceil((24 * H) / 15_000));
    const block = playlist({
      type: 'BLOCK',
      interval: 2,
      blockDuration: 60,
      sections: [
        { duration: 60, duplicate: false, order: 0, repeat: 3, items: [{ fileId: 5, seconds: 10 }] },
      ],
    });
    const blocks = planDay(input([block]), DAY).entries.slice(0, 3);
    expect(blocks.map((e) => (e.start - t0) / 1000)).toEqual([0, 12, 24]);
  });

  it('content bound to coordinates plays only on a screen standing inside its circle', () => {
    const fence = { lat: 50.45, lng: 30.52, radius: 2000 };
    const p = playlist({ geofence: fence });
    expect(
      planDay(input([p], { position: { lat: 50.451, lng: 30.521 } }), DAY).entries.length,
    ).toBeGreaterThan(0);
    const away = planDay(input([p], { position: { lat: 50.5, lng: 30.52 } }), DAY);
    expect(away.entries).toEqual([]);
    expect(away.unplanned).toEqual([{ playlistId: p.id, fileId: null, reason: 'OUT_OF_AREA', shows: 0 }]);
    expect(planDay(input([p]), DAY).unplanned[0]!.reason).toBe('OUT_OF_AREA');
  });

  it('a floating playlist fills a lane of its own over the timeline, leaving fullness alone', () => {
    const bg = playlist({ items: [{ fileId: 1, seconds: 30 }] });
    const ad = playlist({ type: 'ADVERTISING', periodicity: 600, items: [{ fileId: 2, seconds: 30 }] });
    const without = planDay(input([bg, ad]), DAY);
    const float = playlist({
      type: 'FLOATING',
      fromTime: '09:00:00',
      toTime: '10:00:00',
      interval: 50,
      items: [{ fileId: 3, seconds: 10 }],
    });
    const plan = planDay(input([bg, ad, float]), DAY);
    expect(plan.entries).toEqual(without.entries);
    expect(plan.advertising).toBe(without.advertising);
    expect(plan.overlays.length).toBe(60);
    expect(plan.overlays[0]).toMatchObject({
      start: t0 + 9 * H,
      end: t0 + 9 * H + 10_000,
      type: 'FLOATING',
      fileId: 3,
    });
    expect(plan.overlays[1]!.start).toBe(t0 + 9 * H + 60_000);
  });

  it("secondary content loops beside its playlist's own content, restarting each loop", () => {
    const bg = playlist({ items: [{ fileId: 1, seconds: 30 }] });
    const ad = playlist({
      type: 'ADVERTISING',
      periodicity: 3600,
      items: [{ fileId: 2, seconds: 45 }],
      secondary: { fileId: 7, seconds: 20 },
    });
    const plan = planDay(input([bg, ad]), DAY);
    const loops = plan.overlays.filter((o) => o.playlistId === ad.id);
    expect(loops.length).toBe(24 * 3);
    expect(loops.slice(0, 3).map((o) => [(o.start - t0) / 1000, (o.end - t0) / 1000, o.cut])).toEqual([
      [0, 20, false],
      [20, 40, false],
      [40, 45, true],
    ]);
    expect(loops.every((o) => o.type === 'LOOP_ITEM' && o.fileId === 7)).toBe(true);
  });

  it('sums the table by files and the fullness', () => {
    const ad = playlist({ type: 'ADVERTISING', periodicity: 360, items: [{ fileId: 1, seconds: 36 }] });
    const plans = planDays(input([ad]), DAY, 2);
    expect(fullnessOf(plans)).toBeCloseTo(0.1, 10);
    const rows = summarizeByFile(plans[0]!.entries);
    expect(rows).toEqual([
      {
        fileId: 1,
        playlistId: ad.id,
        type: 'ADVERTISING',
        shows: 240,
        duration: 240 * 36_000,
        first: t0,
        last: t0 + 239 * 360_000,
      },
    ]);
    expect(planDay(input([ad]), DAY, { timeline: false }).advertising).toBe(plans[0]!.advertising);
  });
});

// ---- property tests ----

/**
 * A day's wall-clock spans as instants, through the zone functions (tested above) only, not through the
 * engine's own interval code.
 */
function instants(timeZone: string, date: string, spans: [number, number][]): [number, number][] {
  const midnight = dateWall(date);
  return spans.map(([s, t]) => [
    wallToInstant(timeZone, midnight + s * 1000),
    wallToInstant(timeZone, midnight + t * 1000),
  ]);
}
const inside = (e: { start: number; end: number }, allowed: [number, number][]): boolean =>
  allowed.some(([a, b]) => e.start >= a && e.end <= b);

describe('schedule properties over random inputs', () => {
  const CASES = Number(process.env.CASES ?? 400);
  it(`holds for ${CASES} random screens and days`, () => {
    for (let seed = 1; seed <= CASES; seed++) {
      const { input: inp, date } = randomInput(seededRandom(seed));
      const plan = planDay(inp, date);
      const tz = inp.screen.timezone;
      const problems: string[] = [];
      const check = (ok: boolean, what: string, e?: ScheduleEntry) => {
        if (!ok && problems.length < 5) problems.push(`${what} ${e ? JSON.stringify(e) : ''}`);
      };
      // The day has its true length.
      check(
        plan.end - plan.start ===
          wallToInstant(tz, dateWall(date) + 86_400_000) - wallToInstant(tz, dateWall(date)),
        'day length',
      );
      const work =
        inp.screen.workFrom && inp.screen.workTo
          ? daySpans({
              fromTime: inp.screen.workFrom,
              toTime: inp.screen.workTo,
              fromTime2: null,
              toTime2: null,
            })
          : [[0, 86400] as [number, number]];
      const byId = new Map(inp.playlists.map((p) => [p.id, p]));
      const workAt = instants(tz, date, work);
      const windowsAt = new Map(inp.playlists.map((p) => [p.id, instants(tz, date, daySpans(p))]));
      const periodAt = new Map(
        inp.playlists.map((p) => [
          p.id,
          [
            wallToInstant(tz, wallSeconds(p.fromDate) * 1000),
            wallToInstant(tz, (wallSeconds(p.toDate) + 1) * 1000),
          ],
        ]),
      );
      const weekday = new Date(dateWall(date)).getUTCDay();
      const counts = new Map<number, number>();
      const regular = (e: ScheduleEntry) => !byId.get(e.playlistId)!.inLeftoversOnly;
      const midnight = dateWall(date);
      /** Whether an item of the playlist playing this file may start at the instant (its own schedule). */
      const mayStart = (p: SchedulePlaylist, e: ScheduleEntry): boolean =>
        [...p.items, ...p.sections.flatMap((x) => x.items)].some((item) => {
          if (item.fileId !== e.fileId) return false;
          const w = item.when;
          if (!w) return true;
          if (!w.weekDays.includes(weekday)) return false;
          if (w.fromDate && e.start < wallToInstant(tz, wallSeconds(w.fromDate) * 1000)) return false;
          if (w.toDate && e.start >= wallToInstant(tz, (wallSeconds(w.toDate) + 1) * 1000)) return false;
          if (w.fromTime === null && w.toTime === null) return true;
          const spans = daySpans({
            fromTime: w.fromTime ?? '00:00:00',
            toTime: w.toTime ?? '23:59:59',
            fromTime2: null,
            toTime2: null,
          });
          return instants(tz, date, spans).some(([a, b]) => e.start >= a && e.start < b);
        });
      void midnight;
      for (const [i, e] of plan.entries.entries()) {
        const p = byId.get(e.playlistId)!;
        counts.set(p.id, (counts.get(p.id) ?? 0) + 1);
        // Sorted and never overlapping.
        check(e.end > e.start, 'empty entry', e);
        const a = plan.entries[i - 1];
        if (a) check(a.end <= e.start, 'overlap', e);
        // Inside the working hours, the playlist's windows and its period; on a chosen weekday.
        check(inside(e, workAt), 'outside working hours', e);
        check(inside(e, windowsAt.get(p.id)!), 'outside windows', e);
        const [from, to] = periodAt.get(p.id)!;
        check(e.start >= from! && e.end <= to!, 'outside period', e);
        check(p.weekDays.includes(weekday), 'weekday', e);
        check(p.active && p.approved, 'inactive played', e);
        if (p.type === 'ADVERTISING') check(!e.cut, 'show cut', e);
        check(e.type === p.type && p.type !== 'FLOATING', 'floating or loop item on the timeline', e);
        check(mayStart(p, e), 'outside its own schedule', e);
        if (p.geofence) check(insideGeofence(inp.screen.position, p.geofence), 'outside its geofence', e);
        // A pause after each background item of a playlist with an interval.
        const b = plan.entries[i + 1];
        if (p.interval && p.type === 'BACKGROUND' && b && b.playlistId === p.id)
          check(b.start - e.end >= p.interval * 1000, 'no pause after an item', e);
        // Never the same ad twice in a row (leftover blocks are planned after regular shows, into their gaps).
        if (a && a.end === e.start && e.type === 'ADVERTISING' && a.fileId === e.fileId) {
          const allowed = a.type === 'BACKGROUND' || (a.type === 'BLOCK' && !regular(a) && regular(e));
          check(allowed, 'same ad twice in a row', e);
        }
      }
      // Over the timeline: floating windows in their playlist's time, never overlapping one another;
      // secondary content only while its playlist's own content plays.
      let lastFloat: ScheduleEntry | null = null;
      let lastLoop: ScheduleEntry | null = null;
      for (const [i, o] of plan.overlays.entries()) {
        const p = byId.get(o.playlistId)!;
        // A floating item counts as a show of its playlist; secondary content does not.
        if (o.type === 'FLOATING') counts.set(p.id, (counts.get(p.id) ?? 0) + 1);
        check(o.end > o.start, 'empty overlay', o);
        const a = plan.overlays[i - 1];
        if (a) check(a.start <= o.start, 'overlays not sorted', o);
        if (o.type === 'FLOATING') {
          check(p.type === 'FLOATING', 'floating type', o);
          check(!lastFloat || lastFloat.end <= o.start, 'floating overlap', o);
          check(inside(o, workAt) && inside(o, windowsAt.get(p.id)!), 'floating outside its time', o);
          check(mayStart(p, o), 'floating outside its own schedule', o);
          lastFloat = o;
        } else {
          check(o.type === 'LOOP_ITEM' && o.fileId === p.secondary?.fileId, 'loop item', o);
          check(!lastLoop || lastLoop.end <= o.start, 'loop overlap', o);
          // Its content's pauses (the playlist's interval) do not end the loop.
          const pause = (p.interval ?? 0) * 1000;
          const own = plan.entries.filter((e) => e.playlistId === p.id);
          check(
            own.some((e) => e.start <= o.start && o.start < e.end + pause),
            'loop item without its content',
            o,
          );
          lastLoop = o;
        }
      }
      for (const p of inp.playlists) {
        // Quotas per day are never exceeded.
        for (const q of p.quotas) {
          if (q.kind === 'QUANTUTY_PER_DAY') check((counts.get(p.id) ?? 0) <= q.quantity, `quota of ${p.id}`);
        }
        // Every playlist either plays or says why not.
        if (!counts.has(p.id))
          check(
            plan.unplanned.some((u) => u.playlistId === p.id),
            `playlist ${p.id} unexplained`,
          );
      }
      for (const u of plan.unplanned)
        check((UNPLANNED_REASONS as readonly string[]).includes(u.reason), u.reason);
      check(
        plan.advertising ===
          plan.entries.filter((e) => e.type !== 'BACKGROUND').reduce((s, e) => s + e.end - e.start, 0),
        'advertising sum',
      );
      check(JSON.stringify(planDay(inp, date)) === JSON.stringify(plan), 'not deterministic');
      expect(problems, `seed ${seed}`).toEqual([]);
    }
  }, 60_000);

  it('fullness over a range, reusing days that plan alike, equals planning every day', () => {
    for (let seed = 1; seed <= 80; seed++) {
      const { input: inp, date } = randomInput(seededRandom(seed * 104729));
      const from = addDays(date, -3);
      const plans = planDays(inp, from, 9, { timeline: false });
      const summed = fullnessOver(inp, from, 9);
      expect(summed, `seed ${seed}`).toEqual({
        capacity: plans.reduce((s, p) => s + p.capacity, 0),
        advertising: plans.reduce((s, p) => s + p.advertising, 0),
      });
    }
  });

  it("names the playlists the first day's plan could not fit, the reasons that are news only", () => {
    let some = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const { input: inp, date } = randomInput(seededRandom(seed * 15485863));
      const [first] = planDays(inp, date, 1, { timeline: false });
      const expected = [
        ...new Set(
          first!.unplanned.filter((u) => SHORTFALL_REASONS.includes(u.reason)).map((u) => u.playlistId),
        ),
      ].sort((a, b) => a - b);
      const { spans, shortfall } = planFullness(inp, date, 5);
      expect(shortfall, `seed ${seed}`).toEqual(expected);
      expect(spans).toEqual(fullnessSpans(inp, date, 5));
      if (shortfall.length) some++;
    }
    // The random inputs do run short: the property is not vacuously true.
    expect(some).toBeGreaterThan(0);
  });

  it("fullness spans give each day its own plan's working time and advertising", () => {
    for (let seed = 1; seed <= 40; seed++) {
      const { input: inp, date } = randomInput(seededRandom(seed * 15485863));
      const from = addDays(date, -2);
      const plans = planDays(inp, from, 10, { timeline: false });
      const spans = fullnessSpans(inp, from, 10);
      const perDay = spans.flatMap((s) => Array.from({ length: s.days }, () => [s.capacity, s.advertising]));
      expect(perDay, `seed ${seed}`).toEqual(plans.map((p) => [p.capacity, p.advertising]));
      const sum = (list: number[][]) =>
        list.reduce((a, [c, adv]) => ({ capacity: a.capacity + c!, advertising: a.advertising + adv! }), {
          capacity: 0,
          advertising: 0,
        });
      expect(spansOver(spans, 3, 5)).toEqual(sum(perDay.slice(3, 8)));
      expect(spansOver(spans, 0, 10)).toEqual(sum(perDay));
      expect(spansOver(spans, 8, 3)).toBeNull();
      expect(spans.map((s) => s.offset)).toEqual(
        spans.map((_, i) => spans.slice(0, i).reduce((n, s) => n + s.days, 0)),
      );
    }
  });

  it('only a per-network count depends on the network share', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const { input: inp, date } = randomInput(seededRandom(seed * 32452843));
      const alone = {
        ...inp,
        playlists: inp.playlists.map((p) => (usesNetworkShare(p) ? p : { ...p, share: NO_SHARE })),
      };
      expect(planDay(alone, date), `seed ${seed}`).toEqual(planDay(inp, date));
    }
    expect(usesNetworkShare(playlist({ quotas: [{ kind: 'QUANTUTY_PER_NETWORK', quantity: 5 }] }))).toBe(
      true,
    );
    expect(usesNetworkShare(playlist({ quotas: [{ kind: 'QUANTUTY_PER_DAY', quantity: 5 }] }))).toBe(false);
  });

  it('a period quota summed over its days never exceeds the quantity', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const r = seededRandom(seed * 7919);
      const days = 1 + Math.floor(r() * 9);
      const quantity = 1 + Math.floor(r() * 400);
      const p = playlist({
        type: 'ADVERTISING',
        periodicity: 120,
        fromDate: '2026-06-10 00:00:00',
        toDate: `${addDays('2026-06-10', days - 1)} 23:59:59`,
        quotas: [{ kind: 'QUANTUTY_PER_PL_DURATION', quantity }],
        items: [{ fileId: 1, seconds: 10 }],
      });
      const played = planDays(input([p]), '2026-06-10', days).reduce((s, d) => s + d.entries.length, 0);
      expect(played).toBe(Math.min(quantity, days * 720));
    }
  });

  it('a fully free screen plays as many shows as the editor promises', () => {
    for (let seed = 1; seed <= 100; seed++) {
      const r = seededRandom(seed * 31);
      const from = Math.floor(r() * 20) * 3600;
      const length = (1 + Math.floor(r() * 4)) * 1800;
      const interval = 30 + Math.floor(r() * 1000);
      const clock = (s: number) => `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:00`;
      const p = playlist({
        type: 'ADVERTISING',
        fromTime: clock(from),
        toTime: clock(from + length),
        periodicity: interval,
        items: [
          { fileId: 1, seconds: Math.min(interval, 30) },
          { fileId: 2, seconds: 20 },
        ].slice(0, interval >= 30 ? 2 : 1),
      });
      const shows = planDay(input([p]), DAY).entries.length;
      expect(shows, `seed ${seed}`).toBe(Math.floor(length / interval));
      expect(timeSeconds(p.toTime!) - timeSeconds(p.fromTime!)).toBe(length);
    }
  });
});
