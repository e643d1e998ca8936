import { and, eq, ilike, inArray, isNotNull, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { anyId, containsPattern } from '../../db/sql.js';
import {
  netPoints,
  nets,
  playlistDirectCounts,
  playlistTargets,
  playlists,
  points,
  walls,
  wallScreens,
} from '../../db/schema.js';
import { keptInOrder, ownPlaylists, ownsPlaylist } from './playlist-scope.js';

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

/**
 * All SQL on what playlists target: screens, networks and walls, the screens they reach through them, and
 * the cabinet's screens, networks and walls a playlist may name. Every method takes the cabinet and puts it
 * in its WHERE clause (targets by playlist id go through the cabinet's playlists).
 */
export class PlaylistTargetsRepository {
  constructor(private readonly db: Database) {}

  private own(cabinetId: CabinetId, ids: number[]) {
    return ownPlaylists(this.db, cabinetId, ids);
  }

  async replaceTargets(
    cabinetId: CabinetId,
    playlistId: number,
    pointIds: number[],
    netIds: number[],
    wallIds: number[] = [],
  ): Promise<void> {
    if (!(await ownsPlaylist(this.db, cabinetId, playlistId))) return;
    await this.db.delete(playlistTargets).where(eq(playlistTargets.playlistId, playlistId));
    const [ownPoints, ownNets, ownWalls] = [
      keptInOrder(pointIds, await this.existingPoints(cabinetId, pointIds)),
      keptInOrder(netIds, await this.existingNets(cabinetId, netIds)),
      keptInOrder(wallIds, await this.existingWalls(cabinetId, wallIds)),
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
}
