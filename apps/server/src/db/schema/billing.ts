/** Billing (docs/billing.md): tariffs, ledger, charged days, payments, invoices and shortfall alerts. */
import { sql } from 'drizzle-orm';
import type { ChargeLines, Feature, LedgerReason, Tariff, TermsChange } from '@vitrine/core';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CabinetId } from '../cabinet-id.js';
import { createdAt } from './columns.js';
import { cabinets, users } from './accounts.js';
import { playlists } from './playlists.js';

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
