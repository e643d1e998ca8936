/** Screens (points), their pairing, commands, logs and connection hours; networks and walls. */
import { sql } from 'drizzle-orm';
import type { CommandName, FullnessSpan, PlayerReport, PointLogEntry, Rotation } from '@vitrine/core';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CabinetId } from '../cabinet-id.js';
import { createdAt, time } from './columns.js';
import { cabinets } from './accounts.js';

/** Screens (points): settings a person edits, the device's credentials and what the player last reported. */
export const points = pgTable(
  'points',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The unique identifier shown to people ('VT-XXXX-XXXX'). */
    uid: text('uid')
      .notNull()
      .default(
        sql`'VT-' || upper(substr(md5(random()::text), 1, 4)) || '-' || upper(substr(md5(random()::text), 1, 4))`,
      ),
    address: text('address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    photoKey: text('photo_key'),
    timezone: text('timezone').notNull().default('UTC'),
    rotation: text('rotation').$type<Rotation>().notNull().default('NORMAL'),
    autostart: boolean('autostart').notNull().default(true),
    transitionMs: integer('transition_ms').notNull().default(0),
    relaunchInterval: integer('relaunch_interval'),
    workFrom: time('work_from'),
    workTo: time('work_to'),
    commercialCycle: integer('commercial_cycle'),
    windows: jsonb('windows')
      .$type<{ fullscreen: boolean; mirror: boolean; volume: number }>()
      .notNull()
      .default({ fullscreen: true, mirror: false, volume: 100 }),
    config: text('config'),
    audience: jsonb('audience').$type<{ viewers: number; perHour: number[] | null } | null>(),
    /** Exact decimal text per show (numeric, never float). */
    playbackCost: numeric('playback_cost', { precision: 13, scale: 4 }),
    cameraStreamUrl: text('camera_stream_url'),
    isStopped: boolean('is_stopped').notNull().default(false),
    /** Minutes between the player's regular fetches of its content: how long a PASSIVE change may wait. */
    syncInterval: integer('sync_interval').notNull().default(5),
    /** sha256 of the device token; one live token per screen. */
    deviceTokenHash: text('device_token_hash'),
    /** The player's last report (version, resolution, storage, current item, uptime, content version). */
    /** The player's last heartbeat report (validated by the socket's message schema). */
    report: jsonb('report').$type<PlayerReport | null>(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    goneOfflineAt: timestamp('gone_offline_at', { withTimezone: true, mode: 'date' }),
    /** An offline alert went out for this absence (reset when an online alert follows). */
    offlineAlerted: boolean('offline_alerted').notNull().default(false),
    /** When the screen first reported playing its current content; null while it plays something older. */
    syncedAt: timestamp('synced_at', { withTimezone: true, mode: 'date' }),
    /** The manifest version last served to the screen (by any process), and when. */
    servedVersion: text('served_version'),
    servedAt: timestamp('served_at', { withTimezone: true, mode: 'date' }),
    /**
     * The version of the content the screen should play now, worked out whenever its inputs change (a
     * playlist reaching it, its settings, its networks): it is synchronised when it reports playing it.
     */
    currentVersion: text('current_version'),
    /**
     * What the current version is made of (content-version.ts): the digest of the screen's own part and
     * the sum of its playlists' contributions (0 ≤ sum < 2^128). Null until worked out, and again when a
     * served manifest showed them stale: a playlist saved alone then works the screen out whole.
     */
    contentBase: text('content_base'),
    contentSum: numeric('content_sum', { precision: 39, scale: 0 }),
    /** When the current version came, and what brought it ('Playlist "Morning"'). */
    contentChangedAt: timestamp('content_changed_at', { withTimezone: true, mode: 'date' }),
    contentChange: text('content_change'),
    disconnections: integer('disconnections').notNull().default(0),
    screenshotKey: text('screenshot_key'),
    screenshotAt: timestamp('screenshot_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('points_cabinet_idx').on(t.cabinetId),
    uniqueIndex('points_device_token_idx').on(t.deviceTokenHash),
    uniqueIndex('points_uid_idx').on(t.uid),
  ],
);

/**
 * Broadcast fullness of a screen as the dashboard reads it: the days from `fromDay` planned for the screen's
 * content version `version`, as runs of equal days. Rows of another version are stale (the screen's inputs
 * changed); they are planned again off the event loop (modules/dashboard/fullness.service.ts).
 */
export const pointFullness = pgTable(
  'point_fullness',
  {
    pointId: integer('point_id')
      .primaryKey()
      .references(() => points.id, { onDelete: 'cascade' }),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    /** The screen's local date the spans start on, 'YYYY-MM-DD'. */
    fromDay: text('from_day').notNull(),
    days: integer('days').notNull(),
    spans: jsonb('spans').$type<FullnessSpan[]>().notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('point_fullness_cabinet_idx').on(t.cabinetId)],
);

/** Codes a waiting player shows; bound to a screen when an operator types one in. */
export const pairingCodes = pgTable(
  'pairing_codes',
  {
    code: text('code').primaryKey(),
    deviceKeyHash: text('device_key_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    pointId: integer('point_id').references(() => points.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('pairing_codes_device_idx').on(t.deviceKeyHash)],
);

/** Commands for screens, kept until the player acknowledges them or they expire. */
export const pointCommands = pgTable(
  'point_commands',
  {
    id: serial('id').primaryKey(),
    // No foreign key: a command goes with its screen, and a screen with its cabinet.
    // Each key is a lookup per row stored: a command to 10,000 screens spent a third of its insert checking
    // this one (bench/README-web.md).
    cabinetId: integer('cabinet_id').$type<CabinetId>().notNull(),
    // Kept to an existing screen by statement, not by a key's lookup per row (migration 0036): the insert
    // reads the screens it commands and locks them against removal (FOR KEY SHARE) in that one statement,
    // and a screen's removal takes its commands with it (the points_remove_commands trigger).
    pointId: integer('point_id').notNull(),
    name: text('name').$type<CommandName>().notNull(),
    args: jsonb('args').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').notNull().default('PENDING'),
    message: text('message'),
    // Who sent it, as history (never joined): kept without a key, like a log line, for the same reason.
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    ackedAt: timestamp('acked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('point_commands_point_idx').on(t.pointId, t.status)],
);

/** Seconds online and disconnections per screen and hour: the connection chart. */
export const pointConnectionHours = pgTable(
  'point_connection_hours',
  {
    pointId: integer('point_id')
      .notNull()
      .references(() => points.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
    onlineSeconds: integer('online_seconds').notNull().default(0),
    disconnections: integer('disconnections').notNull().default(0),
  },
  (t) => [uniqueIndex('point_connection_hours_pk').on(t.pointId, t.hour)],
);

/** The player's own log, shipped in batches. */
export const pointLogs = pgTable(
  'point_logs',
  {
    id: serial('id').primaryKey(),
    pointId: integer('point_id')
      .notNull()
      .references(() => points.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    level: text('level').$type<PointLogEntry['level']>().notNull(),
    message: text('message').notNull(),
  },
  (t) => [index('point_logs_point_idx').on(t.pointId, t.id)],
);

/** Networks: named groups of screens. */
export const nets = pgTable(
  'nets',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color'),
    createdAt: createdAt(),
  },
  (t) => [index('nets_cabinet_idx').on(t.cabinetId)],
);

export const netPoints = pgTable(
  'net_points',
  {
    netId: integer('net_id')
      .notNull()
      .references(() => nets.id, { onDelete: 'cascade' }),
    pointId: integer('point_id')
      .notNull()
      .references(() => points.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('net_points_pair_idx').on(t.netId, t.pointId),
    index('net_points_point_idx').on(t.pointId),
  ],
);

/**
 * Video walls (docs/walls.md): a grid of the cabinet's screens showing one picture. `width` × `height` are
 * columns × rows (spec §3 Wall); one screen's pixels and, optionally, its picture and the gap between two
 * pictures in millimetres give the canvas with bezel compensation.
 */
export const walls = pgTable(
  'walls',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    screenWidthPx: integer('screen_width_px').notNull().default(1920),
    screenHeightPx: integer('screen_height_px').notNull().default(1080),
    screenWidthMm: doublePrecision('screen_width_mm'),
    screenHeightMm: doublePrecision('screen_height_mm'),
    bezelMm: doublePrecision('bezel_mm'),
    createdAt: createdAt(),
  },
  (t) => [index('walls_cabinet_idx').on(t.cabinetId)],
);
export type WallRow = typeof walls.$inferSelect;

/** A wall's cells: one screen each, a screen in at most one wall (its primary key). */
export const wallScreens = pgTable(
  'wall_screens',
  {
    pointId: integer('point_id')
      .primaryKey()
      .references(() => points.id, { onDelete: 'cascade' }),
    wallId: integer('wall_id')
      .notNull()
      .references(() => walls.id, { onDelete: 'cascade' }),
    column: integer('column').notNull(),
    row: integer('row').notNull(),
    rotation: text('rotation').$type<Rotation>().notNull().default('NORMAL'),
  },
  (t) => [uniqueIndex('wall_screens_place_idx').on(t.wallId, t.column, t.row)],
);
export type WallScreenRow = typeof wallScreens.$inferSelect;
