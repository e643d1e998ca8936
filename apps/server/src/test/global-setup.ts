import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { driver: 'pglite'; dumpPath: string } | { driver: 'pg'; url: string; template: string };
  }
}

/**
 * Migrates one template database per run; every test file then starts from a copy of it. PGlite takes
 * seconds to initialise, a copy of its data directory is quick; PostgreSQL copies with CREATE DATABASE
 * ... TEMPLATE.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DB === 'pg') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL');
    const template = `vt_tmpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const handle = await openDatabase({ driver: 'pg', url: withDatabase(url, template), poolSize: 1 });
    await handle.close();
    project.provide('testDb', { driver: 'pg', url, template });
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-db-'));
  const instance = await PGlite.create();
  const handle = await openDatabase({ driver: 'pglite', instance });
  const dump = await instance.dumpDataDir('none');
  await handle.close();
  const dumpPath = join(dir, 'template.tar');
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDb', { driver: 'pglite', dumpPath });
  return () => rm(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
