import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { EVENTS, Server, type Upload } from '@tus/server';
import { ERRORS, nameSchema, uploadRefusal } from '@vitrine/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../../lib/caller.js';
import { AppError } from '../../lib/errors.js';
import type { IngestService } from './ingest.service.js';
import type { Quota } from './quota.js';
import type { HashingFileStore } from './tus-store.js';

export const TUS_PATH = '/api/file/tus';

interface TusOptions {
  ingest: IngestService;
  quota: Quota;
  datastore: HashingFileStore;
  maxFileSize: number;
  trustProxy: boolean;
}

/** A tus hook's way to refuse: the status and the same { message, code } body as every API error. */
const refuse = (error: AppError) => ({
  status_code: error.status,
  body: JSON.stringify({ message: error.message, code: error.code }),
});

/**
 * Resumable uploads through the tus protocol (@tus/server over a FileStore under DATA_DIR/tus). The
 * bearer token authorises every request like any API call; each upload remembers its cabinet, so no
 * other cabinet can resume, read or end it. A finished upload goes through the same ingest as
 * POST /api/file/upload and the answer carries the stored file.
 */
export function createTusHandler(options: TusOptions) {
  const callers = new WeakMap<IncomingMessage, Caller>();
  const callerOf = (req: { runtime?: { node?: { req?: IncomingMessage } } }): Caller => {
    const raw = req.runtime?.node?.req;
    const caller = raw ? callers.get(raw) : undefined;
    if (!caller) throw refuse(new AppError('UNAUTHORIZED'));
    return caller;
  };
  const { datastore, quota } = options;

  const server = new Server({
    path: TUS_PATH,
    datastore,
    maxSize: options.maxFileSize,
    respectForwardedHeaders: options.trustProxy,
    async onUploadCreate(req, upload) {
      return admit(options, callerOf(req as never), upload);
    },
    async onIncomingRequest(req, uploadId) {
      const caller = callerOf(req as never);
      if (req.method === 'POST') return;
      let upload: Upload;
      try {
        upload = await datastore.getUpload(uploadId);
      } catch {
        throw refuse(new AppError('NOT_FOUND'));
      }
      if (upload.metadata?.cabinetId !== String(caller.cabinetId)) throw refuse(new AppError('NOT_FOUND'));
    },
    async onUploadFinish(req, upload) {
      return finish(options, callerOf(req as never), upload);
    },
  });

  // A terminated upload lets go of its hold.
  server.on(EVENTS.POST_TERMINATE, (_req, _res, id) => {
    datastore.forget(id);
    quota.releaseTus(id).catch(() => undefined);
  });

  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (request.caller) callers.set(request.raw, request.caller);
    reply.hijack();
    await server.handle(request.raw, reply.raw);
  };
}

/** A new upload judged on its name, declared length and folder, then its declared length held. */
async function admit(options: TusOptions, caller: Caller, upload: Upload) {
  const name = upload.metadata?.filename ?? '';
  // The same rules as any file name: no control characters, at most 100 characters.
  const named = nameSchema.safeParse(name);
  if (!named.success) {
    const message = named.error.issues[0]?.message ?? ERRORS.VALIDATION_ERROR.message;
    throw refuse(new AppError('VALIDATION_ERROR', message, { filename: message }));
  }
  // The declared length is judged at once: a file too small or too large for its format is not sent.
  const refusal = uploadRefusal(name, upload.size, options.maxFileSize);
  if (refusal) throw refuse(new AppError(refusal.code, refusal.message));
  // A name taken in its folder is said now, not after the last chunk (the ingest checks it again).
  try {
    const folderId = Number(upload.metadata?.folderId ?? 0) || 0;
    await options.ingest.checkUploadTarget(caller, name, folderId, upload.size);
  } catch (error) {
    throw refuse(error instanceof AppError ? error : new AppError('UPLOAD_INVALID'));
  }
  // The declared length is held against the quota from now on, so uploads left unfinished count too.
  if (upload.size !== undefined) {
    try {
      await options.quota.hold(caller.cabinetId, upload.size, {
        tusId: upload.id,
        expiresAt: new Date(Date.now() + options.datastore.getExpiration()),
      });
    } catch (error) {
      throw refuse(error instanceof AppError ? error : new AppError('UPLOAD_INVALID'));
    }
  }
  return {
    metadata: { ...upload.metadata, cabinetId: String(caller.cabinetId), userId: String(caller.userId) },
  };
}

/** A finished upload through the same ingest as POST /api/file/upload; its answer carries the stored file. */
async function finish(options: TusOptions, caller: Caller, upload: Upload) {
  const path = join(options.datastore.directory, upload.id);
  try {
    const file = await options.ingest.upload(caller, {
      name: upload.metadata?.filename ?? '',
      folderId: Number(upload.metadata?.folderId ?? 0) || 0,
      // The finished upload is moved into storage, not copied: one write of the bytes, not two. It is
      // not read again either when its chunks were fingerprinted as they were written.
      source: { path, received: await options.datastore.takeFingerprint(upload.id, upload.size) },
      tusId: upload.id,
      browser: {
        ...(Number(upload.metadata?.width) > 0 ? { width: Number(upload.metadata?.width) } : {}),
        ...(Number(upload.metadata?.height) > 0 ? { height: Number(upload.metadata?.height) } : {}),
        ...(Number(upload.metadata?.duration) > 0 ? { duration: Number(upload.metadata?.duration) } : {}),
      },
    });
    return {
      status_code: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(file),
    };
  } catch (error) {
    throw refuse(
      error instanceof AppError ? error : new AppError('UPLOAD_INVALID', ERRORS.UPLOAD_INVALID.message),
    );
  } finally {
    await rm(path, { force: true });
    await rm(`${path}.json`, { force: true });
  }
}
