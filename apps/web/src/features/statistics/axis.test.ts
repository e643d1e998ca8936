import { describe, expect, it } from 'vitest';
import { axisNumber } from './axis';

describe('value axis labels', () => {
  it('tells every tick apart, small amounts of money included', () => {
    for (const ticks of [
      [0, 0.0005, 0.001, 0.0015, 0.002, 0.0025],
      [0, 0.02, 0.04, 0.06, 0.08],
      [0, 0.5, 1, 1.5, 2],
      [0, 2000, 4000, 6000, 8000, 10000, 12000],
      [0, 250_000, 500_000, 750_000, 1_000_000, 1_250_000],
    ]) {
      const labels = ticks.map((tick) => axisNumber(tick, 'en'));
      expect(new Set(labels).size).toBe(ticks.length);
    }
  });

  it('stays short', () => {
    expect(axisNumber(12_000, 'en')).toBe('12K');
    expect(axisNumber(1_250_000, 'en')).toBe('1.25M');
    expect(axisNumber(0.0005, 'en')).toBe('0.0005');
  });
});
