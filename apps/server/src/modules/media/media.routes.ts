import { Readable } from 'node:stream';
import { z } from 'zod';
import {
  FileDetail,
  FileImportBody,
  FileItem,
  FileList,
  FileListQuery,
  FilePatchBody,
  FilePostBody,
  FolderContents,
  FolderItem,
  FolderPatchBody,
  FolderPostBody,
  IdParams,
  IdsBody,
  MoveBody,
  RemoveResult,
  SearchQuery,
  SignedQuery,
  UPLOAD_MESSAGES,
  UploadHeaders,
  UploadQuery,
  text,
  UploadResult,
  folderIdSchema,
} from '@vitrine/core';
import type { App, RouteContext } from '../../app-types.js';
import type { UploadInput } from './media.service.js';
import { AppError } from '../../lib/errors.js';
import { requireCaller } from '../../plugins/access.js';
import { TUS_PATH, createTusHandler } from './media.tus.js';

const config = { access: 'files.route' as const };
const tags = ['gallery'];

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

export async function mediaRoutes(
  app: App,
  { services, config: appConfig, uploads }: RouteContext,
): Promise<void> {
  const { media, fileRules } = services;
  const tus = createTusHandler({
    media,
    quota: uploads.quota,
    datastore: uploads.tusStore,
    maxFileSize: appConfig.media.maxFileSize,
    trustProxy: appConfig.trustProxy,
  });
  // Uploads arrive as the raw file body (spec §7: POST /api/file/upload with X-File-Name).
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  // ---- folders ----
  app.get(
    '/api/folder',
    { config, schema: { tags, summary: 'Recent files', response: { 200: FolderContents } } },
    async (request) => media.recent(requireCaller(request)),
  );
  app.get(
    '/api/folder/favorite',
    {
      config,
      schema: {
        tags,
        summary: 'Favorite files and folders (files first)',
        response: { 200: FolderContents },
      },
    },
    async (request) => media.favorites(requireCaller(request)),
  );
  app.get(
    '/api/folder/search',
    {
      config,
      schema: {
        tags,
        summary: 'Search files (by name or tag) and folders',
        querystring: SearchQuery,
        response: { 200: FolderContents },
      },
    },
    async (request) => media.search(requireCaller(request), request.query.search),
  );
  app.get(
    '/api/folder/get-stock/:id',
    {
      config,
      schema: {
        tags,
        summary: 'The shared stock library (read-only; 0 is its root)',
        params: z.strictObject({ id: folderIdSchema }),
        response: { 200: FolderContents },
      },
    },
    async (request) => media.stockContents(request.params.id),
  );
  app.get(
    '/api/folder/:id',
    {
      config,
      schema: {
        tags,
        summary: 'A folder’s contents (0 is the root)',
        params: z.strictObject({ id: folderIdSchema }),
        response: { 200: FolderContents },
      },
    },
    async (request) => media.folderContents(requireCaller(request), request.params.id),
  );
  app.post(
    '/api/folder/post',
    {
      config,
      schema: { tags, summary: 'Create a folder', body: FolderPostBody, response: { 200: FolderItem } },
    },
    async (request) => media.createFolder(requireCaller(request), request.body.name, request.body.path),
  );
  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/folder/patch/:id',
    config,
    schema: {
      tags,
      summary: 'Rename a folder or toggle its favorite flag',
      params: IdParams,
      body: FolderPatchBody,
      response: { 200: FolderItem },
    },
    handler: async (request) => media.patchFolder(requireCaller(request), request.params.id, request.body),
  });
  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/folder/patch-many',
    config,
    schema: {
      tags,
      summary: 'Move folders (a target below 0 is ignored)',
      body: MoveBody,
      response: { 200: z.array(FolderItem) },
    },
    handler: async (request) =>
      media.moveFolders(requireCaller(request), request.body.ids, request.body.path),
  });
  app.post(
    '/api/folder/remove/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Remove a folder with its contents',
        params: IdParams,
        response: { 200: RemoveResult },
      },
    },
    async (request) => media.removeFolders(requireCaller(request), [request.params.id]),
  );
  app.post(
    '/api/folder/remove-many',
    {
      config,
      schema: {
        tags,
        summary: 'Remove folders with their contents',
        body: IdsBody,
        response: { 200: RemoveResult },
      },
    },
    async (request) => media.removeFolders(requireCaller(request), request.body.ids),
  );

  // ---- files ----
  app.get(
    '/api/file',
    {
      config,
      schema: {
        tags,
        summary: "The cabinet's files: search, kind, source, folder, favorites, tag, sort and pages",
        querystring: FileListQuery,
        response: { 200: FileList },
      },
    },
    async (request) => media.listFiles(requireCaller(request), request.query),
  );
  app.get(
    '/api/file/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One file, with its own schedules and configurations of every scope',
        params: IdParams,
        response: { 200: FileDetail },
      },
    },
    async (request) => fileRules.detail(requireCaller(request), request.params.id),
  );
  app.post(
    '/api/file/upload',
    {
      config: { access: 'files.upload' },
      schema: {
        tags,
        summary: 'Upload one file: the raw bytes as the body, its name in X-File-Name',
        querystring: UploadQuery,
        headers: UploadHeaders,
        response: { 200: UploadResult },
      },
    },
    async (request) =>
      media.upload(requireCaller(request), { ...rawUpload(request), folderId: request.query.folderId }),
  );
  // An advertising agent brings creatives into the playlists it edits: its own folder, not the gallery.
  app.get(
    '/api/file/creatives',
    {
      config: { access: 'playlist.patch' },
      schema: {
        tags,
        summary: "The cabinet's creatives folder, as the playlist editor's picker shows it to every editor",
        response: { 200: FolderContents },
      },
    },
    async (request) => media.creatives(requireCaller(request)),
  );
  app.post(
    '/api/file/creatives/upload',
    {
      config: { access: 'playlist.patch' },
      schema: {
        tags,
        summary: 'Upload a creative into the creatives folder (raw body, X-File-Name)',
        headers: UploadHeaders,
        response: { 200: UploadResult },
      },
    },
    async (request) => media.uploadCreative(requireCaller(request), rawUpload(request)),
  );
  app.post(
    '/api/file/import',
    {
      config: { access: 'files.upload' },
      schema: {
        tags,
        summary: 'Fetch a file from the web into the library',
        body: FileImportBody,
        response: { 200: UploadResult },
      },
    },
    async (request, reply) => {
      // A person who leaves (closes the page, cancels) stops the download: nobody waits for it any more.
      const left = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableEnded) left.abort();
      });
      return media.importFromUrl(requireCaller(request), request.body, left.signal);
    },
  );
  app.post(
    '/api/file/post',
    {
      config,
      schema: {
        tags,
        summary: 'Add remote files to a folder',
        body: FilePostBody,
        response: { 200: z.array(FileItem) },
      },
    },
    async (request) => media.createRemote(requireCaller(request), request.body.folderId, request.body.files),
  );
  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/file/patch/:id',
    config,
    schema: {
      tags,
      summary: 'Rename, tag or toggle the favorite flag of a file',
      params: IdParams,
      body: FilePatchBody,
      response: { 200: FileItem },
    },
    handler: async (request) => media.patchFile(requireCaller(request), request.params.id, request.body),
  });
  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/file/patch-many',
    config,
    schema: {
      tags,
      summary: 'Move files (a target below 0 is ignored)',
      body: MoveBody,
      response: { 200: z.array(FileItem) },
    },
    handler: async (request) => media.moveFiles(requireCaller(request), request.body.ids, request.body.path),
  });
  app.post(
    '/api/file/remove/:id',
    { config, schema: { tags, summary: 'Remove a file', params: IdParams, response: { 200: RemoveResult } } },
    async (request) => media.removeFiles(requireCaller(request), [request.params.id]),
  );
  app.post(
    '/api/file/remove-many',
    { config, schema: { tags, summary: 'Remove files', body: IdsBody, response: { 200: RemoveResult } } },
    async (request) => media.removeFiles(requireCaller(request), request.body.ids),
  );

  // ---- resumable uploads (tus 1.0.0) ----
  for (const url of [TUS_PATH, `${TUS_PATH}/:uploadId`]) {
    app.route({
      method: ['POST', 'PATCH', 'HEAD', 'DELETE'],
      url,
      config: { access: 'files.upload' },
      schema: { tags, summary: 'Resumable upload (tus protocol); metadata: filename, folderId' },
      handler: tus,
    });
  }

  // ---- unpacked packages (zip), their signature in the path so relative assets resolve ----
  app.get(
    '/api/file/:id/package/:exp/:sig/*',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A file inside an unpacked zip package (signed address)',
        params: z.strictObject({
          id: IdParams.shape.id,
          ...SignedQuery.shape,
          '*': text(1000, { min: 1, trim: false }),
        }),
      },
    },
    async (request, reply) => {
      const { id, exp, sig } = request.params;
      const object = await media.packageObject(id, exp, sig, request.params['*']);
      return reply
        .header('content-type', object.mime)
        .header('content-length', object.size)
        .header('cache-control', 'private, max-age=3600')
        .header('content-security-policy', SANDBOX)
        .send(object.read());
    },
  );

  // ---- bytes, behind signed addresses ----
  for (const variant of ['content', 'thumb'] as const) {
    app.get(
      `/api/file/:id/${variant}`,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: `The file's ${variant === 'content' ? 'bytes' : 'thumbnail'} (signed address, Range requests)`,
          params: IdParams,
          querystring: SignedQuery,
        },
      },
      async (request, reply) => {
        const object = await media.storedObject(
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
      },
    );
  }
}
