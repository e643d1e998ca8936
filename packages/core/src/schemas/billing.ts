import { z } from 'zod';
import { TARIFFS } from '../constants.js';
import { BILLING_MODES, LEDGER_REASONS, MANUAL_REASONS } from '../billing/ledger.js';
import { BILLING_STATES } from '../billing/lock.js';
import { DISCOUNT_KINDS, NON_COMMERCIAL_MAX_PERCENT } from '../billing/charges.js';
import { MAX_ENTRY_AMOUNT } from '../billing/money.js';
import { FEATURES } from '../billing/tariffs.js';
import { PageQuery, dateSchema, secretSchema, text } from './common.js';
import { EXPORT_FORMATS } from '../statistic.js';
import { MESSAGES } from '../validation.js';

/** Billing's wire shapes (docs/billing.md): amounts in minor units, days 'YYYY-MM-DD'. */
export const TariffPlanSchema = z.object({
  id: z.enum(TARIFFS),
  monthlyPrice: z.number().int(),
  screenLimit: z.number().int().nullable(),
  freeSlots: z.number().int(),
  storagePerScreen: z.number().int(),
  features: z.array(z.enum(FEATURES)),
  audioOnly: z.boolean(),
});

/** A tariff as the funds page offers it: what switching to it changes for the rest of this month. */
export const TariffOffer = TariffPlanSchema.extend({
  /** New cost less the current one from today to the month's end (positive: costs more). */
  difference: z.number().int(),
  /** The cabinet's screens fit its limit. */
  fits: z.boolean(),
});

export const Funds = z.object({
  billing: z.enum(BILLING_MODES),
  state: z.enum(BILLING_STATES),
  currency: z.string(),
  balance: z.number().int(),
  /** Whole days the balance pays for at today's screens; null: for ever (nothing to pay). */
  runwayDays: z.number().int().nullable(),
  screens: z.number().int(),
  /** What a day costs today. */
  dayCost: z.number().int(),
  plan: TariffPlanSchema,
  discounts: z.array(z.object({ kind: z.enum(DISCOUNT_KINDS), bp: z.number().int() })),
  nonCommercialPercent: z.number().int(),
  yearlyUntil: z.string().nullable(),
  plans: z.array(TariffOffer),
  /** A payment provider takes recharges here. */
  recharge: z.boolean(),
});
export type Funds = z.infer<typeof Funds>;

export const LedgerEntry = z.object({
  id: z.number().int(),
  reason: z.enum(LEDGER_REASONS),
  amount: z.number().int(),
  day: z.string().nullable(),
  note: z.string().nullable(),
  /** Who made it (login), when a person did. */
  actor: z.string().nullable(),
  lines: z
    .object({
      screens: z.number().int(),
      base: z.number().int(),
      discounts: z.array(
        z.object({ kind: z.enum(DISCOUNT_KINDS), bp: z.number().int(), amount: z.number().int() }),
      ),
      total: z.number().int(),
    })
    .nullable(),
  /** What a 'change' entry changed. */
  terms: z
    .object({
      tariff: z.object({ from: z.enum(TARIFFS), to: z.enum(TARIFFS) }).optional(),
      nonCommercialPercent: z.object({ from: z.number().int(), to: z.number().int() }).optional(),
      yearlyUntil: z.object({ from: z.string().nullable(), to: z.string().nullable() }).optional(),
      blocked: z.boolean().optional(),
    })
    .nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const LedgerQuery = PageQuery.extend({ reason: z.enum(LEDGER_REASONS).optional() });
/** The ledger as a file (a statement): CSV, XLSX or PDF, by reason. */
export const LedgerExportQuery = z.strictObject({
  format: z.enum(EXPORT_FORMATS).default('csv'),
  reason: z.enum(LEDGER_REASONS).optional(),
});
export const LedgerList = z.object({ entries: z.array(LedgerEntry), total: z.number().int() });

export const SwitchTariffBody = z.strictObject({ tariff: z.enum(TARIFFS) });

/** A recharge in minor units: at least 1.00, at most 1,000,000.00. */
export const RechargeBody = z.strictObject({ amount: z.number().int().min(100).max(100_000_000) });
export const RechargeAnswer = z.object({ url: z.string() });

export const PaymentQuery = z.strictObject({ session: secretSchema(1, 255) });
export const PaymentStatus = z.object({
  status: z.enum(['pending', 'paid']),
  amount: z.number().int(),
  balance: z.number().int(),
});

// ---- the platform admin ----
export const AdminCabinet = z.object({
  id: z.number().int(),
  name: z.string(),
  owner: z.string().nullable(),
  tariff: z.enum(TARIFFS),
  screens: z.number().int(),
  balance: z.number().int(),
  runwayDays: z.number().int().nullable(),
  state: z.enum(BILLING_STATES),
  nonCommercialPercent: z.number().int(),
  yearlyUntil: z.string().nullable(),
  blocked: z.boolean(),
});
export type AdminCabinet = z.infer<typeof AdminCabinet>;
export const AdminCabinetList = z.object({
  cabinets: z.array(AdminCabinet),
  total: z.number().int(),
  currency: z.string(),
});

export const AdminEntryBody = z.strictObject({
  reason: z.enum(MANUAL_REASONS),
  /** Signed minor units: a top-up is positive, a refund negative, a correction either way. */
  amount: z
    .number()
    .int()
    .min(-MAX_ENTRY_AMOUNT, { error: MESSAGES.amountTooLarge })
    .max(MAX_ENTRY_AMOUNT, { error: MESSAGES.amountTooLarge })
    .refine((v) => v !== 0)
    .meta({ int64: true }),
  note: text(500, { min: 1 }),
});

export const AdminTermsBody = z.strictObject({
  tariff: z.enum(TARIFFS).optional(),
  nonCommercialPercent: z.number().int().min(0).max(NON_COMMERCIAL_MAX_PERCENT).optional(),
  yearlyUntil: dateSchema.nullable().optional(),
  blocked: z.boolean().optional(),
  note: text(500).optional(),
});

/** The dashboard's billing stats (spec §3): null while billing is off. */
export const DashboardBilling = z.object({
  balance: z.number().int(),
  currency: z.string(),
  runwayDays: z.number().int().nullable(),
  tariff: z.enum(TARIFFS),
  state: z.enum(BILLING_STATES),
  screens: z.number().int(),
  screenLimit: z.number().int().nullable(),
});
export type DashboardBilling = z.infer<typeof DashboardBilling>;

// ---- the tariff table (the platform admin edits it) ----
/** Bytes of library storage per screen slot: at most 1 TiB. */
export const MAX_STORAGE_PER_SCREEN = 1024 ** 4;

/**
 * A tariff as the platform admin saves it: the price per screen and month in exact minor units, the screen
 * limit (null: none), the free slots (within the limit), storage per slot in bytes, and its features.
 */
export const TariffPlanInput = z
  .strictObject({
    id: z.enum(TARIFFS),
    monthlyPrice: z.number().int().min(0).max(100_000_000),
    screenLimit: z.number().int().min(1).max(1_000_000).nullable(),
    freeSlots: z.number().int().min(0).max(1_000_000),
    storagePerScreen: z.number().int().min(0).max(MAX_STORAGE_PER_SCREEN).meta({ int64: true }),
    features: z
      .array(z.enum(FEATURES))
      .max(FEATURES.length)
      .refine((list) => new Set(list).size === list.length, { error: MESSAGES.invalid }),
    audioOnly: z.boolean(),
    /** Why: kept with the change. */
    note: text(500).optional(),
  })
  .refine((p) => p.screenLimit === null || p.freeSlots <= p.screenLimit, {
    path: ['freeSlots'],
    error: MESSAGES.invalid,
  });
export type TariffPlanInput = z.infer<typeof TariffPlanInput>;

export const RemoveTariffBody = z.strictObject({ tariff: z.enum(TARIFFS), note: text(500).optional() });

/** The tariff table for the admin: each tariff with the customer cabinets on it. */
export const AdminTariffs = z.object({
  plans: z.array(TariffPlanSchema.extend({ cabinets: z.number().int() })),
  currency: z.string(),
  /** The tariff new cabinets start on (an owner created without one, a registration). */
  defaultTariff: z.enum(TARIFFS),
});

/** The admin's choice of the tariff new cabinets start on. */
export const DefaultTariffBody = z.strictObject({ tariff: z.enum(TARIFFS) });
export type AdminTariffs = z.infer<typeof AdminTariffs>;

/** One edit of the tariff table: the tariff before and after (null: added, or removed), by whom. */
export const TariffChange = z.object({
  id: z.number().int(),
  tariff: z.enum(TARIFFS),
  before: TariffPlanSchema.nullable(),
  after: TariffPlanSchema.nullable(),
  actor: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type TariffChange = z.infer<typeof TariffChange>;
export const TariffChangeList = z.object({ changes: z.array(TariffChange), total: z.number().int() });

// ---- invoices ----
/** A numbered invoice for money paid in: numbers are platform-wide, sequential, without gaps. */
export const Invoice = z.object({
  number: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
});
export type Invoice = z.infer<typeof Invoice>;
export const InvoiceList = z.object({ invoices: z.array(Invoice), total: z.number().int() });
/** An invoice named by its number. */
export const InvoiceParams = z.strictObject({ number: z.coerce.number().int().min(1).max(2_147_483_647) });
