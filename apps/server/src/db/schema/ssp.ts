/** Ad suppliers (docs/ssp.md): suppliers, their changes, ads, reports and misses. */
import type { AdMissReason, AdSupplier, SupplierAdapter } from '@vitrine/core';
import {
  bigint,
  boolean,
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
import { files } from './media.js';
import { playlists } from './playlists.js';
import { points } from './screens.js';

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
