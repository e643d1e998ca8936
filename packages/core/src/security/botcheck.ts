/**
 * The bot check asked for by registration, password recovery and sign-in after repeated failures: a
 * self-hosted proof of work (ALTCHA) by default, reCAPTCHA v3 when its keys are set, or none.
 */
import { z } from 'zod';
import { text } from '../schemas/common.js';

export const BOT_CHECK_KINDS = ['altcha', 'recaptcha', 'off'] as const;
export type BotCheckKind = (typeof BOT_CHECK_KINDS)[number];

/** The forms a bot check guards; reCAPTCHA v3 is asked for each by this action name. */
export const BOT_CHECK_ACTIONS = ['login', 'register', 'recover'] as const;
export type BotCheckAction = (typeof BOT_CHECK_ACTIONS)[number];

/** What the sign-in, registration and recovery forms send: the widget's payload or reCAPTCHA's token. */
export const botCheckField = text(8000, { min: 1, trim: false }).optional();

/** Which check this server asks for, and what the browser needs to run it. */
export const BotCheckInfo = z.object({
  kind: z.enum(BOT_CHECK_KINDS),
  /** reCAPTCHA only: the site key and the script address. */
  siteKey: z.string().nullable(),
  scriptUrl: z.string().nullable(),
});
export type BotCheckInfo = z.infer<typeof BotCheckInfo>;

/** A signed ALTCHA challenge (altcha-lib's v2 format), solved by the widget in the browser. */
export const AltchaChallenge = z.object({
  parameters: z.object({
    algorithm: z.string().max(40),
    nonce: z.string().max(200),
    salt: z.string().max(200),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string().max(200),
    keySignature: z.string().max(200).optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string().max(200).optional(),
});
export type AltchaChallenge = z.infer<typeof AltchaChallenge>;
