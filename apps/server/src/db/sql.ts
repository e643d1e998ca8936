import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Whether an update names at least one value: drizzle refuses an UPDATE with nothing to set ('No values to
 * set'), and a patch that changes nothing (a folder saved under its own name) is a read, not an error.
 */
export function hasChanges(changes: object): boolean {
  return Object.values(changes).some((value) => value !== undefined);
}

/** An ILIKE pattern matching `value` anywhere, with the user's % _ and \ taken literally. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `column = any($1)` with the ids as one array parameter: the statement stays the same size for ten
 * ids or ten thousand (an IN list binds one parameter per id, and PostgreSQL caps them at 65,535).
 */
export function anyId(column: AnyColumn | SQL, ids: readonly number[]): SQL {
  return sql`${column} = any(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[])`;
}
