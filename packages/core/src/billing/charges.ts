/**
 * What a day of screens costs (docs/billing.md): a prepaid ledger charges each screen-day once, at the
 * day's share of the tariff's monthly price (so a screen added or removed mid-month pays for the days it
 * was there), with each discount on its own line, applied one after another (multiplicatively): 1,000
 * screens paid yearly at 50 % non-commercial pay 0.70 × 0.85 × 0.50 = 0.2975 of the list price.
 */
import { BP, mulDiv, type Minor } from './money.js';
import type { TariffPlan } from './tariffs.js';

/** Spec §9: 15 % for 100+ devices, 30 % for 1,000+; 15 % for a one-year payment; up to 50 % non-commercial. */
export const VOLUME_DISCOUNTS: readonly { from: number; bp: number }[] = [
  { from: 1000, bp: 3000 },
  { from: 100, bp: 1500 },
];
export const YEARLY_DISCOUNT_BP = 1500;
export const NON_COMMERCIAL_MAX_PERCENT = 50;

export const DISCOUNT_KINDS = ['volume', 'yearly', 'nonCommercial'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export interface DiscountTerms {
  /** Screens of the cabinet (volume tiers count every screen, free ones too). */
  screens: number;
  /** A one-year payment is running. */
  yearly: boolean;
  /** The extra non-commercial discount the platform admin set, 0 to 50 (percent). */
  nonCommercialPercent: number;
}

/** The discounts that apply, in the order they are taken off. */
export function discounts(terms: DiscountTerms): { kind: DiscountKind; bp: number }[] {
  const out: { kind: DiscountKind; bp: number }[] = [];
  const volume = VOLUME_DISCOUNTS.find((v) => terms.screens >= v.from);
  if (volume) out.push({ kind: 'volume', bp: volume.bp });
  if (terms.yearly) out.push({ kind: 'yearly', bp: YEARLY_DISCOUNT_BP });
  const nc = Math.max(0, Math.min(NON_COMMERCIAL_MAX_PERCENT, Math.floor(terms.nonCommercialPercent)));
  if (nc > 0) out.push({ kind: 'nonCommercial', bp: nc * 100 });
  return out;
}

/** Days of the month a 'YYYY-MM-DD' falls in. */
export function daysInMonth(date: string): number {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export interface ChargeLines {
  /** Screen-days charged (free slots excluded). */
  screens: number;
  /** The list price of those screen-days. */
  base: Minor;
  /** Each discount taken off the amount left after the ones before it (positive amounts). */
  discounts: { kind: DiscountKind; bp: number; amount: Minor }[];
  /** What the day costs: base less the discounts. */
  total: Minor;
}

/**
 * The lines of `screens` billable screen-days on `date`: the base rounded once, then each discount
 * rounded on what is left, so the lines always add up to the total exactly.
 */
export function chargeLines(
  plan: TariffPlan,
  date: string,
  screens: number,
  terms: DiscountTerms,
): ChargeLines {
  const base = mulDiv(plan.monthlyPrice, screens, daysInMonth(date));
  let left = base;
  const lines = discounts(terms).map(({ kind, bp }) => {
    const amount = mulDiv(left, bp, BP);
    left -= amount;
    return { kind, bp, amount };
  });
  return { screens, base, discounts: lines, total: left };
}

/** Screens beyond the free slots pay: the first `freeSlots` screens (oldest first) cost nothing. */
export const billableScreens = (plan: TariffPlan, screens: number): number =>
  Math.max(0, screens - plan.freeSlots);

/** What the cabinet pays for a day with `screens` screens. */
export function dayCost(plan: TariffPlan, date: string, screens: number, terms: DiscountTerms): Minor {
  return chargeLines(plan, date, billableScreens(plan, screens), terms).total;
}

/** 'YYYY-MM-DD' plus days. */
function plusDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Runway is counted at most this far: a cabinet that pays nothing lasts for ever. */
export const RUNWAY_HORIZON_DAYS = 3650;

/**
 * How many whole days the balance pays for from `from` on, at today's screens and terms (each month's
 * own length): null when the days cost nothing (for ever); RUNWAY_HORIZON_DAYS when the balance pays for
 * the whole horizon (read 'more than 3,650 days': days that cost something are never 'nothing to pay').
 */
export function runwayDays(
  balance: Minor,
  plan: TariffPlan,
  screens: number,
  terms: DiscountTerms,
  from: string,
): number | null {
  let left = balance;
  for (let day = 0; day < RUNWAY_HORIZON_DAYS; day++) {
    const cost = dayCost(plan, plusDays(from, day), screens, terms);
    if (cost === 0 && day === 0 && dayCost(plan, plusDays(from, 15), screens, terms) === 0) return null;
    if (left < cost) return day;
    left -= cost;
  }
  return RUNWAY_HORIZON_DAYS;
}

/**
 * What switching tariffs changes for the rest of the month (from `date` to its end, both included): the
 * new cost less the old one, positive when the new tariff costs more.
 */
export function switchDifference(
  from: TariffPlan,
  to: TariffPlan,
  screens: number,
  terms: DiscountTerms,
  date: string,
): Minor {
  const last = daysInMonth(date);
  const today = Number(date.slice(8, 10));
  let diff = 0;
  for (let d = today; d <= last; d++) {
    const day = `${date.slice(0, 8)}${String(d).padStart(2, '0')}`;
    diff += dayCost(to, day, screens, terms) - dayCost(from, day, screens, terms);
  }
  return diff;
}

/** A year's worth at today's screens, paid at once: what the yearly discount applies to. */
export function yearlyAmount(plan: TariffPlan, screens: number, terms: DiscountTerms, from: string): Minor {
  let total = 0;
  for (let day = 0; day < 365; day++) {
    total += dayCost(plan, plusDays(from, day), screens, { ...terms, yearly: true });
  }
  return total;
}
