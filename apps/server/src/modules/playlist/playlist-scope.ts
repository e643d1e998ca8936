import { and, eq } from 'drizzle-orm';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { anyId } from '../../db/sql.js';
import { playlists } from '../../db/schema.js';

/**
 * The cabinet's playlists among `ids`, as a subquery for statements on rows keyed by playlist (content,
 * targets, tags): another cabinet's playlist id is simply not found.
 */
export function ownPlaylists(db: Database, cabinetId: CabinetId, ids: number[]) {
  return db
    .select({ id: playlists.id })
    .from(playlists)
    .where(and(eq(playlists.cabinetId, cabinetId), anyId(playlists.id, ids)));
}

export async function ownsPlaylist(db: Database, cabinetId: CabinetId, id: number): Promise<boolean> {
  return (await ownPlaylists(db, cabinetId, [id])).length > 0;
}

/** `ids` among those `found` (the cabinet's own), in the order given (a target list keeps its order). */
export function keptInOrder(ids: number[], found: number[]): number[] {
  const own = new Set(found);
  return ids.filter((id) => own.has(id));
}
