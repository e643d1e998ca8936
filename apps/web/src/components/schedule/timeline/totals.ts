import type { EntryType } from '@vitrine/core';
import type { Segment } from './geometry';

/** Seconds of the day each type plays, the overlays' included. */
export function typeTotals(segments: Segment[], overlays: Segment[]): Record<EntryType, number> {
  const sum: Record<EntryType, number> = {
    BACKGROUND: 0,
    ADVERTISING: 0,
    BLOCK: 0,
    FLOATING: 0,
    LOOP_ITEM: 0,
  };
  for (const s of [...segments, ...overlays]) sum[s.type] += s.end - s.start;
  return sum;
}
