import { describe, expect, it } from 'vitest';
import type { AudienceRow } from '@vitrine/core';
import { audienceByHour, audienceTotals, hourLabel } from './audienceHours';

const row = (pointId: number, hour: number, shows: number, viewers: number): AudienceRow => ({
  pointId,
  name: null,
  hour,
  shows,
  viewers,
  impressions: shows * viewers,
  measuredHours: 1,
});

describe('audienceByHour', () => {
  it('has every hour, quiet ones with the flat setting', () => {
    const hours = audienceByHour([row(1, 9, 2, 3)], 1, { viewers: 5, perHour: null });
    expect(hours).toHaveLength(24);
    expect(hours[9]).toEqual({ hour: 9, shows: 2, viewers: 3, impressions: 6, measuredHours: 1 });
    expect(hours[10]).toEqual({ hour: 10, shows: 0, viewers: 5, impressions: 0, measuredHours: 0 });
  });

  it('takes the per-hour setting over the flat one, and only this screen', () => {
    const perHour = hoursOf(7);
    const hours = audienceByHour([row(2, 3, 9, 9)], 1, { viewers: 5, perHour });
    expect(hours[3]!.viewers).toBe(7);
    expect(hours[3]!.shows).toBe(0);
  });
});

describe('audienceTotals', () => {
  it('sums the period and finds the first busiest hour', () => {
    const hours = audienceByHour([row(1, 9, 2, 3), row(1, 11, 4, 1), row(1, 12, 4, 2)], 1, {
      viewers: 0,
      perHour: null,
    });
    const totals = audienceTotals(hours);
    expect(totals.shows).toBe(10);
    expect(totals.impressions).toBe(18);
    expect(totals.measuredHours).toBe(3);
    expect(totals.busiest.hour).toBe(11);
  });
});

describe('hourLabel', () => {
  it('pads the hour', () => {
    expect(hourLabel(7)).toBe('07:00');
    expect(hourLabel(23)).toBe('23:00');
  });
});

function hoursOf(value: number): number[] {
  return Array.from({ length: 24 }, () => value);
}
