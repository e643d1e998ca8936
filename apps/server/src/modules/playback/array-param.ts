import { sql, type SQL } from 'drizzle-orm';

/** One PostgreSQL array literal parameter (values quoted, null kept): a batch is six parameters, whatever its size. */
export function arrayOf(
  values: readonly (string | number | null)[],
  type: 'text' | 'int' | 'timestamptz' | 'float8',
): SQL {
  const literal = `{${values
    .map((v) => (v === null ? 'NULL' : `"${String(v).replace(/[\\"]/g, (c) => `\\${c}`)}"`))
    .join(',')}}`;
  return sql`${literal}::${sql.raw(type)}[]`;
}
