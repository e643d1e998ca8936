import { describe, expect, it } from 'vitest';
import { byFullness, type PointRow } from './fullness';

const row = (id: number, name: string, fullness: number): PointRow => ({
  id,
  name,
  fullness,
  advertising: 0,
  capacity: 0,
});

describe('dashboard fullness order', () => {
  it('puts the fullest screens first, then by name and id', () => {
    const rows = [row(1, 'b', 0.2), row(2, 'a', 0.9), row(3, 'a', 0.2), row(4, 'a', 0.2)];
    expect(byFullness(rows).map((r) => r.id)).toEqual([2, 3, 4, 1]);
  });

  it('leaves the list it was given as it is', () => {
    const rows = [row(1, 'a', 0.1), row(2, 'b', 0.5)];
    byFullness(rows);
    expect(rows.map((r) => r.id)).toEqual([1, 2]);
  });
});
