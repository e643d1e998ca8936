import { and, eq, inArray, sql } from 'drizzle-orm';
import { anyId } from '../../db/sql.js';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import {
  netPoints,
  playlistTargets,
  playlists,
  points,
  walls,
  wallScreens,
  type PointRow,
  type WallRow,
  type WallScreenRow,
} from '../../db/schema.js';

/** A screen reached by a playlist: targeted directly or through one of its networks. */
const reached = sql<number>`coalesce(${playlistTargets.pointId}, ${netPoints.pointId})`;

/** What the schedule needs beyond the playlists' own rows: who reaches whom. */
export class ScheduleRepository {
  constructor(private readonly db: Database) {}

  /** Every screen of the cabinet, by name. */
  async pointsOf(cabinetId: CabinetId): Promise<PointRow[]> {
    return this.db
      .select()
      .from(points)
      .where(eq(points.cabinetId, cabinetId))
      .orderBy(points.name, points.id);
  }

  /** The cabinet's playlists (approved or not) reaching each of the screens. */
  async playlistsReaching(cabinetId: CabinetId, pointIds: number[]): Promise<Map<number, number[]>> {
    const result = new Map<number, number[]>(pointIds.map((id) => [id, []]));
    if (pointIds.length === 0) return result;
    // Targets of the screens themselves and of their networks, each found through its own index (a filter
    // on the coalesce of both read every target of the cabinet: 730 ms a batch of 100 at 2.5 M pairs, 50
    // ms so). One row a screen, not one a pair: 500 screens of 250 playlists are 500 rows, not 125,000.
    const pairs = this.db
      .select({ pointId: playlistTargets.pointId, playlistId: playlistTargets.playlistId })
      .from(playlistTargets)
      .innerJoin(playlists, eq(playlists.id, playlistTargets.playlistId))
      .where(and(eq(playlists.cabinetId, cabinetId), anyId(playlistTargets.pointId, pointIds)))
      .unionAll(
        this.db
          .select({ pointId: netPoints.pointId, playlistId: playlistTargets.playlistId })
          .from(netPoints)
          .innerJoin(playlistTargets, eq(playlistTargets.netId, netPoints.netId))
          .innerJoin(playlists, eq(playlists.id, playlistTargets.playlistId))
          .where(and(eq(playlists.cabinetId, cabinetId), anyId(netPoints.pointId, pointIds))),
      )
      .as('pairs');
    const rows = await this.db
      .select({
        pointId: pairs.pointId,
        playlistIds: sql<number[]>`array_agg(distinct ${pairs.playlistId} order by ${pairs.playlistId})`,
      })
      .from(pairs)
      .groupBy(pairs.pointId);
    for (const r of rows) if (result.has(Number(r.pointId))) result.set(Number(r.pointId), r.playlistIds);
    return result;
  }

  /** Every screen each playlist reaches, sorted: a network quota is shared among them in this order. */
  async reachOf(cabinetId: CabinetId, playlistIds: number[]): Promise<Map<number, number[]>> {
    const result = new Map<number, number[]>(playlistIds.map((id) => [id, []]));
    if (playlistIds.length === 0) return result;
    const rows = await this.db
      .selectDistinct({ playlistId: playlistTargets.playlistId, pointId: reached })
      .from(playlistTargets)
      .leftJoin(netPoints, eq(netPoints.netId, playlistTargets.netId))
      .innerJoin(playlists, eq(playlists.id, playlistTargets.playlistId))
      .where(
        and(
          eq(playlists.cabinetId, cabinetId),
          anyId(playlistTargets.playlistId, playlistIds),
          sql`${reached} is not null`,
        ),
      );
    for (const r of rows) result.get(r.playlistId)!.push(Number(r.pointId));
    for (const list of result.values()) list.sort((a, b) => a - b);
    return result;
  }

  /**
   * The walls these screens are cells of (docs/walls.md), with every cell of each (reading order): a wall's
   * screens play the wall's one timeline rather than their own.
   */
  async wallsOf(
    cabinetId: CabinetId,
    pointIds: number[],
  ): Promise<{ walls: Map<number, WallRow & { cells: WallScreenRow[] }>; byPoint: Map<number, number> }> {
    const result = {
      walls: new Map<number, WallRow & { cells: WallScreenRow[] }>(),
      byPoint: new Map<number, number>(),
    };
    if (pointIds.length === 0) return result;
    const member = this.db
      .select({ id: wallScreens.wallId })
      .from(wallScreens)
      .innerJoin(points, eq(points.id, wallScreens.pointId))
      .where(and(eq(points.cabinetId, cabinetId), anyId(wallScreens.pointId, pointIds)));
    const rows = await this.db
      .select({ wall: walls, cell: wallScreens })
      .from(walls)
      .innerJoin(wallScreens, eq(wallScreens.wallId, walls.id))
      .where(and(eq(walls.cabinetId, cabinetId), inArray(walls.id, member)))
      .orderBy(walls.id, wallScreens.row, wallScreens.column);
    for (const { wall, cell } of rows) {
      let entry = result.walls.get(wall.id);
      if (!entry) result.walls.set(wall.id, (entry = { ...wall, cells: [] }));
      entry.cells.push(cell);
      result.byPoint.set(cell.pointId, wall.id);
    }
    return result;
  }

  /**
   * The playlists targeting each wall, by id, and whether an approved one is among them: only then do the
   * wall's tiles play the wall rather than their own playlists (docs/walls.md).
   */
  async playlistsOfWalls(
    cabinetId: CabinetId,
    wallIds: number[],
  ): Promise<Map<number, { playlists: number[]; live: boolean }>> {
    const result = new Map(wallIds.map((id) => [id, { playlists: [] as number[], live: false }]));
    if (wallIds.length === 0) return result;
    const rows = await this.db
      .select({
        wallId: playlistTargets.wallId,
        playlistId: playlistTargets.playlistId,
        approved: playlists.approved,
      })
      .from(playlistTargets)
      .innerJoin(playlists, eq(playlists.id, playlistTargets.playlistId))
      .where(and(eq(playlists.cabinetId, cabinetId), anyId(playlistTargets.wallId, wallIds)));
    for (const r of rows) {
      const entry = result.get(r.wallId!);
      if (!entry) continue;
      entry.playlists.push(r.playlistId);
      if (r.approved) entry.live = true;
    }
    for (const entry of result.values()) entry.playlists.sort((a, b) => a - b);
    return result;
  }
}
