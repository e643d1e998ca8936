import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed addresses for media bytes: an <img> or <video> cannot send a bearer token, so the
 * API hands out URLs that prove the caller was allowed to see the file. Expiry is rounded to the hour so
 * the same file keeps the same URL for a while and browsers can cache it.
 */
/**
 * A file's bytes, thumbnail or package; a screen's photo or latest screenshot (ids are the screen's); a
 * finished statistics export (ids are the export job's).
 */
export type SignedVariant = 'content' | 'thumb' | 'package' | 'photo' | 'screenshot' | 'export';

export class UrlSigner {
  constructor(
    private readonly secret: string,
    private readonly ttlSeconds = 6 * 3600,
    private readonly now: () => number = Date.now,
  ) {}

  private mac(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }

  sign(fileId: number, variant: SignedVariant): { exp: number; sig: string } {
    const hour = 3600;
    const exp = Math.ceil((this.now() / 1000 + this.ttlSeconds) / hour) * hour;
    return { exp, sig: this.mac(`${fileId}:${variant}:${exp}`) };
  }

  verify(fileId: number, variant: SignedVariant, exp: number, sig: string): boolean {
    if (!Number.isFinite(exp) || exp * 1000 < this.now()) return false;
    const expected = Buffer.from(this.mac(`${fileId}:${variant}:${exp}`));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
