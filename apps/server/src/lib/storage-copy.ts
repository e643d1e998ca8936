import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Storage } from './storage-s3.js';

export interface CopyReport {
  /** Objects uploaded (and verified) by this run. */
  copied: number;
  /** Objects the bucket already held whole (same size and sha256): an earlier run's, or the server's. */
  skipped: number;
  bytes: number;
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(stream, hash);
  return hash.digest('hex');
}

/** Every file under `root` as a storage key (`a/b/c.ext`), leaving out half-written `.part` files. */
async function* keysUnder(root: string, dir = root): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* keysUnder(root, path);
    else if (entry.isFile() && !entry.name.endsWith('.part')) yield relative(root, path).split(sep).join('/');
  }
}

/**
 * Copies every object of local storage (DATA_DIR/media: the library, the stock library, packages'
 * unpacked trees, screenshots, exports, studio documents, plugin pages and the storage's id) into the
 * bucket under the same keys, so the installation can switch to S3 and lose nothing. Resumable: an object
 * the bucket already holds with the same size and sha256 is skipped. Each object copied is read back and
 * its sha256 compared; a difference stops the copy with the key named. Local files are left as they were.
 */
export async function copyLocalToS3(options: {
  root: string;
  bucket: S3Storage;
  log?: (line: string) => void;
}): Promise<CopyReport> {
  const { root, bucket } = options;
  const log = options.log ?? (() => undefined);
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0 };
  for await (const key of keysUnder(root)) {
    const path = join(root, ...key.split('/'));
    const size = (await stat(path)).size;
    const sha256 = await sha256Of(createReadStream(path));
    const there = await bucket.describe(key);
    // The server's own uploads carry no sha256: such an object of the right size is read and compared.
    const whole =
      there !== null &&
      there.size === size &&
      (there.sha256 ?? (await sha256Of(bucket.read(key)))) === sha256;
    if (whole) {
      report.skipped += 1;
      continue;
    }
    await bucket.putCopy(key, path, sha256);
    const back = await sha256Of(bucket.read(key));
    if (back !== sha256) throw new Error(`${key}: the bucket's copy differs from the file (sha256 ${back})`);
    report.copied += 1;
    report.bytes += size;
    log(`copied ${key} (${size} bytes)`);
  }
  return report;
}
