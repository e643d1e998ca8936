import { createReadStream } from 'node:fs';
import type { FastifyReply } from 'fastify';
import { ERRORS, playerApi } from '@vitrine/core';
import type { App } from '../../app-types.js';
import type { PlayerBuilds } from './player-builds.service.js';
import { route } from '../../lib/route.js';

/** Each platform's file type; the name's ending picks it. */
const TYPES: [RegExp, string][] = [
  [/\.exe$/i, 'application/vnd.microsoft.portable-executable'],
  [/\.AppImage$/, 'application/vnd.appimage'],
  [/\.apk$/i, 'application/vnd.android.package-archive'],
];

const notFound = (reply: FastifyReply) =>
  reply.code(404).send({ message: ERRORS.NOT_FOUND.message, code: 'NOT_FOUND' });

/** One `bytes=a-b` range within `size` (a resumed download); null for none or one this does not serve. */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const last = Math.min(Number(m[2]), size);
    return last > 0 ? { start: size - last, end: size - 1 } : null;
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start <= end ? { start, end } : null;
}

/**
 * The native players this server built (docs/players.md): `GET /api/player/downloads` lists them, and
 * `GET /downloads/<file>` serves a file the build manifest names (no other name reaches the disk), public
 * like the player's page, as an attachment with its SHA-256 as ETag; a resumed download gets its range.
 */
export async function downloadsRoutes(
  app: App,
  { playerBuilds }: { playerBuilds: PlayerBuilds },
): Promise<void> {
  route(app, playerApi.downloads, async () => ({ items: await playerBuilds.downloads() }));

  app.get('/downloads/*', { schema: { hide: true } }, async (request, reply) => {
    const found = await playerBuilds.file((request.params as { '*': string })['*']);
    if (!found) return notFound(reply);
    const { build, path } = found;
    const etag = `"${build.sha256}"`;
    reply
      .header('cache-control', 'public, max-age=300')
      .header('etag', etag)
      .header('accept-ranges', 'bytes')
      .header('content-disposition', `attachment; filename="${build.file}"`)
      .header('x-content-sha256', build.sha256)
      .type(TYPES.find(([pattern]) => pattern.test(build.file))?.[1] ?? 'application/octet-stream');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const range = byteRange(request.headers.range, build.size);
    if (request.headers.range && !range) {
      return reply.code(416).header('content-range', `bytes */${build.size}`).send();
    }
    if (range) {
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${build.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(createReadStream(path, range));
    }
    return reply.header('content-length', build.size).send(createReadStream(path));
  });
}
