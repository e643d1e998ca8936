import type { Tariff } from '../constants.js';

/**
 * The prepaid ledger's vocabulary (docs/billing.md): why funds moved, and the second lines of the spec's
 * refusals (§8) that tell the person what to do.
 */
export const LEDGER_REASONS = ['topUp', 'charge', 'refund', 'correction', 'change'] as const;
/**
 * - topUp: money paid in (a provider's payment, or a bank transfer the platform admin records);
 * - charge: a day of screens (the daily job, or a screen added during the day);
 * - refund: money given back (the platform admin);
 * - correction: the platform admin's correction, with its reason;
 * - change: the terms changed (tariff, discount, block), amount 0: who did it and when.
 */
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/** A reason as the ledger's statement (CSV, XLSX, PDF) names it: words, never the code. */
export const LEDGER_REASON_LABELS: Record<LedgerReason, string> = {
  topUp: 'Top-up',
  charge: 'Daily screen charge',
  refund: 'Refund',
  correction: 'Correction',
  change: 'Terms changed',
};

/** What a 'change' entry changed, each from what to what (the ledger shows it in the reader's language). */
export interface TermsChange {
  tariff?: { from: Tariff; to: Tariff };
  nonCommercialPercent?: { from: number; to: number };
  yearlyUntil?: { from: string | null; to: string | null };
  blocked?: boolean;
}

/** Tariffs only the platform admin gives (non-commercial use is checked by a person), never self-chosen. */
export const ADMIN_GIVEN_TARIFFS: readonly Tariff[] = ['nonCommercial'];

/** What the admin may record by hand. */
export const MANUAL_REASONS = ['topUp', 'refund', 'correction'] as const;
export type ManualReason = (typeof MANUAL_REASONS)[number];

/** Spec §8: the line shown under each billing refusal. */
export const BILLING_HINTS = {
  BALANCE_NOT_ENOUGH: 'Please recharge your balance',
  TARIFF_NOT_ALLOWED: 'Please switch to another tariff',
} as const;

/** Days of runway at which the owner is warned that funds run low. */
export const LOW_FUNDS_DAYS: readonly number[] = [7, 3, 1];

/** Billing switched on for this installation, or off (self-hosted, charging nobody). */
export const BILLING_MODES = ['on', 'off'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];
