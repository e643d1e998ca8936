import type { BotCheckAction } from '@vitrine/core';
import { z } from 'zod';

/** How long a reCAPTCHA token lives (Google says two minutes): a used one is remembered this long. */
export const RECAPTCHA_TTL_SECONDS = 10 * 60;
const VERIFY_TIMEOUT_MS = 5000;

/** The siteverify answer (https://developers.google.com/recaptcha/docs/v3). */
const SiteVerify = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
});

export interface RecaptchaOptions {
  secretKey: string;
  verifyUrl: string;
  minScore: number;
  fetch?: typeof fetch;
  log: (message: string, error?: unknown) => void;
}

/** reCAPTCHA v3: the browser's token checked by the siteverify protocol, with its score and action. */
export class Recaptcha {
  constructor(private readonly options: RecaptchaOptions) {}

  async verify(token: string, action: BotCheckAction, ip: string): Promise<boolean> {
    const { secretKey, verifyUrl, minScore, log } = this.options;
    const fetcher = this.options.fetch ?? fetch;
    try {
      const response = await fetcher(verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: secretKey, response: token, remoteip: ip }).toString(),
        signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
      });
      if (!response.ok) {
        log(`recaptcha: siteverify answered ${response.status}`);
        return false;
      }
      const answer = SiteVerify.safeParse(await response.json());
      if (!answer.success) return false;
      const { success, score, action: answered } = answer.data;
      return success && (score ?? 0) >= minScore && answered === action;
    } catch (error) {
      log('recaptcha: siteverify failed', error);
      return false;
    }
  }
}
