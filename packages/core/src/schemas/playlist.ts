import { z } from 'zod';
import {
  ACTIONS_ON_END,
  AD_SUPPLIER_KINDS,
  EXPIRATIONS,
  EXPIRATION_FILTERS,
  FILES_ORDERS,
  FLOATING_POSITIONS,
  INFLUENCES,
  PLAYLIST_CATEGORIES,
  PLAYLIST_DEFAULTS,
  PLAYLIST_MESSAGES,
  PLAYLIST_THEMES,
  PLAYLIST_TYPES,
  QUOTA_KINDS,
  REJECT_REASON_MAX,
  SCHEDULE_MODES,
  SSP_MODES,
} from '../playlist.js';
import { isPixelUrl } from '../pixel.js';
import { isWallDateTime, isWallTime } from '../wall-time.js';
import { MEDIA_KINDS } from '../media.js';
import { WALL_ITEM_FITS } from '../wall/content.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants.js';
import { MESSAGES } from '../validation.js';
import { colorSchema, idSchema, nameSchema, patchOf, text } from './common.js';
import { ContentUpdate } from './point.js';

/** 'YYYY-MM-DD HH:mm:ss' and 'HH:mm:ss' on the screen's clock. */
export const wallDateTimeSchema = text(19).refine(isWallDateTime, { error: MESSAGES.invalid });
export const wallTimeSchema = text(8).refine(isWallTime, { error: MESSAGES.invalid });
const wallDateTime = wallDateTimeSchema;
const wallTime = wallTimeSchema;
/** Seconds, whole, up to a week. */
const seconds = z
  .number()
  .int()
  .min(1)
  .max(7 * 86400);

export const PlaylistItemInput = z.strictObject({
  fileId: idSchema,
  /** Seconds; for media without a length of their own (images, pages). */
  duration: seconds.nullable().default(null),
  /**
   * On a video wall, content whose size is not the wall's canvas: 'fit' shows all of it with bars, 'fill'
   * covers the canvas and crops; null: such content is refused (docs/walls.md).
   */
  wallFit: z.enum(WALL_ITEM_FITS).nullable().default(null),
});
export type PlaylistItemInput = z.infer<typeof PlaylistItemInput>;

export const PlaylistSectionInput = z.strictObject({
  duration: seconds.default(PLAYLIST_DEFAULTS.sectionDuration),
  duplicate: z.literal(true).nullable().default(null),
  order: z.number().int().min(0).max(1000).default(0),
  repeat: z.number().int().min(1).max(1000).default(1),
  files: z.array(PlaylistItemInput).max(500).default([]),
});
export type PlaylistSectionInput = z.infer<typeof PlaylistSectionInput>;

export const QuotaInput = z.strictObject({
  kind: z.enum(QUOTA_KINDS),
  quantity: z.number().int().min(1).max(100_000_000),
});

/** A FLOATING playlist's window: where it stands and its width in percent of the screen's. */
export const FloatingAreaInput = z.strictObject({
  position: z.enum(FLOATING_POSITIONS),
  size: z.number().int().min(10).max(100),
});

/** Content bound to coordinates: a centre and a radius in metres (10 m to 1,000 km). */
export const GeofenceInput = z.strictObject({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  radius: z.number().int().min(10).max(1_000_000),
});

/** The backdrop while the playlist plays: dark, light or a colour. */
export const ThemeSchema = z.union([z.enum(PLAYLIST_THEMES), colorSchema]);

export const SspConnectorInput = z.strictObject({
  enabled: z.boolean(),
  mode: z.enum(SSP_MODES),
});

/** Every field a person edits (spec §3). A new playlist starts from newPlaylistDefaults(). */
export const PlaylistInput = z.strictObject({
  name: nameSchema,
  category: z.enum(PLAYLIST_CATEGORIES).nullable(),
  type: z.enum(PLAYLIST_TYPES),
  fromDate: wallDateTime,
  toDate: wallDateTime,
  weekDays: z.array(z.number().int().min(0).max(6)).min(1).max(7),
  fromTime: wallTime.nullable(),
  toTime: wallTime.nullable(),
  fromTime2: wallTime.nullable(),
  toTime2: wallTime.nullable(),
  filesOrder: z.enum(FILES_ORDERS),
  influence: z.enum(INFLUENCES),
  inLeftoversOnly: z.boolean(),
  scheduleMode: z.enum(SCHEDULE_MODES).nullable(),
  /** Timetable: seconds between shows; Playbacks: the number of shows counted by limitationType. */
  periodicity: z.number().int().min(1).max(100_000_000),
  limitationType: z.enum(QUOTA_KINDS),
  /** Caps on shows, at most one per kind. */
  quotas: z
    .array(QuotaInput)
    .max(QUOTA_KINDS.length)
    .refine((q) => new Set(q.map((x) => x.kind)).size === q.length, { error: MESSAGES.invalid }),
  blockDuration: seconds,
  sections: z.array(PlaylistSectionInput).max(50),
  files: z.array(PlaylistItemInput).max(1000),
  points: z.array(idSchema).max(10000),
  nets: z.array(idSchema).max(1000),
  /** Video walls (docs/walls.md): every screen of the wall plays the wall's one timeline. */
  walls: z.array(idSchema).max(1000).default([]),
  tags: z.array(idSchema).max(50),
  /** An http(s) address called for each show, with PIXEL_MACROS filled in. */
  pixel: text(2000).refine(isPixelUrl, { error: PLAYLIST_MESSAGES.pixelInvalid }).nullable(),
  access: z.boolean(),
  active: z.boolean(),
  override: z.boolean(),
  source: z.enum(AD_SUPPLIER_KINDS).nullable(),
  advertisingProviders: z.array(z.enum(AD_SUPPLIER_KINDS)).max(10),
  sspConnector: SspConnectorInput.nullable(),
  actionOnEnd: z.enum(ACTIONS_ON_END).nullable(),
  maxDuration: seconds.nullable(),
  secondaryFileId: idSchema.nullable(),
  secondaryLoopDuration: seconds.nullable(),
  noStats: z.boolean(),
  theme: ThemeSchema.nullable(),
  interval: z.number().int().min(0).max(86400).nullable(),
  /** FLOATING only: where its window stands (FLOATING_DEFAULTS when left null). */
  floating: FloatingAreaInput.nullable(),
  /** Content bound to coordinates: plays only on screens standing in this circle. */
  geofence: GeofenceInput.nullable(),
});
export type PlaylistInput = z.infer<typeof PlaylistInput>;

/** A post or patch sends the playlist (spec §7); any field may be left out. */
export const PlaylistPatch = patchOf(PlaylistInput);
export type PlaylistPatch = z.infer<typeof PlaylistPatch>;

const Named = z.object({ id: z.number().int(), name: z.string() });

export const PlaylistItem = z.object({
  fileId: z.number().int(),
  duration: z.number().int().nullable(),
  wallFit: z.enum(WALL_ITEM_FITS).nullable(),
  name: z.string(),
  mime: z.string(),
  kind: z.enum(MEDIA_KINDS),
  /** The media's own length in seconds (video, audio, remote); null for images and pages. */
  mediaDuration: z.number().nullable(),
  thumbUrl: z.string().nullable(),
});
export type PlaylistItem = z.infer<typeof PlaylistItem>;

export const PendingChange = z.object({
  id: z.number().int(),
  userName: z.string(),
  createdDate: z.string(),
});

export const Playlist = PlaylistInput.extend({
  id: z.number().int(),
  files: z.array(PlaylistItem),
  sections: z.array(PlaylistSectionInput.extend({ files: z.array(PlaylistItem) })),
  points: z.array(Named),
  nets: z.array(Named),
  walls: z.array(Named),
  tags: z.array(Named),
  /** The secondary content's file, as the editor shows it. */
  secondaryFile: PlaylistItem.nullable(),
  pointsTotal: z.number().int(),
  expiration: z.enum(EXPIRATIONS),
  /** Seconds of one pass over the content. */
  contentDuration: z.number(),
  approved: z.boolean(),
  pendingChange: PendingChange.nullable(),
  createdDate: z.string(),
  updatedDate: z.string(),
});
export type Playlist = z.infer<typeof Playlist>;

/** A waiting change, with the fields it sets (a bulk apply's screens count as `points`). */
export const ChangeRequest = PendingChange.extend({ fields: z.array(z.string()) });
export type ChangeRequest = z.infer<typeof ChangeRequest>;

/** The owner's rejection of a person's changes, shown to them until their next edit. */
export const Rejection = z.object({
  /** Who rejected; null once that account is removed. */
  userName: z.string().nullable(),
  decidedDate: z.string(),
  reason: z.string().nullable(),
});
export type Rejection = z.infer<typeof Rejection>;

/**
 * GET /api/playlist/versions/{id}: what approval is about. `approved` is the playlist as screens have it;
 * `pending` is it with every waiting change laid over, exactly what approving would write (null when
 * nothing waits); `own` the same with only the caller's own waiting changes, what their editor shows;
 * `problem` is what approving would answer now, when it would be refused (content removed meanwhile).
 */
export const PlaylistVersions = z.object({
  approved: Playlist,
  pending: Playlist.nullable(),
  own: Playlist.nullable(),
  requests: z.array(ChangeRequest),
  problem: z.string().nullable(),
  rejection: Rejection.nullable(),
});
export type PlaylistVersions = z.infer<typeof PlaylistVersions>;

/** Rejecting may say why: one line, kept with the rejected changes for their authors to read. */
export const RejectBody = z.strictObject({ reason: text(REJECT_REASON_MAX).nullable().optional() });
export type RejectBody = z.infer<typeof RejectBody>;

/** A patch that waits for approval answers with the playlist as it stands and a notice. */
/** `update`: what the save did to the screens it reaches (who updates now, how long the others wait). */
export const PlaylistSaved = Playlist.extend({
  notice: z.string().optional(),
  update: ContentUpdate.optional(),
});

export const PlaylistListItem = Playlist.pick({
  id: true,
  name: true,
  type: true,
  category: true,
  fromDate: true,
  toDate: true,
  active: true,
  expiration: true,
  pointsTotal: true,
  tags: true,
  contentDuration: true,
  approved: true,
  pendingChange: true,
  updatedDate: true,
}).extend({ filesCount: z.number().int() });
export type PlaylistListItem = z.infer<typeof PlaylistListItem>;

export const PLAYLIST_SORTS = ['id', 'name', 'fromDate', 'toDate', 'updated'] as const;
export const PlaylistListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  search: text(200).optional(),
  type: z.enum(PLAYLIST_TYPES).optional(),
  category: z.enum(PLAYLIST_CATEGORIES).optional(),
  tag: idSchema.optional(),
  expiration: z.enum(EXPIRATION_FILTERS).optional(),
  point: idSchema.optional(),
  net: idSchema.optional(),
  pending: z.enum(['true']).optional(),
  sort: z.enum(PLAYLIST_SORTS).default('id'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type PlaylistListQuery = z.infer<typeof PlaylistListQuery>;

export const PlaylistList = z.object({ list: z.array(PlaylistListItem), total: z.number().int() });
export type PlaylistList = z.infer<typeof PlaylistList>;

/** At most 100 000 playlist-screen pairs in one call. */
export const APPLY_MAX_PAIRS = 100_000;
export const ApplyBody = z
  .strictObject({
    playlists: z.array(idSchema).min(1).max(1000),
    points: z.array(idSchema).max(10000),
  })
  .refine((b) => b.playlists.length * b.points.length <= APPLY_MAX_PAIRS, { error: MESSAGES.invalid });

export const PlaylistTag = z.object({ id: z.number().int(), name: z.string(), color: z.string().nullable() });
export type PlaylistTag = z.infer<typeof PlaylistTag>;
export const PlaylistTagInput = z.strictObject({
  name: text(50, { min: 1 }),
  color: colorSchema.nullable().default(null),
});
/** Renaming a tag keeps its colour, and the other way round. */
export const PlaylistTagPatch = patchOf(PlaylistTagInput);
export const PlaylistTagList = z.object({ list: z.array(PlaylistTag), total: z.number().int() });

export const ApprovalSettings = z.strictObject({ approvalRequired: z.boolean() });

/** Screens and networks a playlist can target, for the editor's pickers. */
export const TargetOption = z.object({ id: z.number().int(), name: z.string() });
