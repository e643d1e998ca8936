import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WorkerPool } from '../../lib/worker-pool.js';

export type HashJob =
  | { op: 'add'; id: string; path: string; from: number; to: number }
  | { op: 'digest'; id: string }
  | { op: 'drop'; id: string };
/** A digest with the bytes it covers and the first of them; null when the thread holds no hash by that id. */
export type HashResult = { hex: string; bytes: number; head: Uint8Array } | null;

/**
 * One thread that keeps resumable uploads' running SHA-256, so hashing a large upload's bytes does not
 * hold the event loop (bench/upload: 180 ms of main-thread time per 256 MiB). It reads each written range
 * back from the file itself (from the page cache, just written): the event loop copies no byte for it.
 * It starts on the first range.
 */
export class HashThread {
  private pool: WorkerPool<HashJob, HashResult> | undefined;

  private threads(): WorkerPool<HashJob, HashResult> {
    const ext = extname(fileURLToPath(import.meta.url));
    this.pool ??= new WorkerPool(new URL(`./hash.worker${ext}`, import.meta.url), 1);
    return this.pool;
  }

  /** Adds bytes [from, to) of the upload's file to its hash; ranges are hashed in the order they are added. */
  add(id: string, path: string, from: number, to: number): void {
    this.threads()
      .run({ op: 'add', id, path, from, to })
      .catch(() => undefined);
  }

  /** The upload's digest and the bytes it covers, its hash then forgotten; null when none is known. */
  async digest(id: string): Promise<HashResult> {
    if (!this.pool) return null;
    return this.pool.run({ op: 'digest', id }).catch(() => null);
  }

  drop(id: string): void {
    this.pool?.run({ op: 'drop', id }).catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.pool?.close();
  }
}
