import { z } from 'zod';
import { POINT_STATUSES, ROTATIONS } from '../point.js';
import { WALL_DEFAULT_SCREEN, WALL_GRID, WALL_PAGE_SIZE } from '../wall/rules.js';
import { MAX_PAGE_SIZE } from '../constants.js';
import { dateSchema, idSchema, nameSchema, patchOf, text } from './common.js';

/** Columns or rows of a wall. */
const gridSide = z.number().int().min(WALL_GRID.min).max(WALL_GRID.max);
/** A cell's column or row, from 0. */
const place = z
  .number()
  .int()
  .min(0)
  .max(WALL_GRID.max - 1);
/** Millimetres of a screen's picture or of the gap between two pictures; null: not given. */
const mm = (max: number) => z.number().min(0).max(max).nullable().default(null);

/** One screen of the wall: where it stands and how it is turned. */
export const WallCell = z.strictObject({
  column: place,
  row: place,
  pointId: idSchema,
  rotation: z.enum(ROTATIONS).default('NORMAL'),
});
export type WallCell = z.infer<typeof WallCell>;

/** Pixels of one screen as mounted, and its physical sizes for bezel compensation (docs/walls.md). */
export const WallScreen = z.strictObject({
  widthPx: z.number().int().min(16).max(16384).default(WALL_DEFAULT_SCREEN.widthPx),
  heightPx: z.number().int().min(16).max(16384).default(WALL_DEFAULT_SCREEN.heightPx),
  widthMm: mm(10_000),
  heightMm: mm(10_000),
  bezelMm: mm(1_000),
});
export type WallScreen = z.infer<typeof WallScreen>;

/** Spec §3 Wall: id, name, width (columns), height (rows), points; with its cells, screen and canvas. */
export const Wall = z.object({
  id: z.number().int(),
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  points: z.array(z.object({ id: z.number().int(), name: z.string() })),
  cells: z.array(
    z.object({
      column: z.number().int(),
      row: z.number().int(),
      pointId: z.number().int(),
      rotation: z.enum(ROTATIONS),
    }),
  ),
  screen: z.object({
    widthPx: z.number().int(),
    heightPx: z.number().int(),
    widthMm: z.number().nullable(),
    heightMm: z.number().nullable(),
    bezelMm: z.number().nullable(),
  }),
  /** The picture the wall shows, in pixels (core canvasSize): what content should measure. */
  canvas: z.object({ width: z.number().int(), height: z.number().int() }),
});
export type Wall = z.infer<typeof Wall>;

export const WallInput = z.strictObject({
  name: nameSchema,
  width: gridSide,
  height: gridSide,
  screen: WallScreen.prefault({}),
  /** The screens by cell; or spec §3's `points`, never both (core `wallInputCells`). Neither: no screens. */
  cells: z
    .array(WallCell)
    .max(WALL_GRID.max * WALL_GRID.max)
    .optional(),
  /** Spec §3 Wall `points`: screen ids along the rows, left to right, top to bottom; null leaves a cell empty. */
  points: z
    .array(idSchema.nullable())
    .max(WALL_GRID.max * WALL_GRID.max)
    .optional(),
});
export type WallInput = z.infer<typeof WallInput>;
/** Any of the fields; cells, when given, replace the wall's cells. */
export const WallPatch = patchOf(WallInput);
export type WallPatch = z.infer<typeof WallPatch>;

export const WallListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(WALL_PAGE_SIZE),
  search: text(200).optional(),
  /** Only the wall holding this screen (the screen page's link to its wall). */
  point: idSchema.optional(),
});
export type WallListQuery = z.infer<typeof WallListQuery>;
/** Spec §7: GET /wall answers { items, total }. */
export const WallList = z.object({ items: z.array(Wall), total: z.number().int() });
export type WallList = z.infer<typeof WallList>;

/**
 * One tile of a wall as the wall page shows it (docs/walls.md): its screen, whether it is online and in
 * step, the skew it measured (ms: p50, p95, worst) and when it last said so, and its last screenshot.
 */
export const WallTileStatus = z.object({
  pointId: z.number().int(),
  name: z.string(),
  column: z.number().int(),
  row: z.number().int(),
  status: z.enum(POINT_STATUSES),
  synchronized: z.boolean(),
  p50: z.number().nullable(),
  p95: z.number().nullable(),
  max: z.number().nullable(),
  /** When the tile last reported (its last heartbeat); null: never. */
  reportedAt: z.string().nullable(),
  screenshotUrl: z.string().nullable(),
});
export type WallTileStatus = z.infer<typeof WallTileStatus>;

/** GET /api/wall/status/{id}: the playlists on the wall and each tile's status. */
export const WallStatus = z.object({
  playlists: z.array(z.object({ id: z.number().int(), name: z.string() })),
  tiles: z.array(WallTileStatus),
});
export type WallStatus = z.infer<typeof WallStatus>;

/** GET /api/wall/schedule/{id}: a local date (the wall's first screen's clock); none: today. */
export const WallScheduleQuery = z.strictObject({
  date: dateSchema.optional(),
});
