import { describe, expect, it } from 'vitest';
import {
  STATISTIC_MESSAGES,
  StatisticListQuery,
  StatisticPatchBody,
  PrintReportAsyncBody,
  periodDays,
} from './index.js';

describe('statistics filters', () => {
  it('parses comma-separated id lists from a query string and arrays from a body', () => {
    const q = StatisticListQuery.parse({ from: '2026-01-01', to: '2026-01-31', points: '1, 2,3', nets: '' });
    expect(q).toMatchObject({ points: [1, 2, 3], nets: [], page: 1, limit: 10 });
    const b = PrintReportAsyncBody.parse({ from: '2026-01-01', to: '2026-01-01', files: [4] });
    expect(b).toMatchObject({ files: [4], kind: 'hour', format: 'csv' });
  });

  it('refuses bad ids, too many ids, page sizes outside 10/100/1000 and periods over a year', () => {
    const base = { from: '2026-01-01', to: '2026-01-02' };
    expect(StatisticListQuery.safeParse({ ...base, points: '1,x' }).success).toBe(false);
    const many = Array.from({ length: 1001 }, (_, i) => i + 1).join(',');
    expect(StatisticListQuery.safeParse({ ...base, files: many }).success).toBe(false);
    expect(StatisticListQuery.safeParse({ ...base, limit: '25' }).success).toBe(false);
    expect(StatisticListQuery.safeParse({ ...base, limit: '1000' }).success).toBe(true);
    const long = StatisticListQuery.safeParse({ from: '2025-01-01', to: '2026-01-02' });
    expect(long.error?.issues[0]?.message).toBe(STATISTIC_MESSAGES.periodTooLong);
    expect(StatisticListQuery.safeParse({ from: '2024-01-01', to: '2024-12-31' }).success).toBe(true);
    const back = StatisticListQuery.safeParse({ from: '2026-01-02', to: '2026-01-01' });
    expect(back.error?.issues[0]?.message).toBe(STATISTIC_MESSAGES.toBeforeFrom);
    expect(periodDays('2024-01-01', '2024-12-31')).toBe(366);
  });

  it('a patch must change something', () => {
    expect(StatisticPatchBody.safeParse({ ids: [1], patch: {} }).success).toBe(false);
    expect(StatisticPatchBody.safeParse({ ids: [1], patch: { source: 'auction' } }).success).toBe(true);
    expect(StatisticPatchBody.safeParse({ ids: [1], patch: { source: 'other' } }).success).toBe(false);
  });
});
