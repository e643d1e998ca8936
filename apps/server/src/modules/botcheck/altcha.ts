import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { AltchaChallenge } from '@vitrine/core';
import { z } from 'zod';

/** How long a challenge may wait to be solved and sent. */
export const ALTCHA_TTL_SECONDS = 10 * 60;
const ALGORITHM = 'SHA-256';

/** What the widget sends: base64 of `{ challenge, solution }` (altcha-lib's v2 client payload). */
const ClientPayload = z.object({
  challenge: AltchaChallenge,
  solution: z.object({ counter: z.number(), derivedKey: z.string().max(200) }),
});

/**
 * ALTCHA's self-hosted proof of work: challenges signed with this installation's secret (nothing stored
 * until one is solved), each asking for about `maxNumber / 2` SHA-256 hashes in the browser.
 */
export class Altcha {
  private readonly keySecret: string;

  constructor(
    private readonly secret: string,
    private readonly maxNumber: number,
  ) {
    this.keySecret = createHmac('sha256', secret).update('altcha-derived-key').digest('hex');
  }

  challenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: ALGORITHM,
      cost: 1,
      counter: randomInt(Math.floor(this.maxNumber / 2), this.maxNumber),
      deriveKey,
      expiresAt: new Date(Date.now() + ALTCHA_TTL_SECONDS * 1000),
      hmacSignatureSecret: this.secret,
      hmacKeySignatureSecret: this.keySecret,
    });
  }

  /** The challenge's nonce when the payload solves a challenge this server signed and that is not expired. */
  async verify(payload: string): Promise<string | null> {
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    } catch {
      return null;
    }
    const parsed = ClientPayload.safeParse(decoded);
    if (!parsed.success) return null;
    const { challenge, solution } = parsed.data;
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: this.secret,
      hmacKeySignatureSecret: this.keySecret,
    });
    return result.verified ? challenge.parameters.nonce : null;
  }
}
