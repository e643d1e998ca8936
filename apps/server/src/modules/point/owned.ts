import { and, eq, inArray } from 'drizzle-orm';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import type { nets, points } from '../../db/schema.js';

/** `ids` the cabinet owns among its screens or networks, in the order given (for rows keyed by them). */
export async function ownedIds(
  db: Database,
  cabinetId: CabinetId,
  table: typeof points | typeof nets,
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.cabinetId, cabinetId), inArray(table.id, ids)));
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => found.has(id));
}
