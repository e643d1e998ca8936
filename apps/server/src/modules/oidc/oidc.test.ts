import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createUser } from '../../test/factories.js';

/**
 * External sign-in end to end against a real OpenID provider on loopback (oauth2-mock-server: discovery,
 * JWKS, signed ID tokens, PKCE and nonce checks). Each test says who the provider signs in.
 */
let provider: OAuth2Server;
let t: TestApp;
let identity: { sub: string; email?: string; email_verified?: boolean; nonce?: string; name?: string } = {
  sub: 'x',
};

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, identity);
  });
  t = await buildTestApp({
    OIDC_ISSUER: provider.issuer.url!,
    OIDC_CLIENT_ID: 'vitrine',
    OIDC_CLIENT_SECRET: 'vitrine-secret',
    OIDC_NAME: 'Company SSO',
  });
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});
beforeEach(() => {
  identity = { sub: 'x' };
});

/** The browser's trip: our start, the provider's authorization page (it signs in at once), back to /login. */
async function roundTrip(
  token?: string,
  on: TestApp = t,
): Promise<{ code: string; state: string; url: URL }> {
  const start = await call(on.app, 'POST', token ? '/api/user/oidc/link' : '/api/user/oidc/start', {
    ...(token ? { token } : {}),
  });
  expect(start.statusCode).toBe(200);
  const url = new URL(start.json().url as string);
  const res = await fetch(url, { redirect: 'manual' });
  const back = new URL(res.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(`${on.config.publicUrl}/login`);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, url };
}

const finish = (code: string, state: string, on: TestApp = t) =>
  call(on.app, 'POST', '/api/user/oidc/callback', { body: { code, state } });

describe('external sign-in', () => {
  it('names the provider and asks for the spec’s scopes with PKCE, state and nonce', async () => {
    expect((await call(t.app, 'GET', '/api/user/oidc/provider')).json()).toEqual({
      name: 'Company SSO',
      registration: false,
    });
    const { url } = await roundTrip();
    expect(url.searchParams.get('scope')).toBe('openid profile email offline_access');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.config.publicUrl}/login`);
  });

  it('links an existing account by a verified e-mail, then signs in by issuer and subject', async () => {
    const me = await createUser(t, { role: 'owner' });
    identity = { sub: `sub-${me.row.id}`, email: me.row.email!, email_verified: true };
    const first = await roundTrip();
    const res = await finish(first.code, first.state);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('signedIn');
    const info = await call(t.app, 'GET', '/api/user/info', { token: res.json().token });
    expect(info.json().user.id).toBe(me.row.id);
    // Later the provider's e-mail changes: the subject still finds the account.
    identity = { sub: `sub-${me.row.id}`, email: 'renamed@elsewhere.test', email_verified: false };
    const again = await roundTrip();
    expect((await finish(again.code, again.state)).json().status).toBe('signedIn');
  });

  it('never links by an unverified e-mail', async () => {
    const me = await createUser(t, { role: 'owner' });
    identity = { sub: 'attacker-1', email: me.row.email!, email_verified: false };
    const trip = await roundTrip();
    const res = await finish(trip.code, trip.state);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('OIDC_NOT_LINKED');
    expect(await t.repos.oidc.platformFindIdentity(provider.issuer.url!, 'attacker-1')).toBeUndefined();
  });

  it('ignores a state it did not start, silently, and refuses a wrong nonce', async () => {
    const me = await createUser(t, { role: 'owner' });
    identity = { sub: `sub-${me.row.id}`, email: me.row.email!, email_verified: true };
    const trip = await roundTrip();
    const forged = await finish(trip.code, 'forged-state');
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toEqual({ status: 'ignored' });
    // The state works once.
    expect((await finish(trip.code, trip.state)).json().status).toBe('signedIn');
    expect((await finish(trip.code, trip.state)).json()).toEqual({ status: 'ignored' });

    identity = { sub: `sub-${me.row.id}`, nonce: 'not-the-nonce-we-sent' };
    const replayed = await roundTrip();
    const res = await finish(replayed.code, replayed.state);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('OIDC_FAILED');
  });

  it('links the identity from the security page, for the signed-in person only', async () => {
    const me = await createUser(t, { role: 'moderator' });
    identity = { sub: 'linked-from-page', email: 'other@idp.test', email_verified: false };
    const trip = await roundTrip(me.token);
    expect((await finish(trip.code, trip.state)).json()).toEqual({ status: 'linked' });
    const next = await roundTrip();
    const res = await finish(next.code, next.state);
    const info = await call(t.app, 'GET', '/api/user/info', { token: res.json().token });
    expect(info.json().user.id).toBe(me.row.id);
    const observer = await createUser(t, { role: 'contentManager' });
    expect((await call(t.app, 'POST', '/api/user/oidc/link', { token: observer.token })).statusCode).toBe(
      403,
    );
  });
});

describe('an address someone else typed first (pre-registration takeover)', () => {
  it('reclaims an unverified account: the attacker’s password, sessions and links stop working', async () => {
    // The attacker made an account with the victim's address and their own password, never confirmed.
    const attacker = await createUser(t, { role: 'owner', verified: false, email: 'victim1@idp.test' });
    await call(t.app, 'POST', '/api/user/resend-verification', { body: { email: 'victim1@idp.test' } });
    const verifyLink = t.mailer.lastTo('victim1@idp.test')?.link;
    expect(verifyLink).toMatch(/verify-email/);

    identity = { sub: 'victim-1', email: 'victim1@idp.test', email_verified: true };
    const trip = await roundTrip();
    const res = await finish(trip.code, trip.state);
    expect(res.json().status).toBe('signedIn');
    const info = (await call(t.app, 'GET', '/api/user/info', { token: res.json().token })).json();
    expect(info.user).toMatchObject({ id: attacker.row.id, email: 'victim1@idp.test', verified: true });

    // The victim owns it now: the earlier link, the attacker's password and session open nothing.
    const token = new URL(verifyLink!).searchParams.get('token');
    expect((await call(t.app, 'POST', '/api/user/verify-email', { body: { token } })).json().code).toBe(
      'LINK_INVALID',
    );
    const signIn = await call(t.app, 'POST', '/api/user/auth', {
      body: { login: attacker.login, password: attacker.password },
    });
    expect(signIn.json().code).toBe('USER_NOT_FOUND');
    expect((await call(t.app, 'GET', '/api/user/info', { token: attacker.token })).statusCode).toBe(401);
    // The provider still signs the victim in.
    const again = await roundTrip();
    expect((await finish(again.code, again.state)).json().status).toBe('signedIn');
  });
});

describe('an address the platform admin gave an account', () => {
  it('is vouched for: the colleague signs in through the provider into the account made for them', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const made = await call(t.app, 'POST', '/api/user/post', {
      token: admin.token,
      body: {
        login: 'colleague4',
        name: 'Colleague',
        email: 'colleague4@idp.test',
        password: 'made-by-admin-1',
        role: 'owner',
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    identity = { sub: 'colleague-4', email: 'colleague4@idp.test', email_verified: true };
    const trip = await roundTrip();
    const res = await finish(trip.code, trip.state);
    expect(res.json().status).toBe('signedIn');
    const info = await call(t.app, 'GET', '/api/user/info', { token: res.json().token });
    expect(info.json().user.id).toBe(made.json().id);
  });
});

describe('an address an owner typed into a member', () => {
  it('is not linked by the provider: the member’s password is the owner’s, not the address holder’s', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const added = await call(t.app, 'POST', '/api/cabinet/add-member', {
      token: owner.token,
      body: {
        login: 'planted',
        name: 'Planted',
        email: 'victim3@idp.test',
        password: 'owner-knows-1',
        role: 'moderator',
      },
    });
    expect(added.statusCode).toBe(200);
    identity = { sub: 'victim-3', email: 'victim3@idp.test', email_verified: true };
    const trip = await roundTrip();
    const res = await finish(trip.code, trip.state);
    expect(res.json().code).toBe('OIDC_NOT_LINKED');
    expect(await t.repos.oidc.platformFindIdentity(provider.issuer.url!, 'victim-3')).toBeUndefined();
  });
});

describe('linking and unlinking from the security page', () => {
  it('says whether the account is linked, and unlinks it: the provider then finds no account', async () => {
    const me = await createUser(t, { role: 'agent' });
    const identityOf = async () =>
      (await call(t.app, 'GET', '/api/user/oidc/identity', { token: me.token })).json();
    expect(await identityOf()).toEqual({ linked: false, email: null });
    identity = { sub: 'to-unlink', email: 'agent@idp.test', email_verified: false };
    const trip = await roundTrip(me.token);
    expect((await finish(trip.code, trip.state)).json()).toEqual({ status: 'linked' });
    expect(await identityOf()).toEqual({ linked: true, email: 'agent@idp.test' });

    const unlinked = await call(t.app, 'POST', '/api/user/oidc/unlink', { token: me.token });
    expect(unlinked.statusCode).toBe(200);
    expect(await identityOf()).toEqual({ linked: false, email: null });
    const next = await roundTrip();
    expect((await finish(next.code, next.state)).json().code).toBe('OIDC_NOT_LINKED');
    // The password still signs in.
    const signIn = await call(t.app, 'POST', '/api/user/auth', {
      body: { login: me.login, password: me.password },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('registers nobody when registration through the provider is off', async () => {
    identity = { sub: 'newcomer-off', email: 'newcomer-off@idp.test', email_verified: true };
    const trip = await roundTrip();
    expect((await finish(trip.code, trip.state)).json().code).toBe('OIDC_NOT_LINKED');
    expect(await t.repos.users.platformFindByEmail('newcomer-off@idp.test')).toBeUndefined();
  });
});

describe('registration through the provider (OIDC_REGISTRATION)', () => {
  let reg: TestApp;
  beforeAll(async () => {
    reg = await buildTestApp({
      OIDC_ISSUER: provider.issuer.url!,
      OIDC_CLIENT_ID: 'vitrine',
      OIDC_CLIENT_SECRET: 'vitrine-secret',
      OIDC_REGISTRATION: 'true',
    });
  });
  afterAll(() => reg.close());

  it('makes a new person with a verified address a cabinet and its owner, linked, and signs them in', async () => {
    expect((await call(reg.app, 'GET', '/api/user/oidc/provider')).json()).toEqual({
      name: 'OpenID',
      registration: true,
    });
    identity = { sub: 'fresh-1', email: 'ann.lee@idp.test', email_verified: true, name: 'Ann Lee' };
    const trip = await roundTrip(undefined, reg);
    const res = await finish(trip.code, trip.state, reg);
    expect(res.json().status).toBe('signedIn');
    const info = (await call(reg.app, 'GET', '/api/user/info', { token: res.json().token })).json();
    expect(info.user).toMatchObject({
      login: 'ann.lee',
      email: 'ann.lee@idp.test',
      name: 'Ann Lee',
      role: 'owner',
      verified: true,
    });
    const cabinet = (await call(reg.app, 'GET', '/api/cabinet/info', { token: res.json().token })).json();
    expect(cabinet.cabinet).toMatchObject({ name: 'Ann Lee', membersCount: 1 });

    // The same login taken: the next one gets a number; the same subject signs in again, no new account.
    identity = { sub: 'fresh-2', email: 'ann.lee@other.test', email_verified: true };
    const second = await roundTrip(undefined, reg);
    const other = await finish(second.code, second.state, reg);
    const otherInfo = (await call(reg.app, 'GET', '/api/user/info', { token: other.json().token })).json();
    expect(otherInfo.user.login).toBe('ann.lee2');
    identity = { sub: 'fresh-1' };
    const again = await roundTrip(undefined, reg);
    const back = await finish(again.code, again.state, reg);
    expect((await call(reg.app, 'GET', '/api/user/info', { token: back.json().token })).json().user.id).toBe(
      info.user.id,
    );
  });

  it('a registration someone made with the address is discarded: the victim owns the account', async () => {
    const attack = {
      login: 'squatter',
      email: 'victim2@idp.test',
      password: 'attacker-pass-1',
      name: 'Squat',
    };
    expect((await call(reg.app, 'POST', '/api/user/register', { body: attack })).statusCode).toBe(200);
    const link = reg.mailer.lastTo('victim2@idp.test')?.link;

    identity = { sub: 'victim-2', email: 'victim2@idp.test', email_verified: true, name: 'Victim' };
    const trip = await roundTrip(undefined, reg);
    const res = await finish(trip.code, trip.state, reg);
    expect(res.json().status).toBe('signedIn');
    const info = (await call(reg.app, 'GET', '/api/user/info', { token: res.json().token })).json();
    expect(info.user).toMatchObject({ login: 'victim2', email: 'victim2@idp.test', verified: true });

    // The attacker's registration makes nothing any more, and their password opens nothing.
    const token = new URL(link!).searchParams.get('token');
    const follow = await call(reg.app, 'POST', '/api/user/verify-email', { body: { token } });
    expect(follow.json().code).toBe('LINK_INVALID');
    for (const login of ['squatter', 'victim2@idp.test']) {
      const signIn = await call(reg.app, 'POST', '/api/user/auth', {
        body: { login, password: attack.password },
      });
      expect(signIn.json().code).toBe('USER_NOT_FOUND');
    }
    expect((await reg.repos.users.platformFindByEmail('victim2@idp.test'))?.id).toBe(info.user.id);
  });

  it('never registers an unverified address', async () => {
    identity = { sub: 'fresh-3', email: 'unverified@idp.test', email_verified: false };
    const trip = await roundTrip(undefined, reg);
    expect((await finish(trip.code, trip.state, reg)).json().code).toBe('OIDC_NOT_LINKED');
    expect(await reg.repos.users.platformFindByEmail('unverified@idp.test')).toBeUndefined();
  });
});
