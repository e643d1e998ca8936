/**
 * A widget or creation is a versioned JSON document (docs/studio.md): a canvas size, pages (a widget has
 * one), each with a duration, a background and layers in z-order (the first is at the back). One DOM
 * renderer (packages/render) draws it in the cabinet's editor and preview and on the player alike.
 */
import { z } from 'zod';
import { colorSchema, idSchema, text } from '../schemas/common.js';
import {
  CLOCK_FORMATS,
  DATE_FORMATS,
  SHAPES,
  STUDIO_FITS,
  STUDIO_LIMITS,
  STUDIO_VERSION,
  TEXT_ALIGNS,
  VERTICAL_ALIGNS,
  layerIdsUnique,
} from './limits.js';

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
export const ClockLayer = z.strictObject({
  ...layerBase,
  kind: z.literal('clock'),
  format: z.enum(CLOCK_FORMATS),
  style: TextStyle,
});
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
  .refine(layerIdsUnique, { error: 'Layer ids must be unique on a page', path: ['pages'] });
export type StudioDocument = z.infer<typeof StudioDocument>;
