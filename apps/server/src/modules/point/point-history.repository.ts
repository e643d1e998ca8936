import { and, desc, gt, gte, inArray, sql } from 'drizzle-orm';
import type { PointLogEntry } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { pointConnectionHours, pointLogs, points } from '../../db/schema.js';
import { ownedIds } from './owned.js';
import { hourOf, ownPoints } from './point-sql.js';

/**
 * All SQL on what a screen went through: its disconnections and online seconds per hour, and the player's
 * own log. Rows are keyed by screen, so each statement goes through the cabinet's screens.
 */
export class PointHistoryRepository {
  constructor(private readonly db: Database) {}

  // ---- connection hours ----
  async recentDisconnections(
    cabinetId: CabinetId,
    pointIds: number[],
    since: Date,
  ): Promise<Map<number, number>> {
    const result = new Map<number, number>();
    if (pointIds.length === 0) return result;
    const rows = await this.db
      .select({
        pointId: pointConnectionHours.pointId,
        n: sql<number>`sum(${pointConnectionHours.disconnections})::int`,
      })
      .from(pointConnectionHours)
      .where(
        and(
          inArray(pointConnectionHours.pointId, ownPoints(this.db, cabinetId, pointIds)),
          gte(pointConnectionHours.hour, hourOf(since)),
        ),
      )
      .groupBy(pointConnectionHours.pointId);
    for (const r of rows) result.set(r.pointId, Number(r.n));
    return result;
  }

  async connectionHours(cabinetId: CabinetId, pointId: number, since: Date) {
    return this.db
      .select()
      .from(pointConnectionHours)
      .where(
        and(
          inArray(pointConnectionHours.pointId, ownPoints(this.db, cabinetId, [pointId])),
          gt(pointConnectionHours.hour, since),
        ),
      )
      .orderBy(pointConnectionHours.hour);
  }

  // ---- log ----
  async appendLog(
    cabinetId: CabinetId,
    pointId: number,
    entries: { at: Date; level: PointLogEntry['level']; message: string }[],
  ): Promise<void> {
    if (entries.length === 0 || (await ownedIds(this.db, cabinetId, points, [pointId])).length === 0) return;
    await this.db.insert(pointLogs).values(entries.map((e) => ({ pointId, ...e })));
  }

  async log(cabinetId: CabinetId, pointId: number, before: number | undefined, limit: number) {
    return this.db
      .select()
      .from(pointLogs)
      .where(
        and(
          inArray(pointLogs.pointId, ownPoints(this.db, cabinetId, [pointId])),
          before ? sql`${pointLogs.id} < ${before}` : undefined,
        ),
      )
      .orderBy(desc(pointLogs.id))
      .limit(limit);
  }
}
