import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../../config.js';
import { DataDirLockedError, lockDataDir } from '../../lib/data-dir-lock.js';
import { copyLocalToS3 } from '../../lib/storage-copy.js';
import { S3Storage } from '../../lib/storage-s3.js';
import { storageRoot } from '../../lib/storage.js';
import { requestBackup } from './control-socket.js';

/**
 * A backup is a directory: `backup.json` (what it holds), the database (`database.tar.gz`, the embedded
 * database's data directory; or `database.pgdump`, pg_dump's custom format) and `media/` (DATA_DIR/media:
 * the library, stock library, screenshots and exports) unless the files are in a bucket, which the
 * object store backs up (versioning, replication, a sync).
 */
export interface BackupManifest {
  format: 1;
  database: 'pglite' | 'postgresql';
  createdAt: string;
  /** The files: 'media' when copied into the backup, else the bucket they are in. */
  files: { media: true } | { bucket: string };
}

const DB_FILES = { pglite: 'database.tar.gz', postgresql: 'database.pgdump' } as const;

const isEmptyDir = (dir: string): boolean => !existsSync(dir) || readdirSync(dir).length === 0;

/** A program of the PostgreSQL client, its output shown, its failure an error that says what to install. */
async function run(program: string, args: string[], log: (line: string) => void): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => log(chunk.toString().trimEnd()));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', (error) =>
      reject(
        new Error(
          `${program} could not run (${error.message}): install PostgreSQL's client programs of the server's version (Debian: apt-get install postgresql-client)`,
        ),
      ),
    );
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} failed (exit ${code}):\n${errors.trim()}`)),
    );
  });
}

/** The embedded database's copy: from the running server if one holds DATA_DIR, else opened here. */
async function dumpEmbedded(dataDir: string, log: (line: string) => void): Promise<Buffer> {
  let lock;
  try {
    lock = lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    log('the server is running: it copies its database between two transactions');
    return requestBackup(dataDir);
  }
  if (lock.tookOver) log(`took over the lock left by process ${lock.tookOver.pid} (gone)`);
  try {
    const client = await PGlite.create(join(dataDir, 'db'));
    try {
      await client.exec('checkpoint');
      return Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

/**
 * Backs the installation up into `out` (a new or empty directory): the database first, then the files,
 * so a file uploaded in between is at worst one the restored database does not name.
 */
export async function backup(
  config: Config,
  out: string,
  log: (line: string) => void,
): Promise<BackupManifest> {
  if (!isEmptyDir(out)) throw new Error(`${out} is not empty: back up into a new directory`);
  await mkdir(out, { recursive: true });
  const database = config.databaseUrl ? 'postgresql' : 'pglite';
  const dbFile = join(out, DB_FILES[database]);
  if (config.databaseUrl) {
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dbFile}`, config.databaseUrl], log);
  } else {
    await writeFile(dbFile, await dumpEmbedded(config.dataDir, log));
  }
  log(`database copied into ${dbFile}`);
  const files: BackupManifest['files'] = config.s3 ? { bucket: config.s3.bucket } : { media: true };
  if (config.s3) {
    log(`files are in the bucket ${config.s3.bucket}: back it up with the object store (docs/deploying.md)`);
  } else if (existsSync(storageRoot(config.dataDir))) {
    await cp(storageRoot(config.dataDir), join(out, 'media'), { recursive: true, preserveTimestamps: true });
    log(`files copied into ${join(out, 'media')}`);
  }
  const manifest: BackupManifest = { format: 1, database, createdAt: new Date().toISOString(), files };
  await writeFile(join(out, 'backup.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Whether a PostgreSQL database holds nothing of ours (nor anyone's) yet. */
async function isEmptyDatabase(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
        where s.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and c.relkind in ('r', 'v', 'S')`,
    );
    return rows[0]?.n === 0;
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup into an empty installation (the database and files this configuration names must
 * hold nothing yet): the next start applies any newer migrations, as an upgrade does.
 */
export async function restore(config: Config, from: string, log: (line: string) => void): Promise<void> {
  const manifest = JSON.parse(await readFile(join(from, 'backup.json'), 'utf8')) as BackupManifest;
  const wanted = config.databaseUrl ? 'postgresql' : 'pglite';
  if (manifest.database !== wanted) {
    throw new Error(
      `the backup is of ${manifest.database === 'pglite' ? 'the embedded database' : 'a PostgreSQL database'}: restore it with ${manifest.database === 'pglite' ? 'DATABASE_URL unset' : 'DATABASE_URL set'}`,
    );
  }
  const dbFile = join(from, DB_FILES[manifest.database]);
  if (config.databaseUrl) {
    if (!(await isEmptyDatabase(config.databaseUrl))) {
      throw new Error('the database DATABASE_URL names is not empty: restore into a new, empty database');
    }
    await run(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${config.databaseUrl}`, dbFile],
      log,
    );
  } else {
    const dir = join(config.dataDir, 'db');
    if (!isEmptyDir(dir)) throw new Error(`${dir} is not empty: restore into a new DATA_DIR`);
    const lock = lockDataDir(config.dataDir);
    try {
      const client = await PGlite.create({ dataDir: dir, loadDataDir: new Blob([await readFile(dbFile)]) });
      await client.close();
    } finally {
      lock.release();
    }
  }
  log('database restored');
  const media = join(from, 'media');
  if (!('media' in manifest.files) || !existsSync(media)) {
    log('the backup holds no files: they are in the bucket it names');
    return;
  }
  if (config.s3) {
    const bucket = new S3Storage(config.s3);
    try {
      const copied = await copyLocalToS3({ root: media, bucket, log });
      log(
        `files restored into the bucket ${config.s3.bucket}: ${copied.copied} copied, ${copied.skipped} already there`,
      );
    } finally {
      bucket.destroy();
    }
    return;
  }
  const target = storageRoot(config.dataDir);
  if (!isEmptyDir(target)) throw new Error(`${target} is not empty: restore into a new DATA_DIR`);
  await cp(media, target, { recursive: true, preserveTimestamps: true });
  log(`files restored into ${target}`);
}
