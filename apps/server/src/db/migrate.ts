import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './client.js';
import { rowsOf } from './sql.js';

interface Dialect {
  migrate(migrations: unknown[], session: unknown, config: { migrationsFolder: string }): Promise<void>;
}

/** The migration names (file tags) in order, from drizzle's journal. */
export function migrationNames(folder: string): string[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map((e) => e.tag);
}

/** When the last applied migration was made (drizzle's key), or 0 for a database without any. */
async function lastApplied(db: Database): Promise<number> {
  const table = await rowsOf<{ t: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`,
  );
  if (!table[0]?.t) return 0;
  const rows = await rowsOf<{ last: string | null }>(
    db,
    sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  return Number(rows[0]?.last ?? 0);
}

/**
 * Drizzle's migrations, one at a time and each said before it runs ("applying migration 2 of 5: name"),
 * so an upgrade's log shows what changed and where it stopped should one fail. Each migration is its own
 * transaction: the ones before a failing one stay applied, and the next start goes on from there.
 */
export async function migrateLogged(
  db: Database,
  folder: string,
  log: (line: string) => void = () => undefined,
): Promise<{ applied: number; total: number }> {
  const migrations = readMigrationFiles({ migrationsFolder: folder });
  const names = migrationNames(folder);
  const since = await lastApplied(db);
  const pending = migrations.map((m, i) => ({ i, m })).filter(({ m }) => m.folderMillis > since);
  const { dialect, session } = db as unknown as { dialect: Dialect; session: unknown };
  let n = 0;
  for (const { i } of pending) {
    n += 1;
    log(`applying migration ${n} of ${pending.length}: ${names[i] ?? i}`);
    await dialect.migrate(migrations.slice(0, i + 1), session, { migrationsFolder: folder });
  }
  log(
    pending.length > 0
      ? `database migrated: ${pending.length} applied, ${migrations.length} in all (last ${names.at(-1)})`
      : `database schema is current (${migrations.length} migrations, last ${names.at(-1)})`,
  );
  return { applied: pending.length, total: migrations.length };
}
