import * as client from 'openid-client';
import { OIDC_SCOPES, type OidcResult } from '@vitrine/core';
import type { Repositories } from '../../db/repositories.js';
import type { UserRow } from '../../db/schema.js';
import type { Caller, ClientMeta } from '../../lib/caller.js';
import { AppError } from '../../lib/errors.js';
import { sha256 } from '../../lib/tokens.js';
import type { AuthService } from '../auth/auth.service.js';

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The name the sign-in button shows ('Google', 'Company SSO'). */
  name: string;
}

export interface OidcDeps {
  repos: Repositories;
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
 * (`email_verified: true`), since linking on an unverified address hands the account to whoever typed it.
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
    if (!user && email && verified) {
      user = await repos.users.platformFindByEmail(email);
      if (user) await this.link(user, issuer, subject, email);
    }
    if (!user) throw new AppError('OIDC_NOT_LINKED');
    if (user.blocked) throw new AppError('USER_BLOCKED');
    const pair = await this.deps.auth.issue(user, meta);
    return { status: 'signedIn', ...pair };
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
