import { z } from 'zod';
import { AD_SUPPLIER_KINDS } from '../playlist.js';
import {
  SUPPLIER_ADAPTERS,
  SUPPLIER_TIMEOUT_DEFAULT_MS,
  SUPPLIER_TIMEOUT_MAX_MS,
  SUPPLIER_TIMEOUT_MIN_MS,
  SSP_PAGE_SIZE,
} from '../ssp/supplier.js';
import { isPixelUrl } from '../pixel.js';
import { MESSAGES } from '../validation.js';
import { SSP_REQUIRED_FIELDS } from '../ssp/screen.js';
import { dateSchema, idSchema, nameSchema, patchOf, text } from './common.js';
import { EXPORT_FORMATS } from '../statistic.js';

/** A CPM amount as a decimal text ('2.50'): read exactly into micro-units by toMicros. */
export const cpmSchema = text(20).regex(/^\d{1,9}(\.\d{1,6})?$/, { error: MESSAGES.invalid });

/** What the platform admin sets on a supplier (docs/ssp.md, "Suppliers"). */
export const SupplierInput = z.strictObject({
  name: nameSchema,
  kind: z.enum(AD_SUPPLIER_KINDS),
  adapter: z.enum(SUPPLIER_ADAPTERS),
  /** The bidder's, tag's or lease API's http(s) address; null until configured. */
  endpoint: text(2000).refine(isPixelUrl, { error: MESSAGES.invalid }).nullable(),
  /** The supplier's key (sent as X-API-Key, or as the lease API's api_key); write-only. */
  key: text(200).nullable(),
  currency: text(3).regex(/^[A-Z]{3}$/, { error: MESSAGES.invalid }),
  /** The least a bid may be (CPM). */
  floor: cpmSchema,
  timeoutMs: z.number().int().min(SUPPLIER_TIMEOUT_MIN_MS).max(SUPPLIER_TIMEOUT_MAX_MS),
  enabled: z.boolean(),
});
export type SupplierInput = z.infer<typeof SupplierInput>;
export const SupplierCreate = SupplierInput.extend({
  endpoint: SupplierInput.shape.endpoint.default(null),
  key: SupplierInput.shape.key.default(null),
  currency: SupplierInput.shape.currency.default('USD'),
  floor: cpmSchema.default('0'),
  timeoutMs: SupplierInput.shape.timeoutMs.default(SUPPLIER_TIMEOUT_DEFAULT_MS),
  enabled: z.boolean().default(false),
});
export type SupplierCreate = z.input<typeof SupplierCreate>;
export const SupplierPatch = patchOf(SupplierInput);
export type SupplierPatch = z.infer<typeof SupplierPatch>;

export const Supplier = SupplierInput.omit({ key: true }).extend({
  id: z.number().int(),
  /** Whether a key is stored (the key itself is never sent back). */
  hasKey: z.boolean(),
  updatedDate: z.string(),
  updatedBy: z.string().nullable(),
});
export type Supplier = z.infer<typeof Supplier>;
export const SupplierList = z.object({ data: z.array(Supplier), total: z.number().int() });
export type SupplierList = z.infer<typeof SupplierList>;

/** One change of a supplier: who, when, and each field's old and new value (a key shows as '***'). */
export const SupplierChange = z.object({
  id: z.number().int(),
  userName: z.string().nullable(),
  createdDate: z.string(),
  changes: z.record(z.string(), z.object({ old: z.unknown(), new: z.unknown() })),
});
export const SupplierChangeList = z.object({ data: z.array(SupplierChange), total: z.number().int() });
export type SupplierChangeList = z.infer<typeof SupplierChangeList>;

/** The SSP pages' filters (spec §7: 100 a page): UTC days, both included. */
export const SspQuery = z.strictObject({
  from: dateSchema.optional(),
  to: dateSchema.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(SSP_PAGE_SIZE),
});
export type SspQuery = z.infer<typeof SspQuery>;

/** An SSP report's or list's export: the range and a format; the answer is the file (attachment). */
export const SspExportQuery = SspQuery.omit({ page: true, limit: true }).extend({
  format: z.enum(EXPORT_FORMATS).default('csv'),
});
export type SspExportQuery = z.infer<typeof SspExportQuery>;

const money = z.string();
const sources = z.enum(['auction', 'manual', 'leftover']);

/** One hour's ad income by source (spec §3 SSP statistics fields). Money as exact decimals. */
export const SspReportRow = z.object({
  datetime: z.string(),
  source: sources,
  shows: z.number().int(),
  impressions: money,
  cost: money,
  revenue: money,
});
export const SspReport = z.object({
  data: z.array(SspReportRow),
  total: z.number().int(),
  totals: z.object({ shows: z.number().int(), impressions: money, cost: money, revenue: money }),
  /** The currencies the range's income is in (its suppliers'; one as a rule, none without shows). */
  currencies: z.array(z.string()),
});
export type SspReport = z.infer<typeof SspReport>;

/** One ad show: supplier, creative, screen, price, impressions, revenue, source. */
export const SspShow = z.object({
  id: z.number().int(),
  datetime: z.string(),
  source: sources,
  supplier: z.string(),
  fileId: z.number().int().nullable(),
  fileName: z.string().nullable(),
  pointId: z.number().int(),
  pointName: z.string(),
  /** CPM. */
  price: money,
  currency: z.string(),
  impressions: money,
  cost: money,
  revenue: money,
});
export const SspShowList = z.object({ data: z.array(SspShow), total: z.number().int() });
export type SspShowList = z.infer<typeof SspShowList>;

/** A creative received (spec §3 SSP file: id), its approval and how often it was won and shown. */
export const SspFile = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  url: z.string(),
  thumbUrl: z.string().nullable(),
  supplier: z.string(),
  approved: z.boolean(),
  ads: z.number().int(),
  shows: z.number().int(),
});
export const SspFileList = z.object({ data: z.array(SspFile), total: z.number().int() });
export type SspFileList = z.infer<typeof SspFileList>;

/** An amount counted by a supplier (impressions, revenue) as decimal text: read exactly into micro-units. */
const amountSchema = text(20).regex(/^\d{1,12}(\.\d{1,6})?$/, { error: MESSAGES.invalid });
/** The start of a UTC hour, ISO 8601 ('2026-11-28T06:00:00Z'). */
const hourSchema = text(30).refine(
  (value) => {
    const at = Date.parse(value);
    return /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(at) && at % 3_600_000 === 0;
  },
  { error: 'Must be the start of an hour (ISO 8601, e.g. 2026-11-28T06:00:00Z)' },
);

/**
 * What a supplier says it counted for one cabinet in one hour (docs/ssp.md, "Reconciliation"): posted by
 * the platform admin from the supplier's own report; a second post of the same hour replaces it.
 */
export const SupplierReportRow = z.strictObject({
  hour: hourSchema,
  shows: z.number().int().min(0).max(10_000_000),
  impressions: amountSchema,
  revenue: amountSchema,
});
export const SupplierReportBody = z.strictObject({
  cabinetId: idSchema,
  rows: z
    .array(SupplierReportRow)
    .min(1)
    .max(1000)
    .refine((rows) => new Set(rows.map((r) => Date.parse(r.hour))).size === rows.length, {
      error: 'Each hour may appear once',
    }),
});
export type SupplierReportBody = z.infer<typeof SupplierReportBody>;
export const SupplierReportResult = z.object({ saved: z.number().int() });

const figures = z.object({ shows: z.number().int(), impressions: money, revenue: money });
/** One hour and supplier: our plays beside the supplier's figures (null: it reported none), and the gap. */
export const SspReconciliationRow = z.object({
  datetime: z.string(),
  supplierId: z.number().int().nullable(),
  supplier: z.string(),
  ours: figures,
  theirs: figures.nullable(),
  /** Theirs minus ours (a side that counted nothing counts as zero). */
  difference: figures,
});
export const SspReconciliation = z.object({
  data: z.array(SspReconciliationRow),
  total: z.number().int(),
  totals: z.object({ ours: figures, theirs: figures, difference: figures }),
});
export type SspReconciliation = z.infer<typeof SspReconciliation>;

/** The screens a playlist reaches that the SSP connector leaves out, and which of spec §5's fields each lacks. */
export const SspMissingList = z.object({
  data: z.array(
    z.object({
      pointId: z.number().int(),
      name: z.string(),
      missing: z.array(z.enum(SSP_REQUIRED_FIELDS)),
    }),
  ),
});
export type SspMissingList = z.infer<typeof SspMissingList>;
