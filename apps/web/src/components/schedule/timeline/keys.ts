import type { KeyboardEvent } from 'react';
import { HOUR, type Segment } from './geometry';
import type { TimelineView } from './useTimelineView';

/**
 * The bar as a slider: arrows step from stretch to stretch, Page Up/Down by an hour, Home and End to the
 * day's ends, Enter zooms into the hour and Escape out (or lets go of the place).
 */
export function timelineKeys(view: TimelineView, segments: Segment[]) {
  const { cursor, from, to, length, zoom, setZoom, setPlace, hourOf } = view;
  return (event: KeyboardEvent<HTMLDivElement>) => {
    const at = cursor ?? from;
    const starts = [...new Set(segments.map((s) => s.start))].sort((a, b) => a - b);
    let next: number | null = null;
    if (event.key === 'ArrowRight' || event.key === 'ArrowUp')
      next = cursor === null ? from : (starts.find((s) => s > at) ?? at);
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowDown')
      next = cursor === null ? from : ([...starts].reverse().find((s) => s < at) ?? 0);
    else if (event.key === 'PageUp') next = Math.min(length - 1, at + HOUR);
    else if (event.key === 'PageDown') next = Math.max(0, at - HOUR);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = Math.max(0, length - 1);
    else if (event.key === 'Enter') {
      event.preventDefault();
      setZoom(hourOf(at));
      return;
    } else if (event.key === 'Escape') {
      if (zoom !== null) setZoom(null);
      else setPlace(null);
      return;
    }
    if (next === null) return;
    event.preventDefault();
    setPlace({ at: next, exact: true });
    // Zoomed in, the view follows the keyboard to the next hour.
    if (zoom !== null && (next < from || next >= to)) setZoom(hourOf(next));
  };
}
