import type { Box } from './documentEdits';

export type Gesture = 'move' | 'resize' | 'rotate';

/** Where a gesture is: the pointer's move in canvas pixels, and its angle around the layer's centre. */
export interface GestureStep {
  dx: number;
  dy: number;
  /** The pointer's angle around the layer's centre, in degrees from the x axis. */
  degrees: number;
  shiftKey: boolean;
}

/** Snaps to whole pixels, and to the targets (the canvas's edges and centre) within 8 screen px. */
export const snap = (value: number, targets: number[], scale: number) => {
  const near = targets.find((target) => Math.abs(target - value) < 8 / scale);
  return Math.round(near ?? value);
};

/**
 * The layer's box during a gesture that began at `from`: a move snaps to the canvas's edges and centre, a
 * resize to its far edges (never under 1 px), a rotation follows the pointer (every 15° with Shift).
 */
export function gestureBox(
  gesture: Gesture,
  from: Box,
  step: GestureStep,
  canvas: { width: number; height: number; scale: number },
): Box {
  const { dx, dy } = step;
  const { width: W, height: H, scale } = canvas;
  if (gesture === 'move') {
    const x = snap(from.x + dx, [0, W - from.width, (W - from.width) / 2], scale);
    const y = snap(from.y + dy, [0, H - from.height, (H - from.height) / 2], scale);
    return { ...from, x, y };
  }
  if (gesture === 'resize') {
    const width = Math.max(1, snap(from.width + dx, [W - from.x], scale));
    const height = Math.max(1, snap(from.height + dy, [H - from.y], scale));
    return { ...from, width, height };
  }
  const normal = ((step.degrees + 90 + 540) % 360) - 180;
  // Snaps to every 15 degrees while Shift is held.
  return { ...from, rotation: Math.round(step.shiftKey ? Math.round(normal / 15) * 15 : normal) };
}
