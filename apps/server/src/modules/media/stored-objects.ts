import { extensionOf } from '@vitrine/core';
import { notFound } from '../../lib/errors.js';
import type { UrlSigner } from '../../lib/signer.js';
import type { Storage } from '../../lib/storage.js';
import { safeEntryPath } from '../../lib/unzip.js';
import type { MediaRepository } from './media.repository.js';

const ASSET_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  js: 'text/javascript',
  mjs: 'text/javascript',
  css: 'text/css',
  json: 'application/json',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  txt: 'text/plain; charset=utf-8',
};
const mimeOfAsset = (path: string) => ASSET_TYPES[extensionOf(path)] ?? 'application/octet-stream';

/** A file's bytes behind its signed addresses: the content, the thumbnail, an unpacked package's files. */
export class StoredObjects {
  constructor(private readonly deps: { media: MediaRepository; storage: Storage; signer: UrlSigner }) {}

  /** One file of an unpacked package behind its signed address, or 404. */
  async packageObject(fileId: number, exp: number, sig: string, path: string) {
    if (!this.deps.signer.verify(fileId, 'package', exp, sig)) throw notFound();
    const row = await this.deps.media.platformFileById(fileId);
    const inner = safeEntryPath(path);
    if (!row?.storageKey || row.packageEntry === null || !inner) throw notFound();
    const key = `${row.storageKey.replace(/\.zip$/, '.d')}/${inner}`;
    const size = await this.deps.storage.size(key);
    if (size === null) throw notFound();
    return { size, mime: mimeOfAsset(inner), read: () => this.deps.storage.read(key) };
  }

  /** The stored object behind a signed address, or 404. */
  async storedObject(fileId: number, variant: 'content' | 'thumb', exp: number, sig: string) {
    if (!this.deps.signer.verify(fileId, variant, exp, sig)) throw notFound();
    const row = await this.deps.media.platformFileById(fileId);
    const key = variant === 'content' ? row?.storageKey : row?.thumbKey;
    if (!row || !key) throw notFound();
    const size = await this.deps.storage.size(key);
    if (size === null) throw notFound();
    return {
      key,
      size,
      mime: variant === 'content' ? row.mime : 'image/webp',
      read: (range?: { start: number; end: number }) => this.deps.storage.read(key, range),
    };
  }
}
