import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PlaylistListQuery } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { anyId, containsPattern, countsOf, hasChanges, rowsOf } from '../../db/sql.js';
import {
  cabinets,
  files,
  netPoints,
  nets,
  playlistChanges,
  playlistDirectCounts,
  playlistItems,
  playlistSections,
  playlistTagLinks,
  playlistTags,
  playlistTargets,
  playlists,
  points,
  users,
  walls,
  wallScreens,
  type FileRow,
  type PlaylistChangeRow,
  type PlaylistItemRow,
  type PlaylistRow,
  type PlaylistSectionRow,
  type PlaylistTagRow,
} from '../../db/schema.js';

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
/** A playlist's targets as the editor shows them. */
export interface Targets {
  points: Named[];
  nets: Named[];
  walls: Named[];
}
export interface Named {
  id: number;
  name: string;
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

/** Advisory lock key of the end-of-validity sweep, so that one process runs it at a time. */
const END_ACTION_LOCK = 728301;

const SORTS = {
  id: playlists.id,
  name: sql`lower(${playlists.name})`,
  fromDate: playlists.fromDate,
  toDate: playlists.toDate,
  updated: playlists.updatedAt,
} as const;

/**
 * All SQL on playlists, their content, targets, tags and pending changes. Every method takes the cabinet
 * and puts it in its WHERE clause (rows by playlist id go through the cabinet's playlists), so another
 * cabinet's id is simply not found; the end-of-validity sweep, which runs over every cabinet, is named
 * `platform*`.
 */
export class PlaylistRepository {
  constructor(private readonly db: Database) {}

  /** The cabinet's playlists among `ids`, as a subquery for statements on rows keyed by playlist. */
  private own(cabinetId: CabinetId, ids: number[]) {
    return this.db
      .select({ id: playlists.id })
      .from(playlists)
      .where(and(eq(playlists.cabinetId, cabinetId), anyId(playlists.id, ids)));
  }

  private async owns(cabinetId: CabinetId, id: number): Promise<boolean> {
    return (await this.own(cabinetId, [id])).length > 0;
  }

  /** `ids` the cabinet owns in `table`, in the order given (a target list keeps its order). */
  private async kept(cabinetId: CabinetId, table: 'points' | 'nets' | 'walls' | 'tags', ids: number[]) {
    if (ids.length === 0) return [];
    const found = new Set(
      table === 'points'
        ? await this.existingPoints(cabinetId, ids)
        : table === 'nets'
          ? await this.existingNets(cabinetId, ids)
          : table === 'walls'
            ? await this.existingWalls(cabinetId, ids)
            : await this.existingTags(cabinetId, ids),
    );
    return ids.filter((id) => found.has(id));
  }

  // ---- playlists ----
  async playlist(cabinetId: CabinetId, id: number): Promise<PlaylistRow | undefined> {
    const [row] = await this.db
      .select()
      .from(playlists)
      .where(and(eq(playlists.cabinetId, cabinetId), eq(playlists.id, id)));
    return row;
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
    if (!(await this.owns(cabinetId, playlistId))) return;
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

  // ---- targets ----
  async replaceTargets(
    cabinetId: CabinetId,
    playlistId: number,
    pointIds: number[],
    netIds: number[],
    wallIds: number[] = [],
  ): Promise<void> {
    if (!(await this.owns(cabinetId, playlistId))) return;
    await this.db.delete(playlistTargets).where(eq(playlistTargets.playlistId, playlistId));
    const [ownPoints, ownNets, ownWalls] = [
      await this.kept(cabinetId, 'points', pointIds),
      await this.kept(cabinetId, 'nets', netIds),
      await this.kept(cabinetId, 'walls', wallIds),
    ];
    const rows = [
      ...ownPoints.map((pointId) => ({ playlistId, pointId, netId: null, wallId: null })),
      ...ownNets.map((netId) => ({ playlistId, pointId: null, netId, wallId: null })),
      ...ownWalls.map((wallId) => ({ playlistId, pointId: null, netId: null, wallId })),
    ];
    if (rows.length) await this.db.insert(playlistTargets).values(rows);
  }

  /** Every playlist x screen pair in one statement, with two array parameters whatever their sizes. */
  async addPointTargets(cabinetId: CabinetId, playlistIds: number[], pointIds: number[]): Promise<void> {
    if (playlistIds.length === 0 || pointIds.length === 0) return;
    await this.db.execute(sql`
      insert into ${playlistTargets} (playlist_id, point_id)
      select p, q from unnest(${`{${playlistIds.join(',')}}`}::int[]) as p
      cross join unnest(${`{${pointIds.join(',')}}`}::int[]) as q
      where p = any(array(select id from ${playlists} where cabinet_id = ${cabinetId}))
        and q = any(array(select id from ${points} where cabinet_id = ${cabinetId}))
      on conflict do nothing`);
  }

  /** The sweep's: every target of these playlists, whichever cabinet holds them. */
  async platformDetachAll(playlistIds: number[]): Promise<void> {
    if (playlistIds.length)
      await this.db.delete(playlistTargets).where(anyId(playlistTargets.playlistId, playlistIds));
  }

  async targets(cabinetId: CabinetId, playlistIds: number[]): Promise<Map<number, Targets>> {
    const result = new Map<number, Targets>(
      playlistIds.map((id) => [id, { points: [], nets: [], walls: [] }]),
    );
    if (playlistIds.length === 0) return result;
    const rows = await this.db
      .select({
        playlistId: playlistTargets.playlistId,
        pointId: points.id,
        pointName: points.name,
        netId: nets.id,
        netName: nets.name,
        wallId: walls.id,
        wallName: walls.name,
      })
      .from(playlistTargets)
      .leftJoin(points, eq(points.id, playlistTargets.pointId))
      .leftJoin(nets, eq(nets.id, playlistTargets.netId))
      .leftJoin(walls, eq(walls.id, playlistTargets.wallId))
      .where(inArray(playlistTargets.playlistId, this.own(cabinetId, playlistIds)))
      .orderBy(playlistTargets.id);
    for (const r of rows) {
      const entry = result.get(r.playlistId)!;
      if (r.pointId !== null) entry.points.push({ id: r.pointId, name: r.pointName! });
      if (r.netId !== null) entry.nets.push({ id: r.netId, name: r.netName! });
      if (r.wallId !== null) entry.walls.push({ id: r.wallId, name: r.wallName! });
    }
    return result;
  }

  /**
   * Distinct screens each playlist reaches, directly, through its networks or its walls. A screen is targeted
   * directly at most once (a unique pair), so the direct ones are the count the database keeps per playlist
   * (`playlist_direct_counts`, moved by triggers on every change of targets): one row a playlist, however
   * many screens it reaches (counting the pairs read 500,000 index entries for a page of 1,000 playlists
   * reaching 500 screens each). Networks and walls, rare beside direct targets, add their screens not
   * already targeted, each once however many of them hold it, looked up only through the playlists' group
   * targets.
   */
  async pointsTotal(cabinetId: CabinetId, playlistIds: number[]): Promise<Map<number, number>> {
    const result = new Map(playlistIds.map((id) => [id, 0]));
    if (playlistIds.length === 0) return result;
    const own = this.own(cabinetId, playlistIds);
    const t = alias(playlistTargets, 't');
    const d = alias(playlistTargets, 'd');
    const members = this.db
      .select({ playlistId: t.playlistId, pointId: netPoints.pointId })
      .from(t)
      .innerJoin(netPoints, eq(netPoints.netId, t.netId))
      .where(and(inArray(t.playlistId, own), isNotNull(t.netId)))
      .unionAll(
        this.db
          .select({ playlistId: t.playlistId, pointId: wallScreens.pointId })
          .from(t)
          .innerJoin(wallScreens, eq(wallScreens.wallId, t.wallId))
          .where(and(inArray(t.playlistId, own), isNotNull(t.wallId))),
      )
      .as('m');
    const [direct, grouped] = await Promise.all([
      this.db
        .select({ id: playlistDirectCounts.playlistId, n: playlistDirectCounts.points })
        .from(playlistDirectCounts)
        .where(inArray(playlistDirectCounts.playlistId, own)),
      this.db
        .select({ id: members.playlistId, n: sql<number>`count(distinct ${members.pointId})::int` })
        .from(members)
        .where(
          notExists(
            this.db
              .select({ one: sql`1` })
              .from(d)
              .where(and(eq(d.playlistId, members.playlistId), eq(d.pointId, members.pointId))),
          ),
        )
        .groupBy(members.playlistId),
    ]);
    for (const r of [...direct, ...grouped]) result.set(r.id, (result.get(r.id) ?? 0) + Number(r.n));
    return result;
  }

  /** The screens the playlists reach now, directly, through their networks or as a wall's screens. */
  async reachedPoints(cabinetId: CabinetId, playlistIds: number[]): Promise<number[]> {
    if (playlistIds.length === 0) return [];
    const reached = sql<number>`coalesce(${playlistTargets.pointId}, ${netPoints.pointId}, ${wallScreens.pointId})`;
    const rows = await this.db
      .selectDistinct({ id: reached })
      .from(playlistTargets)
      .leftJoin(netPoints, eq(netPoints.netId, playlistTargets.netId))
      .leftJoin(wallScreens, eq(wallScreens.wallId, playlistTargets.wallId))
      .where(
        and(
          inArray(playlistTargets.playlistId, this.own(cabinetId, playlistIds)),
          sql`${reached} is not null`,
        ),
      );
    return rows.map((r) => Number(r.id));
  }

  /** Screens reached by a set of points, networks and walls (for the rules before saving). */
  async countReach(
    cabinetId: CabinetId,
    pointIds: number[],
    netIds: number[],
    wallIds: number[] = [],
  ): Promise<number> {
    if (pointIds.length === 0 && netIds.length === 0 && wallIds.length === 0) return 0;
    const [row] = await this.db
      .select({ n: sql<number>`count(distinct ${points.id})::int` })
      .from(points)
      .where(
        and(
          eq(points.cabinetId, cabinetId),
          or(
            pointIds.length ? anyId(points.id, pointIds) : undefined,
            netIds.length
              ? inArray(
                  points.id,
                  this.db
                    .select({ id: netPoints.pointId })
                    .from(netPoints)
                    .where(anyId(netPoints.netId, netIds)),
                )
              : undefined,
            wallIds.length
              ? inArray(
                  points.id,
                  this.db
                    .select({ id: wallScreens.pointId })
                    .from(wallScreens)
                    .where(anyId(wallScreens.wallId, wallIds)),
                )
              : undefined,
          ),
        ),
      );
    return Number(row?.n ?? 0);
  }

  async existingPoints(cabinetId: CabinetId, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: points.id })
      .from(points)
      .where(and(eq(points.cabinetId, cabinetId), anyId(points.id, ids)));
    return rows.map((r) => r.id);
  }

  async existingWalls(cabinetId: CabinetId, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: walls.id })
      .from(walls)
      .where(and(eq(walls.cabinetId, cabinetId), anyId(walls.id, ids)));
    return rows.map((r) => r.id);
  }

  /** The cabinet's walls among `ids`, with their names and what content on them must measure. */
  async namedWalls(cabinetId: CabinetId, ids: number[]) {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(walls)
      .where(and(eq(walls.cabinetId, cabinetId), anyId(walls.id, ids)));
  }

  async existingNets(cabinetId: CabinetId, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: nets.id })
      .from(nets)
      .where(and(eq(nets.cabinetId, cabinetId), anyId(nets.id, ids)));
    return rows.map((r) => r.id);
  }

  /** The cabinet's screens among `ids`, with their names (a version shows names, not ids). */
  async namedPoints(cabinetId: CabinetId, ids: number[]): Promise<Named[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: points.id, name: points.name })
      .from(points)
      .where(and(eq(points.cabinetId, cabinetId), anyId(points.id, ids)));
  }

  async namedNets(cabinetId: CabinetId, ids: number[]): Promise<Named[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: nets.id, name: nets.name })
      .from(nets)
      .where(and(eq(nets.cabinetId, cabinetId), anyId(nets.id, ids)));
  }

  /** Screens and networks by name, for the editor's pickers. */
  async targetOptions(cabinetId: CabinetId, search: string | undefined, limit: number) {
    const byName = (column: typeof points.name | typeof nets.name | typeof walls.name) =>
      search ? ilike(column, containsPattern(search)) : undefined;
    const [pointRows, netRows, wallRows] = await Promise.all([
      this.db
        .select({ id: points.id, name: points.name })
        .from(points)
        .where(and(eq(points.cabinetId, cabinetId), byName(points.name)))
        .orderBy(points.name, points.id)
        .limit(limit),
      this.db
        .select({ id: nets.id, name: nets.name })
        .from(nets)
        .where(and(eq(nets.cabinetId, cabinetId), byName(nets.name)))
        .orderBy(nets.name, nets.id)
        .limit(limit),
      this.db
        .select({ id: walls.id, name: walls.name })
        .from(walls)
        .where(and(eq(walls.cabinetId, cabinetId), byName(walls.name)))
        .orderBy(walls.name, walls.id)
        .limit(limit),
    ]);
    return { points: pointRows, nets: netRows, walls: wallRows };
  }

  // ---- tags ----
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
    if (!(await this.owns(cabinetId, playlistId))) return;
    await this.db.delete(playlistTagLinks).where(eq(playlistTagLinks.playlistId, playlistId));
    const own = await this.kept(cabinetId, 'tags', tagIds);
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

  // ---- approval ----
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

  // ---- end of validity ----
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

  /** Takes the cluster-wide end-action lock for the current transaction, or says another process has it. */
  async tryEndActionLock(): Promise<boolean> {
    const result = await rowsOf<{ locked: boolean }>(
      this.db,
      sql`select pg_try_advisory_xact_lock(${END_ACTION_LOCK}) as locked`,
    );
    return Boolean(result[0]?.locked);
  }
}
