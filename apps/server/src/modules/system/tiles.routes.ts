import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply } from 'fastify';
import { ERRORS } from '@vitrine/core';
import type { App } from '../../app-types.js';
import { MAX_TILE_ZOOM, type Config } from '../../config.js';

const TYPES: Record<string, string> = {
  png: 'image/png',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/** `z/x/y.ext` with every part a number in range: the only paths that ever reach the disk. */
const TILE_PATH = /^(\d{1,2})\/(\d{1,7})\/(\d{1,7})\.(png|webp|jpg|jpeg)$/;

export interface TileRef {
  z: number;
  x: number;
  y: number;
  ext: string;
}

/** Parses a tile path; anything else (dots, slashes, names, numbers out of the pyramid) is null. */
export function parseTilePath(path: string): TileRef | null {
  const m = TILE_PATH.exec(path);
  if (!m) return null;
  const [z, x, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (z > MAX_TILE_ZOOM) return null;
  const side = 2 ** z;
  if (x >= side || y >= side) return null;
  return { z, x, y, ext: m[4]! };
}

const notFound = (reply: FastifyReply) =>
  reply.code(404).send({ message: ERRORS.NOT_FOUND.message, code: 'NOT_FOUND' });

/**
 * GET /tiles/{z}/{x}/{y}.{png|webp|jpg}: the offline tile pyramid in MAP_TILES_DIR, for a map that works
 * without internet access. The file path is built from the parsed numbers only, so nothing outside the
 * directory can be named. Tiles change rarely: a day's caching, revalidated by ETag.
 */
export async function tilesRoutes(app: App, { tilesDir: dir }: Pick<Config, 'tilesDir'>): Promise<void> {
  app.get('/tiles/*', { schema: { hide: true } }, async (request, reply) => {
    const tile = dir ? parseTilePath((request.params as { '*': string })['*']) : null;
    if (!dir || !tile) return notFound(reply);
    const file = join(dir, String(tile.z), String(tile.x), `${tile.y}.${tile.ext}`);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return notFound(reply);
    const etag = `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
    reply
      .header('cache-control', 'public, max-age=86400')
      .header('etag', etag)
      .header('last-modified', info.mtime.toUTCString());
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(TYPES[tile.ext]!).header('content-length', info.size).send(createReadStream(file));
  });
}
