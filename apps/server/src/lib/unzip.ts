import { openPromise, type Entry, type ZipFile } from 'yauzl';
import type { Readable } from 'node:stream';

export interface UnzipLimits {
  maxEntries: number;
  maxTotalBytes: number;
}

export const DEFAULT_UNZIP_LIMITS: UnzipLimits = { maxEntries: 2000, maxTotalBytes: 512 * 1024 * 1024 };

export class UnsafeArchiveError extends Error {}

const isSymlink = (entry: Entry) => ((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000;

/**
 * Where an entry may land: a relative path of ordinary segments. yauzl already refuses absolute names and
 * '..'; backslashes, drive letters and empty or dot segments are refused here as well.
 */
export function safeEntryPath(name: string): string | null {
  if (name.includes('\\') || /^[a-zA-Z]:/.test(name) || name.startsWith('/')) return null;
  const parts = name.split('/').filter((p, i, all) => p !== '' || i === all.length - 1);
  if (parts.some((p) => p === '.' || p === '..')) return null;
  return parts.join('/');
}

/**
 * What a zip declares it unpacks to, read from its central directory without unpacking anything: the
 * number of files and their total size. The size is what the quota holds before unpacking; unzipTo then
 * checks each entry's bytes against what it declared (yauzl's validateEntrySizes), so a package cannot
 * unpack to more than this. Over the limits, or unreadable: UnsafeArchiveError.
 */
export async function archiveSize(
  path: string,
  limits: UnzipLimits = DEFAULT_UNZIP_LIMITS,
): Promise<{ entries: number; bytes: number }> {
  let zip: ZipFile;
  try {
    zip = await openPromise(path, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true });
  } catch (error) {
    throw new UnsafeArchiveError(error instanceof Error ? error.message : String(error));
  }
  try {
    if (zip.entryCount > limits.maxEntries)
      throw new UnsafeArchiveError(`more than ${limits.maxEntries} entries`);
    let bytes = 0;
    let entries = 0;
    for (;;) {
      const entry = await nextEntry(zip);
      if (!entry) break;
      if (entry.fileName.endsWith('/')) continue;
      entries += 1;
      bytes += entry.uncompressedSize;
      if (bytes > limits.maxTotalBytes) throw new UnsafeArchiveError('unpacked size over the limit');
    }
    return { entries, bytes };
  } finally {
    zip.close();
  }
}

/** The next entry of a lazily read zip, or null at its end. */
async function nextEntry(zip: ZipFile): Promise<Entry | null> {
  try {
    return await new Promise<Entry | null>((resolve, reject) => {
      zip.once('entry', resolve);
      zip.once('end', () => resolve(null));
      zip.once('error', reject);
      zip.readEntry();
    });
  } catch (error) {
    throw new UnsafeArchiveError(error instanceof Error ? error.message : String(error));
  } finally {
    zip.removeAllListeners('entry');
    zip.removeAllListeners('end');
    zip.removeAllListeners('error');
  }
}

/**
 * Unpacks a zip entry by entry into `write`, refusing path escapes and symlinks and stopping at the entry
 * count and total size limits (sizes are checked as bytes flow, not only as the archive declares them).
 * Returns the files written.
 */
export async function unzipTo(
  path: string,
  write: (entryPath: string, stream: Readable) => Promise<void>,
  limits: UnzipLimits = DEFAULT_UNZIP_LIMITS,
): Promise<string[]> {
  let zip: ZipFile;
  try {
    zip = await openPromise(path, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true });
  } catch (error) {
    throw new UnsafeArchiveError(error instanceof Error ? error.message : String(error));
  }
  const written: string[] = [];
  let total = 0;
  try {
    if (zip.entryCount > limits.maxEntries)
      throw new UnsafeArchiveError(`more than ${limits.maxEntries} entries`);
    for (;;) {
      const entry = await nextEntry(zip);
      if (!entry) break;
      if (entry.fileName.endsWith('/')) continue;
      const target = safeEntryPath(entry.fileName);
      if (!target) throw new UnsafeArchiveError(`unsafe entry name: ${entry.fileName}`);
      if (isSymlink(entry)) throw new UnsafeArchiveError(`symbolic link: ${entry.fileName}`);
      total += entry.uncompressedSize;
      if (total > limits.maxTotalBytes) throw new UnsafeArchiveError('unpacked size over the limit');
      const stream = await zip.openReadStreamPromise(entry);
      await write(target, stream);
      written.push(target);
    }
  } finally {
    zip.close();
  }
  return written;
}

/** The page a package opens with: index.html at its root, or inside its one top-level folder. */
export function packageEntry(files: string[]): string | null {
  if (files.includes('index.html')) return 'index.html';
  const nested = files.filter((f) => /^[^/]+\/index\.html$/.test(f));
  const roots = new Set(files.map((f) => f.split('/')[0]));
  return nested.length === 1 && roots.size === 1 ? nested[0]! : null;
}
