import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random.js';
import {
  DEFAULT_TARIFF_PLANS,
  billableScreens,
  billingState,
  chargeLines,
  dayCost,
  daysInMonth,
  discounts,
  formatMinor,
  mulDiv,
  neutralFrom,
  storageAllowance,
  parseMinor,
  runwayDays,
  RUNWAY_HORIZON_DAYS,
  switchDifference,
  tariffAllowing,
  type TariffPlan,
} from './index.js';

const plan = (id: TariffPlan['id']) => DEFAULT_TARIFF_PLANS.find((p) => p.id === id)!;
const none = { screens: 1, yearly: false, nonCommercialPercent: 0 };

describe('money', () => {
  it('multiplies and divides in integers, rounding half to even', () => {
    expect(mulDiv(1000, 20, 30)).toBe(667); // $10 × 20/30 = $6.67
    expect(mulDiv(5, 1, 2)).toBe(2);
    expect(mulDiv(15, 1, 2)).toBe(8);
    expect(mulDiv(-15, 1, 2)).toBe(-8);
    expect(mulDiv(1, 1, 3)).toBe(0);
    expect(() => mulDiv(1, 1, 0)).toThrow(RangeError);
  });

  it('reads and writes amounts without floats', () => {
    expect(formatMinor(123456)).toBe('1234.56');
    expect(formatMinor(-5)).toBe('-0.05');
    expect(parseMinor('12.3')).toBe(1230);
    expect(parseMinor('12,34')).toBe(1234);
    expect(parseMinor('0.001')).toBeNull();
    expect(parseMinor('1e3')).toBeNull();
    expect(parseMinor('')).toBeNull();
  });
});

describe('charges', () => {
  it('takes the discounts off one after another: 1,000 screens, yearly, 50 % non-commercial pay 0.2975', () => {
    const terms = { screens: 1000, yearly: true, nonCommercialPercent: 50 };
    expect(discounts(terms).map((d) => [d.kind, d.bp])).toEqual([
      ['volume', 3000],
      ['yearly', 1500],
      ['nonCommercial', 5000],
    ]);
    const lines = chargeLines(plan('enterprise'), '2026-06-10', 1000, terms);
    // 1,000 screen-days of 22.00 a month in a 30-day month: 733.33 a day.
    expect(lines.base).toBe(73333);
    expect(lines.discounts.map((d) => d.amount)).toEqual([22000, 7700, 21816]);
    expect(lines.total).toBe(73333 - 22000 - 7700 - 21816);
    // The same as the product of the factors, to the cent.
    expect(lines.total).toBe(mulDiv(73333, 2975, 10000));
    // Each line on its own, and adding them would have given 95 % off instead.
    expect(lines.total).toBeGreaterThan(mulDiv(lines.base, 500, 10000));
  });

  it('charges a screen-day its share of the month, free slots excluded', () => {
    const pro = plan('pro');
    expect(daysInMonth('2026-02-10')).toBe(28);
    expect(daysInMonth('2028-02-10')).toBe(29);
    expect(billableScreens(pro, 1)).toBe(0);
    expect(dayCost(pro, '2026-06-10', 1, none)).toBe(0);
    expect(dayCost(pro, '2026-06-10', 2, none)).toBe(60); // 18.00 / 30
    // A whole month of one billable screen costs the monthly price, give or take the daily rounding.
    let month = 0;
    for (let d = 1; d <= 30; d++) month += dayCost(pro, `2026-06-${String(d).padStart(2, '0')}`, 2, none);
    expect(month).toBe(1800);
  });

  it('lines always add up, never below zero, over random terms', () => {
    const r = seededRandom(7);
    for (let i = 0; i < 2000; i++) {
      const p = DEFAULT_TARIFF_PLANS[Math.floor(r() * DEFAULT_TARIFF_PLANS.length)]!;
      const screens = Math.floor(r() * 3000);
      const terms = { screens, yearly: r() < 0.5, nonCommercialPercent: Math.floor(r() * 80) };
      const day = `2026-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-0${1 + Math.floor(r() * 9)}`;
      const lines = chargeLines(p, day, billableScreens(p, screens), terms);
      expect(lines.base - lines.discounts.reduce((s, d) => s + d.amount, 0)).toBe(lines.total);
      expect(lines.total).toBeGreaterThanOrEqual(0);
      expect(lines.total).toBeLessThanOrEqual(lines.base);
      for (const d of lines.discounts) expect(Number.isInteger(d.amount)).toBe(true);
    }
  });

  it('says how long the funds last, and what a tariff switch costs for the rest of the month', () => {
    const pro = plan('pro');
    const terms = { screens: 11, yearly: false, nonCommercialPercent: 0 };
    // 10 billable screens at 18.00: 6.00 a day in June.
    expect(dayCost(pro, '2026-06-01', 11, terms)).toBe(600);
    expect(runwayDays(3000, pro, 11, terms, '2026-06-01')).toBe(5);
    expect(runwayDays(2999, pro, 11, terms, '2026-06-01')).toBe(4);
    expect(runwayDays(0, plan('free'), 2, terms, '2026-06-01')).toBeNull();
    // A balance beyond the horizon lasts 'more than' it: days that cost something are never 'nothing to pay'.
    expect(runwayDays(600 * 4000, pro, 11, terms, '2026-06-01')).toBe(RUNWAY_HORIZON_DAYS);
    const more = switchDifference(pro, plan('proPlus'), 11, terms, '2026-06-21');
    // 10 days left of June, 10 screens, 3.00 more a month each: 10.00 more.
    expect(more).toBe(1000);
    expect(switchDifference(plan('proPlus'), pro, 11, terms, '2026-06-21')).toBe(-1000);
  });

  it('offers no default tariff that another gives as much as or more of for no higher price', () => {
    // Non-commercial is for those who qualify, Audio plays sound only: the others are one ladder.
    const ladder = DEFAULT_TARIFF_PLANS.filter((p) => p.id !== 'nonCommercial' && !p.audioOnly);
    const room = (p: TariffPlan) => p.screenLimit ?? Infinity;
    for (const a of ladder)
      for (const b of ladder) {
        if (a === b) continue;
        const asGood =
          b.monthlyPrice <= a.monthlyPrice &&
          room(b) >= room(a) &&
          b.storagePerScreen >= a.storagePerScreen &&
          a.features.every((f) => b.features.includes(f));
        expect(asGood, `${b.id} gives all of ${a.id} for no more`).toBe(false);
      }
    expect(ladder.map((p) => p.id)).toEqual(['free', 'pro', 'proPlus', 'enterprise']);
    expect(ladder.map((p) => p.monthlyPrice)).toEqual(
      [...ladder.map((p) => p.monthlyPrice)].sort((x, y) => x - y),
    );
  });

  it('names the cheapest tariff that allows a feature or a number of screens', () => {
    expect(tariffAllowing(DEFAULT_TARIFF_PLANS, { feature: 'walls' })?.id).toBe('nonCommercial');
    expect(tariffAllowing(DEFAULT_TARIFF_PLANS, { screens: 3, feature: 'video' })?.id).toBe('pro');
    expect(tariffAllowing(DEFAULT_TARIFF_PLANS, { screens: 5000, feature: 'ssp' })?.id).toBe('enterprise');
  });
});

describe('lock', () => {
  const now = new Date('2026-06-10T12:00:00Z');
  const facts = { billingOff: false, blocked: false, unpaidSince: null, graceDays: 3, now };
  it('locks when the funds fail to pay, goes dark after the grace, and the admin block wins', () => {
    expect(billingState(facts)).toBe('active');
    expect(billingState({ ...facts, unpaidSince: new Date('2026-06-09T00:00:00Z') })).toBe('locked');
    expect(billingState({ ...facts, unpaidSince: new Date('2026-06-07T00:00:00Z') })).toBe('dark');
    expect(billingState({ ...facts, blocked: true })).toBe('blocked');
    expect(billingState({ ...facts, billingOff: true, unpaidSince: new Date(0) })).toBe('off');
  });
  it('shows the neutral slide from the end of the grace, at once when blocked, never while paying', () => {
    const unpaid = new Date('2026-06-09T10:00:00Z');
    expect(neutralFrom({ ...facts, unpaidSince: unpaid })?.toISOString()).toBe('2026-06-12T10:00:00.000Z');
    expect(neutralFrom({ ...facts, unpaidSince: unpaid, graceDays: 0 })).toEqual(unpaid);
    expect(neutralFrom({ ...facts, blocked: true })).toEqual(new Date(0));
    expect(neutralFrom(facts)).toBeNull();
    expect(neutralFrom({ ...facts, billingOff: true, unpaidSince: unpaid })).toBeNull();
  });
  it('gives storage per screen slot, free slots counted, one at least', () => {
    const free = plan('free');
    expect(storageAllowance(free, 0)).toBe(free.storagePerScreen * free.freeSlots);
    expect(storageAllowance(free, 5)).toBe(free.storagePerScreen * 5);
    expect(storageAllowance(plan('audio'), 0)).toBe(plan('audio').storagePerScreen);
  });
});
