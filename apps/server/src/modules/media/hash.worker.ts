import { createHash, type Hash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { serveJobs } from '../../lib/worker-pool.js';
import type { HashJob, HashResult } from './hash-thread.js';
import { HEAD_BYTES } from './receive.js';

/** Each upload's running SHA-256, the bytes it has seen (the next offset it expects) and its first bytes. */
const running = new Map<string, { hash: Hash; bytes: number; head: Buffer }>();
const buffer = Buffer.allocUnsafe(1024 * 1024);
/** At most this many running hashes are kept (a few KiB each). */
const MAX_RUNNING = 10_000;

/** Hashes [from, to) of the file at `path` into the entry, read here, off the server's event loop. */
function hashRange(entry: { hash: Hash; bytes: number; head: Buffer }, path: string, to: number): void {
  const fd = openSync(path, 'r');
  try {
    while (entry.bytes < to) {
      const read = readSync(fd, buffer, 0, Math.min(buffer.length, to - entry.bytes), entry.bytes);
      if (read === 0) throw new Error('the file is shorter than what was written');
      const bytes = buffer.subarray(0, read);
      if (entry.head.length < HEAD_BYTES) {
        entry.head = Buffer.concat([entry.head, bytes.subarray(0, HEAD_BYTES - entry.head.length)]);
      }
      entry.hash.update(bytes);
      entry.bytes += read;
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Keeps resumable uploads' running hashes (see HashThread). A range is hashed only where the upload's hash
 * stopped (or from 0 for a new one); anything else, or a read that fails, drops the upload's hash, so a
 * digest always covers bytes 0..bytes of the file, in order.
 */
serveJobs<HashJob, HashResult>((job) => {
  const known = running.get(job.id);
  running.delete(job.id);
  if (job.op === 'add') {
    const entry = job.from === 0 ? { hash: createHash('sha256'), bytes: 0, head: Buffer.alloc(0) } : known;
    if (entry?.bytes !== job.from) return null;
    try {
      hashRange(entry, job.path, job.to);
      running.set(job.id, entry);
      // Uploads abandoned half way are swept from disk, not told here: past the cap the one written to
      // longest ago goes (its upload, if it ever goes on, is read whole by the ingest).
      if (running.size > MAX_RUNNING) running.delete(running.keys().next().value!);
    } catch {
      // Unreadable or cut short: no hash, the ingest reads the file itself.
    }
    return null;
  }
  if (job.op === 'drop' || !known) return null;
  return { hex: known.hash.digest('hex'), bytes: known.bytes, head: new Uint8Array(known.head) };
}, 0);
