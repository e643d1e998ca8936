import { sql } from 'drizzle-orm';
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
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const cabinets = pgTable('cabinets', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Smallest currency unit. */
  balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  tariff: text('tariff').notNull().default('free'),
  discount: integer('discount').notNull().default(0),
  blocked: boolean('blocked').notNull().default(false),
  /** The platform cabinet holds the platform admins; it is never listed as a customer. */
  isPlatform: boolean('is_platform').notNull().default(false),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    login: text('login').notNull(),
    email: text('email'),
    name: text('name').notNull(),
    role: text('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    isTwoFaEnabled: boolean('is_two_fa_enabled').notNull().default(false),
    twoFaSecret: text('two_fa_secret'),
    isClarityEnabled: boolean('is_clarity_enabled').notNull().default(false),
    blocked: boolean('blocked').notNull().default(false),
    verified: boolean('verified').notNull().default(false),
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

export type CabinetRow = typeof cabinets.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type RefreshSessionRow = typeof refreshSessions.$inferSelect;
export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type EmailTokenRow = typeof emailTokens.$inferSelect;

/** Installation-wide settings shared by every server process (the token signing secret among them). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Gallery folders. A null parent is the root (folder id 0 in the API). */
export const folders = pgTable(
  'folders',
  {
    id: serial('id').primaryKey(),
    cabinetId: integer('cabinet_id')
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
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    folderId: integer('folder_id'),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    kind: text('kind').notNull(),
    source: text('source').notNull().default('HOME'),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    width: integer('width'),
    height: integer('height'),
    /** Seconds, for video and audio. */
    duration: doublePrecision('duration'),
    /** Who measured width, height and duration: the server (sharp, ffprobe) or the browser. */
    measuredBy: text('measured_by'),
    hash: text('hash'),
    storageKey: text('storage_key'),
    thumbKey: text('thumb_key'),
    remoteUrl: text('remote_url'),
    /** For an unpacked zip: the page to open, relative to the package root. */
    packageEntry: text('package_entry'),
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

export const fileTags = pgTable(
  'file_tags',
  {
    cabinetId: integer('cabinet_id')
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
