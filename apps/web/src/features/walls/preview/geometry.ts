import type { WallGrid } from '@vitrine/core';

/** The preview is at most this wide and this tall (px). */
export const MAX_WIDTH = 760;
export const MAX_HEIGHT = 460;
/** A press that moves this far (px) is a drag, not a click. */
export const DRAG_FROM_PX = 5;

/** A cell of the wall: its column and row, from 0. */
export type Place = { column: number; row: number };

/** A cell's key, as its drop target carries it (`data-drop-cell`). */
export const keyOf = (p: Place) => `${p.column}:${p.row}`;

/** The cell a drop target's key names, or null when there is none (a drop outside the wall). */
export function placeOfKey(key: string | null | undefined): Place | null {
  const [column, row] = (key ?? '').split(':').map(Number);
  if (column === undefined || row === undefined || !Number.isInteger(column) || !Number.isInteger(row))
    return null;
  return { column, row };
}

/** Every cell of the grid, row by row, left to right. */
export const placesOf = (grid: Pick<WallGrid, 'columns' | 'rows'>): Place[] =>
  Array.from({ length: grid.columns * grid.rows }, (_, n) => ({
    column: n % grid.columns,
    row: Math.floor(n / grid.columns),
  }));

/**
 * How much the wall's canvas is scaled down to fit the room it has (the whole width when not measured
 * yet), within MAX_WIDTH × MAX_HEIGHT.
 */
export const previewScale = (room: number, canvas: { width: number; height: number }) =>
  Math.min((room || MAX_WIDTH) / canvas.width, MAX_WIDTH / canvas.width, MAX_HEIGHT / canvas.height);

/** Whether a press has moved far enough from where it began to be a drag. */
export const isDrag = (from: { x: number; y: number }, to: { x: number; y: number }) =>
  Math.hypot(to.x - from.x, to.y - from.y) >= DRAG_FROM_PX;
