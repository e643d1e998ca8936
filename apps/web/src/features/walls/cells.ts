import type { WallCell } from '@vitrine/core';

/**
 * Puts a screen into the cell at (column, row), as dragging it there or choosing it for the cell does: a
 * screen already elsewhere on the wall moves (a screen is in one cell), and the screen the target cell
 * held takes the moved one's old place (a swap). The rotation belongs to the place: it is how the screen
 * hanging there is mounted.
 */
export function assignScreen(
  cells: readonly WallCell[],
  pointId: number,
  column: number,
  row: number,
): WallCell[] {
  const from = cells.find((c) => c.pointId === pointId);
  const target = cells.find((c) => c.column === column && c.row === row);
  if (from && from === target) return [...cells];
  const rest = cells.filter((c) => c !== from && c !== target);
  const placed: WallCell = { column, row, pointId, rotation: target?.rotation ?? 'NORMAL' };
  if (from && target)
    rest.push({ column: from.column, row: from.row, pointId: target.pointId, rotation: from.rotation });
  return [...rest, placed];
}

/** Empties the cell at (column, row). */
export function clearCell(cells: readonly WallCell[], column: number, row: number): WallCell[] {
  return cells.filter((c) => c.column !== column || c.row !== row);
}
