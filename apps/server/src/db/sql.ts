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

/**
 * Several named counts for one select, each `count(*) filter (where …)` of its own condition: the table
 * is read once for all of them (the dashboard's figures, each through a list's filter).
 */
export function countsOf<K extends string, F>(
  filters: Record<K, F>,
  where: (filter: F) => SQL | undefined,
): Record<K, SQL<number>> {
  return Object.fromEntries(
    (Object.entries(filters) as [K, F][]).map(([name, filter]) => [
      name,
      sql<number>`(count(*) filter (where ${where(filter) ?? sql`true`}))::int`,
    ]),
  ) as Record<K, SQL<number>>;
}

/** Anything that runs a raw statement: the database or a transaction. */
interface Executes {
  execute(query: SQL): PromiseLike<unknown>;
}

/**
 * The rows of a raw statement, typed as its SELECT (or RETURNING) list names them: the one place a raw
 * result is cast. Both drivers answer `{ rows }`; the caller still converts what PostgreSQL sends as text
 * (bigint counts, numerics) with `Number()`.
 */
export async function rowsOf<T extends object>(db: Executes, query: SQL): Promise<T[]> {
  // eslint-disable-next-line no-restricted-syntax -- the one place a raw result is typed
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
