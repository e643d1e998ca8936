import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { netPoints, playlistTargets, playlists, points, type PointRow } from '../../db/schema.js';

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
    // One row a screen (not one a pair: 500 screens of 250 playlists are 500 rows, not 125,000).
    const rows = await this.db
      .select({
        pointId: reached,
        playlistIds: sql<
          number[]
        >`array_agg(distinct ${playlistTargets.playlistId} order by ${playlistTargets.playlistId})`,
      })
      .from(playlistTargets)
      .innerJoin(playlists, eq(playlists.id, playlistTargets.playlistId))
      .leftJoin(netPoints, eq(netPoints.netId, playlistTargets.netId))
      .where(and(eq(playlists.cabinetId, cabinetId), inArray(reached, pointIds)))
      .groupBy(reached);
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
          inArray(playlistTargets.playlistId, playlistIds),
          sql`${reached} is not null`,
        ),
      );
    for (const r of rows) result.get(r.playlistId)!.push(Number(r.pointId));
    for (const list of result.values()) list.sort((a, b) => a - b);
    return result;
  }
}
