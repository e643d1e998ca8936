import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the process-level tests use, when there is one (TEST_DATABASE_URL). */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/** A fresh database on that server for one test file: its address, and `drop()` for afterAll. */
export async function createDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(testDatabaseUrl!);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
