import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Storage } from '../../lib/storage.js';
import type { SettingsRepository } from './settings.repository.js';

/** The object every storage of an installation holds, naming it; copied with the files (storage:copy-to-s3). */
export const STORAGE_ID_KEY = 'vitrine-storage-id';
/** The file in DATA_DIR naming it: uploads in progress (DATA_DIR/tus) and temporary files live there. */
export const DATA_DIR_ID_FILE = 'vitrine-data-id';

async function readText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').trim();
}

/** The id written in this storage, or one written now when it holds none (and `create` allows). */
async function storageId(storage: Storage, create: boolean): Promise<string | null> {
  if ((await storage.size(STORAGE_ID_KEY)) !== null) return readText(storage.read(STORAGE_ID_KEY));
  if (!create) return null;
  const id = randomUUID();
  await storage.putStream(STORAGE_ID_KEY, Readable.from([id]));
  return id;
}

async function dataDirId(dataDir: string): Promise<string> {
  const path = join(dataDir, DATA_DIR_ID_FILE);
  try {
    return (await readFile(path, 'utf8')).trim();
  } catch {
    const id = randomUUID();
    await writeFile(path, id, { flag: 'wx' });
    return id;
  }
}

/**
 * Whether this process shares the installation's files: the storage it writes to and its DATA_DIR carry
 * ids the first process stored in the database. Run under the start lock, so processes starting together
 * on one DATA_DIR agree on one id. Answers the warnings to print loudly at start (none when all is shared).
 */
export async function checkSharedFiles(options: {
  storage: Storage;
  s3: boolean;
  dataDir: string;
  settings: SettingsRepository;
  /** The database is PostgreSQL (other processes may use it); on PGlite there is one process. */
  shared: boolean;
}): Promise<string[]> {
  const { storage, settings } = options;
  const known = await settings.get('storage_id');
  // A new installation, or one from before this check: this storage is the installation's.
  const mine = await storageId(storage, !known);
  // (Concurrent first starts are serialised by the start lock; getOrInit keeps one value all the same.)
  const expected = known ?? (await settings.getOrInit('storage_id', () => mine ?? ''));
  const dataId = await dataDirId(options.dataDir);
  const expectedData = await settings.getOrInit('data_dir_id', () => dataId);
  const warnings: string[] = [];
  if (mine !== expected) {
    warnings.push(
      options.s3
        ? [
            `The bucket does not hold this installation's files (its ${STORAGE_ID_KEY} object is ${mine ? 'another installation’s' : 'missing'}).`,
            'Files stored before the switch to S3 answer 404 until they are copied: stop the server and run',
            '`npm run storage:copy-to-s3` with the same DATA_DIR and S3_* settings (docs/deploying.md).',
          ].join('\n')
        : [
            `This process's DATA_DIR (${options.dataDir}) is not the one the installation's files are in.`,
            'Files stored by this process (media, screenshots, exports) will not be served by the other processes,',
            'and theirs answer 404 here. Give every process the same DATA_DIR (one host), or use S3_BUCKET for all.',
            `If these are the installation's files, write ${expected} into ${join(options.dataDir, 'media', STORAGE_ID_KEY)}.`,
          ].join('\n'),
    );
  }
  if (options.shared && options.s3 && dataId !== expectedData) {
    warnings.push(
      [
        `This process's DATA_DIR (${options.dataDir}) is not shared with the installation's other processes.`,
        'Media are in the bucket, but resumable uploads in progress wait in DATA_DIR/tus: send each client',
        "to one process (sticky sessions), or share DATA_DIR, or an upload's next chunk may find nothing.",
      ].join('\n'),
    );
  }
  return warnings;
}
