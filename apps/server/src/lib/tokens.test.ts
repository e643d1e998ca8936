import { describe, expect, it } from 'vitest';
import { AccessTokens, randomToken, sha256 } from './tokens.js';

describe('access tokens', () => {
  const claims = { userId: 7, cabinetId: 3, role: 'owner' as const, sessionId: 'family-1' };

  it('round-trips its claims', async () => {
    const tokens = new AccessTokens('s'.repeat(43), 60);
    const result = await tokens.verify(await tokens.sign(claims));
    expect(result).toEqual({ ok: true, claims });
  });

  it('refuses a token signed with another secret', async () => {
    const mine = new AccessTokens('a'.repeat(43), 60);
    const theirs = new AccessTokens('b'.repeat(43), 60);
    expect(await mine.verify(await theirs.sign(claims))).toEqual({ ok: false, expired: false });
  });

  it('reports expiry', async () => {
    const past = new AccessTokens('a'.repeat(43), 30, () => Math.floor(Date.now() / 1000) - 100);
    const now = new AccessTokens('a'.repeat(43), 30);
    expect(await now.verify(await past.sign(claims))).toEqual({ ok: false, expired: true });
  });

  it('refuses an unsigned token (alg none)', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: '1', cab: 1, role: 'admin', aud: 'vitrine' })).toString(
      'base64url',
    );
    const tokens = new AccessTokens('a'.repeat(43), 60);
    expect((await tokens.verify(`${header}.${payload}.`)).ok).toBe(false);
  });
});

describe('secrets', () => {
  it('are random and stored as sha256', () => {
    expect(randomToken()).not.toBe(randomToken());
    expect(randomToken('vtp_')).toMatch(/^vtp_[A-Za-z0-9_-]{43}$/);
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
