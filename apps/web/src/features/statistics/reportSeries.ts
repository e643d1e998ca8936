import type { HourReportRow } from '@vitrine/core';
import { addDays } from './filters';

/** Longest period the chart can draw hour by hour. */
export const HOURLY_MAX_DAYS = 31;

/** Per hour for a day or two, per day for longer periods unless chosen otherwise (up to a month by hour). */
export function isDaily(days: number, chosen: 'hour' | 'day' | null): boolean {
  return days > HOURLY_MAX_DAYS || (chosen ?? (days > 2 ? 'day' : 'hour')) === 'day';
}

export interface HourSeries {
  categories: string[];
  shows: number[];
  impressions: number[];
}

/** The chart's series: shows and impressions per day or per hour of the period from..to (YYYY-MM-DD). */
export function hourSeries(rows: HourReportRow[], from: string, to: string, daily: boolean): HourSeries {
  const sums = new Map<string, { shows: number; impressions: number }>();
  for (const row of rows) {
    const key = daily ? row.hour.slice(0, 10) : row.hour;
    const sum = sums.get(key) ?? { shows: 0, impressions: 0 };
    sum.shows += row.shows;
    sum.impressions += row.impressions;
    sums.set(key, sum);
  }
  // Every day (or hour) of the period, so quiet ones read as zero rather than vanishing.
  const keys: string[] = [];
  for (let day = from; day <= to && keys.length < 800; day = addDays(day, 1)) {
    if (daily) keys.push(day);
    else for (let h = 0; h < 24; h++) keys.push(`${day} ${String(h).padStart(2, '0')}:00`);
  }
  return {
    categories: keys.map((k) => (daily ? k : k.slice(5))),
    shows: keys.map((k) => sums.get(k)?.shows ?? 0),
    impressions: keys.map((k) => Math.round((sums.get(k)?.impressions ?? 0) * 100) / 100),
  };
}

/** Hour rows summed per day of the screens' clocks ('YYYY-MM-DD'). */
export function byDay(rows: HourReportRow[]): HourReportRow[] {
  const days = new Map<string, HourReportRow>();
  for (const row of rows) {
    const day = row.hour.slice(0, 10);
    const sum = days.get(day) ?? { hour: day, shows: 0, seconds: 0, impressions: 0, revenue: 0, cost: 0 };
    sum.shows += row.shows;
    sum.seconds += row.seconds;
    sum.impressions += row.impressions;
    sum.revenue += row.revenue;
    sum.cost += row.cost;
    days.set(day, sum);
  }
  return [...days.values()];
}
