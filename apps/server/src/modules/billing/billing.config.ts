import { z } from 'zod';
import type { BillingMode } from '@vitrine/core';

/**
 * Billing's environment (docs/billing.md, README): on by default, as the spec describes the product;
 * `BILLING=off` for self-hosters who charge nobody. Stripe recharges are offered once its keys are set.
 */
const BillingEnv = z.object({
  BILLING: z.enum(['on', 'off']).default('on'),
  BILLING_CURRENCY: z
    .string()
    .regex(/^[a-z]{3}$/i)
    .default('usd')
    .transform((v) => v.toLowerCase()),
  BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(3),
  BILLING_CHARGE_CHECK_SECONDS: z.coerce.number().int().min(0).max(86400).default(3600),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Stripe's API address (tests point it at a loopback double). */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
});

/** The environment variables billing reads (the README's settings table lists them all). */
export const BILLING_SETTINGS = Object.keys(BillingEnv.shape);

export interface BillingConfig {
  mode: BillingMode;
  currency: string;
  graceDays: number;
  /** How often the daily charge job looks for days to charge (0: never, tests run it by hand). */
  chargeCheckSeconds: number;
  stripe?: { secretKey: string; webhookSecret: string; apiUrl?: string };
}

export function billingConfig(env: NodeJS.ProcessEnv): BillingConfig {
  const parsed = BillingEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    mode: e.BILLING,
    currency: e.BILLING_CURRENCY,
    graceDays: e.BILLING_GRACE_DAYS,
    chargeCheckSeconds: e.BILLING_CHARGE_CHECK_SECONDS,
    ...(e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
      ? {
          stripe: {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            ...(e.STRIPE_API_URL ? { apiUrl: e.STRIPE_API_URL } : {}),
          },
        }
      : {}),
  };
}
