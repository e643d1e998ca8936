import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
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
