import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileStore } from '@tus/file-store';
import type { Quota } from './quota.js';

/** A temporary file nobody wrote to for this long belongs to an upload or export that will not finish. */
export const STALE_TEMP_MS = 60 * 60_000;

/**
 * What interrupted uploads leave behind, swept hourly (and once at start): quota holds past their expiry
 * (a process that died mid-upload), resumable uploads left unfinished past TUS_EXPIRY_HOURS, and
 * temporary files not written to for an hour (a crash between receiving and storing).
 */
export async function sweepLeftovers(options: {
  quota: Quota;
  tusStore: FileStore;
  tmpDir: string;
  now?: number;
}): Promise<{ holds: number; uploads: number; tempFiles: number }> {
  const uploads = await options.tusStore.deleteExpired();
  const holds = await options.quota.sweep();
  const now = options.now ?? Date.now();
  let tempFiles = 0;
  const names = await readdir(options.tmpDir).catch(() => [] as string[]);
  for (const name of names) {
    const path = join(options.tmpDir, name);
    const info = await stat(path).catch(() => null);
    if (info?.isFile() && now - info.mtimeMs > STALE_TEMP_MS) {
      await rm(path, { force: true });
      tempFiles += 1;
    }
  }
  return { holds, uploads, tempFiles };
}
