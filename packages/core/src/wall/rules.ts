import type { PointStatus } from '../point.js';
/**
 * What a wall's grid may be and how its cells are checked (docs/walls.md): one screen a cell, every cell
 * inside the grid, a cell place and a screen used once. The server refuses what these find; the web form
 * shows the same messages before sending.
 */

/** Columns and rows a wall may have, each (spec §3 Wall: width and height). */
export const WALL_GRID = { min: 1, max: 16 } as const;

/** Default pixels of one screen when the operator gives none (landscape full HD). */
export const WALL_DEFAULT_SCREEN = { widthPx: 1920, heightPx: 1080 } as const;

/** Walls listed per page (spec §8: walls 25). */
export const WALL_PAGE_SIZE = 25;

export const WALL_MESSAGES = {
  outside: 'The cell is outside the grid',
  taken: 'Two screens in one cell',
  twice: 'The screen is in this wall twice',
  inOtherWall: 'The screen is already in another wall',
  /** Spec §5: content on a wall whose size is not the wall's canvas (docs/walls.md). */
  sizeMismatch: 'File size must match the view area size',
} as const;

export interface WallCellPlace {
  column: number;
  row: number;
  pointId: number;
}

/** Problems of a wall's cells, keyed by the body path of the cell at fault ('cells.2.column'). */
export function wallCellProblems(
  grid: { width: number; height: number },
  cells: readonly WallCellPlace[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  const places = new Set<string>();
  const screens = new Set<number>();
  cells.forEach((cell, i) => {
    if (cell.column >= grid.width || cell.row >= grid.height) {
      problems[`cells.${i}.${cell.column >= grid.width ? 'column' : 'row'}`] = WALL_MESSAGES.outside;
      return;
    }
    const place = `${cell.column}:${cell.row}`;
    if (places.has(place)) problems[`cells.${i}.column`] = WALL_MESSAGES.taken;
    else if (screens.has(cell.pointId)) problems[`cells.${i}.pointId`] = WALL_MESSAGES.twice;
    places.add(place);
    screens.add(cell.pointId);
  });
  return problems;
}

/**
 * Whether a tile is "in step": its own report says its frames are within the band, and it is connected, so
 * that report is current. A screen that reconnects often ('not stably online') is connected, and may well
 * be in step: stability is its status badge's business, not the step's.
 */
export const tileInStep = (status: PointStatus, reportedInStep: boolean): boolean =>
  reportedInStep && (status === 'ONLINE' || status === 'UNSTABLE');
