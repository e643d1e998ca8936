import type { PointStatus } from '../point.js';
/**
 * What a wall's grid may be and how its cells are checked (docs/walls.md): one screen a cell, every cell
 * inside the grid, a cell place and a screen used once. The server refuses what these find; the web form
 * shows the same messages before sending.
 */

import type { Rotation } from '../point.js';

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
  /** A wall input with both `cells` and spec §3's `points`. */
  cellsOrPoints: 'Give the screens either as cells or as points, not both',
  /** More `points` than the grid has cells. */
  tooManyPoints: 'More screens than the wall has cells',
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

/** A cell as a wall input gives it: its place, screen and rotation. */
export interface WallCellInput extends WallCellPlace {
  rotation: Rotation;
}

/** A wall input's screens: `cells`, or spec §3's `points` (screen ids along the rows; null: an empty cell). */
export interface WallCellsInput {
  cells?: readonly WallCellInput[] | undefined;
  points?: readonly (number | null)[] | undefined;
}

/**
 * The cells a wall input gives, and the body path of each (for the problems found later): `cells` as they
 * are, or `points` laid along the rows of a grid `width` wide, left to right and top to bottom, each turned
 * NORMAL. Both at once, or more points than cells, is a problem on `points`. Neither: `undefined` cells.
 */
export function wallInputCells(
  grid: { width: number; height: number },
  input: WallCellsInput,
): { cells: WallCellInput[] | undefined; paths: string[]; problem?: Record<string, string> } {
  if (input.points === undefined) {
    return {
      cells: input.cells ? [...input.cells] : undefined,
      paths: input.cells?.map((_, i) => `cells.${i}`) ?? [],
    };
  }
  if (input.cells !== undefined)
    return { cells: undefined, paths: [], problem: { points: WALL_MESSAGES.cellsOrPoints } };
  if (input.points.length > grid.width * grid.height)
    return { cells: undefined, paths: [], problem: { points: WALL_MESSAGES.tooManyPoints } };
  const cells: WallCellInput[] = [];
  const paths: string[] = [];
  input.points.forEach((pointId, i) => {
    if (pointId === null) return;
    cells.push({ column: i % grid.width, row: Math.floor(i / grid.width), pointId, rotation: 'NORMAL' });
    paths.push(`points.${i}`);
  });
  return { cells, paths };
}

/** Problems keyed by cell ('cells.2.column') moved onto the body path each cell came from ('points.5'). */
export function problemsAt(
  problems: Record<string, string>,
  paths: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(problems)) {
    const match = /^cells\.(\d+)(\..*)?$/.exec(key);
    const path = match ? paths[Number(match[1])] : undefined;
    const at = path === undefined ? key : path.startsWith('cells.') ? `${path}${match![2] ?? ''}` : path;
    out[at] ??= message;
  }
  return out;
}

/**
 * Whether a tile is "in step": its own report says its frames are within the band, and it is connected, so
 * that report is current. A screen that reconnects often ('not stably online') is connected, and may well
 * be in step: stability is its status badge's business, not the step's.
 */
export const tileInStep = (status: PointStatus, reportedInStep: boolean): boolean =>
  reportedInStep && (status === 'ONLINE' || status === 'UNSTABLE');
