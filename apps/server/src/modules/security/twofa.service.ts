import { randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import {
  RECOVERY_CODES,
  RECOVERY_CODE_PATTERN,
  TWOFA_MESSAGES,
  otpauthUri,
  type DisableTwoFaBody,
  type EnableTwoFaBody,
  type TwoFaSubscription,
} from '@vitrine/core';
import type { Repositories } from '../../db/repositories.js';
import type { UserRow } from '../../db/schema.js';
import { homeCabinet, type Caller } from '../../lib/caller.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { PasswordHasher } from '../../lib/password.js';
import type { FailureRule, FailureThrottle } from '../../lib/throttle.js';
import { checkTotp, newTotpSecret } from './totp.js';

export interface TwoFaDeps {
  repos: Pick<Repositories, 'twofa' | 'users'>;
  hasher: PasswordHasher;
  throttle: FailureThrottle;
  /** The name an authenticator app shows above the code (the brand's title). */
  issuer: string;
  /** Wrong codes (and passwords) one person may give within the window, as for sign-in. */
  limits: { perLogin: number; windowSeconds: number };
  now?: () => Date;
}

export type SecondFactor = 'ok' | 'wrong' | 'reused';

const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** A recovery code as shown: two groups of five letters and digits, without look-alikes. */
function recoveryCode(): string {
  const part = () =>
    Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${part()}-${part()}`;
}

/**
 * Two-factor sign-in (spec §4, §7; docs/security.md): a secret shown as a QR code and confirmed with a
 * code, ten single-use recovery codes stored hashed, and the second step of sign-in. Every TOTP code is
 * accepted once (the last accepted step is stored); wrong codes are counted like wrong passwords.
 */
export class TwoFaService {
  private readonly now: () => Date;
  private readonly rule: FailureRule;

  constructor(private readonly deps: TwoFaDeps) {
    this.now = deps.now ?? (() => new Date());
    this.rule = {
      scope: 'twofa-user:',
      limit: deps.limits.perLogin,
      windowSeconds: deps.limits.windowSeconds,
    };
  }

  /** The signed-in person's own row (their own cabinet's, whichever cabinet they are working in). */
  private async self(caller: Caller): Promise<UserRow> {
    const user = await this.deps.repos.users.findInCabinet(homeCabinet(caller), caller.userId);
    if (!user) throw notFound();
    return user;
  }

  async subscription(caller: Caller): Promise<TwoFaSubscription> {
    const user = await this.self(caller);
    const secret = newTotpSecret();
    const uri = otpauthUri(this.deps.issuer, user.email ?? user.login, secret);
    const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /** Turns two-factor on when the code was made from the secret; answers the recovery codes, once. */
  async enable(caller: Caller, body: EnableTwoFaBody): Promise<string[]> {
    const user = await this.self(caller);
    if (user.isTwoFaEnabled) throw new AppError('CONFLICT');
    const checks = this.checks(user);
    if (await this.deps.throttle.isBlocked(checks)) throw new AppError('RATE_LIMITED');
    const check = await checkTotp(body.secret, body.code, null, this.now());
    if (check.result !== 'ok') {
      await this.deps.throttle.fail(checks);
      throw new AppError('TWOFA_WRONG', undefined, { code: TWOFA_MESSAGES.wrong });
    }
    await this.deps.repos.twofa.enable(user.cabinetId, user.id, body.secret, check.step);
    return this.newRecoveryCodes(user);
  }

  async disable(caller: Caller, body: DisableTwoFaBody): Promise<void> {
    const user = await this.self(caller);
    if (!user.isTwoFaEnabled) throw new AppError('TWOFA_NOT_ENABLED');
    await this.prove(user, body);
    await this.deps.repos.twofa.disable(user.cabinetId, user.id);
  }

  async regenerate(caller: Caller, body: DisableTwoFaBody): Promise<string[]> {
    const user = await this.self(caller);
    if (!user.isTwoFaEnabled) throw new AppError('TWOFA_NOT_ENABLED');
    await this.prove(user, body);
    return this.newRecoveryCodes(user);
  }

  /** The platform admin turns a person's two-factor off (a lost phone), the reason kept with the event. */
  async reset(admin: Caller, userId: number, reason: string): Promise<void> {
    const user = await this.deps.repos.users.platformFindById(userId);
    if (!user) throw notFound();
    await this.deps.repos.twofa.disable(user.cabinetId, user.id);
    await this.deps.repos.twofa.recordEvent({
      cabinetId: user.cabinetId,
      userId: user.id,
      actorId: admin.userId,
      kind: 'twofa.reset',
      reason,
    });
  }

  async recoveryCodesLeft(user: UserRow): Promise<number> {
    return user.isTwoFaEnabled ? this.deps.repos.twofa.countUnused(user.cabinetId, user.id) : 0;
  }

  /**
   * The second step of sign-in: a 6-digit code from the app (its step taken, so it works once) or an unused
   * recovery code (used up). A code that worked before is 'reused', so the person is told it was used. The caller counts failures with its own sign-in rules.
   */
  async secondFactor(user: UserRow, code: string): Promise<SecondFactor> {
    const digits = code.replace(/\s+/g, '');
    if (/^\d{6}$/.test(digits)) return this.takeTotp(user, digits);
    const recovery = code.trim().toLowerCase();
    if (!RECOVERY_CODE_PATTERN.test(recovery)) return 'wrong';
    const { twofa } = this.deps.repos;
    for (const row of await twofa.recoveryCodes(user.cabinetId, user.id)) {
      if (await this.deps.hasher.verify(row.codeHash, recovery)) {
        if (row.usedAt) return 'reused';
        return (await twofa.useRecoveryCode(user.cabinetId, row.id, this.now())) ? 'ok' : 'reused';
      }
    }
    return 'wrong';
  }

  private async takeTotp(user: UserRow, code: string): Promise<SecondFactor> {
    if (!user.isTwoFaEnabled || !user.twoFaSecret) return 'wrong';
    const check = await checkTotp(user.twoFaSecret, code, user.twoFaLastStep, this.now());
    if (check.result !== 'ok') return check.result;
    return (await this.deps.repos.twofa.takeStep(user.cabinetId, user.id, check.step)) ? 'ok' : 'reused';
  }

  /** A current code or the password, counted like sign-in attempts. */
  private async prove(user: UserRow, body: DisableTwoFaBody): Promise<void> {
    const checks = this.checks(user);
    if (await this.deps.throttle.isBlocked(checks)) throw new AppError('RATE_LIMITED');
    if (body.code !== undefined) {
      const result = await this.takeTotp(user, body.code);
      if (result === 'ok') return;
      await this.deps.throttle.fail(checks);
      if (result === 'reused') throw new AppError('TWOFA_REUSED', undefined, { code: TWOFA_MESSAGES.reused });
      throw new AppError('TWOFA_WRONG', undefined, { code: TWOFA_MESSAGES.wrong });
    }
    if (!(await this.deps.hasher.verify(user.passwordHash, body.password ?? ''))) {
      await this.deps.throttle.fail(checks);
      throw new AppError('WRONG_PASSWORD', undefined, { password: 'Wrong current password' });
    }
  }

  private checks(user: UserRow): [FailureRule, string][] {
    return [[this.rule, String(user.id)]];
  }

  private async newRecoveryCodes(user: UserRow): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
    const hashes = await Promise.all(codes.map((c) => this.deps.hasher.hash(c)));
    await this.deps.repos.twofa.replaceRecoveryCodes(user.cabinetId, user.id, hashes);
    return codes;
  }
}
