import { randomUUID } from 'node:crypto';
import {
  can,
  effectiveScope,
  type BrandRules,
  type Role,
  type TokenPair,
  type UserInfo,
} from '@vitrine/core';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { Caller, ClientMeta } from '../../lib/caller.js';
import type { PasswordHasher } from '../../lib/password.js';
import type { FailureRule, FailureThrottle } from '../../lib/throttle.js';
import { randomToken, sha256, type AccessTokens, type DeviceMarks } from '../../lib/tokens.js';
import type { UserRepository } from '../user/user.repository.js';
import { toUser } from '../user/user.presenter.js';
import type { CredentialRepository } from './credential.repository.js';
import type { AccessRepository } from '../access/access.repository.js';
import { asCabinetId, type CabinetId } from '../../db/cabinet-id.js';
import type { TwoFaService } from '../security/twofa.service.js';
import type { BotCheckService } from '../botcheck/botcheck.service.js';
import type { CabinetRepository } from '../cabinet/cabinet.repository.js';

export const API_TOKEN_PREFIX = 'vtp_';

export interface AuthServiceDeps {
  /** Whether a cabinet requires two-factor of its members. */
  cabinets: Pick<CabinetRepository, 'twoFaRequired' | 'blocked'>;
  /** Shared access: a person's role in a cabinet that is not their own. */
  access: Pick<AccessRepository, 'roleIn'>;
  /** The second step of sign-in when a person turned two-factor on. */
  twofa: Pick<TwoFaService, 'secondFactor'>;
  /** The bot check asked for once an account or address has failed `afterFailures` times. */
  botCheck: Pick<BotCheckService, 'require' | 'enabled' | 'afterFailures'>;
  users: UserRepository;
  credentials: CredentialRepository;
  hasher: PasswordHasher;
  accessTokens: AccessTokens;
  /** Failed sign-ins, counted in the database (see signIn). */
  throttle: FailureThrottle;
  limits: { perLogin: number; perAddress: number; perAccount: number; windowSeconds: number };
  deviceMarks: DeviceMarks;
  refreshTtlSeconds: number;
  brandRules: BrandRules;
  now?: () => Date;
}

/** Sign-in, token rotation, sign-out and resolving a bearer token into a caller. */
export class AuthService {
  private readonly now: () => Date;
  /** A real hash to verify against when the login is unknown, so both failures take the same time. */
  private decoyHash: Promise<string> | undefined;

  private readonly rules: Record<'device' | 'accountAddress' | 'address' | 'account', FailureRule>;

  constructor(private readonly deps: AuthServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    const { perLogin, perAddress, perAccount, windowSeconds } = deps.limits;
    this.rules = {
      device: { scope: 'sign-in-device:', limit: perLogin, windowSeconds },
      accountAddress: { scope: 'sign-in-account-address:', limit: perLogin, windowSeconds },
      address: { scope: 'sign-in-address:', limit: perAddress, windowSeconds },
      account: { scope: 'sign-in-account:', limit: perAccount, windowSeconds },
    };
  }

  /**
   * Signs in, and answers the pair with the browser's device mark (to keep as a cookie). Failures are
   * counted in the database, per account as the login or e-mail resolves (so spelling it another way is
   * the same account):
   * - from a browser the account signed in on before (its device mark): for that browser alone, so no one
   *   else's failures can lock the owner out of it;
   * - from anywhere else: per account and address, per address over every account, and per account over
   *   every address (a higher limit that stops guessing from many addresses, without reaching marked
   *   browsers).
   * At a limit sign-in is locked (SIGN_IN_LOCKED) until the window passes, or until an e-mailed unlock link
   * marks the browser (UnlockService), so distributed guessing never walls the owner out.
   * Once any of those counts reaches the bot check's `afterFailures`, a bot check is asked for before the
   * password is even looked at (BOT_CHECK_REQUIRED), and a wrong one counts as a failure.
   */
  async signIn(
    login: string,
    password: string,
    meta: ClientMeta,
    code?: string,
    botCheck?: string,
  ): Promise<{ pair: TokenPair; deviceMark: string }> {
    const { throttle, users, hasher, deviceMarks } = this.deps;
    const user = await users.platformFindByLoginOrEmail(login);
    const account = user ? `user:${user.id}` : `name:${login.toLowerCase()}`;
    const device = user ? deviceMarks.idOf(user.id, meta.device) : null;
    const rules = this.rules;
    const checks: [FailureRule, string][] = device
      ? [[rules.device, `${account}|${device}`]]
      : [
          [rules.accountAddress, `${account}|${meta.ip}`],
          [rules.address, meta.ip],
          [rules.account, account],
        ];
    // Locked: the owner gets in through an e-mailed link that marks this browser (UnlockService).
    if (await throttle.isBlocked(checks)) throw new AppError('SIGN_IN_LOCKED');
    if (await this.needsBotCheck(checks)) {
      try {
        await this.deps.botCheck.require(botCheck, 'login', meta.ip);
      } catch (error) {
        if (error instanceof AppError && error.code === 'BOT_CHECK_FAILED') await throttle.fail(checks);
        throw error;
      }
    }

    this.decoyHash ??= hasher.hash(randomToken());
    const matches = await hasher.verify(user?.passwordHash ?? (await this.decoyHash), password);
    // An account whose address was never confirmed is answered as no account (docs/security.md, "No
    // e-mail oracle"): only older rows can be so; registrations become accounts when their link is followed.
    if (!user || !matches || !user.verified) {
      await throttle.fail(checks);
      throw new AppError('USER_NOT_FOUND');
    }
    if (user.isTwoFaEnabled) {
      // The password was right: the code is asked for, and a wrong one counts like a wrong password.
      if (!code) throw new AppError('TWOFA_REQUIRED');
      const second = await this.deps.twofa.secondFactor(user, code);
      if (second !== 'ok') {
        await throttle.fail(checks);
        throw new AppError(second === 'reused' ? 'TWOFA_REUSED' : 'TWOFA_WRONG');
      }
    }
    // The account-wide count is left to expire: one good sign-in must not reset what many addresses built.
    await throttle.reset(checks.filter(([rule]) => rule !== rules.account && rule !== rules.address));
    if (user.blocked) throw new AppError('USER_BLOCKED');
    const pair = await this.issue(user, meta, randomUUID());
    return { pair, deviceMark: deviceMarks.issue(user.id, device ?? undefined) };
  }

  /** A device mark for a browser the account's owner proved (an unlock link): its failures count alone. */
  markBrowser(userId: number): string {
    return this.deps.deviceMarks.issue(userId);
  }

  /** Whether these sign-in counts reached the bot check's threshold (the same keys, a lower limit). */
  private async needsBotCheck(checks: [FailureRule, string][]): Promise<boolean> {
    const { botCheck, throttle } = this.deps;
    if (!botCheck.enabled) return false;
    if (botCheck.afterFailures === 0) return true;
    return throttle.isBlocked(checks.map(([rule, key]) => [{ ...rule, limit: botCheck.afterFailures }, key]));
  }

  /** Trades a refresh token for a new pair. A token presented twice revokes its whole family. */
  async refresh(refreshToken: string, meta: ClientMeta): Promise<TokenPair> {
    const { credentials, users } = this.deps;
    const at = this.now();
    const session = await credentials.platformFindSession(sha256(refreshToken));
    if (!session) throw new AppError('UNAUTHORIZED');
    if (session.revokedAt) throw new AppError('UNAUTHORIZED');
    if (session.rotatedAt || !(await credentials.platformRotateSession(session.id, at))) {
      await credentials.platformRevokeFamily(session.familyId, at);
      throw new AppError('UNAUTHORIZED');
    }
    if (session.expiresAt <= at) throw new AppError('TOKEN_EXPIRED');
    const user = await users.platformFindById(session.userId);
    const role = user && !user.blocked ? await this.roleIn(user, session.cabinetId) : undefined;
    if (!user || !role) {
      await credentials.platformRevokeFamily(session.familyId, at);
      throw new AppError('UNAUTHORIZED');
    }
    return this.issue(user, meta, session.familyId, { id: session.cabinetId, role });
  }

  /** Revokes the session family of the refresh token given, when it belongs to the caller (if any). */
  async logout(refreshToken: string | undefined, caller: Caller | null): Promise<void> {
    if (!refreshToken) return;
    const session = await this.deps.credentials.platformFindSession(sha256(refreshToken));
    if (!session) return;
    if (caller && caller.userId !== session.userId) return;
    await this.deps.credentials.platformRevokeFamily(session.familyId, this.now());
  }

  /** Resolves an Authorization bearer value into a caller, or says why it does not prove a live user. */
  async authenticate(bearer: string): Promise<{ caller: Caller } | { error: 'expired' | 'invalid' }> {
    const { credentials, users, accessTokens } = this.deps;
    let user: UserRow | undefined;
    let via: Caller['via'];
    let cabinetId: CabinetId;
    let sessionId: string | undefined;
    if (bearer.startsWith(API_TOKEN_PREFIX)) {
      const token = await credentials.platformFindApiToken(sha256(bearer));
      if (!token) return { error: 'invalid' };
      via = 'apiToken';
      cabinetId = token.cabinetId;
      // lastUsedAt is for people, to the minute: one write per token per minute, not per request.
      const at = this.now();
      if (!token.lastUsedAt || at.getTime() - token.lastUsedAt.getTime() > 60_000) {
        await credentials.platformTouchApiToken(token.id, at);
      }
      user = await users.platformFindById(token.userId);
    } else {
      const result = await accessTokens.verify(bearer);
      if (!result.ok) return { error: result.expired ? 'expired' : 'invalid' };
      via = 'session';
      cabinetId = asCabinetId(result.claims.cabinetId);
      sessionId = result.claims.sessionId;
      // Its session must still be live: a sign-out or a password change ends its tokens at once.
      user = await credentials.platformLiveSessionUser(result.claims.userId, result.claims.sessionId);
    }
    // The row, not the token, is the authority: a blocked, removed or re-roled user loses access at once.
    if (!user || user.blocked) return { error: 'invalid' };
    // The role in the cabinet of this request: shared access taken back ends here, at the next request.
    const role = await this.roleIn(user, cabinetId);
    if (!role) return { error: 'invalid' };
    // Only people who may manage their security can turn two-factor on, so only they are held to it.
    const twoFaSetupRequired =
      !user.isTwoFaEnabled &&
      can(role, 'account.security') &&
      (await this.deps.cabinets.twoFaRequired(cabinetId));
    return {
      caller: {
        userId: user.id,
        cabinetId,
        role,
        login: user.login,
        via,
        ...(cabinetId === user.cabinetId ? {} : { homeCabinetId: user.cabinetId }),
        ...(sessionId ? { sessionId } : {}),
        ...(twoFaSetupRequired ? { twoFaSetupRequired: true as const } : {}),
      },
    };
  }

  /** A person's role in a cabinet: their own role at home, the shared one elsewhere, none otherwise. */
  private async roleIn(user: UserRow, cabinetId: CabinetId): Promise<Role | undefined> {
    if (cabinetId === user.cabinetId) return user.role;
    return this.deps.access.roleIn(cabinetId, user.id);
  }

  /**
   * Moves a session to another of the person's cabinets: a new pair issued for it (with the role there),
   * the session it came from ended.
   */
  async switchCabinet(caller: Caller, cabinetId: number, meta: ClientMeta): Promise<TokenPair> {
    const user = await this.deps.users.platformFindById(caller.userId);
    const target = asCabinetId(cabinetId);
    const role = user ? await this.roleIn(user, target) : undefined;
    if (!user || !role) throw new AppError('NOT_FOUND');
    const pair = await this.issue(user, meta, randomUUID(), { id: target, role });
    if (caller.sessionId) await this.deps.credentials.platformRevokeFamily(caller.sessionId, this.now());
    return pair;
  }

  async info(caller: Caller): Promise<UserInfo> {
    const user = await this.deps.users.platformFindById(caller.userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    return {
      // The cabinet in use and the role there (a shared cabinet's, when the person switched to one).
      user: { ...toUser(user), cabinetId: caller.cabinetId, role: caller.role },
      isClarityEnabled: user.isClarityEnabled,
      scope: effectiveScope(caller.role, user.login, this.deps.brandRules),
      ...(caller.twoFaSetupRequired ? { twoFaSetupRequired: true } : {}),
      ...((await this.deps.cabinets.blocked(caller.cabinetId)) ? { cabinetBlocked: true } : {}),
    };
  }

  /** Issues a pair for a user who has proven who they are (sign-in, rotation, password change). */
  async issue(
    user: UserRow,
    meta: ClientMeta,
    familyId: string = randomUUID(),
    cabinet: { id: CabinetId; role: Role } = { id: user.cabinetId, role: user.role },
  ): Promise<TokenPair> {
    const refreshToken = randomToken();
    await this.deps.credentials.insertSession({
      cabinetId: cabinet.id,
      userId: user.id,
      tokenHash: sha256(refreshToken),
      familyId,
      expiresAt: new Date(this.now().getTime() + this.deps.refreshTtlSeconds * 1000),
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip,
    });
    const token = await this.deps.accessTokens.sign({
      userId: user.id,
      cabinetId: cabinet.id,
      role: cabinet.role,
      sessionId: familyId,
    });
    return { token, refreshToken };
  }
}
