import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** Both drivers share drizzle's pg-core database type: repositories never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'pg';
  ping(): Promise<boolean>;
  /**
   * LISTEN on a channel: `onMessage` gets every NOTIFY payload, from any process on this database. On
   * PostgreSQL a dedicated connection listens and comes back by itself after a failure. Answers unlisten.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Plain SQL outside drizzle, for libraries that bring their own (pg-boss): with values one statement
   * with parameters; without, any number of statements (the last one's rows are answered).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

/** A LISTEN connection to PostgreSQL that reconnects with backoff when it drops. */
function pgListener(url: string, channel: string, onMessage: (payload: string) => void) {
  let client: pg.Client | null = null;
  let stopped = false;
  let delay = 250;
  const connect = async (): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    next.on('error', () => {
      if (client === next) client = null;
      void next.end().catch(() => undefined);
      setTimeout(() => void connect(), delay).unref();
      delay = Math.min(delay * 2, 10_000);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      client = next;
      delay = 250;
    } catch {
      void next.end().catch(() => undefined);
      setTimeout(() => void connect(), delay).unref();
      delay = Math.min(delay * 2, 10_000);
    }
  };
  return {
    ready: connect(),
    async stop() {
      stopped = true;
      await client?.end().catch(() => undefined);
    },
  };
}

/** Advisory lock key held while migrations run (any constant; "vitrine" in ASCII). */
const MIGRATION_LOCK = 0x76697472;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type DatabaseOptions =
  | { driver: 'pg'; url: string; poolSize?: number }
  | { driver: 'pglite'; dataDir?: string; instance?: PGlite };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.driver === 'pg') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    pool.on('error', () => undefined); // idle client errors are reported by the next query
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    // Several processes may start at once against one database: one migrates, the others wait.
    const lock = new pg.Client({ connectionString: options.url });
    await lock.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await lock.end();
    }
    const listeners = new Set<{ stop(): Promise<void> }>();
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
      async listen(channel, onMessage) {
        if (!CHANNEL.test(channel)) throw new Error(`bad channel name: ${channel}`);
        const listener = pgListener(options.url, channel, onMessage);
        listeners.add(listener);
        await listener.ready;
        return async () => {
          listeners.delete(listener);
          await listener.stop();
        };
      },
      async close() {
        await Promise.all([...listeners].map((l) => l.stop()));
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
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
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
    async listen(channel, onMessage) {
      if (!CHANNEL.test(channel)) throw new Error(`bad channel name: ${channel}`);
      return owned.listen(channel, onMessage);
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
