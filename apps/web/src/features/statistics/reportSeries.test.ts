import { describe, expect, it } from 'vitest';
import type { HourReportRow } from '@vitrine/core';
import { byDay, hourSeries, isDaily } from './reportSeries';

const row = (hour: string, shows: number, impressions = 0): HourReportRow => ({
  hour,
  shows,
  seconds: shows * 10,
  impressions,
  revenue: shows,
  cost: 0.5,
});

describe('isDaily', () => {
  it('is hourly for a day or two and daily beyond, unless chosen', () => {
    expect(isDaily(1, null)).toBe(false);
    expect(isDaily(2, null)).toBe(false);
    expect(isDaily(3, null)).toBe(true);
    expect(isDaily(3, 'hour')).toBe(false);
    expect(isDaily(1, 'day')).toBe(true);
  });

  it('is daily past a month whatever was chosen', () => {
    expect(isDaily(32, 'hour')).toBe(true);
    expect(isDaily(31, 'hour')).toBe(false);
  });
});

describe('hourSeries', () => {
  const rows = [row('2026-03-01 09:00', 2, 1.234), row('2026-03-01 10:00', 3, 1), row('2026-03-02 09:00', 4)];

  it('sums per day over every day of the period, quiet ones as zero', () => {
    expect(hourSeries(rows, '2026-03-01', '2026-03-03', true)).toEqual({
      categories: ['2026-03-01', '2026-03-02', '2026-03-03'],
      shows: [5, 4, 0],
      impressions: [2.23, 0, 0],
    });
  });

  it('has 24 hours a day, labelled without the year', () => {
    const series = hourSeries(rows, '2026-03-01', '2026-03-01', false);
    expect(series.categories).toHaveLength(24);
    expect(series.categories[9]).toBe('03-01 09:00');
    expect(series.shows[9]).toBe(2);
    expect(series.shows[10]).toBe(3);
    expect(series.impressions[9]).toBe(1.23);
  });
});

describe('byDay', () => {
  it('sums hour rows per day', () => {
    expect(
      byDay([row('2026-03-01 09:00', 2), row('2026-03-01 10:00', 3), row('2026-03-02 00:00', 1)]),
    ).toEqual([
      { hour: '2026-03-01', shows: 5, seconds: 50, impressions: 0, revenue: 5, cost: 1 },
      { hour: '2026-03-02', shows: 1, seconds: 10, impressions: 0, revenue: 1, cost: 0.5 },
    ]);
  });
});
