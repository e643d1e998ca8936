import type { DailySchedule, EntryType } from '@vitrine/core';

/** Mantine colors per entry type: the timeline, its legend and the table's badges agree. */
export const TYPE_COLORS: Record<EntryType, string> = {
  BLOCK: 'violet',
  ADVERTISING: 'orange',
  BACKGROUND: 'teal',
  FLOATING: 'cyan',
  LOOP_ITEM: 'pink',
};

/** Drawn in this order: a thin ad on top of the background it interrupts stays visible. */
export const LAYERS: EntryType[] = ['BACKGROUND', 'BLOCK', 'ADVERTISING'];
/** What shows over the screen's timeline, in a thin lane of its own under it. */
export const OVERLAY_TYPES: EntryType[] = ['FLOATING', 'LOOP_ITEM'];
export const BAR_HEIGHT = 44;
export const LANE_HEIGHT = 10;
export const HOUR = 3600;

export type Segment = DailySchedule['segments'][number];

/** A type's color as Mantine names it ('teal.5') and as a CSS variable. */
const shade = (type: EntryType) => (type === 'BACKGROUND' ? 5 : 6);
export const typeColor = (type: EntryType) => `${TYPE_COLORS[type]}.${shade(type)}`;
export const typeVar = (type: EntryType) => `var(--mantine-color-${TYPE_COLORS[type]}-${shade(type)})`;

/**
 * How wide each segment is drawn, in seconds. A stretch shorter than a pixel keeps its true width (many
 * of them side by side blend into a tint as strong as their share of the time), unless it stands alone,
 * when it is drawn one pixel wide so it is not lost.
 */
export function drawnWidths(segments: Segment[], perPx: number): Map<Segment, number> {
  const widths = new Map<Segment, number>();
  for (const layer of LAYERS) {
    const list = segments.filter((s) => s.type === layer).sort((a, b) => a.start - b.start);
    list.forEach((s, i) => {
      const own = s.end - s.start;
      const before = i > 0 ? s.start - list[i - 1]!.end : Infinity;
      const after = i < list.length - 1 ? list[i + 1]!.start - s.end : Infinity;
      widths.set(s, own < perPx && Math.min(before, after) >= 3 * perPx ? perPx : own);
    });
  }
  return widths;
}

/** The segment drawn at a moment: the top layer first, so what the pointer is on is what it names. */
export function pick(segments: Segment[], at: number, widths: Map<Segment, number> | null, slack: number) {
  for (const layer of [...LAYERS].reverse()) {
    const hit = segments.find((s) => {
      if (s.type !== layer) return false;
      const width = widths?.get(s) ?? s.end - s.start;
      const pad = layer === 'BACKGROUND' ? 0 : slack;
      return s.start - pad <= at && at < s.start + width + pad;
    });
    if (hit) return hit;
  }
  return null;
}

export interface Tick {
  at: number;
  label: string;
  labelled: boolean;
}
