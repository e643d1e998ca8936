/**
 * A widget or creation is a versioned JSON document (docs/studio.md): a canvas size, pages (a widget has
 * one), each with a duration, a background and layers in z-order (the first is at the back). One DOM
 * renderer (packages/render) draws it in the cabinet's editor and preview and on the player alike.
 */
import { z } from 'zod';
import { colorSchema, idSchema, text } from '../schemas/common.js';

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

const coordinate = z.number().min(-100_000).max(100_000);
const size = z.number().min(1).max(100_000);

const layerBase = {
  /** Stable within the document: the editor's selection and the renderer's element keys. */
  id: text(64, { min: 1 }).regex(/^[A-Za-z0-9_-]+$/),
  name: text(100),
  x: coordinate,
  y: coordinate,
  width: size,
  height: size,
  /** Degrees, clockwise, about the box's centre. */
  rotation: z.number().min(-360).max(360),
  opacity: z.number().min(0).max(1),
  visible: z.boolean(),
  /** The editor does not move or resize a locked layer; the renderer ignores it. */
  locked: z.boolean(),
};

export const TEXT_ALIGNS = ['left', 'center', 'right', 'justify'] as const;
export const VERTICAL_ALIGNS = ['top', 'middle', 'bottom'] as const;

/** How text looks: text, clock, date and ticker layers share it. */
export const TextStyle = z.strictObject({
  fontFamily: text(100, { min: 1 }),
  /** Pixels of the canvas. */
  fontSize: z.number().min(1).max(2000),
  fontWeight: z.number().int().min(100).max(900).multipleOf(100),
  fontStyle: z.enum(['normal', 'italic']),
  color: colorSchema,
  align: z.enum(TEXT_ALIGNS),
  verticalAlign: z.enum(VERTICAL_ALIGNS),
  lineHeight: z.number().min(0.5).max(5),
  /** Pixels between letters (may be negative). */
  letterSpacing: z.number().min(-50).max(200),
  shadow: z
    .strictObject({
      color: colorSchema,
      x: z.number().min(-200).max(200),
      y: z.number().min(-200).max(200),
      blur: z.number().min(0).max(200),
    })
    .nullable(),
});
export type TextStyle = z.infer<typeof TextStyle>;

export const TextLayer = z.strictObject({
  ...layerBase,
  kind: z.literal('text'),
  text: text(STUDIO_LIMITS.text, { multiline: true, trim: false }),
  style: TextStyle,
});
export const ImageLayer = z.strictObject({
  ...layerBase,
  kind: z.literal('image'),
  fileId: idSchema,
  fit: z.enum(STUDIO_FITS),
});
export const VideoLayer = z.strictObject({
  ...layerBase,
  kind: z.literal('video'),
  fileId: idSchema,
  fit: z.enum(STUDIO_FITS),
  muted: z.boolean(),
});
export const SHAPES = ['rectangle', 'ellipse', 'triangle', 'line'] as const;
export const ShapeLayer = z.strictObject({
  ...layerBase,
  kind: z.literal('shape'),
  shape: z.enum(SHAPES),
  fill: colorSchema.nullable(),
  stroke: colorSchema.nullable(),
  strokeWidth: z.number().min(0).max(200),
  /** Rounded corners of a rectangle (px). */
  radius: z.number().min(0).max(10_000),
});
/** Live, on the screen's own clock and in its time zone. */
export const CLOCK_FORMATS = ['HH:mm', 'HH:mm:ss', 'h:mm a'] as const;
export const ClockLayer = z.strictObject({
  ...layerBase,
  kind: z.literal('clock'),
  format: z.enum(CLOCK_FORMATS),
  style: TextStyle,
});
export const DATE_FORMATS = ['long', 'medium', 'short', 'weekday'] as const;
export const DateLayer = z.strictObject({
  ...layerBase,
  kind: z.literal('date'),
  format: z.enum(DATE_FORMATS),
  style: TextStyle,
});
/** A line of text running across its box. */
export const TickerLayer = z.strictObject({
  ...layerBase,
  kind: z.literal('ticker'),
  text: text(STUDIO_LIMITS.text),
  /** Canvas pixels a second. */
  speed: z.number().min(5).max(2000),
  background: colorSchema.nullable(),
  style: TextStyle,
});

export const StudioLayer = z.discriminatedUnion('kind', [
  TextLayer,
  ImageLayer,
  VideoLayer,
  ShapeLayer,
  ClockLayer,
  DateLayer,
  TickerLayer,
]);
export type StudioLayer = z.infer<typeof StudioLayer>;
export type LayerKind = StudioLayer['kind'];
export const LAYER_KINDS = [
  'text',
  'image',
  'video',
  'shape',
  'clock',
  'date',
  'ticker',
] as const satisfies readonly LayerKind[];

export const StudioBackground = z.strictObject({
  color: colorSchema,
  gradient: z.strictObject({ to: colorSchema, angle: z.number().min(0).max(360) }).nullable(),
  /** An image or video from the library, over the colour. */
  fileId: idSchema.nullable(),
  fit: z.enum(STUDIO_FITS),
});
export type StudioBackground = z.infer<typeof StudioBackground>;

export const StudioPage = z.strictObject({
  id: text(64, { min: 1 }).regex(/^[A-Za-z0-9_-]+$/),
  /** Seconds the page shows. */
  duration: z.number().int().min(1).max(86_400),
  background: StudioBackground,
  layers: z.array(StudioLayer).max(STUDIO_LIMITS.layers),
});
export type StudioPage = z.infer<typeof StudioPage>;

/**
 * A font the cabinet uploaded (a library file of kind 'font'), under the family its text styles name: the
 * renderer loads it from the file's address, and the player caches it with the document's other files.
 */
export const DocumentFont = z.strictObject({
  family: text(100, { min: 1 }),
  fileId: idSchema,
});
export type DocumentFont = z.infer<typeof DocumentFont>;

export const StudioDocument = z
  .strictObject({
    version: z.literal(STUDIO_VERSION),
    width: z.number().int().min(STUDIO_LIMITS.canvas.min).max(STUDIO_LIMITS.canvas.max),
    height: z.number().int().min(STUDIO_LIMITS.canvas.min).max(STUDIO_LIMITS.canvas.max),
    pages: z.array(StudioPage).min(1).max(STUDIO_LIMITS.pages),
    /** Uploaded fonts the document uses; the shipped ones need no entry. */
    fonts: z.array(DocumentFont).max(STUDIO_LIMITS.fonts).optional(),
  })
  .refine(
    (d) =>
      new Set(d.pages.flatMap((p) => p.layers.map((l) => `${p.id}/${l.id}`))).size ===
      d.pages.reduce((n, p) => n + p.layers.length, 0),
    {
      error: 'Layer ids must be unique on a page',
      path: ['pages'],
    },
  );
export type StudioDocument = z.infer<typeof StudioDocument>;

/**
 * Every library file a document names (layers, backgrounds and uploaded fonts), for checks and for the
 * player's cache.
 */
export function documentFiles(doc: StudioDocument): number[] {
  const ids = new Set<number>((doc.fonts ?? []).map((f) => f.fileId));
  for (const page of doc.pages) {
    if (page.background.fileId !== null) ids.add(page.background.fileId);
    for (const layer of page.layers) if ('fileId' in layer) ids.add(layer.fileId);
  }
  return [...ids].sort((a, b) => a - b);
}

/** Every font family a document's text uses. */
export function documentFonts(doc: StudioDocument): string[] {
  const families = new Set<string>();
  for (const page of doc.pages)
    for (const layer of page.layers) if ('style' in layer) families.add(layer.style.fontFamily);
  return [...families].sort();
}

/** Seconds one pass over the document's pages takes. */
export const documentDuration = (doc: StudioDocument): number =>
  doc.pages.reduce((total, page) => total + page.duration, 0);

/**
 * The document with its `fonts` drawn from the cabinet's uploaded fonts: an entry for every uploaded file
 * of a family its text uses (shipped and generic families need none). A family no uploaded file has is
 * left out: the renderer then reports it missing.
 */
export function withUploadedFonts(
  doc: StudioDocument,
  uploaded: readonly { id: number; fontFamily?: string | null | undefined }[],
): StudioDocument {
  const used = new Set(documentFonts(doc));
  const fonts = uploaded
    .filter((f) => f.fontFamily && used.has(f.fontFamily))
    .map((f) => ({ family: f.fontFamily!, fileId: f.id }))
    .slice(0, STUDIO_LIMITS.fonts);
  const next: StudioDocument = { ...doc };
  delete next.fonts;
  return fonts.length > 0 ? { ...next, fonts } : next;
}
