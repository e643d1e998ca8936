import { sql } from 'drizzle-orm';
import type {
  CommandName,
  ExportFormat,
  ExportKind,
  ExportStatus,
  FileFit,
  FileItem,
  FilesOrder,
  FullnessSpan,
  MediaKind,
  Playlist,
  PlayerReport,
  PlaylistType,
  PointLogEntry,
  QuotaKind,
  Role,
  AlertKind,
  Locale,
  Rotation,
  ScheduleMode,
  StudioDocument,
  PluginManifest,
  Tariff,
  ChargeLines,
  Feature,
  LedgerReason,
  TermsChange,
  AdSupplier,
  SupplierAdapter,
  AdMissReason,
  WallItemFit,
} from '@vitrine/core';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CabinetId } from './cabinet-id.js';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * A wall-clock date and time without a zone, 'YYYY-MM-DD HH:mm:ss': each screen applies it on its own
 * clock. The drivers write it differently (PGlite with a 'T'); rows always carry the one form.
 */
const wallClock = customType<{ data: string; driverData: string }>({
  dataType: () => 'timestamp',
  fromDriver: (value) => value.replace('T', ' ').slice(0, 19),
});

/** A time of day, 'HH:mm:ss' (a time column may carry fractions; rows never do). */
const time = customType<{ data: string; driverData: string }>({
  dataType: () => 'time',
  fromDriver: (value) => value.slice(0, 8),
});

export const cabinets = pgTable(
  'cabinets',
  {
    id: serial('id').primaryKey().$type<CabinetId>(),
    name: text('name').notNull(),
    /** Smallest currency unit. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    tariff: text('tariff').$type<Tariff>().notNull().default('free'),
    discount: integer('discount').notNull().default(0),
    blocked: boolean('blocked').notNull().default(false),
    /** The platform cabinet holds the platform admins; it is never listed as a customer. */
    isPlatform: boolean('is_platform').notNull().default(false),
    /** Playlist changes by content managers and agents wait for the owner's approval (spec §4). */
    approvalRequired: boolean('approval_required').notNull().default(false),
    /** Billing (docs/billing.md): when the funds last failed to pay a day; null while they pay. */
    unpaidSince: timestamp('unpaid_since', { withTimezone: true, mode: 'date' }),
    /** The last day of a one-year payment (the yearly discount applies through it). */
    yearlyUntil: date('yearly_until', { mode: 'string' }),
    /** Members must turn two-factor on before anything else here (docs/security.md). */
    twoFaRequired: boolean('two_fa_required').notNull().default(false),
    createdAt: createdAt(),
  },
  // `balance` is the sum of the cabinet's ledger entries, kept in the same transaction as each entry:
  // spendable funds never go below zero, whatever the code does, nor past core's MAX_BALANCE (every read,
  // sum and runway over it stays exact).
  (t) => [
    check('cabinets_balance_not_negative', sql`${t.balance} >= 0`),
    check('cabinets_balance_at_most', sql`${t.balance} <= 1000000000000`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    login: text('login').notNull(),
    email: text('email'),
    name: text('name').notNull(),
    role: text('role').$type<Role>().notNull(),
    passwordHash: text('password_hash').notNull(),
    isTwoFaEnabled: boolean('is_two_fa_enabled').notNull().default(false),
    twoFaSecret: text('two_fa_secret'),
    /** The TOTP step of the last code accepted: a code of that step or an earlier one is refused (RFC 6238). */
    twoFaLastStep: integer('two_fa_last_step'),
    /** Alert kinds the person turned off (docs/security.md, "Alerts"); every kind is on by default. */
    alertsOff: jsonb('alerts_off').$type<AlertKind[]>().notNull().default([]),
    /** The language alerts are written in (set when the person picks one in the cabinet); null: English. */
    locale: text('locale').$type<Locale>(),
    isClarityEnabled: boolean('is_clarity_enabled').notNull().default(false),
    blocked: boolean('blocked').notNull().default(false),
    verified: boolean('verified').notNull().default(false),
    /**
     * Whether the address's holder proved it (followed a link to it, or an OpenID provider vouched for it),
     * not merely someone typing it (an admin or an owner making the account): only such an account is
     * linked to an external sign-in by its address (docs/security.md).
     */
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_login_lower_idx').on(sql`lower(${t.login})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_cabinet_idx').on(t.cabinetId),
  ],
);

export const refreshSessions = pgTable(
  'refresh_sessions',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the refresh token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    /** Every rotation stays in its family; presenting a rotated token again revokes the family. */
    familyId: text('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_sessions_token_idx').on(t.tokenHash),
    index('refresh_sessions_user_idx').on(t.userId),
    index('refresh_sessions_family_idx').on(t.familyId),
  ],
);

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Last characters of the token, so a person can tell tokens apart. */
    hint: text('hint').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_tokens_token_idx').on(t.tokenHash), index('api_tokens_user_idx').on(t.userId)],
);

/** One-time links sent by e-mail: address verification, address change and password recovery. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The address this link confirms. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_tokens_token_idx').on(t.tokenHash), index('email_tokens_user_idx').on(t.userId)],
);

/**
 * Self-service registrations waiting for their e-mailed link (docs/security.md, "No e-mail oracle"): not
 * accounts, so they reserve no login or address and sign in nowhere. Following the link makes the cabinet
 * and its owner; each registration is its own row, so one made by someone else never replaces the owner's.
 */
export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    login: text('login').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('registrations_token_idx').on(t.tokenHash),
    index('registrations_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

/** Two-factor recovery codes: argon2 hashes, each good once (docs/security.md). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** What was done to a person's security by someone else (a platform admin's two-factor reset), and why. */
export const securityEvents = pgTable(
  'security_events',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('security_events_user_idx').on(t.userId)],
);

/**
 * Shared access (spec §7 share-access): a person of another cabinet given a role in this one. Their own
 * cabinet stays `users.cabinet_id`; they switch between the cabinets in the account menu.
 */
export const cabinetAccess = pgTable(
  'cabinet_access',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<Role>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cabinet_access_cabinet_user_idx').on(t.cabinetId, t.userId),
    index('cabinet_access_user_idx').on(t.userId),
  ],
);

/** A person's Telegram chat, linked through the bot's deep link (docs/security.md, "Alerts"). */
export const messengerLinks = pgTable(
  'messenger_links',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatId: text('chat_id').notNull(),
    username: text('username'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('messenger_links_user_idx').on(t.userId)],
);

/** Single-use /start payloads of the bot's deep link, stored as sha256. */
export const messengerCodes = pgTable(
  'messenger_codes',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    payloadHash: text('payload_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('messenger_codes_payload_idx').on(t.payloadHash)],
);

/** A person's identity at an external OpenID provider: linked by issuer and subject, never by e-mail alone. */
export const externalIdentities = pgTable(
  'external_identities',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('external_identities_issuer_subject_idx').on(t.issuer, t.subject),
    index('external_identities_user_idx').on(t.userId),
  ],
);

/** External sign-ins under way: state (sha256), nonce and PKCE verifier, used once, for ten minutes. */
export const oidcRequests = pgTable(
  'oidc_requests',
  {
    id: serial('id').primaryKey(),
    stateHash: text('state_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** Linking from the security page: whose account the identity joins. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('oidc_requests_state_idx').on(t.stateHash)],
);

export type CabinetRow = typeof cabinets.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type RefreshSessionRow = typeof refreshSessions.$inferSelect;
export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type EmailTokenRow = typeof emailTokens.$inferSelect;
export type RegistrationRow = typeof registrations.$inferSelect;
export type RecoveryCodeRow = typeof recoveryCodes.$inferSelect;
export type CabinetAccessRow = typeof cabinetAccess.$inferSelect;

/** Installation-wide settings shared by every server process (the token signing secret among them). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * The installation's timed work (lib/timed-jobs.ts): a run of `name` is claimed by moving `next_at` on, so
 * each interval's run is done by one process whatever the number of processes. `runs` counts the claims
 * and `last_by` says which process made the last one (host:pid), for the operator and the tests.
 */
export const timedJobs = pgTable('timed_jobs', {
  name: text('name').primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true, mode: 'date' }).notNull(),
  runs: integer('runs').notNull().default(0),
  lastBy: text('last_by'),
  lastAt: timestamp('last_at', { withTimezone: true, mode: 'date' }),
  /** Claimed and not yet finished: only then does `next_at` hold the claim's lease. */
  running: boolean('running').notNull().default(false),
});

/**
 * Failures counted per key (a sign-in's account and address, a browser the account signed in on, a
 * person typing pairing codes) until `expires_at`: shared by every server process and kept over restarts.
 */
export const failureCounters = pgTable(
  'failure_counters',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('failure_counters_expires_idx').on(t.expiresAt)],
);

/**
 * Bot-check solutions already accepted (an ALTCHA challenge's nonce, a reCAPTCHA token's hash), kept until
 * they would have expired anyway, so none is accepted twice whichever server process sees it.
 */
export const usedBotChecks = pgTable(
  'used_bot_checks',
  {
    key: text('key').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('used_bot_checks_expires_idx').on(t.expiresAt)],
);

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
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    pointId: integer('point_id')
      .notNull()
      .references(() => points.id, { onDelete: 'cascade' }),
    name: text('name').$type<CommandName>().notNull(),
    args: jsonb('args').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').notNull().default('PENDING'),
    message: text('message'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
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

/** Which studio document a row is: a widget (one page) or a creation (pages with durations). */
export type StudioKind = 'widget' | 'creation';

/**
 * Widgets and creations (docs/studio.md): a versioned JSON document per row, validated by core's schema
 * before it is stored; `revision` counts its saves, so an editor working on an older one is told (409).
 */
export const studioDocuments = pgTable(
  'studio_documents',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<StudioKind>().notNull(),
    name: text('name').notNull(),
    document: jsonb('document').$type<StudioDocument>().notNull(),
    /** A data: address of the picture the browser took on save. */
    thumbnail: text('thumbnail'),
    revision: integer('revision').notNull().default(1),
    /**
     * Its library file (kind 'widget' or 'creation'): the document's JSON as stored content, so it is
     * picked, added to playlists, sent in manifests and cached by screens like any file.
     */
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('studio_documents_cabinet_kind_idx').on(t.cabinetId, t.kind, t.id)],
);
export type StudioDocumentRow = typeof studioDocuments.$inferSelect;

/**
 * Plugins a cabinet uploaded (docs/studio.md, "Plugins"): the manifest core's schema validated and where
 * the entry page is stored. The built-in plugins are not rows; an instance of either is a library file.
 */
export const plugins = pgTable(
  'plugins',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    /** The manifest's id: one plugin of an id per cabinet. */
    key: text('key').notNull(),
    manifest: jsonb('manifest').$type<PluginManifest>().notNull(),
    /** The stored entry page. */
    entryKey: text('entry_key').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('plugins_cabinet_key_idx').on(t.cabinetId, t.key)],
);
export type PluginRow = typeof plugins.$inferSelect;

/** The tariff table (docs/billing.md): seeded from core's DEFAULT_TARIFF_PLANS, edited by the platform admin. */
export const tariffPlans = pgTable('tariff_plans', {
  id: text('id').$type<Tariff>().primaryKey(),
  monthlyPrice: bigint('monthly_price', { mode: 'number' }).notNull(),
  screenLimit: integer('screen_limit'),
  freeSlots: integer('free_slots').notNull(),
  storagePerScreen: bigint('storage_per_screen', { mode: 'number' }).notNull(),
  features: jsonb('features').$type<Feature[]>().notNull(),
  audioOnly: boolean('audio_only').notNull(),
});
export type TariffPlanRow = typeof tariffPlans.$inferSelect;

/**
 * The platform admin's edits of the tariff table, each with who made it: the tariff as it was and as it
 * became (null before: added; null after: removed).
 */
export const tariffChanges = pgTable('tariff_changes', {
  id: serial('id').primaryKey(),
  tariff: text('tariff').$type<Tariff>().notNull(),
  before: jsonb('before').$type<TariffPlanRow>(),
  after: jsonb('after').$type<TariffPlanRow>(),
  actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
  note: text('note'),
  createdAt: createdAt(),
});

/**
 * The prepaid ledger: every movement of a cabinet's funds with its reason. A cabinet's balance is the sum
 * of its entries. `reference` makes a credit from outside (a provider's payment) land once.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<LedgerReason>().notNull(),
    /** Minor units: positive credits, negative charges. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** A charge's day. */
    day: date('day', { mode: 'string' }),
    /** A charge's lines: screen-days, base and each discount. */
    lines: jsonb('lines').$type<ChargeLines>(),
    /** A 'change' entry's changes (tariff, discounts, block), each from what to what. */
    terms: jsonb('terms').$type<TermsChange>(),
    note: text('note'),
    /** Who made it (an admin's correction, an owner's tariff switch); null for the daily job and payments. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    reference: text('reference'),
    createdAt: createdAt(),
  },
  (t) => [
    // No entry moves more than a balance may hold (core's MAX_BALANCE).
    check('ledger_entries_amount_bounded', sql`${t.amount} between -1000000000000 and 1000000000000`),
    index('ledger_entries_cabinet_idx').on(t.cabinetId, t.id),
    uniqueIndex('ledger_entries_reference_idx').on(t.reference),
  ],
);
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

/** Each screen-day charged, once: the key that makes the daily job safe to run twice or after a crash. */
export const chargedScreenDays = pgTable(
  'charged_screen_days',
  {
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** The screen (no foreign key: a removed screen's days stay charged). */
    pointId: integer('point_id').notNull(),
    /** The charge that paid it; null for a free slot. */
    entryId: bigint('entry_id', { mode: 'number' }).references(() => ledgerEntries.id, {
      onDelete: 'cascade',
    }),
  },
  (t) => [primaryKey({ columns: [t.cabinetId, t.day, t.pointId] })],
);

/** Recharges through a payment provider: pending until the provider says the money arrived. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's id of the payment (a Checkout session). */
    externalId: text('external_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').$type<'pending' | 'paid'>().notNull().default('pending'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('payments_external_idx').on(t.provider, t.externalId)],
);
export type PaymentRow = typeof payments.$inferSelect;

/**
 * The platform-wide invoice counter: one row, moved by one upsert inside the payment's transaction, so
 * numbers are sequential without gaps (a rolled-back payment takes its number back with it).
 */
export const invoiceCounter = pgTable('invoice_counter', {
  id: integer('id').primaryKey(),
  last: bigint('last', { mode: 'number' }).notNull(),
});

/** A numbered invoice for money paid in (a provider's payment or a bank transfer the admin records). */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    number: bigint('number', { mode: 'number' }).notNull(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntries.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_idx').on(t.number),
    uniqueIndex('invoices_entry_idx').on(t.entryId),
    index('invoices_cabinet_idx').on(t.cabinetId, t.number),
  ],
);
export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * Playlists reported for content that did not all fit on a day (docs/security.md, "Alerts"): one report per
 * playlist and day, whichever screen or process planned it first. Rows older than a week are swept.
 */
export const shortfallAlerts = pgTable(
  'shortfall_alerts',
  {
    playlistId: integer('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.playlistId, t.day] })],
);

/**
 * Ad suppliers (docs/ssp.md, "Suppliers"): installation-wide, configured by the platform admin. Each is an
 * adapter (OpenRTB 2.6 bidder, VAST tag, Vistar-style lease API) standing for one of the spec's kinds.
 * Money in micro-units (a millionth of the currency unit).
 */
export const sspSuppliers = pgTable('ssp_suppliers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').$type<AdSupplier>().notNull(),
  adapter: text('adapter').$type<SupplierAdapter>().notNull(),
  endpoint: text('endpoint'),
  apiKey: text('api_key'),
  currency: text('currency').notNull().default('USD'),
  floorMicros: bigint('floor_micros', { mode: 'number' }).notNull().default(0),
  timeoutMs: integer('timeout_ms').notNull().default(1000),
  enabled: boolean('enabled').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
export type SspSupplierRow = typeof sspSuppliers.$inferSelect;

/** Every change of a supplier: who made it, when, and each field's old and new value. */
export const sspSupplierChanges = pgTable(
  'ssp_supplier_changes',
  {
    id: serial('id').primaryKey(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => sspSuppliers.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    changes: jsonb('changes').$type<Record<string, { old: unknown; new: unknown }>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ssp_supplier_changes_supplier_idx').on(t.supplierId, t.createdAt)],
);

/**
 * An ad won for a screen's slot (docs/ssp.md, "The ad round"): the creative (a file of the cabinet's SSP
 * folder), the price and audience multiplier in micro-units, the deadline (`exp`) and the calls its play
 * owes (burl, impression trackers, a lease's proof of play or, unplayed, its expiry). One ad per screen and
 * slot. `status`: leased (waiting for its slot), played (proof of play arrived), expired (released).
 */
export const sspAds = pgTable(
  'ssp_ads',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    pointId: integer('point_id')
      .notNull()
      .references(() => points.id, { onDelete: 'cascade' }),
    playlistId: integer('playlist_id').references(() => playlists.id, { onDelete: 'set null' }),
    supplierId: integer('supplier_id').references(() => sspSuppliers.id, { onDelete: 'set null' }),
    supplierName: text('supplier_name').notNull(),
    adapter: text('adapter').$type<SupplierAdapter>().notNull(),
    source: text('source').$type<'auction' | 'manual' | 'leftover'>().notNull(),
    slotAt: timestamp('slot_at', { withTimezone: true, mode: 'date' }).notNull(),
    seconds: integer('seconds').notNull(),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    /** The supplier's ids: the bid or VAST ad, the creative. */
    externalId: text('external_id'),
    creativeUrl: text('creative_url').notNull(),
    priceMicros: bigint('price_micros', { mode: 'number' }).notNull(),
    multiplierMicros: bigint('multiplier_micros', { mode: 'number' }).notNull(),
    /** What its play earns: price / 1000 × multiplier, exact (playRevenueMicros). */
    revenueMicros: bigint('revenue_micros', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    burl: text('burl'),
    impressions: jsonb('impressions').$type<string[]>().notNull().default([]),
    /** A lease's proof-of-play (POST) and expiry (GET) addresses. */
    popUrl: text('pop_url'),
    expiryUrl: text('expiry_url'),
    status: text('status').$type<'leased' | 'played' | 'expired'>().notNull().default('leased'),
    /** False while the owner of a cabinet that requires approval has not approved it ('Approve requested'). */
    approved: boolean('approved').notNull().default(true),
    eventId: text('event_id'),
    playedAt: timestamp('played_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ssp_ads_point_slot_idx').on(t.pointId, t.slotAt),
    index('ssp_ads_cabinet_slot_idx').on(t.cabinetId, t.slotAt),
    index('ssp_ads_status_expires_idx').on(t.status, t.expiresAt),
  ],
);
export type SspAdRow = typeof sspAds.$inferSelect;

/** Slots that fell back to the playlist's own content, counted per screen, hour and reason. */
/**
 * What a supplier reported for one cabinet and hour (docs/ssp.md, "Reconciliation"), posted by the platform
 * admin; a second post of the same cabinet, supplier and hour replaces it. Money and impressions in
 * micro-units.
 */
export const sspSupplierReports = pgTable(
  'ssp_supplier_reports',
  {
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => sspSuppliers.id, { onDelete: 'cascade' }),
    hourUtc: timestamp('hour_utc', { withTimezone: true, mode: 'date' }).notNull(),
    shows: integer('shows').notNull(),
    impressionsMicros: bigint('impressions_micros', { mode: 'number' }).notNull(),
    revenueMicros: bigint('revenue_micros', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.cabinetId, t.supplierId, t.hourUtc] })],
);

export const sspMisses = pgTable(
  'ssp_misses',
  {
    cabinetId: integer('cabinet_id')
      .$type<CabinetId>()
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    pointId: integer('point_id')
      .notNull()
      .references(() => points.id, { onDelete: 'cascade' }),
    hourUtc: timestamp('hour_utc', { withTimezone: true, mode: 'date' }).notNull(),
    reason: text('reason').$type<AdMissReason>().notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.pointId, t.hourUtc, t.reason] })],
);
