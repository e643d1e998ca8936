import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { HashThread } from './hash-thread.js';
import type { Received } from './receive.js';

/**
 * A FileStore that fingerprints an upload (size, SHA-256, first bytes) as its chunks are written, so the
 * finished upload is not read again on the event loop to hash it: after each chunk is written, a thread of
 * its own reads that range back (from the page cache) into the upload's running hash.
 *
 * A hash stands only for bytes 0..n of the file, written in order by this process: a chunk that starts
 * where the hash stopped continues it; a chunk at any other offset (a resume after a write that failed, a
 * chunk that went to another process, a restart) ends it, and the ingest then reads the file as before.
 */
export class HashingFileStore extends FileStore {
  private readonly hashes = new HashThread();

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    let end: number;
    try {
      end = await super.write(readable, id, offset);
    } catch (error) {
      // Some of the chunk may be on disk, some not: the hash cannot follow it.
      this.hashes.drop(id);
      throw error;
    }
    // The thread drops the hash itself when `offset` is not where it stopped.
    if (end > offset) this.hashes.add(id, join(this.directory, id), offset, end);
    return end;
  }

  /** The upload's fingerprint when every byte of its `size` was hashed in this process; taken once. */
  async takeFingerprint(id: string, size: number | undefined): Promise<Received | undefined> {
    const digest = await this.hashes.digest(id);
    if (!digest || digest.bytes !== size) return undefined;
    return { size, hash: digest.hex, head: digest.head };
  }

  /** Forgets an upload's running hash (it was terminated). */
  forget(id: string): void {
    this.hashes.drop(id);
  }

  /** Stops the hashing thread (the server is closing). */
  async close(): Promise<void> {
    await this.hashes.close();
  }
}

/**
 * Where resumable uploads wait for their last byte: DATA_DIR/tus. One left unfinished for `expiryMs` after
 * it began is removed by the hourly sweep (and its quota hold with it).
 */
export function createTusStore(directory: string, expiryMs: number): HashingFileStore {
  return new HashingFileStore({ directory, expirationPeriodInMilliseconds: expiryMs });
}
