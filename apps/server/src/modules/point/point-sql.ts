import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { points } from '../../db/schema.js';
import { anyId } from '../../db/sql.js';

/** The cabinet's screens among `ids`, as a subquery for statements on rows keyed by screen. */
export function ownPoints(db: Database, cabinetId: CabinetId, ids: number[]) {
  return db
    .select({ id: points.id })
    .from(points)
    .where(and(eq(points.cabinetId, cabinetId), anyId(points.id, ids)));
}

export const hourOf = (date: Date): Date => new Date(Math.floor(date.getTime() / 3_600_000) * 3_600_000);

/** A PostgreSQL array literal parameter of one type (values are quoted; null stays null). */
export function arr(
  values: (string | number | boolean | null)[],
  type: 'int' | 'timestamptz' | 'jsonb' | 'bool' | 'text' | 'numeric',
): SQL {
  const literal = `{${values
    .map((v) => (v === null ? 'NULL' : `"${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`))
    .join(',')}}`;
  return sql`${literal}::${sql.raw(type)}[]`;
}
