import { describe, expect, it } from 'vitest';
import {
  addDays,
  filtersQuery,
  listPagingSearch,
  parseIds,
  presetOf,
  presetRange,
  readFilters,
  readListPaging,
  validateFilterSearch,
} from './filters';

const today = new Date(2026, 10, 22, 15, 30);

describe('statistics filters in the address', () => {
  it('gives each preset its days, ending today', () => {
    expect(presetRange('today', today)).toEqual({ from: '2026-11-22', to: '2026-11-22' });
    expect(presetRange('7d', today)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(presetRange('30d', today)).toEqual({ from: '2026-10-24', to: '2026-11-22' });
    expect(presetOf({ from: '2026-08-25', to: '2026-11-22' }, today)).toBe('90d');
    expect(presetOf({ from: '2026-11-01', to: '2026-11-22' }, today)).toBeNull();
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('reads ids, dates and falls back to the last 7 days', () => {
    expect(parseIds('3, 5,x,5,0,-2')).toEqual([3, 5]);
    expect(parseIds(7)).toEqual([7]);
    expect(parseIds('')).toBeUndefined();
    expect(readFilters({}, today)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(readFilters({ from: '2026-02-30', to: 'soon' }, today)).toEqual({
      from: '2026-11-16',
      to: '2026-11-22',
    });
    expect(readFilters({ from: '2026-11-10', to: '2026-11-01', points: '4,2', files: '9' }, today)).toEqual({
      from: '2026-11-01',
      to: '2026-11-10',
      points: [4, 2],
      files: [9],
    });
  });

  it('writes the query the API takes and keeps only valid keys in the search', () => {
    expect(filtersQuery({ from: '2026-11-01', to: '2026-11-02', nets: [1, 2], playlists: [] })).toEqual({
      from: '2026-11-01',
      to: '2026-11-02',
      nets: '1,2',
    });
    expect(validateFilterSearch({ from: '2026-11-01', to: 'x', points: '1,a,2', other: 'y' })).toEqual({
      from: '2026-11-01',
      points: '1,2',
    });
  });
});

describe('the list page in the address', () => {
  it('reads a valid page and size, and anything else as the first page of 10', () => {
    expect(readListPaging({ page: '3', limit: '100' })).toEqual({ page: 3, limit: 100 });
    expect(readListPaging({ page: 7, limit: 1000 })).toEqual({ page: 7, limit: 1000 });
    for (const bad of [
      {},
      { page: '0' },
      { page: '-2' },
      { page: '1.5' },
      { page: 'x' },
      { page: '1000001' },
    ]) {
      expect(readListPaging(bad).page).toBe(1);
    }
    for (const bad of [{ limit: '50' }, { limit: '' }, { limit: 'all' }]) {
      expect(readListPaging(bad).limit).toBe(10);
    }
  });

  it('keeps only what differs from the first page of 10', () => {
    expect(listPagingSearch({ page: '1', limit: '10' })).toEqual({});
    expect(listPagingSearch({ page: '2' })).toEqual({ page: 2 });
    expect(listPagingSearch({ page: 'x', limit: 1000 })).toEqual({ limit: 1000 });
  });
});
