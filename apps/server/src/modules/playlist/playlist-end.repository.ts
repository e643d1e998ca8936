import { and, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { anyId, rowsOf } from '../../db/sql.js';
import { playlistTargets, playlists, type PlaylistRow } from '../../db/schema.js';

/** Advisory lock key of the end-of-validity sweep, so that one process runs it at a time. */
const END_ACTION_LOCK = 728301;

/**
 * The end-of-validity sweep's SQL: it runs over every cabinet, so every method is named `platform*` (the
 * lock aside).
 */
export class PlaylistEndRepository {
  constructor(private readonly db: Database) {}

  /** Playlists with an end action whose end has passed on every clock (`cutoff` is the latest). */
  async platformEndedWithAction(cutoff: string, limit = 500): Promise<PlaylistRow[]> {
    return this.db
      .select()
      .from(playlists)
      .where(and(isNotNull(playlists.actionOnEnd), isNull(playlists.endedAt), lt(playlists.toDate, cutoff)))
      .orderBy(playlists.id)
      .limit(limit);
  }

  async platformMarkEnded(ids: number[]): Promise<void> {
    if (ids.length)
      await this.db.update(playlists).set({ endedAt: new Date() }).where(anyId(playlists.id, ids));
  }

  async platformRemoveByIds(ids: number[]): Promise<void> {
    if (ids.length) await this.db.delete(playlists).where(anyId(playlists.id, ids));
  }

  /** The sweep's: every target of these playlists, whichever cabinet holds them. */
  async platformDetachAll(playlistIds: number[]): Promise<void> {
    if (playlistIds.length)
      await this.db.delete(playlistTargets).where(anyId(playlistTargets.playlistId, playlistIds));
  }

  /** Takes the cluster-wide end-action lock for the current transaction, or says another process has it. */
  async tryEndActionLock(): Promise<boolean> {
    const result = await rowsOf<{ locked: boolean }>(
      this.db,
      sql`select pg_try_advisory_xact_lock(${END_ACTION_LOCK}) as locked`,
    );
    return Boolean(result[0]?.locked);
  }
}
