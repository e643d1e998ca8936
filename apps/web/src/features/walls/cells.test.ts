import { describe, expect, it } from 'vitest';
import type { WallCell } from '@vitrine/core';
import { assignScreen, clearCell } from './cells';

const cell = (column: number, row: number, pointId: number, rotation: WallCell['rotation'] = 'NORMAL') => ({
  column,
  row,
  pointId,
  rotation,
});
const sorted = (cells: WallCell[]) => [...cells].sort((a, b) => a.row - b.row || a.column - b.column);

describe('putting screens into a wall’s cells', () => {
  it('puts a screen into an empty cell, and moves one already on the wall', () => {
    expect(assignScreen([], 7, 1, 0)).toEqual([cell(1, 0, 7)]);
    expect(sorted(assignScreen([cell(0, 0, 7), cell(1, 0, 8)], 7, 0, 1))).toEqual([
      cell(1, 0, 8),
      cell(0, 1, 7),
    ]);
  });

  it('swaps two screens, each place keeping its rotation', () => {
    const cells = [cell(0, 0, 7, 'LEFT'), cell(1, 0, 8, 'UPSIDE_DOWN')];
    expect(sorted(assignScreen(cells, 7, 1, 0))).toEqual([
      cell(0, 0, 8, 'LEFT'),
      cell(1, 0, 7, 'UPSIDE_DOWN'),
    ]);
    // A new screen into a held cell replaces the screen there, which leaves the wall.
    expect(assignScreen(cells, 9, 0, 0)).toEqual([cell(1, 0, 8, 'UPSIDE_DOWN'), cell(0, 0, 9, 'LEFT')]);
    // Dropped where it already is: nothing changes.
    expect(assignScreen(cells, 8, 1, 0)).toEqual(cells);
  });

  it('empties a cell', () => {
    expect(clearCell([cell(0, 0, 7), cell(1, 0, 8)], 0, 0)).toEqual([cell(1, 0, 8)]);
  });
});
