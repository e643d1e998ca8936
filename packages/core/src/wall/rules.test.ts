import { describe, expect, it } from 'vitest';
import { WALL_MESSAGES, tileInStep, wallCellProblems } from './rules.js';

describe('wallCellProblems', () => {
  const grid = { width: 2, height: 2 };
  it('accepts a full grid and a partly empty one', () => {
    const full = [0, 1, 2, 3].map((i) => ({ column: i % 2, row: Math.floor(i / 2), pointId: i + 1 }));
    expect(wallCellProblems(grid, full)).toEqual({});
    expect(wallCellProblems(grid, full.slice(1))).toEqual({});
    expect(wallCellProblems(grid, [])).toEqual({});
  });

  it('names the cell outside the grid, the second screen in one place and a screen twice', () => {
    expect(wallCellProblems(grid, [{ column: 2, row: 0, pointId: 1 }])).toEqual({
      'cells.0.column': WALL_MESSAGES.outside,
    });
    expect(wallCellProblems(grid, [{ column: 0, row: 5, pointId: 1 }])).toEqual({
      'cells.0.row': WALL_MESSAGES.outside,
    });
    expect(
      wallCellProblems(grid, [
        { column: 0, row: 0, pointId: 1 },
        { column: 0, row: 0, pointId: 2 },
        { column: 1, row: 0, pointId: 1 },
      ]),
    ).toEqual({ 'cells.1.column': WALL_MESSAGES.taken, 'cells.2.pointId': WALL_MESSAGES.twice });
  });
});

describe('tileInStep', () => {
  it('needs a current report of being in step, not a stable connection', () => {
    expect(tileInStep('ONLINE', true)).toBe(true);
    expect(tileInStep('UNSTABLE', true)).toBe(true);
    expect(tileInStep('ONLINE', false)).toBe(false);
    expect(tileInStep('GONE_OFFLINE', true)).toBe(false);
    expect(tileInStep('OFFLINE', true)).toBe(false);
  });
});
