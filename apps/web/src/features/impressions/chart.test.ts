import { describe, expect, it } from 'vitest';
import { impressionsChart } from './chart';

describe('impressions chart', () => {
  it('gives every day of the period, quiet days as zero, one series a source', () => {
    const chart = impressionsChart(
      [
        { date: '2026-03-01', source: 'ssp', impressions: 1.234 },
        { date: '2026-03-03', source: 'ssp', impressions: 2 },
        { date: '2026-03-02', source: 'own', impressions: 5 },
      ],
      '2026-03-01',
      '2026-03-03',
    );
    expect(chart.days).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(chart.series).toEqual([
      { source: 'ssp', color: 'blue', data: [1.23, 0, 2] },
      { source: 'own', color: 'teal', data: [0, 5, 0] },
    ]);
  });

  it('stops at 400 days and gives no series without rows', () => {
    const chart = impressionsChart([], '2020-01-01', '2026-01-01');
    expect(chart.days).toHaveLength(400);
    expect(chart.series).toEqual([]);
  });
});
