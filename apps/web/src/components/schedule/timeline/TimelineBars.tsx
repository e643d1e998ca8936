import { memo } from 'react';
import { LANE_HEIGHT, typeVar, type Segment } from './geometry';

/**
 * The day's stretches as rectangles in seconds (the svg's viewBox is the seconds in view). Memoised: with
 * hundreds of stretches they are drawn once per view, not on every pointer move.
 */
export const SegmentBars = memo(function SegmentBars({
  ordered,
  widths,
  from,
  to,
}: {
  ordered: Segment[];
  widths: Map<Segment, number>;
  from: number;
  to: number;
}) {
  return ordered.map((s) =>
    s.end < from || s.start > to ? null : (
      <rect
        key={`${s.type}-${s.start}`}
        x={s.start}
        y={0}
        width={widths.get(s) ?? s.end - s.start}
        height={1}
        fill={typeVar(s.type)}
      />
    ),
  );
});

/** The overlays (floating top half, loop items bottom half) in a thin lane under the bar; none in view: nothing. */
export const OverlayLane = memo(function OverlayLane({
  overlays,
  from,
  to,
  perPx,
  background,
}: {
  overlays: Segment[];
  from: number;
  to: number;
  perPx: number;
  background: string;
}) {
  const shown = overlays.filter((s) => !(s.end < from || s.start > to));
  if (shown.length === 0) return null;
  return (
    <svg
      width="100%"
      height={LANE_HEIGHT}
      viewBox={`${from} 0 ${to - from} 1`}
      preserveAspectRatio="none"
      aria-hidden
      data-testid="schedule-overlay-lane"
      style={{ display: 'block', marginTop: 2, borderRadius: 2, background }}
    >
      {shown.map((s) => (
        <rect
          key={`${s.type}-${s.playlistId}-${s.start}`}
          x={s.start}
          y={s.type === 'FLOATING' ? 0 : 0.5}
          width={Math.max(s.end - s.start, perPx)}
          height={0.5}
          fill={typeVar(s.type)}
        />
      ))}
    </svg>
  );
});
