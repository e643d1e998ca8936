import { and, count, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { containsPattern, hasChanges, anyId } from '../../db/sql.js';
import {
  playlistTargets,
  playlists,
  points,
  walls,
  wallScreens,
  type WallRow,
  type WallScreenRow,
} from '../../db/schema.js';

export type WallValues = Omit<WallRow, 'id' | 'cabinetId' | 'createdAt'>;
export type WallCellValues = Omit<WallScreenRow, 'wallId'>;
/** A cell with its screen's name. */
export type WallCellRow = WallScreenRow & { name: string };

/**
 * All SQL on video walls (walls) and their cells (wall_screens). Every method takes the cabinet and puts it
 * in its WHERE clause; cells only ever hold the cabinet's own screens.
 */
export class WallRepository {
  constructor(private readonly db: Database) {}

  async wall(cabinetId: CabinetId, id: number): Promise<WallRow | undefined> {
    const [row] = await this.db
      .select()
      .from(walls)
      .where(and(eq(walls.cabinetId, cabinetId), eq(walls.id, id)));
    return row;
  }

  async list(
    cabinetId: CabinetId,
    query: { page: number; limit: number; search?: string | undefined; point?: number | undefined },
  ): Promise<{ rows: WallRow[]; total: number }> {
    const where = and(
      eq(walls.cabinetId, cabinetId),
      query.search ? ilike(walls.name, containsPattern(query.search)) : undefined,
      query.point === undefined
        ? undefined
        : inArray(
            walls.id,
            this.db
              .select({ id: wallScreens.wallId })
              .from(wallScreens)
              .where(eq(wallScreens.pointId, query.point)),
          ),
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(walls)
        .where(where)
        .orderBy(sql`lower(${walls.name})`, walls.id)
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      this.db.select({ n: count() }).from(walls).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /** The cells of the cabinet's walls, by wall, in reading order. */
  async cellsOf(cabinetId: CabinetId, wallIds: number[]): Promise<Map<number, WallCellRow[]>> {
    const result = new Map<number, WallCellRow[]>(wallIds.map((id) => [id, []]));
    if (wallIds.length === 0) return result;
    const rows = await this.db
      .select({
        pointId: wallScreens.pointId,
        wallId: wallScreens.wallId,
        column: wallScreens.column,
        row: wallScreens.row,
        rotation: wallScreens.rotation,
        name: points.name,
      })
      .from(wallScreens)
      .innerJoin(points, eq(points.id, wallScreens.pointId))
      .where(and(eq(points.cabinetId, cabinetId), anyId(wallScreens.wallId, wallIds)))
      .orderBy(wallScreens.row, wallScreens.column);
    for (const r of rows) result.get(r.wallId)!.push(r);
    return result;
  }

  /** Of `pointIds`, the cabinet's screens (ids found). */
  async ownedPoints(cabinetId: CabinetId, pointIds: number[]): Promise<number[]> {
    if (pointIds.length === 0) return [];
    const rows = await this.db
      .select({ id: points.id })
      .from(points)
      .where(and(eq(points.cabinetId, cabinetId), anyId(points.id, pointIds)));
    return rows.map((r) => r.id);
  }

  /** Of `pointIds`, those already in a wall of the cabinet other than `exceptWallId`. */
  async inOtherWalls(
    cabinetId: CabinetId,
    pointIds: number[],
    exceptWallId: number | null,
  ): Promise<number[]> {
    if (pointIds.length === 0) return [];
    const rows = await this.db
      .select({ id: wallScreens.pointId })
      .from(wallScreens)
      .innerJoin(walls, eq(walls.id, wallScreens.wallId))
      .where(
        and(
          eq(walls.cabinetId, cabinetId),
          anyId(wallScreens.pointId, pointIds),
          exceptWallId === null ? undefined : ne(walls.id, exceptWallId),
        ),
      );
    return rows.map((r) => r.id);
  }

  async insert(cabinetId: CabinetId, values: WallValues): Promise<WallRow> {
    const [row] = await this.db
      .insert(walls)
      .values({ cabinetId, ...values })
      .returning();
    return row!;
  }

  async update(cabinetId: CabinetId, id: number, values: Partial<WallValues>): Promise<void> {
    if (!hasChanges(values)) return;
    await this.db
      .update(walls)
      .set(values)
      .where(and(eq(walls.cabinetId, cabinetId), eq(walls.id, id)));
  }

  async remove(cabinetId: CabinetId, id: number): Promise<void> {
    await this.db.delete(walls).where(and(eq(walls.cabinetId, cabinetId), eq(walls.id, id)));
  }

  /** Replaces the wall's cells; only the cabinet's own wall and screens are written. */
  async setCells(cabinetId: CabinetId, wallId: number, cells: WallCellValues[]): Promise<void> {
    if (!(await this.wall(cabinetId, wallId))) return;
    await this.db.delete(wallScreens).where(eq(wallScreens.wallId, wallId));
    const own = new Set(
      await this.ownedPoints(
        cabinetId,
        cells.map((c) => c.pointId),
      ),
    );
    const rows = cells.filter((c) => own.has(c.pointId)).map((c) => ({ ...c, wallId }));
    if (rows.length) await this.db.insert(wallScreens).values(rows);
  }

  /** The playlists of the cabinet targeting the wall, by name. */
  async playlistsOf(cabinetId: CabinetId, wallId: number): Promise<{ id: number; name: string }[]> {
    return this.db
      .select({ id: playlists.id, name: playlists.name })
      .from(playlistTargets)
      .innerJoin(playlists, eq(playlists.id, playlistTargets.playlistId))
      .where(and(eq(playlists.cabinetId, cabinetId), eq(playlistTargets.wallId, wallId)))
      .orderBy(sql`lower(${playlists.name})`, playlists.id);
  }
}
