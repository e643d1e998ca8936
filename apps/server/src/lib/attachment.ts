import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** An attachment whose name may hold any characters (RFC 6266: an ASCII fallback and the UTF-8 name). */
export function attachment(reply: FastifyReply, file: { name: string; mime: string; stream: Readable }) {
  const ascii = file.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return reply
    .header('content-type', file.mime)
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    )
    .header('cache-control', 'no-store')
    .send(file.stream);
}
