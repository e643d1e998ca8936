import { z } from 'zod';
import { FILE_SOURCES, MEDIA_KINDS, isValidRemoteUrl, remoteUrlMessage } from '../media.js';
import { idSchema, nameSchema } from './common.js';

/** Folder id 0 is the root (spec §3). */
export const folderIdSchema = z.coerce.number().int().min(0).max(2147483647);

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
  path: z.number().int().min(-2147483648).max(2147483647),
  ids: z.array(idSchema).min(1).max(1000),
});
export const SearchQuery = z.strictObject({ search: z.string().trim().min(1).max(200) });

export const tagSchema = z.string().trim().min(1).max(50);
export const FilePatchBody = z.strictObject({
  toggleFavorite: z.literal(true).optional(),
  name: nameSchema.optional(),
  tags: z.array(tagSchema).max(50).optional(),
});

export const RemoteFileInput = z.strictObject({
  url: z.string().refine(isValidRemoteUrl, { error: remoteUrlMessage() }),
  name: nameSchema.optional(),
  width: z.number().int().min(1).max(16384),
  height: z.number().int().min(1).max(16384),
  duration: z.number().min(0.1).max(86400),
});
/** POST /api/file/post: add remote files to a folder. */
export const FilePostBody = z.strictObject({
  folderId: folderIdSchema.default(0),
  files: z.array(RemoteFileInput).min(1).max(100),
});

export const UploadQuery = z.strictObject({ folderId: folderIdSchema.default(0) });
export const UploadResult = FileItem.extend({ duplicate: z.boolean() });

/** POST /api/file/import: the server fetches a file from the web into the library. */
export const FileImportBody = z.strictObject({
  url: z.string().refine(isValidRemoteUrl, { error: remoteUrlMessage() }),
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
