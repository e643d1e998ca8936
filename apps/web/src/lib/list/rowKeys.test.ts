import { describe, expect, it } from 'vitest';
import { clampRow, rowKeyTarget } from './rowKeys';

describe('list row keys', () => {
  it('moves by one with the arrows', () => {
    expect(rowKeyTarget('ArrowDown', 3, 25)).toBe(4);
    expect(rowKeyTarget('ArrowUp', 3, 25)).toBe(2);
  });

  it('moves by ten with Page Up and Page Down, and to the ends with Home and End', () => {
    expect(rowKeyTarget('PageDown', 3, 25)).toBe(13);
    expect(rowKeyTarget('PageUp', 13, 25)).toBe(3);
    expect(rowKeyTarget('Home', 13, 25)).toBe(0);
    expect(rowKeyTarget('End', 3, 25)).toBe(24);
  });

  it('never goes past the first or the last row', () => {
    expect(rowKeyTarget('ArrowUp', 0, 25)).toBe(0);
    expect(rowKeyTarget('ArrowDown', 24, 25)).toBe(24);
    expect(rowKeyTarget('PageDown', 20, 25)).toBe(24);
    expect(rowKeyTarget('PageUp', 4, 25)).toBe(0);
    expect(rowKeyTarget('End', 0, 0)).toBe(0);
  });

  it('ignores other keys (Space toggles the row elsewhere)', () => {
    expect(rowKeyTarget(' ', 3, 25)).toBeNull();
    expect(rowKeyTarget('Enter', 3, 25)).toBeNull();
    expect(rowKeyTarget('a', 3, 25)).toBeNull();
  });

  it('clamps an index to the rows', () => {
    expect(clampRow(7, 5)).toBe(4);
    expect(clampRow(-1, 5)).toBe(0);
    expect(clampRow(3, 0)).toBe(0);
  });
});
