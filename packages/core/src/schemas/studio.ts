import { z } from 'zod';
import { StudioDocument } from '../studio/document.js';
import { MESSAGES } from '../validation.js';
import { PageQuery, int4, nameSchema, patchOf, text } from './common.js';

/**
 * Widgets and creations as the API takes and answers them (spec §3 Widget, Creation; §7 GET /widget,
 * GET /media-creation): a name, the studio document (docs/studio.md), a thumbnail the browser made on
 * save, and the revision the server counts up on every save.
 */

/** The most a thumbnail (a data: address of a PNG, JPEG or WebP picture) may weigh, in characters. */
export const THUMBNAIL_MAX = 200_000;
export const thumbnailSchema = text(THUMBNAIL_MAX).regex(
  /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/,
  { error: MESSAGES.invalid },
);

/** A widget is one page; a creation may have several. */
export const WidgetDocument = StudioDocument.refine((d) => d.pages.length === 1, {
  error: 'A widget has one page',
  path: ['pages'],
});

const inputShape = {
  name: nameSchema,
  thumbnail: thumbnailSchema.nullable().default(null),
};

export const WidgetInput = z.strictObject({ ...inputShape, document: WidgetDocument });
export type WidgetInput = z.infer<typeof WidgetInput>;
/** A patch changes the fields it names only. */
export const WidgetPatch = patchOf(WidgetInput);
export type WidgetPatch = z.infer<typeof WidgetPatch>;

export const CreationInput = z.strictObject({ ...inputShape, document: StudioDocument });
export type CreationInput = z.infer<typeof CreationInput>;
export const CreationPatch = patchOf(CreationInput);
export type CreationPatch = z.infer<typeof CreationPatch>;

/** The revision the editor started from: a save over a newer one answers 409 (CONFLICT). */
export const StudioPatchQuery = z.strictObject({ revision: int4(0).optional() });

export const StudioListQuery = PageQuery;
export type StudioListQuery = z.infer<typeof StudioListQuery>;

/** One widget or creation as the cabinet reads it. */
export const StudioItem = z.object({
  id: z.number().int(),
  /** Its library file: what a playlist names to play it (kind 'widget' or 'creation'). */
  fileId: z.number().int().nullable(),
  name: z.string(),
  document: StudioDocument,
  thumbnail: z.string().nullable(),
  /** Counted up by every save. */
  revision: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** Seconds of one pass over its pages. */
  duration: z.number(),
  /** Font families its text uses (the player loads them before showing it). */
  fonts: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StudioItem = z.infer<typeof StudioItem>;

export const WidgetList = z.object({ widgets: z.array(StudioItem), total: z.number().int() });
export type WidgetList = z.infer<typeof WidgetList>;
export const CreationList = z.object({ creations: z.array(StudioItem), total: z.number().int() });
export type CreationList = z.infer<typeof CreationList>;
