/**
 * Content on a video wall (docs/walls.md): one picture across the grid. Content whose size is the wall's
 * canvas plays as it is; other content is refused with the spec's message and the sizes that would fit,
 * unless the operator marks the item 'fit' (all of it, with bars) or 'fill' (cropped to cover).
 */
import { matchesCanvas, placeContent, suggestedSizes, type Rect } from './geometry.js';
import { WALL_MESSAGES } from './rules.js';

/** How content that is not the canvas's size is placed: all of it (bars) or covering the canvas (cropped). */
export const WALL_ITEM_FITS = ['fit', 'fill'] as const;
export type WallItemFit = (typeof WALL_ITEM_FITS)[number];

export interface WallContentItem {
  /** The body path of the item ('files.2', 'sections.0.files.1'). */
  path: string;
  /** The file's pixels; null when unknown (a page, a widget): it is shown covering the canvas. */
  width: number | null;
  height: number | null;
  wallFit: WallItemFit | null;
}

export interface WallTarget {
  name: string;
  canvas: { width: number; height: number };
}

/**
 * Problems of a playlist's items on the walls it targets: `{ 'files.2.wallFit': message }`, and a hint
 * naming the sizes that would fit the first wall at fault.
 */
export function wallContentProblems(
  items: readonly WallContentItem[],
  walls: readonly WallTarget[],
): { fields: Record<string, string>; hint: string | null } {
  const fields: Record<string, string> = {};
  let hint: string | null = null;
  for (const item of items) {
    if (item.wallFit !== null || item.width === null || item.height === null) continue;
    const size = { width: item.width, height: item.height };
    const wrong = walls.find((w) => !matchesCanvas(w.canvas, size));
    if (!wrong) continue;
    fields[`${item.path}.wallFit`] = WALL_MESSAGES.sizeMismatch;
    hint ??= `${wrong.name}: ${suggestedSizes(wrong.canvas).join(', ')}`;
  }
  return { fields, hint };
}

/**
 * Where a file stands on the wall's canvas: as it is when it matches (or its size is unknown: covering),
 * otherwise as the item's fit says (fill when none is given).
 */
export function wallPlacement(
  canvas: { width: number; height: number },
  size: { width: number | null; height: number | null },
  fit: WallItemFit | null,
): Rect {
  if (!size.width || !size.height || matchesCanvas(canvas, { width: size.width, height: size.height }))
    return { x: 0, y: 0, width: canvas.width, height: canvas.height };
  return placeContent(canvas, { width: size.width, height: size.height }, fit ?? 'fill');
}
