import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { isRole, type Role } from '@vitrine/core';

/** An opaque secret for refresh tokens, API tokens and e-mail links. */
export function randomToken(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

/** Secrets are stored as sha256: a leaked table gives no usable token. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * The mark a browser gets when an account signs in on it (OWASP's device cookie): a random id bound to
 * the account by an HMAC. Failed sign-ins from a browser carrying the account's mark are counted for that
 * browser alone, so nobody else's failures can lock the account out of it.
 */
export class DeviceMarks {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(secret);
  }

  private mac(userId: number, id: string): string {
    return createHmac('sha256', this.key).update(`device:${userId}:${id}`).digest('base64url');
  }

  issue(userId: number, id = randomBytes(16).toString('base64url')): string {
    return `${id}.${this.mac(userId, id)}`;
  }

  /** The browser's id when the mark is this account's, else null. */
  idOf(userId: number, mark: string | null | undefined): string | null {
    const match = /^([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{43})$/.exec(mark ?? '');
    if (!match) return null;
    const expected = Buffer.from(this.mac(userId, match[1]!));
    const given = Buffer.from(match[2]!);
    return expected.length === given.length && timingSafeEqual(expected, given) ? match[1]! : null;
  }
}

export interface AccessClaims {
  userId: number;
  cabinetId: number;
  role: Role;
  /**
   * The session (refresh-token family) the token was issued in: once that session ends (sign-out, a
   * password change or reset), its access tokens stop working at once, not when they expire.
   */
  sessionId: string;
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; expired: boolean };

/** Short-lived signed access tokens (HS256). */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ cab: claims.cabinetId, role: claims.role, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt(this.nowSeconds())
      .setExpirationTime(this.nowSeconds() + this.ttlSeconds)
      .setAudience('vitrine')
      .sign(this.key);
  }

  async verify(token: string): Promise<VerifyResult> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], audience: 'vitrine' });
      const userId = Number(payload.sub);
      const cabinetId = Number(payload['cab']);
      const role = payload['role'];
      const sessionId = payload['sid'];
      if (
        !Number.isInteger(userId) ||
        !Number.isInteger(cabinetId) ||
        !isRole(role) ||
        typeof sessionId !== 'string'
      ) {
        return { ok: false, expired: false };
      }
      return { ok: true, claims: { userId, cabinetId, role, sessionId } };
    } catch (error) {
      return { ok: false, expired: error instanceof joseErrors.JWTExpired };
    }
  }
}
