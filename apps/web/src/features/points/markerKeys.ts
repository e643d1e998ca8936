/** Arrow keys on the focused marker: the direction it moves in, in screen pixels (x right, y down). */
const STEP: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

/** How far a key press moves the marker on screen: 10 px, 1 px with Shift; null for any other key. */
export function markerStep(key: string, shiftKey: boolean): [number, number] | null {
  const move = STEP[key];
  if (!move) return null;
  const px = shiftKey ? 1 : 10;
  return [move[0] * px, move[1] * px];
}
