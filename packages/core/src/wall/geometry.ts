/**
 * A video wall's canvas and each tile's part of it (docs/walls.md). Screens stand in a grid of columns ×
 * rows; the picture runs behind the bezels as if the glass went on, so a tile's crop skips the pixels the
 * frames between two pictures hide: bezel pixels = screen pixels × bezel mm / screen mm (1920 × 17 / 1100
 * ≈ 30 px), where the bezel is the whole gap from one screen's picture to its neighbour's.
 */

export interface WallScreenSize {
  /** Pixels of one screen, landscape as mounted. */
  widthPx: number;
  heightPx: number;
  /**
   * Physical size of the picture area, and the gap between two neighbours' pictures (both frames), for
   * bezel compensation; absent: none.
   */
  widthMm?: number | null;
  heightMm?: number | null;
  bezelMm?: number | null;
}

export interface WallGrid {
  columns: number;
  rows: number;
  screen: WallScreenSize;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Pixels the gap between two pictures hides, horizontally and vertically (0 without physical sizes). */
export function bezelPixels(screen: WallScreenSize): { x: number; y: number } {
  const bezel = screen.bezelMm ?? 0;
  if (bezel <= 0 || !screen.widthMm || !screen.heightMm) return { x: 0, y: 0 };
  return {
    x: Math.round((screen.widthPx * bezel) / screen.widthMm),
    y: Math.round((screen.heightPx * bezel) / screen.heightMm),
  };
}

/** The canvas the wall shows one picture on: every screen's pixels plus what each inner seam hides. */
export function canvasSize(grid: WallGrid): { width: number; height: number } {
  const gap = bezelPixels(grid.screen);
  return {
    width: grid.columns * grid.screen.widthPx + (grid.columns - 1) * gap.x,
    height: grid.rows * grid.screen.heightPx + (grid.rows - 1) * gap.y,
  };
}

/** The part of the canvas the screen in (column, row), from 0, shows. */
export function tileRect(grid: WallGrid, column: number, row: number): Rect {
  const gap = bezelPixels(grid.screen);
  return {
    x: column * (grid.screen.widthPx + gap.x),
    y: row * (grid.screen.heightPx + gap.y),
    width: grid.screen.widthPx,
    height: grid.screen.heightPx,
  };
}

export const WALL_FITS = ['exact', 'fit', 'fill'] as const;
export type WallFit = (typeof WALL_FITS)[number];

/** Content this far off the canvas's size (per axis) still counts as matching it. */
export const WALL_SIZE_TOLERANCE = 0.01;

/** Whether content of this size matches the wall's view area (spec §5: 'File size must match the view area size'). */
export function matchesCanvas(
  canvas: { width: number; height: number },
  content: { width: number; height: number },
): boolean {
  return (
    Math.abs(content.width - canvas.width) <= canvas.width * WALL_SIZE_TOLERANCE &&
    Math.abs(content.height - canvas.height) <= canvas.height * WALL_SIZE_TOLERANCE
  );
}

/**
 * Where content stands on the canvas: `exact` and `fill` cover it (cropping what sticks out, centred),
 * `fit` shows all of it (bars where the shapes differ, centred).
 */
export function placeContent(
  canvas: { width: number; height: number },
  content: { width: number; height: number },
  fit: WallFit,
): Rect {
  const scale =
    fit === 'fit'
      ? Math.min(canvas.width / content.width, canvas.height / content.height)
      : Math.max(canvas.width / content.width, canvas.height / content.height);
  const width = content.width * scale;
  const height = content.height * scale;
  return { x: (canvas.width - width) / 2, y: (canvas.height - height) / 2, width, height };
}

/** Sizes that would fit the wall exactly, for the refusal's message: the canvas and its halves. */
export function suggestedSizes(canvas: { width: number; height: number }): string[] {
  return [
    `${canvas.width}×${canvas.height}`,
    `${Math.round(canvas.width / 2)}×${Math.round(canvas.height / 2)}`,
  ];
}

/**
 * The CSS that shows a tile's crop of an element laid out at the canvas's size (docs/walls.md): the
 * element takes its placement's size (the whole canvas unless `placements` has one for `fileId`), moves by
 * its place less the tile's, and is scaled from canvas pixels to the stage's. The player lays every item
 * out with it, and the wall editor's preview too, so the preview is what the tiles show.
 */
export function tileStyle(
  wall: {
    tile: Rect;
    canvas: { width: number; height: number };
    placements: readonly (Rect & { fileId: number })[];
  },
  fileId: number,
  stage: { width: number; height: number },
): { width: string; height: string; transform: string } {
  const place = wall.placements.find((p) => p.fileId === fileId) ?? {
    x: 0,
    y: 0,
    ...wall.canvas,
  };
  const sx = stage.width / wall.tile.width;
  const sy = stage.height / wall.tile.height;
  return {
    width: `${place.width}px`,
    height: `${place.height}px`,
    transform: `scale(${sx}, ${sy}) translate(${place.x - wall.tile.x}px, ${place.y - wall.tile.y}px)`,
  };
}
