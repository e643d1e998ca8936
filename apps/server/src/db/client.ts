import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { pgBus, pgliteBus, type Bus } from './bus.js';
import { migrateLogged } from './migrate.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** Both drivers share drizzle's pg-core database type: repositories never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'pg';
  ping(): Promise<boolean>;
  /** The cross-process bus (NOTIFY / LISTEN) over this database: `db/bus.ts`. */
  bus: Bus;
  /**
   * Plain SQL outside drizzle, for libraries that bring their own (pg-boss): with values one statement
   * with parameters; without, any number of statements (the last one's rows are answered).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Runs `work` while no other process of the installation runs its own (the start lock, held while
   * migrating too): what every process sets up at start (schemas, seeds, the first settings) is done by
   * one at a time, so processes starting together on an empty database all come up whole.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /**
   * The embedded database only: a consistent copy of its data directory (a gzipped tarball) taken while
   * it serves, between transactions (the backup command asks the running server for it).
   */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

/** Advisory lock key held while migrations run (any constant; "vitrine" in ASCII). */
const MIGRATION_LOCK = 0x76697472;

/**
 * The app's sessions run without PostgreSQL's JIT: it compiles any query whose estimated cost is high, and
 * a fleet's dashboard counts (a nested loop over 10,000 screens, estimated far above what it does) spent
 * ~300 ms compiling to run for 70. An address that sets `options` of its own keeps them instead.
 */
const SESSION_OPTIONS = '-c jit=off';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type DatabaseOptions = (
  { driver: 'pg'; url: string; poolSize?: number } | { driver: 'pglite'; dataDir?: string; instance?: PGlite }
) & {
  /** Says each migration as it is applied (main prints them). */
  log?: (line: string) => void;
};

/**
 * The advisory lock held for `work` on a connection of its own (ended afterwards, releasing it). A lost
 * connection (the database restarted, or ended it) releases the lock on the server's side and is the
 * work's failure to report, never an unhandled 'error' event that stops the process.
 */
async function underAdvisoryLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const lock = new pg.Client({ connectionString: url });
  lock.on('error', () => undefined);
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    return await work();
  } finally {
    await lock.end().catch(() => undefined);
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.driver === 'pg') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      ...(new URL(options.url).searchParams.has('options') ? {} : { options: SESSION_OPTIONS }),
    });
    pool.on('error', () => undefined); // idle client errors are reported by the next query
    // A client checked out for a transaction has no pool listener: its connection ended by the database
    // (a restart, pg_terminate_backend) would be an unhandled 'error' event that stops the process. Its
    // query fails instead, and the pool drops the client on release (it is no longer queryable).
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    // Several processes may start at once against one database: one migrates, the others wait.
    const exclusive = <T>(work: () => Promise<T>) => underAdvisoryLock(options.url, work);
    await exclusive(() => migrateLogged(db, MIGRATIONS_FOLDER, options.log));
    const bus = pgBus(options.url, db);
    return {
      db,
      driver: 'pg',
      ping: () => ping(db),
      executeSql: async (text, values) => {
        const result = await pool.query(text, values as unknown[] | undefined);
        // A multi-statement text answers one result per statement.
        const last = Array.isArray(result) ? (result as pg.QueryResult[]).at(-1) : result;
        return { rows: last?.rows ?? [] };
      },
      bus,
      exclusive,
      async close() {
        await bus.close();
        await pool.end();
      },
    };
  }
  let client = options.instance;
  if (!client) {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    client = await PGlite.create(options.dataDir ?? 'memory://');
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await migrateLogged(db, MIGRATIONS_FOLDER, options.log);
  const owned = client;
  return {
    db,
    driver: 'pglite',
    ping: () => ping(db),
    executeSql: async (text, values) => {
      if (values && values.length > 0) return { rows: (await owned.query(text, values)).rows };
      const results = await owned.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    bus: pgliteBus(owned, db),
    // One process per embedded database (lib/data-dir-lock.ts): nobody to wait for.
    exclusive: (work) => work(),
    dump: async () => {
      // The WAL written into the data files first, so a restore replays little; then the copy, taken
      // while no transaction runs (exec takes the same turn, so it goes before).
      await owned.exec('checkpoint');
      return owned._runExclusiveTransaction(() => owned.dumpDataDir('gzip'));
    },
    close: () => owned.close(),
  };
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
