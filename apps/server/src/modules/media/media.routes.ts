import { Readable } from 'node:stream';
import { UPLOAD_MESSAGES, mediaApi } from '@vitrine/core';
import type { App } from '../../app-types.js';
import type { HashingFileStore } from './tus-store.js';
import type { Config } from '../../config.js';
import type { FileRulesService } from './file-rules.service.js';
import type { Quota } from './quota.js';
import { route } from '../../lib/route.js';
import type { UploadInput } from './ingest.service.js';
import type { MediaService } from './media.service.js';
import { AppError } from '../../lib/errors.js';
import { requireCaller } from '../../plugins/access.js';
import { createTusHandler } from './media.tus.js';
import type { StoredObjects } from './stored-objects.js';

/**
 * Uploaded HTML runs its scripts in a sandbox with an opaque origin: it can draw and animate, but can
 * never read the cabinet's storage or call the API as the person looking at it. It can neither submit a
 * form nor open a window (a page posing as the cabinet's sign-in could otherwise collect passwords on
 * the cabinet's own host), and only the cabinet's own pages (the player, the preview) may frame it.
 */
const SANDBOX = "sandbox allow-scripts; form-action 'none'; frame-ancestors 'self'";

const headerNumber = (value: string | string[] | undefined): number | undefined => {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return Number.isFinite(n) && n > 0 ? n : undefined;
};

/** bytes=start-end, bytes=start-, bytes=-suffix; anything else is ignored (the whole file is sent). */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'invalid' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from, to] = match;
  let start: number;
  let end: number;
  if (from === '') {
    const suffix = Number(to);
    if (!suffix) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  return start > end || start >= size ? 'invalid' : { start, end };
}

/**
 * A raw upload's parts: the name from X-File-Name, the body as a stream (a JSON body was parsed into a
 * value: 415; no body: 'is empty'), and what the browser measured (X-Media-*), used without ffmpeg.
 */
function rawUpload(request: {
  headers: Record<string, string | string[] | undefined> & { 'x-file-name': string };
  body: unknown;
}): Omit<UploadInput, 'folderId'> {
  const name = request.headers['x-file-name'];
  if (request.body === undefined || request.body === null) {
    throw new AppError('UPLOAD_INVALID', UPLOAD_MESSAGES.empty(name));
  }
  if (!(request.body instanceof Readable)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const width = headerNumber(request.headers['x-media-width']);
  const height = headerNumber(request.headers['x-media-height']);
  const duration = headerNumber(request.headers['x-media-duration']);
  return {
    name,
    source: { stream: request.body },
    browser: {
      ...(width ? { width } : {}),
      ...(height ? { height } : {}),
      ...(duration ? { duration } : {}),
    },
  };
}

/** The media routes' services, the uploads in progress (resumable uploads and the quota they hold), and limits. */
export interface MediaRoutesDeps {
  media: MediaService;
  fileRules: FileRulesService;
  uploads: { tusStore: HashingFileStore; quota: Quota };
  config: Pick<Config, 'media' | 'trustProxy'>;
}

export async function mediaRoutes(
  app: App,
  { media, fileRules, config: appConfig, uploads }: MediaRoutesDeps,
): Promise<void> {
  const tus = createTusHandler({
    ingest: media.ingest,
    quota: uploads.quota,
    datastore: uploads.tusStore,
    maxFileSize: appConfig.media.maxFileSize,
    trustProxy: appConfig.trustProxy,
  });
  // Uploads arrive as the raw file body (spec §7: POST /api/file/upload with X-File-Name).
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  folderRoutes(app, media);
  fileRoutes(app, { media, fileRules });
  ingestRoutes(app, media.ingest);
  // ---- resumable uploads (tus 1.0.0) ----
  for (const contract of [mediaApi.tus, mediaApi.tusUpload]) route(app, contract, tus);
  objectRoutes(app, media.objects);
}

function folderRoutes(app: App, media: MediaService): void {
  route(app, mediaApi.recent, async (request) => media.recent(requireCaller(request)));
  route(app, mediaApi.folderFavorite, async (request) => media.favorites(requireCaller(request)));
  route(app, mediaApi.folderSearch, async (request) =>
    media.search(requireCaller(request), request.query.search),
  );
  route(app, mediaApi.folderGetStock, async (request) => media.stockContents(request.params.id));
  route(app, mediaApi.folderGet, async (request) =>
    media.folderContents(requireCaller(request), request.params.id),
  );
  route(app, mediaApi.folderPost, async (request) =>
    media.createFolder(requireCaller(request), request.body.name, request.body.path),
  );
  route(app, mediaApi.folderPatch, async (request) =>
    media.patchFolder(requireCaller(request), request.params.id, request.body),
  );
  route(app, mediaApi.folderPatchMany, async (request) =>
    media.moveFolders(requireCaller(request), request.body.ids, request.body.path),
  );
  route(app, mediaApi.folderRemove, async (request) =>
    media.removeFolders(requireCaller(request), [request.params.id]),
  );
  route(app, mediaApi.folderRemoveMany, async (request) =>
    media.removeFolders(requireCaller(request), request.body.ids),
  );
}

function fileRoutes(app: App, { media, fileRules }: Pick<MediaRoutesDeps, 'media' | 'fileRules'>): void {
  route(app, mediaApi.fileList, async (request) => media.listFiles(requireCaller(request), request.query));
  route(app, mediaApi.fileGet, async (request) =>
    fileRules.detail(requireCaller(request), request.params.id),
  );
  route(app, mediaApi.filePatch, async (request) =>
    media.patchFile(requireCaller(request), request.params.id, request.body),
  );
  route(app, mediaApi.filePatchMany, async (request) =>
    media.moveFiles(requireCaller(request), request.body.ids, request.body.path),
  );
  route(app, mediaApi.fileRemove, async (request) =>
    media.removeFiles(requireCaller(request), [request.params.id]),
  );
  route(app, mediaApi.fileRemoveMany, async (request) =>
    media.removeFiles(requireCaller(request), request.body.ids),
  );
}

function ingestRoutes(app: App, ingest: MediaService['ingest']): void {
  route(app, mediaApi.fileUpload, async (request) =>
    ingest.upload(requireCaller(request), { ...rawUpload(request), folderId: request.query.folderId }),
  );
  // An advertising agent brings creatives into the playlists it edits: its own folder, not the gallery.
  route(app, mediaApi.fileCreatives, async (request) => ingest.creatives(requireCaller(request)));
  route(app, mediaApi.fileCreativesUpload, async (request) =>
    ingest.uploadCreative(requireCaller(request), rawUpload(request)),
  );
  route(app, mediaApi.fileImport, async (request, reply) => {
    // A person who leaves (closes the page, cancels) stops the download: nobody waits for it any more.
    const left = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableEnded) left.abort();
    });
    return ingest.importFromUrl(requireCaller(request), request.body, left.signal);
  });
  route(app, mediaApi.filePost, async (request) =>
    ingest.createRemote(requireCaller(request), request.body.folderId, request.body.files),
  );
}

function objectRoutes(app: App, objects: StoredObjects): void {
  // ---- unpacked packages (zip), their signature in the path so relative assets resolve ----
  route(app, mediaApi.filePackage, async (request, reply) => {
    const { id, exp, sig } = request.params;
    const object = await objects.packageObject(id, exp, sig, request.params['*']);
    return reply
      .header('content-type', object.mime)
      .header('content-length', object.size)
      .header('cache-control', 'private, max-age=3600')
      .header('content-security-policy', SANDBOX)
      .send(object.read());
  });

  // ---- bytes, behind signed addresses ----
  for (const [contract, variant] of [
    [mediaApi.fileContent, 'content'],
    [mediaApi.fileThumb, 'thumb'],
  ] as const) {
    route(app, contract, async (request, reply) => {
      const object = await objects.storedObject(
        request.params.id,
        variant,
        request.query.exp,
        request.query.sig,
      );
      const range = parseRange(request.headers.range, object.size);
      reply
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, max-age=3600')
        .header('content-type', object.mime)
        .header('cross-origin-resource-policy', 'same-origin');
      // An SVG opened on its own runs in the cabinet's origin: forbid scripts outright.
      if (object.mime === 'image/svg+xml') {
        reply.header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
        );
      }
      if (object.mime === 'text/html') reply.header('content-security-policy', SANDBOX);
      if (range === 'invalid') {
        return reply.code(416).header('content-range', `bytes */${object.size}`).send();
      }
      if (range) {
        return reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${object.size}`)
          .header('content-length', range.end - range.start + 1)
          .send(object.read(range));
      }
      return reply.header('content-length', object.size).send(object.read());
    });
  }
}
