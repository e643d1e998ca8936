/** Playlists: sections, items, targets, tags and the change log. */
import { sql } from 'drizzle-orm';
import type { FilesOrder, Playlist, PlaylistType, QuotaKind, ScheduleMode, WallItemFit } from '@vitrine/core';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CabinetId } from '../cabinet-id.js';
import { createdAt, wallClock, time } from './columns.js';
import { cabinets, users } from './accounts.js';
import { files } from './media.js';
import { nets, points, walls } from './screens.js';

/**
 * Playlists. Dates and times are wall-clock values without a zone: each screen applies them on its own
 * clock. The settings a person edits live in columns; content, sections, targets and tags in child tables.
 */
export const playlists = pgTable(
  'playlists',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    category: text('category').$type<NonNullable<Playlist['category']>>(),
    type: text('type').$type<PlaylistType>().notNull(),
    fromDate: wallClock('from_date').notNull(),
    toDate: wallClock('to_date').notNull(),
    weekDays: integer('week_days').array().notNull(),
    fromTime: time('from_time'),
    toTime: time('to_time'),
    fromTime2: time('from_time2'),
    toTime2: time('to_time2'),
    filesOrder: text('files_order').$type<FilesOrder>().notNull(),
    influence: text('influence').$type<Playlist['influence']>().notNull(),
    inLeftoversOnly: boolean('in_leftovers_only').notNull().default(false),
    scheduleMode: text('schedule_mode').$type<ScheduleMode>(),
    periodicity: integer('periodicity').notNull(),
    limitationType: text('limitation_type').$type<QuotaKind>().notNull(),
    quotas: jsonb('quotas').$type<{ kind: QuotaKind; quantity: number }[]>().notNull().default([]),
    blockDuration: integer('block_duration').notNull(),
    pixel: text('pixel'),
    access: boolean('access').notNull().default(false),
    active: boolean('active').notNull().default(true),
    override: boolean('override').notNull().default(false),
    source: text('source').$type<NonNullable<Playlist['source']>>(),
    advertisingProviders: text('advertising_providers')
      .array()
      .$type<Playlist['advertisingProviders']>()
      .notNull()
      .default([]),
    sspConnector: jsonb('ssp_connector').$type<Playlist['sspConnector']>(),
    actionOnEnd: text('action_on_end').$type<NonNullable<Playlist['actionOnEnd']>>(),
    maxDuration: integer('max_duration'),
    secondaryFileId: integer('secondary_file_id').references(() => files.id, { onDelete: 'set null' }),
    secondaryLoopDuration: integer('secondary_loop_duration'),
    noStats: boolean('no_stats').notNull().default(false),
    theme: text('theme'),
    interval: integer('interval'),
    /** A FLOATING playlist's window: { position, size }. */
    floating: jsonb('floating').$type<Playlist['floating']>(),
    /** Content bound to coordinates: { lat, lng, radius (m) }. */
    geofence: jsonb('geofence').$type<{ lat: number; lng: number; radius: number } | null>(),
    /** False while a new playlist from a role under approval waits for the owner. */
    approved: boolean('approved').notNull().default(true),
    /** Set once the end-of-playlist action has run. */
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    /** Set once the 'playlist expiring' alert went out (docs/security.md, "Alerts"). */
    expiryAlertedAt: timestamp('expiry_alerted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('playlists_cabinet_idx').on(t.cabinetId), index('playlists_to_date_idx').on(t.toDate)],
);

export const playlistSections = pgTable(
  'playlist_sections',
  {
    id: serial('id').primaryKey(),
    playlistId: integer('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    duration: integer('duration').notNull(),
    duplicate: boolean('duplicate'),
    order: integer('sort_order').notNull().default(0),
    repeat: integer('repeat').notNull().default(1),
  },
  (t) => [index('playlist_sections_playlist_idx').on(t.playlistId)],
);

/** Content items: of the playlist itself (no section) or of one block section. */
export const playlistItems = pgTable(
  'playlist_items',
  {
    id: serial('id').primaryKey(),
    playlistId: integer('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    sectionId: integer('section_id').references(() => playlistSections.id, { onDelete: 'cascade' }),
    /** A file is kept while a playlist uses it: removal is refused, never cascaded. */
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    duration: integer('duration'),
    /** On a video wall, content whose size is not the wall's: 'fit' (bars) or 'fill' (cropped); null: refused. */
    wallFit: text('wall_fit').$type<WallItemFit>(),
  },
  (t) => [
    index('playlist_items_playlist_idx').on(t.playlistId),
    index('playlist_items_file_idx').on(t.fileId),
  ],
);

export const playlistTargets = pgTable(
  'playlist_targets',
  {
    id: serial('id').primaryKey(),
    playlistId: integer('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    pointId: integer('point_id').references(() => points.id, { onDelete: 'cascade' }),
    netId: integer('net_id').references(() => nets.id, { onDelete: 'cascade' }),
    /** A video wall (docs/walls.md): its screens play the wall's one timeline. */
    wallId: integer('wall_id').references(() => walls.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('playlist_targets_playlist_idx').on(t.playlistId),
    index('playlist_targets_point_idx').on(t.pointId),
    index('playlist_targets_net_idx').on(t.netId),
    index('playlist_targets_wall_idx').on(t.wallId),
    uniqueIndex('playlist_targets_point_pair_idx').on(t.playlistId, t.pointId),
    uniqueIndex('playlist_targets_net_pair_idx').on(t.playlistId, t.netId),
    uniqueIndex('playlist_targets_wall_pair_idx').on(t.playlistId, t.wallId),
  ],
);

/**
 * How many screens each playlist targets directly (its `playlist_targets` rows with a screen), kept by
 * statement triggers on that table (migration 0028), never written by the application: every insert,
 * delete (a screen's or playlist's cascade too) and update of targets moves it in the same transaction.
 * The lists' reach count reads it instead of counting a page of playlists' pairs (500,000 index entries
 * for 1,000 playlists reaching 500 screens each).
 */
export const playlistDirectCounts = pgTable('playlist_direct_counts', {
  playlistId: integer('playlist_id')
    .primaryKey()
    .references(() => playlists.id, { onDelete: 'cascade' }),
  points: integer('points').notNull(),
});

export const playlistTags = pgTable(
  'playlist_tags',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color'),
  },
  (t) => [uniqueIndex('playlist_tags_name_idx').on(t.cabinetId, sql`lower(${t.name})`)],
);

export const playlistTagLinks = pgTable(
  'playlist_tag_links',
  {
    playlistId: integer('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => playlistTags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('playlist_tag_links_pair_idx').on(t.playlistId, t.tagId),
    index('playlist_tag_links_tag_idx').on(t.tagId),
  ],
);

/**
 * A change from a role under approval, kept until the owner approves or rejects it. Status: PENDING,
 * APPROVED, REJECTED (with the owner's optional `reason`), or SUPERSEDED (the author saved again: their
 * newer change carries everything they want). `superseded_at` is when the author's next edit replaced
 * this one; a rejection is shown to its author until then.
 */
export const playlistChanges = pgTable(
  'playlist_changes',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    playlistId: integer('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    patch: jsonb('patch').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('PENDING'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    reason: text('reason'),
    supersededAt: timestamp('superseded_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('playlist_changes_playlist_idx').on(t.playlistId, t.status)],
);

export type PointRow = typeof points.$inferSelect;
export type NetRow = typeof nets.$inferSelect;
export type PlaylistRow = typeof playlists.$inferSelect;
export type PlaylistSectionRow = typeof playlistSections.$inferSelect;
export type PlaylistItemRow = typeof playlistItems.$inferSelect;
export type PlaylistTagRow = typeof playlistTags.$inferSelect;
export type PlaylistChangeRow = typeof playlistChanges.$inferSelect;
