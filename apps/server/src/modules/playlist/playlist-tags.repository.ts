import { and, eq, sql } from 'drizzle-orm';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { anyId, hasChanges } from '../../db/sql.js';
import { playlistTagLinks, playlistTags, type PlaylistTagRow } from '../../db/schema.js';
import { keptInOrder, ownsPlaylist } from './playlist-scope.js';
import type { Named } from './playlist-targets.repository.js';

/**
 * All SQL on the cabinet's playlist tags and the tags each playlist carries. Every method takes the cabinet
 * and puts it in its WHERE clause.
 */
export class PlaylistTagsRepository {
  constructor(private readonly db: Database) {}

  async tags(cabinetId: CabinetId): Promise<PlaylistTagRow[]> {
    return this.db
      .select()
      .from(playlistTags)
      .where(eq(playlistTags.cabinetId, cabinetId))
      .orderBy(sql`lower(${playlistTags.name})`);
  }

  async tag(cabinetId: CabinetId, id: number): Promise<PlaylistTagRow | undefined> {
    const [row] = await this.db
      .select()
      .from(playlistTags)
      .where(and(eq(playlistTags.cabinetId, cabinetId), eq(playlistTags.id, id)));
    return row;
  }

  async insertTag(
    cabinetId: CabinetId,
    values: { name: string; color: string | null },
  ): Promise<PlaylistTagRow> {
    const [row] = await this.db
      .insert(playlistTags)
      .values({ cabinetId, ...values })
      .returning();
    return row!;
  }

  async updateTag(cabinetId: CabinetId, id: number, values: { name?: string; color?: string | null }) {
    const where = and(eq(playlistTags.cabinetId, cabinetId), eq(playlistTags.id, id));
    const [row] = hasChanges(values)
      ? await this.db.update(playlistTags).set(values).where(where).returning()
      : await this.db.select().from(playlistTags).where(where);
    return row;
  }

  async removeTag(cabinetId: CabinetId, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(playlistTags)
      .where(and(eq(playlistTags.cabinetId, cabinetId), eq(playlistTags.id, id)))
      .returning({ id: playlistTags.id });
    return rows.length > 0;
  }

  async existingTags(cabinetId: CabinetId, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: playlistTags.id })
      .from(playlistTags)
      .where(and(eq(playlistTags.cabinetId, cabinetId), anyId(playlistTags.id, ids)));
    return rows.map((r) => r.id);
  }

  /** The cabinet's tags among `ids`, in the order a playlist lists its tags (by name). */
  async namedTags(cabinetId: CabinetId, ids: number[]): Promise<Named[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: playlistTags.id, name: playlistTags.name })
      .from(playlistTags)
      .where(and(eq(playlistTags.cabinetId, cabinetId), anyId(playlistTags.id, ids)))
      .orderBy(sql`lower(${playlistTags.name})`);
  }

  async replaceTags(cabinetId: CabinetId, playlistId: number, tagIds: number[]): Promise<void> {
    if (!(await ownsPlaylist(this.db, cabinetId, playlistId))) return;
    await this.db.delete(playlistTagLinks).where(eq(playlistTagLinks.playlistId, playlistId));
    const own = keptInOrder(tagIds, await this.existingTags(cabinetId, tagIds));
    if (own.length)
      await this.db.insert(playlistTagLinks).values(own.map((tagId) => ({ playlistId, tagId })));
  }

  async tagsOf(cabinetId: CabinetId, playlistIds: number[]): Promise<Map<number, Named[]>> {
    const result = new Map(playlistIds.map((id) => [id, [] as Named[]]));
    if (playlistIds.length === 0) return result;
    const rows = await this.db
      .select({ playlistId: playlistTagLinks.playlistId, id: playlistTags.id, name: playlistTags.name })
      .from(playlistTagLinks)
      .innerJoin(playlistTags, eq(playlistTags.id, playlistTagLinks.tagId))
      .where(and(eq(playlistTags.cabinetId, cabinetId), anyId(playlistTagLinks.playlistId, playlistIds)))
      .orderBy(sql`lower(${playlistTags.name})`);
    for (const r of rows) result.get(r.playlistId)!.push({ id: r.id, name: r.name });
    return result;
  }
}
