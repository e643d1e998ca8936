/** Where the editor's align tools put a layer on its canvas (docs/studio.md). */
export const ALIGNMENTS = ['left', 'center', 'right', 'top', 'middle', 'bottom'] as const;
export type Alignment = (typeof ALIGNMENTS)[number];

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The box moved to the canvas's edge or centre (its size kept; its unrotated box is what aligns). */
export function alignBox<B extends Box>(box: B, canvas: { width: number; height: number }, to: Alignment): B {
  switch (to) {
    case 'left':
      return { ...box, x: 0 };
    case 'center':
      return { ...box, x: Math.round((canvas.width - box.width) / 2) };
    case 'right':
      return { ...box, x: canvas.width - box.width };
    case 'top':
      return { ...box, y: 0 };
    case 'middle':
      return { ...box, y: Math.round((canvas.height - box.height) / 2) };
    case 'bottom':
      return { ...box, y: canvas.height - box.height };
  }
}
