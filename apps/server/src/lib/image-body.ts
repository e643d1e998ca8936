import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contentMatchesExtension } from '@vitrine/core';
import { AppError } from './errors.js';

const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** Takes PNG and JPEG bodies as bytes, up to `bodyLimit`, in the routes of this plugin scope. */
export function acceptImageBodies(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser([...IMAGE_TYPES], { parseAs: 'buffer', bodyLimit }, (_request, body, done) =>
    done(null, body),
  );
}

/**
 * A PNG or JPEG body (a screen's photo, its screenshot): the bytes and their type. Another type, a JSON
 * body or none at all is 415; no bytes, or bytes that are not what the type says, is 400.
 */
export function imageBody(request: FastifyRequest): { bytes: Buffer; mime: ImageType } {
  const mime = String(request.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  const body: unknown = request.body;
  if (!(IMAGE_TYPES as readonly string[]).includes(mime) || !Buffer.isBuffer(body)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  }
  if (body.length === 0 || !contentMatchesExtension(mime === 'image/png' ? 'png' : 'jpg', body)) {
    throw new AppError('UPLOAD_INVALID');
  }
  return { bytes: body, mime: mime as ImageType };
}
