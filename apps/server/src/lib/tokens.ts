import { createHash, randomBytes } from 'node:crypto';
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

export interface AccessClaims {
  userId: number;
  cabinetId: number;
  role: Role;
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
    return new SignJWT({ cab: claims.cabinetId, role: claims.role })
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
      if (!Number.isInteger(userId) || !Number.isInteger(cabinetId) || !isRole(role)) {
        return { ok: false, expired: false };
      }
      return { ok: true, claims: { userId, cabinetId, role } };
    } catch (error) {
      return { ok: false, expired: error instanceof joseErrors.JWTExpired };
    }
  }
}
