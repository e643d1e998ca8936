/**
 * The bounds, closed lists and rules of a studio document (docs/studio.md), apart from its zod schema
 * (document.ts): the schema and the player's zod-free check (guard.ts) share them.
 */
export const STUDIO_VERSION = 1;
export const STUDIO_LIMITS = {
  pages: 50,
  layers: 200,
  canvas: { min: 16, max: 8192 },
  text: 5000,
  fonts: 50,
} as const;

/** Where content stands in its box: whole, cropped to cover it, or stretched. */
export const STUDIO_FITS = ['contain', 'cover', 'fill'] as const;

export const TEXT_ALIGNS = ['left', 'center', 'right', 'justify'] as const;
export const VERTICAL_ALIGNS = ['top', 'middle', 'bottom'] as const;
export const SHAPES = ['rectangle', 'ellipse', 'triangle', 'line'] as const;
/** Live, on the screen's own clock and in its time zone. */
export const CLOCK_FORMATS = ['HH:mm', 'HH:mm:ss', 'h:mm a'] as const;
export const DATE_FORMATS = ['long', 'medium', 'short', 'weekday'] as const;

/** The kinds of StudioLayer, in the editor's order (core's tests check the two name the same kinds). */
export const LAYER_KINDS = ['text', 'image', 'video', 'shape', 'clock', 'date', 'ticker'] as const;

/** Whether no two layers of a page share an id (the editor's selection and the renderer's keys). */
export const layerIdsUnique = (doc: {
  pages: readonly { id: string; layers: readonly { id: string }[] }[];
}): boolean =>
  new Set(doc.pages.flatMap((p) => p.layers.map((l) => `${p.id}/${l.id}`))).size ===
  doc.pages.reduce((n, p) => n + p.layers.length, 0);
