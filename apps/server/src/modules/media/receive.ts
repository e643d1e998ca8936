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

export const HEAD_BYTES = 4096;

/** Hashes bytes as they pass and keeps the first few for sniffing. */
class Fingerprint {
  private readonly hash = createHash('sha256');
  private readonly headChunks: Buffer[] = [];
  private headSize = 0;
  size = 0;

  add(chunk: Buffer): void {
    this.size += chunk.length;
    this.hash.update(chunk);
    if (this.headSize < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.headSize);
      this.headChunks.push(part);
      this.headSize += part.length;
    }
  }

  result(): Received {
    return {
      size: this.size,
      hash: this.hash.digest('hex'),
      head: new Uint8Array(Buffer.concat(this.headChunks)),
    };
  }
}

/** Streams an upload to a temporary file while fingerprinting it, stopping as soon as it passes `maxBytes`. */
export async function receive(stream: Readable, tmpPath: string, maxBytes: number): Promise<Received> {
  const print = new Fingerprint();
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (print.size + chunk.length > maxBytes) {
        callback(new TooLargeError());
        return;
      }
      print.add(chunk);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(stream, meter, createWriteStream(tmpPath));
  } catch (error) {
    await rm(tmpPath, { force: true });
    throw error;
  }
  return print.result();
}

/**
 * The same facts about a file already on local disk (a finished resumable upload), without copying it:
 * `known` when they were taken as it was written and the file is still that long, else read from it.
 */
export async function inspect(path: string, maxBytes: number, known?: Received): Promise<Received> {
  const { size } = await stat(path);
  if (size > maxBytes) throw new TooLargeError();
  if (known?.size === size) return known;
  const print = new Fingerprint();
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 }))
    print.add(chunk as Buffer);
  return print.result();
}
