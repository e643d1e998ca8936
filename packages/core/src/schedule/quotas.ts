/** Quotas and shares of quantities: per day, per broadcasting period, per network (docs/scheduling.md, Quotas). */
import type { QuotaKind } from '../playlist.js';
import { wallSeconds } from '../wall-time.js';
import type { ZoneDay } from '../zone.js';
import type { SchedulePlaylist } from './types.js';

/** Part `index` of `count` equal parts of `quantity`; the remainder goes to the first parts. */
export function shareOf(quantity: number, count: number, index: number): number {
  if (count <= 0) return 0;
  return Math.floor((quantity * (index + 1)) / count) - Math.floor((quantity * index) / count);
}

/** Chosen weekdays among the days [first, last), counted without walking every day. */
export function chosenDays(first: number, last: number, weekDays: ReadonlySet<number>): number {
  if (last <= first) return 0;
  const span = last - first;
  let count = Math.floor(span / 7) * weekDays.size;
  for (let d = first + Math.floor(span / 7) * 7; d < last; d++) {
    if (weekDays.has((((d + 4) % 7) + 7) % 7)) count++;
  }
  return count;
}

export interface PeriodDays {
  /** Active days of the period before this day. */
  index: number;
  /** Active days of the whole period. */
  count: number;
}

interface ParsedPeriod {
  /** Wall seconds of the period's ends (NaN when malformed). */
  from: number;
  to: number;
  weekDays: ReadonlySet<number>;
}

/** A playlist's period and weekdays, parsed once per playlist object (a plan reads them for every day). */
const parsedPeriods = new WeakMap<SchedulePlaylist, ParsedPeriod>();
export function parsedPeriod(p: SchedulePlaylist): ParsedPeriod {
  let parsed = parsedPeriods.get(p);
  if (!parsed) {
    parsed = { from: wallSeconds(p.fromDate), to: wallSeconds(p.toDate), weekDays: new Set(p.weekDays) };
    parsedPeriods.set(p, parsed);
  }
  return parsed;
}

export function periodDays(p: SchedulePlaylist, day: ZoneDay): PeriodDays {
  const { from, to, weekDays } = parsedPeriod(p);
  const first = Math.floor(from / 86400);
  const last = Math.floor(to / 86400);
  return { index: chosenDays(first, day.dayNumber, weekDays), count: chosenDays(first, last + 1, weekDays) };
}

/** This screen's share of a quantity counted per day, per period or per network, for this day. */
export function dayShare(quantity: number, kind: QuotaKind, p: SchedulePlaylist, period: PeriodDays): number {
  if (kind === 'QUANTUTY_PER_DAY') return quantity;
  const screen =
    kind === 'QUANTUTY_PER_NETWORK'
      ? shareOf(quantity, Math.max(1, p.share.screens), Math.min(p.share.index, p.share.screens - 1))
      : quantity;
  return shareOf(screen, Math.max(1, period.count), period.index);
}

/** A share of the network that changes nothing: for playlists without a per-network count. */
export const NO_SHARE: Readonly<SchedulePlaylist['share']> = Object.freeze({ screens: 1, index: 0 });

/**
 * Whether a playlist counts a quantity per network, so that each screen's share depends on every screen the
 * playlist reaches. Only those playlists need their reach loaded.
 */
export function usesNetworkShare(
  p: Pick<SchedulePlaylist, 'scheduleMode' | 'limitationType' | 'quotas'>,
): boolean {
  return (
    (p.scheduleMode === 'SHOWS' && p.limitationType === 'QUANTUTY_PER_NETWORK') ||
    p.quotas.some((q) => q.kind === 'QUANTUTY_PER_NETWORK')
  );
}
