/**
 * Two-factor sign-in (spec §4, §5, §7; docs/security.md): TOTP per RFC 6238 — 30-second steps, 6 digits,
 * SHA-1, a 160-bit secret shown as an otpauth:// QR code — and single-use recovery codes. Without zod, so
 * the first page's messages read them; the schemas are in twofa.ts.
 */
import { TWO_FA_CODE_LENGTH } from '../constants.js';

export const TOTP = {
  digits: TWO_FA_CODE_LENGTH,
  periodSeconds: 30,
  algorithm: 'SHA1',
  secretBytes: 20,
} as const;
/** Codes of the step before and after are accepted too (a phone's clock a little off). */
export const TOTP_WINDOW_STEPS = 1;
export const RECOVERY_CODES = 10;

export const TWOFA_MESSAGES = {
  code: 'The code must be 6 digits',
  wrong: 'Wrong code',
  reused: 'This code was used already: use a new one',
  required: 'Two-factor code required',
} as const;

/** A recovery code as shown: two groups of five letters and digits ('k7m2p-q9x4d'), any case. */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-[a-z0-9]{5}$/;

/** The otpauth:// address an authenticator app reads from the QR code. */
export function otpauthUri(issuer: string, account: string, secret: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: TOTP.algorithm,
    digits: String(TOTP.digits),
    period: String(TOTP.periodSeconds),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
