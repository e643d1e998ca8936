import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { isDrag, placeOfKey, type Place } from './geometry';

/** The cell key under a point of the window, from its drop target. */
const dropKeyAt = (x: number, y: number) =>
  document.elementFromPoint(x, y)?.closest('[data-drop-cell]')?.getAttribute('data-drop-cell') ?? null;

/**
 * Dragging a screen into a cell with pointer events (mouse, pen and touch alike): a press that moves
 * DRAG_FROM_PX is a drag, its label follows the pointer (the ghost), the cell under it lights up, and the
 * release over a cell puts the screen there. The click that follows a drag's release is the drag's.
 */
export function useWallDrag(readOnly: boolean, put: (pointId: number, place: Place) => void) {
  const [ghost, setGhost] = useState<{ label: string; x: number; y: number } | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const drag = useRef<{ pointId: number; label: string; x: number; y: number; moved: boolean } | null>(null);
  const dragged = useRef(false);

  const startDrag = (pointId: number, label: string) => (event: ReactPointerEvent<HTMLElement>) => {
    if (readOnly || event.button !== 0) return;
    drag.current = { pointId, label, x: event.clientX, y: event.clientY, moved: false };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const moveDrag = (event: ReactPointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d) return;
    if (!d.moved && !isDrag(d, { x: event.clientX, y: event.clientY })) return;
    d.moved = true;
    setGhost({ label: d.label, x: event.clientX, y: event.clientY });
    setOver(dropKeyAt(event.clientX, event.clientY));
  };
  const endDrag = (event: ReactPointerEvent<HTMLElement>) => {
    const d = drag.current;
    drag.current = null;
    if (!d?.moved) return;
    // The click that follows the release is the drag's, not a choice.
    dragged.current = true;
    const place = placeOfKey(dropKeyAt(event.clientX, event.clientY));
    if (place) put(d.pointId, place);
    setGhost(null);
    setOver(null);
  };
  const cancelDrag = () => {
    drag.current = null;
    setGhost(null);
    setOver(null);
  };
  /** What makes a screen (in the palette or a cell) draggable; nothing when read-only. */
  const dragProps = (pointId: number, label: string) =>
    readOnly
      ? {}
      : {
          onPointerDown: startDrag(pointId, label),
          onPointerMove: moveDrag,
          onPointerUp: endDrag,
          onPointerCancel: cancelDrag,
          style: { touchAction: 'none' as const, cursor: 'grab' },
        };
  /** Whether the click now is the end of a drag (and forgets it). */
  const wasDrag = () => {
    const was = dragged.current;
    dragged.current = false;
    return was;
  };
  return { ghost, over, dragProps, wasDrag };
}
