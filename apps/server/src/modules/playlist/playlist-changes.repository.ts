import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { anyId } from '../../db/sql.js';
import { playlistChanges, users, type PlaylistChangeRow } from '../../db/schema.js';

/**
 * All SQL on the changes waiting for approval (spec §4: content managers' and agents' edits wait for the
 * owner): queued, decided, superseded by their author's next edit. Every method takes the cabinet and puts
 * it in its WHERE clause.
 */
export class PlaylistChangesRepository {
  constructor(private readonly db: Database) {}

  async insertChange(values: {
    cabinetId: CabinetId;
    playlistId: number;
    userId: number;
    userName: string;
    patch: Record<string, unknown>;
  }): Promise<PlaylistChangeRow> {
    const [row] = await this.db.insert(playlistChanges).values(values).returning();
    return row!;
  }

  async pendingChanges(cabinetId: CabinetId, playlistIds: number[]): Promise<PlaylistChangeRow[]> {
    if (playlistIds.length === 0) return [];
    return this.db
      .select()
      .from(playlistChanges)
      .where(
        and(
          eq(playlistChanges.cabinetId, cabinetId),
          anyId(playlistChanges.playlistId, playlistIds),
          eq(playlistChanges.status, 'PENDING'),
        ),
      )
      .orderBy(playlistChanges.id);
  }

  /** Marks exactly these changes (those the decision saw), if still pending; a rejection may say why. */
  async decideChanges(
    cabinetId: CabinetId,
    ids: number[],
    status: 'APPROVED' | 'REJECTED',
    userId: number,
    reason: string | null = null,
  ): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(playlistChanges)
      .set({ status, decidedBy: userId, decidedAt: new Date(), reason })
      .where(
        and(
          eq(playlistChanges.cabinetId, cabinetId),
          anyId(playlistChanges.id, ids),
          eq(playlistChanges.status, 'PENDING'),
        ),
      );
  }

  /**
   * The author edited again: their rejections on these playlists are no longer shown, and with
   * `pending` their waiting changes give way to the one they send now (which carries all they want).
   */
  async supersede(
    cabinetId: CabinetId,
    playlistIds: number[],
    userId: number,
    options: { pending: boolean },
  ): Promise<void> {
    if (playlistIds.length === 0) return;
    await this.db
      .update(playlistChanges)
      .set({
        status: sql`case when ${playlistChanges.status} = 'PENDING' then 'SUPERSEDED' else ${playlistChanges.status} end`,
        supersededAt: new Date(),
      })
      .where(
        and(
          eq(playlistChanges.cabinetId, cabinetId),
          anyId(playlistChanges.playlistId, playlistIds),
          eq(playlistChanges.userId, userId),
          isNull(playlistChanges.supersededAt),
          inArray(playlistChanges.status, options.pending ? ['PENDING', 'REJECTED'] : ['REJECTED']),
        ),
      );
  }

  /** The newest rejection of this person's changes to the playlist that their next edit has not followed. */
  async openRejection(
    cabinetId: CabinetId,
    playlistId: number,
    userId: number,
  ): Promise<{ decidedAt: Date | null; reason: string | null; decidedBy: string | null } | undefined> {
    const [row] = await this.db
      .select({ decidedAt: playlistChanges.decidedAt, reason: playlistChanges.reason, decidedBy: users.name })
      .from(playlistChanges)
      .leftJoin(users, eq(users.id, playlistChanges.decidedBy))
      .where(
        and(
          eq(playlistChanges.cabinetId, cabinetId),
          eq(playlistChanges.playlistId, playlistId),
          eq(playlistChanges.userId, userId),
          eq(playlistChanges.status, 'REJECTED'),
          isNull(playlistChanges.supersededAt),
        ),
      )
      .orderBy(desc(playlistChanges.id))
      .limit(1);
    return row;
  }
}
