import { describe, expect, it } from 'vitest';
import type { StatFilters } from './filters';
import { withDay, withIds } from './filterChanges';

const base: StatFilters = { from: '2026-03-01', to: '2026-03-07' };

describe('withIds', () => {
  it('sets a list and drops an empty one', () => {
    const set = withIds(base, 'points', [1, 2]);
    expect(set).toEqual({ ...base, points: [1, 2] });
    expect(withIds(set, 'points', [])).toEqual(base);
    expect(base).toEqual({ from: '2026-03-01', to: '2026-03-07' });
  });
});

describe('withDay', () => {
  it('sets an end of the range', () => {
    expect(withDay(base, 'from', '2026-03-03')).toEqual({ from: '2026-03-03', to: '2026-03-07' });
  });

  it('moves the other end along rather than reverse the range', () => {
    expect(withDay(base, 'from', '2026-03-09')).toEqual({ from: '2026-03-09', to: '2026-03-09' });
    expect(withDay(base, 'to', '2026-02-20')).toEqual({ from: '2026-02-20', to: '2026-02-20' });
  });

  it('ignores a date half typed', () => {
    expect(withDay(base, 'to', '2026-03-')).toBeNull();
    expect(withDay(base, 'to', '')).toBeNull();
  });
});
