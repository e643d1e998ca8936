/** The gallery: folders, files, upload reservations, tags, and each file's own schedule and settings. */
import type { FileFit, FileItem, MediaKind } from '@vitrine/core';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CabinetId } from '../cabinet-id.js';
import { createdAt, wallClock, time } from './columns.js';
import { cabinets } from './accounts.js';
import { playlists } from './playlists.js';
import { points } from './screens.js';

/** Gallery folders. A null parent is the root (folder id 0 in the API). */
export const folders = pgTable(
  'folders',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    index: integer('index').notNull().default(0),
    favorite: boolean('favorite').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('folders_cabinet_parent_idx').on(t.cabinetId, t.parentId)],
);

/** Media files: metadata here, bytes in the storage adapter under storage_key. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    folderId: integer('folder_id'),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    kind: text('kind').$type<MediaKind>().notNull(),
    source: text('source').$type<FileItem['source']>().notNull().default('HOME'),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    /** Bytes of an unpacked zip package beside it: they count against the quota too. */
    unpackedSize: bigint('unpacked_size', { mode: 'number' }).notNull().default(0),
    width: integer('width'),
    height: integer('height'),
    /** Seconds, for video and audio. */
    duration: doublePrecision('duration'),
    /** Who measured width, height and duration: the server (sharp, ffprobe) or the browser. */
    measuredBy: text('measured_by').$type<NonNullable<FileItem['measuredBy']>>(),
    hash: text('hash'),
    storageKey: text('storage_key'),
    thumbKey: text('thumb_key'),
    remoteUrl: text('remote_url'),
    /** For an unpacked zip: the page to open, relative to the package root. */
    packageEntry: text('package_entry'),
    /** For a font: its family, read from the font's name table (docs/studio.md). */
    fontFamily: text('font_family'),
    index: integer('index').notNull().default(0),
    favorite: boolean('favorite').notNull().default(false),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('files_cabinet_folder_idx').on(t.cabinetId, t.folderId),
    index('files_cabinet_hash_idx').on(t.cabinetId, t.hash),
  ],
);

/**
 * Quota held by uploads in progress: checked and taken in one locked step, so uploads in parallel cannot
 * pass the quota together; a resumable upload holds its declared length from its first request until it
 * finishes, is terminated or expires. A crashed process's holds run out at `expires_at`.
 */
export const uploadReservations = pgTable(
  'upload_reservations',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    /** The resumable upload (tus) it belongs to, if any. */
    tusId: text('tus_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('upload_reservations_cabinet_idx').on(t.cabinetId),
    uniqueIndex('upload_reservations_tus_idx').on(t.tusId),
  ],
);

export const fileTags = pgTable(
  'file_tags',
  {
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
  },
  (t) => [
    uniqueIndex('file_tags_file_tag_idx').on(t.fileId, t.tag),
    index('file_tags_cabinet_idx').on(t.cabinetId),
  ],
);

export type FolderRow = typeof folders.$inferSelect;
export type FileRow = typeof files.$inferSelect;

/**
 * A file's own schedule (spec §3 File: schedule): when it may start, for the file everywhere (no screen, no
 * playlist), on one screen, in one playlist, or both; one per scope, the most specific applies.
 */
export const fileSchedules = pgTable(
  'file_schedules',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    pointId: integer('point_id').references(() => points.id, { onDelete: 'cascade' }),
    playlistId: integer('playlist_id').references(() => playlists.id, { onDelete: 'cascade' }),
    fromDate: wallClock('from_date'),
    toDate: wallClock('to_date'),
    weekDays: integer('week_days').array().notNull(),
    fromTime: time('from_time'),
    toTime: time('to_time'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // One per scope: a missing screen or playlist counts as a value of its own (NULLS NOT DISTINCT).
    unique('file_schedules_scope_key').on(t.fileId, t.pointId, t.playlistId).nullsNotDistinct(),
    index('file_schedules_cabinet_idx').on(t.cabinetId),
  ],
);

/**
 * How a file plays (spec §3 File: config), per scope like its schedule; a field left null keeps the wider
 * scope's value.
 */
export const fileConfigs = pgTable(
  'file_configs',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    pointId: integer('point_id').references(() => points.id, { onDelete: 'cascade' }),
    playlistId: integer('playlist_id').references(() => playlists.id, { onDelete: 'cascade' }),
    duration: integer('duration'),
    volume: integer('volume'),
    fit: text('fit').$type<FileFit>(),
    muted: boolean('muted'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // One per scope: a missing screen or playlist counts as a value of its own (NULLS NOT DISTINCT).
    unique('file_configs_scope_key').on(t.fileId, t.pointId, t.playlistId).nullsNotDistinct(),
    index('file_configs_cabinet_idx').on(t.cabinetId),
  ],
);

export type FileScheduleRow = typeof fileSchedules.$inferSelect;
export type FileConfigRow = typeof fileConfigs.$inferSelect;
