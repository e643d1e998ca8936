import { createHash } from 'node:crypto';
import { sql, type AnyColumn, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

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

/** Builds statements the way drizzle's sessions do (no casing): their text names the prepared statement. */
const dialect = new PgDialect();

/** A database or transaction whose session prepares statements by name. */
interface Prepares {
  readonly _: {
    readonly session: {
      prepareQuery(
        query: Query,
        fields: undefined,
        name: string,
        arrayMode: boolean,
      ): { execute(): Promise<unknown> };
    };
  };
}

/**
 * `rowsOf` as a named prepared statement, for a statement run many times a second (proof of play): on
 * PostgreSQL each pooled connection parses it once and, once PostgreSQL caches its plan, plans it once;
 * later calls send only the parameters. The name is derived from the text, so a statement built in
 * several shapes is one prepared statement per shape and a changed text never meets an old name. PGlite
 * runs it as any other statement. (A pooler in transaction mode needs prepared-statement support, as
 * PgBouncer 1.21+ has.)
 */
export async function preparedRowsOf<T extends object>(db: Prepares, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  const name = `vt_${createHash('sha256').update(built.sql).digest('hex').slice(0, 24)}`;
  // eslint-disable-next-line no-restricted-syntax -- as rowsOf: both drivers answer `{ rows }`
  const result = (await db._.session.prepareQuery(built, undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}
