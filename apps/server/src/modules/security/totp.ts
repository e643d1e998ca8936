import { generate, generateSecret, verify } from 'otplib';
import { TOTP, TOTP_WINDOW_STEPS } from '@vitrine/core';

/**
 * TOTP per RFC 6238 through otplib (docs/security.md): 30-second steps, 6 digits, SHA-1, a 160-bit secret.
 * A code of the step before or after is accepted; one whose step is not after the last accepted one is
 * 'reused', since RFC 6238 asks that a code be accepted once.
 */
export type TotpCheck = { result: 'ok'; step: number } | { result: 'wrong' } | { result: 'reused' };

const options = { algorithm: 'sha1', digits: TOTP.digits, period: TOTP.periodSeconds } as const;

export const newTotpSecret = (): string => generateSecret({ length: TOTP.secretBytes });

export async function checkTotp(
  secret: string,
  code: string,
  lastStep: number | null,
  now: Date,
): Promise<TotpCheck> {
  // otplib refuses secrets shorter than 128 bits by throwing: such a secret matches no code.
  const found = await verify({
    ...options,
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP_WINDOW_STEPS * TOTP.periodSeconds,
  }).catch(() => ({ valid: false as const }));
  if (!found.valid || !('timeStep' in found)) return { result: 'wrong' };
  if (lastStep !== null && found.timeStep <= lastStep) return { result: 'reused' };
  return { result: 'ok', step: found.timeStep };
}

/** The code an authenticator app shows at a moment (tests, and nothing else, make codes). */
export const totpAt = (secret: string, at: Date): Promise<string> =>
  generate({ ...options, secret, epoch: Math.floor(at.getTime() / 1000) });
