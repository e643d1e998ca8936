/** Cabinets, people and how they sign in: sessions, tokens, two-factor codes, access to other cabinets, messenger and OpenID links. */
import { sql } from 'drizzle-orm';
import type { AlertKind, Locale, Role, Tariff } from '@vitrine/core';
import {
  bigint,
  boolean,
  check,
  date,
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
import { createdAt } from './columns.js';

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
