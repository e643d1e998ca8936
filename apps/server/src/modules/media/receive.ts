import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface Received {
  size: number;
  hash: string;
  /** The first bytes, for content sniffing. */
  head: Uint8Array;
}

export class TooLargeError extends Error {}

/** Streams an upload to a temporary file while hashing it, stopping as soon as it passes `maxBytes`. */
export async function receive(stream: Readable, tmpPath: string, maxBytes: number): Promise<Received> {
  const hash = createHash('sha256');
  const headChunks: Buffer[] = [];
  let headSize = 0;
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) {
        callback(new TooLargeError());
        return;
      }
      hash.update(chunk);
      if (headSize < 4096) {
        headChunks.push(chunk.subarray(0, 4096 - headSize));
        headSize += Math.min(chunk.length, 4096 - headSize);
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(stream, meter, createWriteStream(tmpPath));
  } catch (error) {
    await rm(tmpPath, { force: true });
    throw error;
  }
  return { size, hash: hash.digest('hex'), head: new Uint8Array(Buffer.concat(headChunks)) };
}

/** The same facts about a file already on local disk (a finished resumable upload), without copying it. */
export async function inspect(path: string, maxBytes: number): Promise<Received> {
  const { size } = await stat(path);
  if (size > maxBytes) throw new TooLargeError();
  const hash = createHash('sha256');
  const headChunks: Buffer[] = [];
  let headSize = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
    const buffer = chunk as Buffer;
    hash.update(buffer);
    if (headSize < 4096) {
      headChunks.push(buffer.subarray(0, 4096 - headSize));
      headSize += Math.min(buffer.length, 4096 - headSize);
    }
  }
  return { size, hash: hash.digest('hex'), head: new Uint8Array(Buffer.concat(headChunks)) };
}
