/** Two-factor sign-in's requests and answers (its rules and words: twofa-rules.ts). */
import { z } from 'zod';
import { TWO_FA_CODE_LENGTH } from '../constants.js';
import { text } from '../schemas/common.js';
import { RECOVERY_CODE_PATTERN, TWOFA_MESSAGES } from './twofa-rules.js';

/** Spec §5: a two-factor code is 6 digits (spaces a person types between groups are dropped). */
export const TwoFaCode = text(20)
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(text(20).regex(new RegExp(`^\\d{${TWO_FA_CODE_LENGTH}}$`), { error: TWOFA_MESSAGES.code }));

/** A recovery code as shown (RECOVERY_CODE_PATTERN), any case. */
export const RecoveryCode = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.string().regex(RECOVERY_CODE_PATTERN, { error: TWOFA_MESSAGES.wrong }));

/** Base32 (RFC 4648, no padding), as authenticator apps read secrets. */
export const Base32Secret = text(64, { min: 16 }).regex(/^[A-Z2-7]+$/, { error: 'Invalid data' });

/** GET /api/user/get-twofa-subscription-code: the secret to confirm, and its otpauth:// address for the QR code. */
export const TwoFaSubscription = z.object({
  secret: z.string(),
  uri: z.string(),
  /** The address drawn as a QR code: an SVG image as a data: URL. */
  qr: z.string(),
});
/** POST /api/user/enable-twofa: the secret shown and a code the app made from it. */
export const EnableTwoFaBody = z.strictObject({ secret: Base32Secret, code: TwoFaCode });
/** The answer: the recovery codes, shown once. */
export const RecoveryCodes = z.object({ codes: z.array(z.string()) });
/** POST /api/user/disable-twofa: a current code, or the password. */
export const DisableTwoFaBody = z
  .strictObject({ code: TwoFaCode.optional(), password: text(200, { trim: false }).optional() })
  .refine((b) => b.code !== undefined || b.password !== undefined, {
    error: TWOFA_MESSAGES.required,
    path: ['code'],
  });

/** POST /api/user/reset-twofa/:id (platform admin): why, kept with the event. */
export const ResetTwoFaBody = z.strictObject({ reason: text(500, { min: 3 }) });
export type ResetTwoFaBody = z.infer<typeof ResetTwoFaBody>;
export type TwoFaSubscription = z.infer<typeof TwoFaSubscription>;
export type EnableTwoFaBody = z.infer<typeof EnableTwoFaBody>;
export type DisableTwoFaBody = z.infer<typeof DisableTwoFaBody>;
