import { randomUUID } from 'node:crypto';
import { effectiveScope, type BrandRules, type TokenPair, type UserInfo } from '@vitrine/core';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { Caller, ClientMeta } from '../../lib/caller.js';
import type { PasswordHasher } from '../../lib/password.js';
import type { FailureThrottle } from '../../lib/throttle.js';
import { randomToken, sha256, type AccessTokens } from '../../lib/tokens.js';
import type { UserRepository } from '../user/user.repository.js';
import { toUser } from '../user/user.presenter.js';
import type { CredentialRepository } from './credential.repository.js';

export const API_TOKEN_PREFIX = 'vtp_';

export interface AuthServiceDeps {
  users: UserRepository;
  credentials: CredentialRepository;
  hasher: PasswordHasher;
  accessTokens: AccessTokens;
  /** Failed sign-ins per login and per address. */
  loginThrottle: FailureThrottle;
  addressThrottle: FailureThrottle;
  refreshTtlSeconds: number;
  brandRules: BrandRules;
  now?: () => Date;
}

/** Sign-in, token rotation, sign-out and resolving a bearer token into a caller. */
export class AuthService {
  private readonly now: () => Date;
  /** A real hash to verify against when the login is unknown, so both failures take the same time. */
  private decoyHash: Promise<string> | undefined;

  constructor(private readonly deps: AuthServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async signIn(login: string, password: string, meta: ClientMeta): Promise<TokenPair> {
    const { loginThrottle, addressThrottle, users, hasher } = this.deps;
    const loginKey = login.toLowerCase();
    if (loginThrottle.isBlocked(loginKey) || addressThrottle.isBlocked(meta.ip)) {
      throw new AppError('RATE_LIMITED');
    }

    const user = await users.findByLoginOrEmail(login);
    this.decoyHash ??= hasher.hash(randomToken());
    const matches = await hasher.verify(user?.passwordHash ?? (await this.decoyHash), password);
    if (!user || !matches) {
      loginThrottle.fail(loginKey);
      addressThrottle.fail(meta.ip);
      throw new AppError('USER_NOT_FOUND');
    }
    loginThrottle.reset(loginKey);
    if (user.blocked) throw new AppError('USER_BLOCKED');
    if (!user.verified) throw new AppError('EMAIL_NOT_VERIFIED');
    return this.issue(user, meta, randomUUID());
  }

  /** Trades a refresh token for a new pair. A token presented twice revokes its whole family. */
  async refresh(refreshToken: string, meta: ClientMeta): Promise<TokenPair> {
    const { credentials, users } = this.deps;
    const at = this.now();
    const session = await credentials.findSession(sha256(refreshToken));
    if (!session) throw new AppError('UNAUTHORIZED');
    if (session.revokedAt) throw new AppError('UNAUTHORIZED');
    if (session.rotatedAt || !(await credentials.rotateSession(session.id, at))) {
      await credentials.revokeFamily(session.familyId, at);
      throw new AppError('UNAUTHORIZED');
    }
    if (session.expiresAt <= at) throw new AppError('TOKEN_EXPIRED');
    const user = await users.findById(session.userId);
    if (!user || user.blocked || user.cabinetId !== session.cabinetId) {
      await credentials.revokeFamily(session.familyId, at);
      throw new AppError('UNAUTHORIZED');
    }
    return this.issue(user, meta, session.familyId);
  }

  /** Revokes the session family of the refresh token given, when it belongs to the caller (if any). */
  async logout(refreshToken: string | undefined, caller: Caller | null): Promise<void> {
    if (!refreshToken) return;
    const session = await this.deps.credentials.findSession(sha256(refreshToken));
    if (!session) return;
    if (caller && caller.userId !== session.userId) return;
    await this.deps.credentials.revokeFamily(session.familyId, this.now());
  }

  /** Resolves an Authorization bearer value into a caller, or says why it does not prove a live user. */
  async authenticate(bearer: string): Promise<{ caller: Caller } | { error: 'expired' | 'invalid' }> {
    const { credentials, users, accessTokens } = this.deps;
    let userId: number;
    let via: Caller['via'];
    if (bearer.startsWith(API_TOKEN_PREFIX)) {
      const token = await credentials.findApiToken(sha256(bearer));
      if (!token) return { error: 'invalid' };
      userId = token.userId;
      via = 'apiToken';
      // lastUsedAt is for people, to the minute: one write per token per minute, not per request.
      const at = this.now();
      if (!token.lastUsedAt || at.getTime() - token.lastUsedAt.getTime() > 60_000) {
        await credentials.touchApiToken(token.id, at);
      }
    } else {
      const result = await accessTokens.verify(bearer);
      if (!result.ok) return { error: result.expired ? 'expired' : 'invalid' };
      userId = result.claims.userId;
      via = 'session';
    }
    // The row, not the token, is the authority: a blocked, removed or re-roled user loses access at once.
    const user = await users.findById(userId);
    if (!user || user.blocked) return { error: 'invalid' };
    return {
      caller: {
        userId: user.id,
        cabinetId: user.cabinetId,
        role: user.role as Caller['role'],
        login: user.login,
        via,
      },
    };
  }

  async info(caller: Caller): Promise<UserInfo> {
    const user = await this.deps.users.findInCabinet(caller.cabinetId, caller.userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    return {
      user: toUser(user),
      isClarityEnabled: user.isClarityEnabled,
      scope: effectiveScope(caller.role, user.login, this.deps.brandRules),
    };
  }

  /** Issues a pair for a user who has proven who they are (sign-in, rotation, password change). */
  async issue(user: UserRow, meta: ClientMeta, familyId: string = randomUUID()): Promise<TokenPair> {
    const refreshToken = randomToken();
    await this.deps.credentials.insertSession({
      cabinetId: user.cabinetId,
      userId: user.id,
      tokenHash: sha256(refreshToken),
      familyId,
      expiresAt: new Date(this.now().getTime() + this.deps.refreshTtlSeconds * 1000),
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip,
    });
    const token = await this.deps.accessTokens.sign({
      userId: user.id,
      cabinetId: user.cabinetId,
      role: user.role as Caller['role'],
    });
    return { token, refreshToken };
  }
}
