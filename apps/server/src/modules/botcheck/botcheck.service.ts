import type { BotCheckAction, BotCheckInfo } from '@vitrine/core';
import type { Challenge } from 'altcha-lib';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import { sha256 } from '../../lib/tokens.js';
import { ALTCHA_TTL_SECONDS, Altcha } from './altcha.js';
import type { BotCheckRepository } from './botcheck.repository.js';
import { RECAPTCHA_TTL_SECONDS, Recaptcha } from './recaptcha.js';

export interface BotCheckDeps {
  repo: Pick<BotCheckRepository, 'platformClaim'>;
  config: Config['botCheck'];
  /** Signs ALTCHA challenges (kept in the database, shared by every process). */
  secret: string;
  fetch?: typeof fetch;
  log: (message: string, error?: unknown) => void;
}

/**
 * The bot check (docs/security.md): which one is asked for, ALTCHA's challenges, and the verification of
 * a solution, which is accepted once (a replayed one is refused).
 */
export class BotCheckService {
  private readonly altcha: Altcha | null;
  private readonly recaptcha: Recaptcha | null;

  constructor(private readonly deps: BotCheckDeps) {
    const { config } = deps;
    this.altcha = config.kind === 'altcha' ? new Altcha(deps.secret, config.altchaMaxNumber) : null;
    this.recaptcha =
      config.kind === 'recaptcha' && config.recaptcha
        ? new Recaptcha({ ...config.recaptcha, log: deps.log, ...(deps.fetch ? { fetch: deps.fetch } : {}) })
        : null;
  }

  get enabled(): boolean {
    return this.altcha !== null || this.recaptcha !== null;
  }

  /** Failed sign-ins after which sign-in asks for the check too. */
  get afterFailures(): number {
    return this.deps.config.afterFailures;
  }

  info(): BotCheckInfo {
    const recaptcha = this.recaptcha ? this.deps.config.recaptcha : undefined;
    return {
      kind: this.altcha ? 'altcha' : recaptcha ? 'recaptcha' : 'off',
      siteKey: recaptcha?.siteKey ?? null,
      scriptUrl: recaptcha?.scriptUrl ?? null,
    };
  }

  async challenge(): Promise<Challenge> {
    if (!this.altcha) throw new AppError('NOT_FOUND');
    return this.altcha.challenge();
  }

  /**
   * Passes when no check is configured, or when `payload` is a solution accepted for the first time;
   * otherwise BOT_CHECK_REQUIRED (none sent) or BOT_CHECK_FAILED (wrong, expired or used before).
   */
  async require(payload: string | undefined, action: BotCheckAction, ip: string): Promise<void> {
    if (!this.enabled) return;
    if (!payload) throw new AppError('BOT_CHECK_REQUIRED');
    let key: string | null = null;
    let ttlSeconds = RECAPTCHA_TTL_SECONDS;
    if (this.altcha) {
      const nonce = await this.altcha.verify(payload);
      key = nonce && `altcha:${nonce}`;
      ttlSeconds = ALTCHA_TTL_SECONDS;
    } else if (this.recaptcha && (await this.recaptcha.verify(payload, action, ip))) {
      key = `recaptcha:${sha256(payload)}`;
    }
    const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
    if (!key || !(await this.deps.repo.platformClaim(key, expiresAt))) {
      throw new AppError('BOT_CHECK_FAILED');
    }
  }
}
