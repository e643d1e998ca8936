import { Readable } from 'node:stream';
import { POINT_MESSAGES, formatSize, PHOTO_MAX_BYTES, type Point } from '@vitrine/core';
import type { PointRow } from '../../db/schema.js';
import type { Caller, DeviceCaller } from '../../lib/caller.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import type { UrlSigner } from '../../lib/signer.js';
import { iso } from './point.presenter.js';
import type { PointService, PointServiceDeps } from './point.service.js';

/**
 * Photos and screenshots are shown by <img>: signed, short-lived addresses like the library's, with the
 * time of the picture in them, so a new one is a new address and never the browser's cached old one.
 */
export function pictureUrl(
  signer: UrlSigner,
  pointId: number,
  variant: 'photo' | 'screenshot',
  at: Date,
): string {
  const { exp, sig } = signer.sign(pointId, variant);
  return `/api/point/${pointId}/${variant}?exp=${exp}&sig=${sig}&v=${Math.floor(at.getTime() / 1000)}`;
}

export function screenshotUrl(signer: UrlSigner, row: PointRow): string | null {
  return row.screenshotKey
    ? pictureUrl(signer, row.id, 'screenshot', row.screenshotAt ?? row.updatedAt)
    : null;
}

/** A screen's pictures: the photo an operator sets, the screenshot the player sends, and their bytes. */
export class PointPictures {
  constructor(
    private readonly deps: PointServiceDeps,
    private readonly points: Pick<PointService, 'get'>,
    private readonly clock: () => Date,
  ) {}

  async saveScreenshot(
    device: DeviceCaller,
    { bytes, mime }: { bytes: Buffer; mime: string },
  ): Promise<void> {
    if (bytes.length > PHOTO_MAX_BYTES) throw new AppError('UPLOAD_INVALID');
    const ext = mime === 'image/png' ? 'png' : 'jpg';
    const key = `${device.cabinetId}/screens/${device.pointId}.${ext}`;
    await this.deps.storage.putStream(key, Readable.from(bytes));
    await this.deps.repos.points.update(device.cabinetId, [device.pointId], {
      screenshotKey: key,
      screenshotAt: this.clock(),
    });
  }

  async screenshotInfo(caller: Caller, id: number): Promise<{ url: string | null; takenAt: string | null }> {
    const row = await this.deps.repos.points.point(caller.cabinetId, id);
    if (!row) throw notFound();
    return { url: screenshotUrl(this.deps.signer, row), takenAt: iso(row.screenshotAt) };
  }

  /** The stored object behind a signed photo or screenshot address. */
  async signedObject(id: number, variant: 'photo' | 'screenshot', exp: number, sig: string) {
    if (!this.deps.signer.verify(id, variant, exp, sig)) throw notFound();
    const row = await this.deps.repos.points.platformPointById(id);
    const key = variant === 'photo' ? row?.photoKey : row?.screenshotKey;
    if (!row || !key) throw notFound();
    // A stored file that is gone (a restore without media, a removed object) is not found, not a 500.
    if ((await this.deps.storage.size(key)) === null) throw notFound();
    return { key, mime: key.endsWith('.png') ? 'image/png' : 'image/jpeg' };
  }

  readObject(key: string) {
    return this.deps.storage.read(key);
  }

  async setPhoto(
    caller: Caller,
    id: number,
    { bytes, mime }: { bytes: Buffer; mime: string },
  ): Promise<Point> {
    await this.points.get(caller, id);
    if (bytes.length > PHOTO_MAX_BYTES) {
      throw fieldError('photo', POINT_MESSAGES.photoTooLarge(formatSize(PHOTO_MAX_BYTES)));
    }
    const ext = mime === 'image/png' ? 'png' : 'jpg';
    const key = `${caller.cabinetId}/photos/${id}.${ext}`;
    await this.deps.storage.putStream(key, Readable.from(bytes));
    await this.deps.repos.points.update(caller.cabinetId, [id], { photoKey: key, updatedAt: this.clock() });
    return this.points.get(caller, id);
  }
}
