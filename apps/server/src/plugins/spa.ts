import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ERRORS } from '@vitrine/core';

/**
 * Headers that mean something only on a page (or on a worker's script, which keeps them): a hashed script or
 * stylesheet drops them, about 650 bytes on each of the sixty-odd requests of a first page. A stylesheet
 * keeps Referrer-Policy (its fonts and images are fetched under it) and every asset keeps nosniff and
 * Cross-Origin-Resource-Policy.
 */
const PAGE_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-frame-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * A page read once and again whenever its file changed (modification time or size: a stat per request),
 * so a new build is served without a restart, while the assets the old page names stay on disk. A file
 * gone for a moment (a build replacing it) serves the last one read.
 */
export function changingFile(path: string): () => Promise<Buffer> {
  let cached: { mtimeMs: number; size: number; body: Promise<Buffer> } | undefined;
  return async () => {
    const info = await stat(path).catch(() => undefined);
    if (!info) {
      if (cached) return cached.body;
      return readFile(path);
    }
    if (!cached || cached.mtimeMs !== info.mtimeMs || cached.size !== info.size) {
      const body = readFile(path);
      const entry = { mtimeMs: info.mtimeMs, size: info.size, body };
      cached = entry;
      // A failed read is not kept: the next request reads again.
      body.catch(() => {
        if (cached === entry) cached = undefined;
      });
    }
    return cached.body;
  };
}

/**
 * A built script or stylesheet that no page or worker runs as a document of its own. Its precompressed copy
 * (`.br`, `.gz`: the path @fastify/static hands over when it sends one) counts as the file itself.
 */
export const isSubresourceAsset = (path: string): boolean =>
  path.includes('/assets/') && /\.(js|css)(\.br|\.gz)?$/.test(path) && !/worker/i.test(path);

/**
 * Serves the built web app. Hashed assets are cached for a year; every other GET outside /api answers
 * index.html (the SPA fallback), locale-prefixed paths included, and the client router takes over.
 * Unknown /api paths answer 404 JSON.
 */
export async function registerSpa(app: FastifyInstance, webDir: string, playerDir: string): Promise<void> {
  const player = await registerPlayer(app, playerDir);
  const indexPath = join(webDir, 'index.html');
  const built = existsSync(indexPath);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDir,
      index: false,
      wildcard: true,
      // Served as the build compressed them (.br, .gz beside each text file), per Accept-Encoding.
      preCompressed: true,
      setHeaders(res, path) {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        if (isSubresourceAsset(path)) for (const name of PAGE_ONLY_HEADERS) res.removeHeader(name);
      },
    });
  }
  const indexHtml = changingFile(indexPath);
  const sendIndex = async (reply: FastifyReply): Promise<FastifyReply> => {
    if (!built) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (or `npm start`, which builds first).');
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await indexHtml());
  };

  app.get('/', (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ message: ERRORS.NOT_FOUND.message, code: 'NOT_FOUND' });
    }
    if (path === '/player' || path.startsWith('/player/')) return player(reply);
    return sendIndex(reply);
  });
}

/**
 * The web player under /player/: its own built page (apps/player), with the same caching rules; any
 * other path below /player answers its index.html.
 */
async function registerPlayer(
  app: FastifyInstance,
  playerDir: string,
): Promise<(reply: FastifyReply) => Promise<FastifyReply>> {
  const indexPath = join(playerDir, 'index.html');
  const built = existsSync(indexPath);
  if (built) {
    await app.register(fastifyStatic, {
      root: playerDir,
      prefix: '/player/',
      index: false,
      wildcard: true,
      preCompressed: true,
      decorateReply: false,
      setHeaders(res, path) {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // The service worker controls the whole player scope.
        if (path.endsWith('sw.js')) res.header('service-worker-allowed', '/player/');
      },
    });
  }
  const indexHtml = changingFile(indexPath);
  return async (reply) => {
    if (!built) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The player is not built. Run `npm run build` (or `npm start`, which builds first).');
    }
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') reply.header('content-security-policy', playerPolicy(policy));
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await indexHtml());
  };
}

/**
 * The player's page reads live streams from their own hosts: where a browser cannot play HLS itself, hls.js
 * fetches the playlist and its segments (connect-src), as the video element already may (media-src). Images
 * and media may come from any http(s) host already, so this opens no new way out; the cabinet's own pages
 * keep connect-src to their origin. It also reads what it keeps offline (a widget's document, a plugin)
 * from their blob: addresses.
 */
function playerPolicy(policy: string): string {
  return policy.replace(/(^|;)(\s*)connect-src ([^;]*)/, '$1$2connect-src $3 https: http: blob:');
}
