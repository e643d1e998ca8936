import * as client from 'openid-client';
import { OIDC_SCOPES, type OidcIdentity, type OidcResult } from '@vitrine/core';
import type { Repositories, Transact } from '../../db/repositories.js';
import type { UserRow } from '../../db/schema.js';
import { homeCabinet, type Caller, type ClientMeta } from '../../lib/caller.js';
import { AppError } from '../../lib/errors.js';
import type { PasswordHasher } from '../../lib/password.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import { userConflict } from '../auth/registration.service.js';
import type { AuthService } from '../auth/auth.service.js';

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The name the sign-in button shows ('Google', 'Company SSO'). */
  name: string;
  /** New people may register through the provider. */
  registration: boolean;
}

export interface OidcDeps {
  repos: Pick<Repositories, 'credentials' | 'oidc' | 'users'>;
  /** Registration through the provider: a cabinet, its owner and the identity, together. */
  transact: Transact;
  hasher: PasswordHasher;
  auth: Pick<AuthService, 'issue'>;
  config: OidcConfig | null;
  publicUrl: string;
  now?: () => Date;
}

/** A sign-in under way may take this long at the provider. */
const REQUEST_TTL_MS = 10 * 60_000;

/**
 * External sign-in with an OpenID Connect provider through openid-client 6 (docs/security.md): the
 * authorization code flow with PKCE, state and nonce. An identity is found by issuer and subject; an
 * existing account is linked by e-mail only when the provider says the address is verified
 * (`email_verified: true`), since linking on an unverified address hands the account to whoever typed it;
 * and only to an account whose address was confirmed here too (an unconfirmed one is reclaimed first).
 */
export class OidcService {
  private readonly now: () => Date;
  private discovered: Promise<client.Configuration> | undefined;

  constructor(private readonly deps: OidcDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  get name(): string | null {
    return this.deps.config?.name ?? null;
  }

  get registration(): boolean {
    return this.deps.config?.registration ?? false;
  }

  async identity(caller: Caller): Promise<OidcIdentity> {
    const row = await this.deps.repos.oidc.findIdentityOf(homeCabinet(caller), caller.userId);
    return { linked: row !== undefined, email: row?.email ?? null };
  }

  /** Unlinks the provider: the password still signs in, and a later sign-in there links again only by rule. */
  async unlink(caller: Caller): Promise<void> {
    await this.deps.repos.oidc.removeIdentitiesOf(homeCabinet(caller), caller.userId);
  }

  private get redirectUri(): string {
    return `${this.deps.publicUrl}/login`;
  }

  private configuration(): Promise<client.Configuration> {
    const config = this.deps.config;
    if (!config) throw new AppError('OIDC_FAILED');
    this.discovered ??= client
      .discovery(
        new URL(config.issuer),
        config.clientId,
        config.clientSecret,
        undefined,
        // A provider on plain http (a LAN, the tests) is allowed only when configured so.
        config.issuer.startsWith('http:') ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        this.discovered = undefined;
        throw error;
      });
    return this.discovered;
  }

  /** The provider's authorization address for a new sign-in (or a link to `caller`'s account). */
  async start(caller?: Caller): Promise<{ url: string; state: string }> {
    const config = await this.configuration().catch(() => {
      throw new AppError('OIDC_FAILED');
    });
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    await this.deps.repos.oidc.insertRequest({
      stateHash: sha256(state),
      nonce,
      codeVerifier,
      userId: caller?.userId ?? null,
      expiresAt: new Date(this.now().getTime() + REQUEST_TTL_MS),
    });
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: OIDC_SCOPES.join(' '),
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      prompt: 'consent',
    });
    return { url: url.href, state };
  }

  /** The provider came back with a code: sign in, or link; a state this server did not start is ignored. */
  async callback(body: { code: string; state: string; iss?: string }, meta: ClientMeta): Promise<OidcResult> {
    const { repos } = this.deps;
    const request = await repos.oidc.platformConsumeRequest(sha256(body.state), this.now());
    if (!request) return { status: 'ignored' };
    const config = await this.configuration();
    const back = new URL(this.redirectUri);
    back.searchParams.set('code', body.code);
    back.searchParams.set('state', body.state);
    if (body.iss) back.searchParams.set('iss', body.iss);
    let claims: client.IDToken | undefined;
    try {
      const tokens = await client.authorizationCodeGrant(config, back, {
        pkceCodeVerifier: request.codeVerifier,
        expectedState: body.state,
        expectedNonce: request.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch {
      throw new AppError('OIDC_FAILED');
    }
    if (!claims) throw new AppError('OIDC_FAILED');
    const issuer = claims.iss;
    const subject = claims.sub;
    const email = typeof claims['email'] === 'string' ? claims['email'] : null;
    const verified = claims['email_verified'] === true;
    const known = await repos.oidc.platformFindIdentity(issuer, subject);

    if (request.userId !== null) {
      const user = await repos.users.platformFindById(request.userId);
      if (!user) throw new AppError('OIDC_FAILED');
      if (known && known.userId !== user.id) throw new AppError('CONFLICT');
      if (!known) await this.link(user, issuer, subject, email);
      return { status: 'linked' };
    }

    let user = known ? await repos.users.platformFindById(known.userId) : undefined;
    if (!user && email && verified) user = await this.byVerifiedEmail(claims, issuer, subject, email);
    if (!user) throw new AppError('OIDC_NOT_LINKED');
    if (user.blocked) throw new AppError('USER_BLOCKED');
    const pair = await this.deps.auth.issue(user, meta);
    return { status: 'signedIn', ...pair };
  }

  /**
   * The provider vouches for the address: its account is linked when its holder proved the address here
   * too, or the platform admin set it (`emailConfirmed`; a member an owner typed the address into is not), or a new one is
   * made (when allowed). Whatever someone
   * else left with that address is taken from them first, since only its owner could prove it: waiting
   * registrations are discarded, and an account whose address was never confirmed is reclaimed.
   */
  private async byVerifiedEmail(
    claims: client.IDToken,
    issuer: string,
    subject: string,
    email: string,
  ): Promise<UserRow | undefined> {
    const { repos } = this.deps;
    await repos.credentials.platformDiscardRegistrations(email);
    let user = await repos.users.platformFindByEmail(email);
    if (user && !user.verified) user = await this.reclaim(user);
    // A member an owner typed the address into: in use, but never proved by its holder.
    if (user && !user.emailConfirmed) return undefined;
    if (user) await this.link(user, issuer, subject, email);
    else if (this.registration) user = await this.register(claims, issuer, subject, email);
    return user;
  }

  /**
   * An account made with this address but never confirmed (anyone could have typed the address): its
   * password, sessions, API tokens and pending links are dropped and the address counts as confirmed, so
   * only the provider's sign-in (or a recovery link to the address) opens it from now on.
   */
  private async reclaim(user: UserRow): Promise<UserRow | undefined> {
    const passwordHash = await this.deps.hasher.hash(randomToken());
    return this.deps.transact(async (repos) => {
      const changes = { passwordHash, verified: true, emailConfirmed: true };
      const row = await repos.users.updateInCabinet(user.cabinetId, user.id, changes);
      await repos.credentials.platformRevokeAllSessions(user.id, this.now());
      await repos.credentials.removeUserApiTokens(user.cabinetId, user.id);
      await repos.credentials.removeUserEmailTokens(user.cabinetId, user.id);
      return row;
    });
  }

  /**
   * A new person, whose address the provider vouches for: a cabinet and its owner, verified, with a login
   * made from the address and a random password (a recovery link sets one), linked to the identity.
   */
  private async register(
    claims: client.IDToken,
    issuer: string,
    subject: string,
    email: string,
  ): Promise<UserRow> {
    const local = email.split('@')[0] ?? '';
    const given = typeof claims['name'] === 'string' ? claims['name'].trim().slice(0, 100) : '';
    const name = given || local || email;
    const login = await this.freeLogin(local);
    const passwordHash = await this.deps.hasher.hash(randomToken());
    try {
      return await this.deps.transact(async (repos) => {
        const cabinet = await repos.cabinets.insert({ name });
        const user = await repos.users.insert({
          cabinetId: cabinet.id,
          login,
          email,
          name,
          role: 'owner',
          passwordHash,
          verified: true,
          emailConfirmed: true,
        });
        await repos.oidc.insertIdentity({ cabinetId: cabinet.id, userId: user.id, issuer, subject, email });
        return user;
      });
    } catch (error) {
      throw userConflict(error) ?? error;
    }
  }

  /** A login made from an address's local part that nobody has yet ('ann', 'ann2', ...). */
  private async freeLogin(local: string): Promise<string> {
    const base = (local.replace(/[^A-Za-z0-9._-]/g, '') || 'user').slice(0, 40).padEnd(3, '0');
    for (let n = 1; n < 100; n++) {
      const login = n === 1 ? base : `${base}${n}`;
      if (!(await this.deps.repos.users.platformLoginExists(login))) return login;
    }
    return `${base}-${randomToken().slice(0, 8)}`;
  }

  private link(user: UserRow, issuer: string, subject: string, email: string | null): Promise<void> {
    return this.deps.repos.oidc.insertIdentity({
      cabinetId: user.cabinetId,
      userId: user.id,
      issuer,
      subject,
      email,
    });
  }
}
