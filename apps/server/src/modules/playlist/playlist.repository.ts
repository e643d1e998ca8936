import { and, asc, count, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PlaylistListQuery } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { anyId, containsPattern, countsOf } from '../../db/sql.js';
import {
  cabinets,
  files,
  netPoints,
  playlistChanges,
  playlistItems,
  playlistSections,
  playlistTagLinks,
  playlistTargets,
  playlists,
  type FileRow,
  type PlaylistItemRow,
  type PlaylistRow,
  type PlaylistSectionRow,
} from '../../db/schema.js';
import { ownPlaylists, ownsPlaylist } from './playlist-scope.js';

/** The playlists list's filters, without its page and order. */
export type PlaylistFilter = Omit<PlaylistListQuery, 'page' | 'limit' | 'sort' | 'order'>;

export type PlaylistValues = Omit<
  typeof playlists.$inferInsert,
  'id' | 'cabinetId' | 'createdAt' | 'updatedAt' | 'endedAt'
>;
type ItemValues = { fileId: number; duration: number | null; wallFit: 'fit' | 'fill' | null };
export interface ContentValues {
  files: ItemValues[];
  sections: {
    duration: number;
    duplicate: true | null;
    order: number;
    repeat: number;
    files: ItemValues[];
  }[];
}
export interface PlaylistContent {
  sections: PlaylistSectionRow[];
  items: (PlaylistItemRow & { file: FileRow })[];
}

/** The expiration filters of spec §3 against a wall clock `now` and the 'expiring soon' limit. */
function expirationWhere(
  filter: PlaylistListQuery['expiration'],
  now: string,
  soon: string,
): SQL | undefined {
  if (filter === 'expired') return lt(playlists.toDate, now);
  if (filter === 'notexpired') return sql`${playlists.toDate} >= ${now}`;
  if (filter === 'expiring')
    return and(sql`${playlists.toDate} >= ${now}`, sql`${playlists.toDate} <= ${soon}`);
  return undefined;
}

const SORTS = {
  id: playlists.id,
  name: sql`lower(${playlists.name})`,
  fromDate: playlists.fromDate,
  toDate: playlists.toDate,
  updated: playlists.updatedAt,
} as const;

/**
 * All SQL on playlists and their content (the list and its filters, items and sections, the files they may
 * name). Every method takes the cabinet and puts it in its WHERE clause (rows by playlist id go through the
 * cabinet's playlists), so another cabinet's id is simply not found. Targets, tags, waiting changes and the
 * end-of-validity sweep have their own repositories beside this one.
 */
export class PlaylistRepository {
  constructor(private readonly db: Database) {}

  private own(cabinetId: CabinetId, ids: number[]) {
    return ownPlaylists(this.db, cabinetId, ids);
  }

  // ---- playlists ----
  async playlist(cabinetId: CabinetId, id: number): Promise<PlaylistRow | undefined> {
    const [row] = await this.db
      .select()
      .from(playlists)
      .where(and(eq(playlists.cabinetId, cabinetId), eq(playlists.id, id)));
    return row;
  }

  /**
   * Locks the playlist's row until the transaction ends: saves of one playlist take turns. NO KEY UPDATE,
   * as the save's own update takes: new rows pointing at the playlist (targets, items) need not wait.
   */
  async lock(cabinetId: CabinetId, id: number): Promise<void> {
    await this.db
      .select({ id: playlists.id })
      .from(playlists)
      .where(and(eq(playlists.cabinetId, cabinetId), eq(playlists.id, id)))
      .for('no key update');
  }

  async playlistsByIds(cabinetId: CabinetId, ids: number[]): Promise<PlaylistRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(playlists)
      .where(and(eq(playlists.cabinetId, cabinetId), anyId(playlists.id, ids)));
  }

  async insert(cabinetId: CabinetId, values: PlaylistValues): Promise<PlaylistRow> {
    const [row] = await this.db
      .insert(playlists)
      .values({ ...values, cabinetId })
      .returning();
    return row!;
  }

  async update(
    cabinetId: CabinetId,
    id: number,
    values: Partial<PlaylistValues> & { endedAt?: Date | null },
  ): Promise<void> {
    await this.db
      .update(playlists)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(playlists.cabinetId, cabinetId), eq(playlists.id, id)));
  }

  async remove(cabinetId: CabinetId, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .delete(playlists)
      .where(and(eq(playlists.cabinetId, cabinetId), anyId(playlists.id, ids)))
      .returning({ id: playlists.id });
    return rows.map((r) => r.id);
  }

  async list(
    cabinetId: CabinetId,
    query: PlaylistListQuery,
    clock: { now: string; soon: string },
  ): Promise<{ rows: PlaylistRow[]; total: number }> {
    const where = this.listWhere(cabinetId, query, clock);
    const order = query.order === 'asc' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(playlists)
        .where(where)
        .orderBy(order(SORTS[query.sort]), order(playlists.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      this.db.select({ n: count() }).from(playlists).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /**
   * How many playlists each of the list's filters holds (the dashboard's figures): one statement reading the
   * cabinet's playlists once, each figure through the list's own conditions, no page.
   */
  async counts<K extends string>(
    cabinetId: CabinetId,
    filters: Record<K, PlaylistFilter>,
    clock: { now: string; soon: string },
  ): Promise<Record<K, number>> {
    const [row] = await this.db
      .select(countsOf(filters, (filter) => this.listWhere(cabinetId, filter, clock)))
      .from(playlists)
      .where(eq(playlists.cabinetId, cabinetId));
    return row as Record<K, number>;
  }

  /** The list's filters, one condition. */
  private listWhere(cabinetId: CabinetId, query: PlaylistFilter, clock: { now: string; soon: string }) {
    return and(
      eq(playlists.cabinetId, cabinetId),
      query.search ? ilike(playlists.name, containsPattern(query.search)) : undefined,
      query.type ? eq(playlists.type, query.type) : undefined,
      query.category ? eq(playlists.category, query.category) : undefined,
      expirationWhere(query.expiration, clock.now, clock.soon),
      query.tag
        ? inArray(
            playlists.id,
            this.db
              .select({ id: playlistTagLinks.playlistId })
              .from(playlistTagLinks)
              .where(eq(playlistTagLinks.tagId, query.tag)),
          )
        : undefined,
      query.point
        ? inArray(
            playlists.id,
            this.db
              .select({ id: playlistTargets.playlistId })
              .from(playlistTargets)
              .where(
                or(
                  eq(playlistTargets.pointId, query.point),
                  inArray(
                    playlistTargets.netId,
                    this.db
                      .select({ id: netPoints.netId })
                      .from(netPoints)
                      .where(eq(netPoints.pointId, query.point)),
                  ),
                ),
              ),
          )
        : undefined,
      query.net
        ? inArray(
            playlists.id,
            this.db
              .select({ id: playlistTargets.playlistId })
              .from(playlistTargets)
              .where(eq(playlistTargets.netId, query.net)),
          )
        : undefined,
      query.pending
        ? or(
            eq(playlists.approved, false),
            inArray(
              playlists.id,
              this.db
                .select({ id: playlistChanges.playlistId })
                .from(playlistChanges)
                .where(eq(playlistChanges.status, 'PENDING')),
            ),
          )
        : undefined,
    );
  }

  // ---- content ----
  async replaceContent(cabinetId: CabinetId, playlistId: number, content: ContentValues): Promise<void> {
    if (!(await ownsPlaylist(this.db, cabinetId, playlistId))) return;
    await this.db.delete(playlistItems).where(eq(playlistItems.playlistId, playlistId));
    await this.db.delete(playlistSections).where(eq(playlistSections.playlistId, playlistId));
    const own = content.files.map((f, position) => ({ playlistId, sectionId: null, position, ...f }));
    if (own.length) await this.db.insert(playlistItems).values(own);
    for (const [position, section] of content.sections.entries()) {
      const [row] = await this.db
        .insert(playlistSections)
        .values({
          playlistId,
          position,
          duration: section.duration,
          duplicate: section.duplicate,
          order: section.order,
          repeat: section.repeat,
        })
        .returning({ id: playlistSections.id });
      const items = section.files.map((f, i) => ({ playlistId, sectionId: row!.id, position: i, ...f }));
      if (items.length) await this.db.insert(playlistItems).values(items);
    }
  }

  async content(cabinetId: CabinetId, playlistIds: number[]): Promise<Map<number, PlaylistContent>> {
    const result = new Map<number, PlaylistContent>(
      playlistIds.map((id) => [id, { sections: [], items: [] }]),
    );
    if (playlistIds.length === 0) return result;
    const [sections, items] = await Promise.all([
      this.db
        .select()
        .from(playlistSections)
        .where(inArray(playlistSections.playlistId, this.own(cabinetId, playlistIds)))
        .orderBy(playlistSections.position),
      this.db
        .select({ item: playlistItems, file: files })
        .from(playlistItems)
        .innerJoin(files, eq(files.id, playlistItems.fileId))
        .where(inArray(playlistItems.playlistId, this.own(cabinetId, playlistIds)))
        .orderBy(playlistItems.position, playlistItems.id),
    ]);
    for (const s of sections) result.get(s.playlistId)!.sections.push(s);
    for (const { item, file } of items) result.get(item.playlistId)!.items.push({ ...item, file });
    return result;
  }

  /**
   * What the list shows of each playlist's content, without reading it: how many items play (a block's
   * sections' items, else its own) and each one's length in their order (the file's, else the item's, else
   * `itemDuration`), summed by the caller as `toPlaylist` sums them. Items of a file the cabinet no longer
   * has are left out, as `content` leaves them.
   */
  async playingLengths(
    cabinetId: CabinetId,
    playlistIds: number[],
    itemDuration: number,
  ): Promise<Map<number, number[]>> {
    const result = new Map<number, number[]>(playlistIds.map((id) => [id, []]));
    if (playlistIds.length === 0) return result;
    const playing = sql`(${playlists.type} = 'BLOCK') = (${playlistItems.sectionId} is not null)`;
    const rows = await this.db
      .select({
        id: playlistItems.playlistId,
        lengths: sql<
          number[]
        >`array_agg(coalesce(${files.duration}, ${playlistItems.duration}, ${itemDuration})::float8
          order by ${playlistItems.position}, ${playlistItems.id})`,
      })
      .from(playlistItems)
      .innerJoin(playlists, eq(playlists.id, playlistItems.playlistId))
      .innerJoin(files, eq(files.id, playlistItems.fileId))
      .where(and(eq(playlists.cabinetId, cabinetId), anyId(playlists.id, playlistIds), playing))
      .groupBy(playlistItems.playlistId);
    for (const row of rows) result.set(row.id, row.lengths.map(Number));
    return result;
  }

  /**
   * Files a playlist of the cabinet may name, for presenting references checked when they were saved: its
   * own, and the shared library's (kept in a platform cabinet).
   */
  async referencedFiles(cabinetId: CabinetId, ids: number[]): Promise<FileRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(files)
      .where(
        and(
          anyId(files.id, ids),
          or(
            eq(files.cabinetId, cabinetId),
            inArray(
              files.cabinetId,
              this.db.select({ id: cabinets.id }).from(cabinets).where(eq(cabinets.isPlatform, true)),
            ),
          ),
        ),
      );
  }

  /** Files the cabinet may put in a playlist: its own, and the shared stock library's. */
  async usableFiles(cabinetIds: CabinetId[], ids: number[]): Promise<FileRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(files)
      .where(and(inArray(files.cabinetId, cabinetIds), anyId(files.id, ids)));
  }
}
