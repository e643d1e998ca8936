import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../test/global-setup.js';
import { openDatabase } from './client.js';
import { createRepositories } from './repositories.js';
import { rowsOf } from './sql.js';

const testDb = inject('testDb');

describe('opening the database', () => {
  it.runIf(testDb.driver === 'pg')('several processes starting at once migrate one at a time', async () => {
    if (testDb.driver !== 'pg') return;
    const name = `vt_conc_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: testDb.url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = withDatabase(testDb.url, name);
      const handles = await Promise.all(
        [1, 2, 3, 4].map(() => openDatabase({ driver: 'pg', url, poolSize: 2 })),
      );
      expect(await Promise.all(handles.map((h) => h.ping()))).toEqual([true, true, true, true]);
      // The app's sessions run without the JIT, unless the address sets options of its own.
      expect((await handles[0]!.executeSql('show jit')).rows).toEqual([{ jit: 'off' }]);
      const own = await openDatabase({
        driver: 'pg',
        url: `${url}?options=${encodeURIComponent('-c jit=on')}`,
      });
      expect((await own.executeSql('show jit')).rows).toEqual([{ jit: 'on' }]);
      await own.close();
      const repos = createRepositories(handles[0]!.db);
      expect(await repos.cabinets.insert({ name: 'after concurrent start' })).toMatchObject({ id: 1 });
      await Promise.all(handles.map((h) => h.close()));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  it.runIf(testDb.driver === 'pg')(
    'a transaction whose connection the database ends fails, and the process goes on',
    async () => {
      if (testDb.driver !== 'pg') return;
      const name = `vt_term_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: testDb.url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const unhandled: unknown[] = [];
      const onUncaught = (error: unknown) => unhandled.push(error);
      process.on('uncaughtException', onUncaught);
      try {
        const handle = await openDatabase({ driver: 'pg', url: withDatabase(testDb.url, name), poolSize: 2 });
        // The transaction's client is checked out when its backend is ended; its next statement fails.
        // The client's 'error' event comes before that failure is delivered (pg errors its queries on
        // the next tick), so an unhandled one shows by the time the transaction has failed.
        const transaction = handle.db.transaction(async (tx) => {
          const [backend] = await rowsOf<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
          await admin.query('select pg_terminate_backend($1)', [backend!.pid]);
          await tx.execute(sql`select 1`);
        });
        await expect(transaction).rejects.toThrow();
        expect(unhandled).toEqual([]);
        // The pool dropped the dead client: the next statements run on fresh connections.
        expect(await Promise.all([handle.ping(), handle.ping(), handle.ping()])).toEqual([true, true, true]);
        await handle.close();
      } finally {
        process.off('uncaughtException', onUncaught);
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  );

  it.runIf(testDb.driver === 'pglite')('the embedded database keeps its data across restarts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vitrine-pglite-'));
    try {
      const first = await openDatabase({ driver: 'pglite', dataDir: join(dir, 'db') });
      await createRepositories(first.db).cabinets.insert({ name: 'kept' });
      await first.close();
      const second = await openDatabase({ driver: 'pglite', dataDir: join(dir, 'db') });
      const kept = await createRepositories(second.db).cabinets.platformList({
        page: 1,
        limit: 10,
        search: 'kept',
      });
      expect(kept.total).toBe(1);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
