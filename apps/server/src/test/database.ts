import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { withDatabase } from './global-setup.js';

/** The address of each PostgreSQL test database, for a second handle on it. */
const addresses = new WeakMap<DatabaseHandle, string>();

/**
 * Another pool and bus on the same PostgreSQL test database, as a second server process opens it (closing
 * it leaves the database to its first handle).
 */
export async function openSecondHandle(first: DatabaseHandle): Promise<DatabaseHandle> {
  const url = addresses.get(first);
  if (!url) throw new Error('a second handle needs a PostgreSQL test database');
  return openDatabase({ driver: 'pg', url, poolSize: 4 });
}

/** A fresh database for one test file: a copy of the migrated template, dropped on close. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const testDb = inject('testDb');
  if (testDb.driver === 'pglite') {
    const dump = new Blob([await readFile(testDb.dumpPath)]);
    const instance = await PGlite.create({ loadDataDir: dump });
    return openDatabase({ driver: 'pglite', instance });
  }
  const name = `vt_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDb.url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${testDb.template}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(testDb.url, name);
  const handle = await openDatabase({ driver: 'pg', url, poolSize: 4 });
  const test: DatabaseHandle = {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: testDb.url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
  addresses.set(test, url);
  return test;
}
