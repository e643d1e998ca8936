import { z } from 'zod';
import { FILE_FITS, FILE_SOURCES, MEDIA_KINDS, isValidRemoteUrl, remoteUrlMessage } from '../media.js';
import { MAX_PAGE_SIZE } from '../constants.js';
import { WEEK_DAYS } from '../playlist.js';
import { wallSeconds } from '../wall-time.js';
import { MESSAGES } from '../validation.js';
import { INT4_MAX, INT4_MIN, idSchema, nameSchema, text } from './common.js';
import { wallDateTimeSchema, wallTimeSchema } from './playlist.js';

/** Folder id 0 is the root (spec §3). */
export const folderIdSchema = z.coerce.number().int().min(0).max(INT4_MAX);

export const FolderItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The parent folder's id; 0 for the root. */
  path: z.number().int(),
  index: z.number().int(),
  favorite: z.boolean(),
  createdDate: z.string(),
});
export type FolderItem = z.infer<typeof FolderItem>;

export const FileItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Present on files only: what tells a file from a folder (spec §3). */
  mime: z.string(),
  kind: z.enum(MEDIA_KINDS),
  source: z.enum(FILE_SOURCES),
  path: z.number().int(),
  index: z.number().int(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  duration: z.number().nullable(),
  measuredBy: z.enum(['server', 'browser', 'user']).nullable(),
  hash: z.string().nullable(),
  favorite: z.boolean(),
  tags: z.array(z.string()),
  /** Signed, short-lived addresses of the bytes and of the thumbnail or poster. */
  url: z.string(),
  thumbUrl: z.string().nullable(),
  remoteUrl: z.string().nullable(),
  /** For an unpacked zip package: the signed address of its entry page. */
  packageUrl: z.string().nullable(),
  /** A font file's family, read from the font itself (docs/studio.md); absent for other kinds. */
  fontFamily: z.string().nullable().optional(),
  createdDate: z.string(),
});
export type FileItem = z.infer<typeof FileItem>;

export const GalleryItem = z.union([FileItem, FolderItem]);
export type GalleryItem = z.infer<typeof GalleryItem>;

export const FolderContents = z.object({
  data: z.array(GalleryItem),
  tags: z.array(z.string()),
  breadcrumbs: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type FolderContents = z.infer<typeof FolderContents>;

export const FolderPostBody = z.strictObject({ name: nameSchema, path: folderIdSchema.default(0) });
export const FolderPatchBody = z.strictObject({
  toggleFavorite: z.literal(true).optional(),
  name: nameSchema.optional(),
});
/** Move: a target below 0 is ignored (spec §4). */
export const MoveBody = z.strictObject({
  path: z.number().int().min(INT4_MIN).max(INT4_MAX),
  ids: z.array(idSchema).min(1).max(1000),
});
export const SearchQuery = z.strictObject({ search: text(200, { min: 1 }) });

export const tagSchema = text(50, { min: 1 });
export const FilePatchBody = z.strictObject({
  toggleFavorite: z.literal(true).optional(),
  name: nameSchema.optional(),
  tags: z.array(tagSchema).max(50).optional(),
});

const remoteUrl = text(2000).refine(isValidRemoteUrl, { error: remoteUrlMessage() });
/**
 * A remote file plays from its address; a live stream (HLS, an endless video) has no length of its own and
 * is never stored on the screen, a recorded file has one.
 */
export const RemoteFileInput = z
  .strictObject({
    url: remoteUrl,
    name: nameSchema.optional(),
    width: z.number().int().min(1).max(16384),
    height: z.number().int().min(1).max(16384),
    duration: z.number().min(0.1).max(86400).nullable().default(null),
    live: z.boolean().default(false),
  })
  .refine((f) => f.live || f.duration !== null, { error: MESSAGES.required, path: ['duration'] });
export type RemoteFileInput = z.infer<typeof RemoteFileInput>;
/** POST /api/file/post: add remote files to a folder. */
export const FilePostBody = z.strictObject({
  folderId: folderIdSchema.default(0),
  files: z.array(RemoteFileInput).min(1).max(100),
});

export const UploadQuery = z.strictObject({ folderId: folderIdSchema.default(0) });
/**
 * POST /api/file/upload names its file in X-File-Name, URI-encoded when it is not ASCII (a name that does
 * not decode is taken as it is); the decoded name obeys the same rules as a renamed file's.
 */
export const UploadHeaders = z.object({
  'x-file-name': text(1000, { min: 1 })
    .transform((value) => {
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    })
    .pipe(nameSchema),
});
export const UploadResult = FileItem.extend({
  duplicate: z.boolean(),
  /** Said of a duplicate the uploader cannot see where it lies ('File already uploaded. Used exist'). */
  message: z.string().optional(),
});

/** POST /api/file/import: the server fetches a file from the web into the library. */
export const FileImportBody = z.strictObject({
  url: remoteUrl,
  folderId: folderIdSchema.default(0),
  name: nameSchema.optional(),
});

/** A file a removal kept because a playlist uses it (spec: such a file is kept and the answer says so). */
export const KeptFile = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The caller's own playlists that use it, by name. */
  playlists: z.array(z.string()),
  /** Playlists of other cabinets using it (a stock file), counted but never named. */
  elsewhere: z.number().int(),
});
export type KeptFile = z.infer<typeof KeptFile>;
export const RemoveResult = z.object({
  ok: z.literal(true),
  kept: z.array(KeptFile),
  /** Present when something was kept: 'File is used by a playlist: <names>'. */
  message: z.string().optional(),
});
export type RemoveResult = z.infer<typeof RemoveResult>;

// ---- the file list (GET /api/file) ----

export const FILE_SORTS = ['id', 'name', 'size', 'created'] as const;
export const FileListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(100),
  /** Part of the name, case-insensitive. */
  search: text(200).optional(),
  kind: z.enum(MEDIA_KINDS).optional(),
  source: z.enum(FILE_SOURCES).optional(),
  /** Only the files of this folder (0: the root); every folder when left out. */
  folder: folderIdSchema.optional(),
  favorite: z.enum(['true']).optional(),
  tag: text(50, { min: 1 }).optional(),
  sort: z.enum(FILE_SORTS).default('id'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type FileListQuery = z.infer<typeof FileListQuery>;
export const FileList = z.object({ files: z.array(FileItem), total: z.number().int() });
export type FileList = z.infer<typeof FileList>;

// ---- a file's own schedule and configuration (spec §3 File: schedule, config; §7) ----

/** Whose rule it is: the file everywhere (both null), on one screen, in one playlist, or both. */
const scope = {
  fileId: idSchema,
  pointId: idSchema.nullable().default(null),
  playlistId: idSchema.nullable().default(null),
};

/** POST /api/file/schedule: when the file may start, for its scope (a second one for a scope replaces it). */
export const FileScheduleInput = z
  .strictObject({
    ...scope,
    fromDate: wallDateTimeSchema.nullable().default(null),
    toDate: wallDateTimeSchema.nullable().default(null),
    weekDays: z
      .array(z.number().int().min(0).max(6))
      .min(1)
      .max(7)
      .default([...WEEK_DAYS]),
    fromTime: wallTimeSchema.nullable().default(null),
    toTime: wallTimeSchema.nullable().default(null),
  })
  .refine((s) => !s.fromDate || !s.toDate || wallSeconds(s.toDate) >= wallSeconds(s.fromDate), {
    error: 'End broadcasting time must not be before the start',
    path: ['toDate'],
  });
export type FileScheduleInput = z.infer<typeof FileScheduleInput>;

const ScopeNames = {
  id: z.number().int(),
  fileId: z.number().int(),
  pointId: z.number().int().nullable(),
  pointName: z.string().nullable(),
  playlistId: z.number().int().nullable(),
  playlistName: z.string().nullable(),
};

export const FileSchedule = z.object({
  ...ScopeNames,
  fromDate: z.string().nullable(),
  toDate: z.string().nullable(),
  weekDays: z.array(z.number().int()),
  fromTime: z.string().nullable(),
  toTime: z.string().nullable(),
});
export type FileSchedule = z.infer<typeof FileSchedule>;

/** POST /api/file/config: how the file plays for its scope; a field left null keeps the wider scope's. */
export const FileConfigInput = z.strictObject({
  ...scope,
  /** Seconds, for files without a length of their own (images, pages, streams). */
  duration: z.number().int().min(1).max(86400).nullable().default(null),
  volume: z.number().int().min(0).max(100).nullable().default(null),
  fit: z.enum(FILE_FITS).nullable().default(null),
  muted: z.boolean().nullable().default(null),
});
export type FileConfigInput = z.infer<typeof FileConfigInput>;

export const FileConfig = z.object({
  ...ScopeNames,
  duration: z.number().int().nullable(),
  volume: z.number().int().nullable(),
  fit: z.enum(FILE_FITS).nullable(),
  muted: z.boolean().nullable(),
});
export type FileConfig = z.infer<typeof FileConfig>;

/** GET /api/file/{id}: the file with its schedules and configurations of every scope. */
export const FileDetail = FileItem.extend({
  /** The file-wide ones (spec §7: stored on the file when pointId and playlistId are null). */
  schedule: FileSchedule.nullable(),
  config: FileConfig.nullable(),
  schedules: z.array(FileSchedule),
  configs: z.array(FileConfig),
});
export type FileDetail = z.infer<typeof FileDetail>;
