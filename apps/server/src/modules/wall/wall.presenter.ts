import { canvasSize, type Wall, type WallGrid } from '@vitrine/core';
import type { WallRow } from '../../db/schema.js';
import type { WallCellRow } from './wall.repository.js';

/** A wall row as core's geometry reads it. */
export function wallGrid(row: WallRow): WallGrid {
  return {
    columns: row.width,
    rows: row.height,
    screen: {
      widthPx: row.screenWidthPx,
      heightPx: row.screenHeightPx,
      widthMm: row.screenWidthMm,
      heightMm: row.screenHeightMm,
      bezelMm: row.bezelMm,
    },
  };
}

/** A wall as the API answers it (spec §3 Wall), its canvas worked out by core's `canvasSize`. */
export function toWall(row: WallRow, cells: WallCellRow[]): Wall {
  const screen = {
    widthPx: row.screenWidthPx,
    heightPx: row.screenHeightPx,
    widthMm: row.screenWidthMm,
    heightMm: row.screenHeightMm,
    bezelMm: row.bezelMm,
  };
  return {
    id: row.id,
    name: row.name,
    width: row.width,
    height: row.height,
    points: cells.map((c) => ({ id: c.pointId, name: c.name })),
    cells: cells.map((c) => ({ column: c.column, row: c.row, pointId: c.pointId, rotation: c.rotation })),
    screen,
    canvas: canvasSize(wallGrid(row)),
  };
}
