import { useMatches } from '@mantine/core';
import type { LayoutMode } from '@vitrine/core';

/** The space between tiles, across and below (px). */
export const GAP = 12;
/** A CAPACITY tile's width (px): as many of them as the width holds. */
const CAPACITY_TILE = 150;

/** A row of tiles before it is measured (px): names wrap, so rows are measured once seen. */
export const ROW_ESTIMATE: Record<Exclude<LayoutMode, 'LIST'>, number> = {
  NARROW: 64 + GAP,
  EXTENDED: 300 + GAP,
  FILL: 196 + GAP,
  CAPACITY: 196 + GAP,
};

/**
 * Tiles per row in each layout: NARROW's compact rows one to three across, EXTENDED's large tiles one to
 * four, FILL's two to six stretched over the width, CAPACITY's fixed tiles as many as `width` holds.
 */
export function useColumns(view: LayoutMode, width: number): number {
  const [narrow, extended, fill] = useMatches({
    base: [1, 1, 2],
    sm: [1, 2, 3],
    md: [2, 3, 4],
    lg: [3, 4, 6],
  });
  if (view === 'NARROW') return narrow;
  if (view === 'EXTENDED') return extended;
  if (view === 'CAPACITY') return Math.max(2, Math.floor((width + GAP) / (CAPACITY_TILE + GAP)));
  return fill;
}
