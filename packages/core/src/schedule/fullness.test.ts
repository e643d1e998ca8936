import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random.js';
import { addDays, zoneDay } from '../zone.js';
import { planDays, prepareDay, signatureOf } from './day.js';
import { dayClasses, planFullness, SharedDays } from './fullness.js';
import { schedulePlaylist, scheduleScreen } from './fixtures.js';
import { DATES, randomInput, ZONES } from './random-fixtures.js';
import type { ScheduleInput } from './types.js';

/**
 * A fleet of one reading: screens in every zone, each with a random share of one pool of playlists (so a
 * playlist id stands for one content, as in a reading of the database), some with equal playlists.
 */
function fleet(seed: number): { screens: ScheduleInput[]; date: string } {
  const r = seededRandom(seed);
  const { input: base, date } = randomInput(r);
  const pool = [...base.playlists, ...randomInput(r).input.playlists.map((p) => ({ ...p, id: p.id + 100 }))];
  const screens = Array.from({ length: 12 }, (_, i) => {
    const { input } = randomInput(r);
    const playlists = i % 3 === 0 ? pool : pool.filter(() => r() < 0.6);
    return {
      screen: { ...input.screen, id: i + 1, timezone: ZONES[i % ZONES.length]! },
      playlists,
    };
  });
  // Screens with the same settings but for their zone and id: the ones a shared plan serves.
  for (let i = 0; i < 6; i++)
    screens.push({ screen: { ...screens[0]!.screen, id: 50 + i, timezone: ZONES[i]! }, playlists: pool });
  return { screens, date };
}

describe('fullness shared across the screens of one reading', () => {
  it('gives every screen the spans and shortfall it has planned alone', () => {
    let hits = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const { screens, date } = fleet(seed * 7919);
      const shared = new SharedDays();
      for (const input of screens) {
        const from = addDays(date, -2);
        expect(planFullness(input, from, 5, shared), `seed ${seed}, screen ${input.screen.id}`).toEqual(
          planFullness(input, from, 5),
        );
      }
      hits += shared.hits;
    }
    // Not vacuously: screens did take days planned for others.
    expect(hits).toBeGreaterThan(100);
  }, 60_000);

  it('plans a day once for screens alike in every zone, and apart where chance is seeded by screen', () => {
    const date = DATES[3]!; // 2026-06-10: no zone changes its clock
    const ad = (id: number, filesOrder: 'ASC' | 'RANDOM') =>
      schedulePlaylist({
        id,
        type: 'ADVERTISING',
        filesOrder,
        periodicity: 120,
        items: [
          { fileId: 1, seconds: 15 },
          { fileId: 2, seconds: 40 },
        ],
      });
    const screensOf = (filesOrder: 'ASC' | 'RANDOM') =>
      ZONES.map((timezone, i) => ({
        screen: scheduleScreen({ id: i + 1, timezone, workFrom: '08:00:00', workTo: '20:00:00' }),
        playlists: [ad(1, filesOrder), ad(2, 'ASC')],
      }));
    const fixed = new SharedDays();
    for (const input of screensOf('ASC')) planFullness(input, date, 1, fixed);
    expect({ planned: fixed.planned, hits: fixed.hits }).toEqual({ planned: 1, hits: ZONES.length - 1 });
    const random = new SharedDays();
    for (const input of screensOf('RANDOM')) planFullness(input, date, 1, random);
    expect({ planned: random.planned, hits: random.hits }).toEqual({ planned: ZONES.length, hits: 0 });
  });
});

/** A random input without what makes every day its own (dated files, quotas over a period's days). */
function undated(seed: number): { input: ScheduleInput; date: string } {
  const { input, date } = randomInput(seededRandom(seed));
  const playlists = input.playlists.map((p) => ({
    ...p,
    items: p.items.map((item) => ({ ...item, when: null })),
    sections: p.sections.map((section) => ({
      ...section,
      items: section.items.map((item) => ({ ...item, when: null })),
    })),
    limitationType: 'QUANTUTY_PER_DAY' as const,
    quotas: p.quotas.map((q) => ({ ...q, kind: 'QUANTUTY_PER_DAY' as const })),
  }));
  return { input: { ...input, playlists }, date };
}

describe('days of one class', () => {
  it('prepare alike: the same class is the same signature, across clock changes and period ends', () => {
    let classed = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const { input, date } = undated(seed * 6151);
      const classOf = dayClasses(input);
      const seen = new Map<string, string>();
      for (let i = -4; i < 6; i++) {
        const day = addDays(date, i);
        const dayClass = classOf(zoneDay(input.screen.timezone, day));
        if (dayClass === null) continue;
        const signature = signatureOf(prepareDay(input, day));
        const before = seen.get(dayClass);
        if (before !== undefined) {
          classed++;
          expect(signature, `seed ${seed}, ${day}`).toBe(before);
        } else seen.set(dayClass, signature);
      }
    }
    expect(classed).toBeGreaterThan(300);
  });

  it("give each day its own plan's working time and advertising", () => {
    for (let seed = 1; seed <= 40; seed++) {
      const { input, date } = undated(seed * 3571);
      const from = addDays(date, -3);
      const plans = planDays(input, from, 8, { timeline: false });
      const { spans } = planFullness(input, from, 8);
      const perDay = spans.flatMap((s) => Array.from({ length: s.days }, () => [s.capacity, s.advertising]));
      expect(perDay, `seed ${seed}`).toEqual(plans.map((p) => [p.capacity, p.advertising]));
    }
  }, 60_000);
});
