/** Proof of play and what follows from it: hourly sums, audience, corrections, exports and tracker deliveries. */
import type { ExportFormat, ExportKind, ExportStatus } from '@vitrine/core';
import {
  bigint,
  bigserial,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CabinetId } from '../cabinet-id.js';
import { createdAt } from './columns.js';
import { cabinets } from './accounts.js';
import { points } from './screens.js';

/**
 * Proof of play: one row per show a screen reported, stored once per (screen, event id) however often the
 * player resends it. Screen, file and playlist are plain ids (no foreign keys: a row outlives what it
 * names), with their names as they were at ingest. Impressions (the screen's audience for that local hour)
 * and cost (its playback cost) are captured at ingest too.
 */
export const playbacks = pgTable(
  'playbacks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    pointId: integer('point_id').notNull(),
    eventId: text('event_id').notNull(),
    fileId: integer('file_id').notNull(),
    playlistId: integer('playlist_id'),
    fileName: text('file_name'),
    playlistName: text('playlist_name'),
    pointName: text('point_name'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Seconds shown. */
    duration: doublePrecision('duration').notNull(),
    impressions: doublePrecision('impressions'),
    cost: doublePrecision('cost'),
    /** Income from the show (an SSP connector or an admin's correction sets it). */
    revenue: doublePrecision('revenue').notNull().default(0),
    /** auction, manual or leftover (spec statistics row). */
    source: text('source').notNull().default('manual'),
    /** The SSP ad this show played (docs/ssp.md), if any; a plain id like the others. */
    adId: integer('ad_id'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('playbacks_point_event_idx').on(t.pointId, t.eventId),
    index('playbacks_cabinet_started_idx').on(t.cabinetId, t.startedAt),
    // One screen's shows in a time range: a measured hour restamps them, a list of a few screens reads them.
    index('playbacks_point_started_idx').on(t.pointId, t.startedAt),
  ],
);

/**
 * Shows and seconds per screen, playlist (0 for none), file and hour, kept by the statement that stores the
 * playbacks. The hour is the one the show started in, in the screen's time zone at ingest: `hour_utc` is
 * the instant that local hour began (the key: a local hour repeated when clocks go back stays two rows),
 * `hour_local` its wall-clock reading, for reports by local hour and day.
 */
export const playbackHourly = pgTable(
  'playback_hourly',
  {
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    pointId: integer('point_id').notNull(),
    playlistId: integer('playlist_id').notNull().default(0),
    fileId: integer('file_id').notNull(),
    hourUtc: timestamp('hour_utc', { withTimezone: true, mode: 'date' }).notNull(),
    hourLocal: timestamp('hour_local', { withTimezone: false, mode: 'string' }).notNull(),
    shows: integer('shows').notNull().default(0),
    seconds: doublePrecision('seconds').notNull().default(0),
    impressions: doublePrecision('impressions').notNull().default(0),
    cost: doublePrecision('cost').notNull().default(0),
    revenue: doublePrecision('revenue').notNull().default(0),
    /** The shows' source (part of the key, so the exchange report by source comes from here too). */
    source: text('source').notNull().default('manual'),
  },
  (t) => [
    uniqueIndex('playback_hourly_key_idx').on(t.pointId, t.hourUtc, t.playlistId, t.fileId, t.source),
    index('playback_hourly_cabinet_utc_idx').on(t.cabinetId, t.hourUtc),
    index('playback_hourly_cabinet_local_idx').on(t.cabinetId, t.hourLocal),
  ],
);

/** The cabinet and screen a further sum of the hourly rollup belongs to (fresh columns for each table). */
const furtherOwner = () => ({
  cabinetId: integer('cabinet_id')
    .$type<CabinetId>()
    .notNull()
    .references(() => cabinets.id, { onDelete: 'cascade' }),
  pointId: integer('point_id').notNull(),
});

/** What a further sum carries: how many hourly rows it sums, and their sums. */
const furtherSums = () => ({
  rows: integer('rows').notNull(),
  shows: integer('shows').notNull(),
  seconds: doublePrecision('seconds').notNull(),
  impressions: doublePrecision('impressions').notNull(),
  cost: doublePrecision('cost').notNull(),
  revenue: doublePrecision('revenue').notNull(),
});

/**
 * The hourly rollup summed further, for reports over long periods (at 100 M shows the hourly rollup is
 * millions of rows; bench/README-reports.md). Neither is written by the application: statement triggers on
 * `playback_hourly` (migration 0037) move them with every insert, update and delete there, whoever writes
 * it, and `rows` counts the hourly rows each sums, so a row goes when its last hourly row does.
 *
 * `playback_daily`: per screen, local day, playlist, file and source (reports by screen, by file, the
 * exchange by day and the list's total, with any filter).
 */
export const playbackDaily = pgTable(
  'playback_daily',
  {
    ...furtherOwner(),
    dayLocal: date('day_local', { mode: 'string' }).notNull(),
    playlistId: integer('playlist_id').notNull(),
    fileId: integer('file_id').notNull(),
    source: text('source').notNull(),
    ...furtherSums(),
  },
  (t) => [
    uniqueIndex('playback_daily_key_idx').on(t.pointId, t.dayLocal, t.playlistId, t.fileId, t.source),
    index('playback_daily_cabinet_day_idx').on(t.cabinetId, t.dayLocal),
  ],
);

/**
 * `playback_screen_hourly`: per screen, hour and source, every playlist and file together (reports by hour
 * and the audience without a playlist or file filter). Hours keyed as in `playback_hourly`.
 */
export const playbackScreenHourly = pgTable(
  'playback_screen_hourly',
  {
    ...furtherOwner(),
    hourUtc: timestamp('hour_utc', { withTimezone: true, mode: 'date' }).notNull(),
    hourLocal: timestamp('hour_local', { withTimezone: false, mode: 'string' }).notNull(),
    source: text('source').notNull(),
    ...furtherSums(),
  },
  (t) => [
    uniqueIndex('playback_screen_hourly_key_idx').on(t.pointId, t.hourUtc, t.hourLocal, t.source),
    index('playback_screen_hourly_cabinet_local_idx').on(t.cabinetId, t.hourLocal),
  ],
);

/**
 * The screen-hour rollup summed by local week (from Monday) and hour of the day, for the audience report
 * (shows per screen and hour of the day): a period's whole weeks are read here, a seventh of the rows, and
 * only its days before the first Monday and after the last whole week from `playback_screen_hourly`
 * (bench/README-reports.md, 100 M shows). Kept by the same triggers on `playback_hourly` (migration 0039);
 * `rows` counts the hourly rows it sums.
 */
export const playbackScreenWeekly = pgTable(
  'playback_screen_weekly',
  {
    ...furtherOwner(),
    weekLocal: date('week_local', { mode: 'string' }).notNull(),
    hourOfDay: smallint('hour_of_day').notNull(),
    rows: integer('rows').notNull(),
    shows: integer('shows').notNull(),
    impressions: doublePrecision('impressions').notNull(),
  },
  (t) => [
    uniqueIndex('playback_screen_weekly_key_idx').on(t.pointId, t.weekLocal, t.hourOfDay),
    index('playback_screen_weekly_cabinet_week_idx').on(t.cabinetId, t.weekLocal),
  ],
);

/**
 * Audience a screen measured, per hour of its clock (POST /api/player/audience): the hour's start instant
 * (as the rollup keys hours) and the local hour. A later report of the same hour replaces the earlier one.
 */
export const audienceHourly = pgTable(
  'audience_hourly',
  {
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    pointId: integer('point_id')
      .notNull()
      .references(() => points.id, { onDelete: 'cascade' }),
    hourUtc: timestamp('hour_utc', { withTimezone: true, mode: 'date' }).notNull(),
    hourLocal: timestamp('hour_local', { withTimezone: false, mode: 'string' }).notNull(),
    viewers: doublePrecision('viewers').notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.pointId, t.hourUtc] }),
    index('audience_hourly_cabinet_local_idx').on(t.cabinetId, t.hourLocal),
  ],
);

/**
 * How many hours each screen measured its audience in, per local week (from Monday) and hour of the day: the
 * audience report's measured hours for a period's whole weeks. Kept by statement triggers on
 * `audience_hourly` (migration 0039).
 */
export const audienceWeekly = pgTable(
  'audience_weekly',
  {
    ...furtherOwner(),
    weekLocal: date('week_local', { mode: 'string' }).notNull(),
    hourOfDay: smallint('hour_of_day').notNull(),
    hours: integer('hours').notNull(),
  },
  (t) => [
    uniqueIndex('audience_weekly_key_idx').on(t.pointId, t.weekLocal, t.hourOfDay),
    index('audience_weekly_cabinet_week_idx').on(t.cabinetId, t.weekLocal),
  ],
);

export type PlaybackRow = typeof playbacks.$inferSelect;
export type PlaybackHourlyRow = typeof playbackHourly.$inferSelect;

/** Every correction of a statistics row (PATCH /api/statistic/patch): who changed which field from what to what. */
export const statisticChanges = pgTable(
  'statistic_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    playbackId: bigint('playback_id', { mode: 'number' }).notNull(),
    userId: integer('user_id').notNull(),
    field: text('field').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('statistic_changes_playback_idx').on(t.playbackId)],
);

/** Statistics exports made in the background (the spool): the file lives in storage under exports/. */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    kind: text('kind').$type<ExportKind>().notNull(),
    format: text('format').$type<ExportFormat>().notNull(),
    /** The filters, as parsed. */
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    name: text('name').notNull(),
    status: text('status').$type<ExportStatus>().notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    storageKey: text('storage_key'),
    size: bigint('size', { mode: 'number' }),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('export_jobs_cabinet_idx').on(t.cabinetId, t.id)],
);

export type ExportJobRow = typeof exportJobs.$inferSelect;

/**
 * Calls to third parties a show owes (a playlist's tracking pixel; later an ad's trackers): inserted by the
 * statement that stores the show, once per (screen, event, kind) however often the batch is resent, and
 * delivered by a worker that retries with backoff until `expires_at`.
 */
export const trackerDeliveries = pgTable(
  'tracker_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    pointId: integer('point_id').notNull(),
    eventId: text('event_id').notNull(),
    /** 'pixel'; an ad's 'ssp:burl', 'ssp:imp:<n>', 'ssp:pop' (a lease's proof of play), 'ssp:expire'. */
    kind: text('kind').notNull(),
    url: text('url').notNull(),
    /** GET, or POST with `body` as JSON (a lease's proof of play). */
    method: text('method').$type<'GET' | 'POST'>().notNull().default('GET'),
    body: text('body'),
    /** pending, done, failed (given up). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastError: text('last_error'),
    /** The third party's HTTP status on the last attempt. */
    lastStatus: integer('last_status'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('tracker_deliveries_event_idx').on(t.pointId, t.eventId, t.kind),
    index('tracker_deliveries_due_idx').on(t.status, t.nextAt),
  ],
);
export type TrackerDeliveryRow = typeof trackerDeliveries.$inferSelect;
