import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { pointFullness, points } from '../../db/schema.js';

/**
 * Screens read in one page of `statesOf`. Each page's rows (with their runs as JSON) are parsed and mapped in
 * one turn of the event loop: pages of 2,000 made the turns a health check waited behind while a fleet was
 * planned add up to 229–273 ms; pages of 500 kept it at 112–180 ms in three runs (bench/README-web.md).
 */
const STATE_PAGE = 500;

/** A screen with its stored fullness, if any. */
export interface FullnessState {
  id: number;
  name: string;
  timezone: string;
  version: string | null;
  stored: {
    version: string;
    fromDay: string;
    days: number;
    spans: (typeof pointFullness.$inferSelect)['spans'];
  } | null;
}

export type FullnessWrite = Omit<typeof pointFullness.$inferInsert, 'cabinetId' | 'computedAt'>;

/** The dashboard's stored broadcast fullness per screen (point_fullness). */
export class FullnessRepository {
  constructor(private readonly db: Database) {}

  /**
   * Every screen of the cabinet by name, with its current content version and stored fullness: a page at a
   * time (keyset on name and id), so that 10,000 screens are parsed and summed in slices with the event
   * loop served between them, not in one long turn. A screen renamed while the pages are read may be met
   * twice or not at all in that one read.
   */
  async *statesOf(cabinetId: CabinetId, pageSize = STATE_PAGE): AsyncGenerator<FullnessState[]> {
    let after: { name: string; id: number } | null = null;
    for (;;) {
      const rows = await this.statePage(cabinetId, after, pageSize);
      // Built field by field: V8 copies rest-and-spread objects slowly (10,000 screens on every dashboard read).
      if (rows.length > 0)
        yield rows.map((r) => ({
          id: r.id,
          name: r.name,
          timezone: r.timezone,
          version: r.version,
          stored:
            r.storedVersion !== null && r.fromDay !== null && r.days !== null && r.spans !== null
              ? { version: r.storedVersion, fromDay: r.fromDay, days: r.days, spans: r.spans }
              : null,
        }));
      if (rows.length < pageSize) return;
      const last = rows[rows.length - 1]!;
      after = { name: last.name, id: last.id };
    }
  }

  private statePage(cabinetId: CabinetId, after: { name: string; id: number } | null, limit: number) {
    return this.db
      .select({
        id: points.id,
        name: points.name,
        timezone: points.timezone,
        version: points.currentVersion,
        storedVersion: pointFullness.version,
        fromDay: pointFullness.fromDay,
        days: pointFullness.days,
        spans: pointFullness.spans,
      })
      .from(points)
      .leftJoin(pointFullness, eq(pointFullness.pointId, points.id))
      .where(
        and(
          eq(points.cabinetId, cabinetId),
          after ? sql`(${points.name}, ${points.id}) > (${after.name}, ${after.id})` : undefined,
        ),
      )
      .orderBy(points.name, points.id)
      .limit(limit);
  }

  /**
   * A signature of everything the dashboard's fullness is worked out from (each screen's name, zone and
   * content version; its stored row's version, dates and when it was planned), summed in the database: the
   * same signature, the same figures (on the same day), so a read can reuse what it worked out last time.
   */
  async signature(cabinetId: CabinetId): Promise<string> {
    const [row] = await this.db
      .select({
        screens: sql<number>`count(*)::int`,
        sum: sql<string>`coalesce(sum(hashtextextended(concat_ws('|', ${points.id}, ${points.name}, ${points.timezone}, ${points.currentVersion}, ${pointFullness.version}, ${pointFullness.fromDay}, ${pointFullness.days}, ${pointFullness.computedAt}), 0)), 0)::text`,
      })
      .from(points)
      .leftJoin(pointFullness, eq(pointFullness.pointId, points.id))
      .where(eq(points.cabinetId, cabinetId));
    return `${row?.screens ?? 0}:${row?.sum ?? 0}`;
  }

  async save(cabinetId: CabinetId, rows: FullnessWrite[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insert(pointFullness)
      .values(rows.map((row) => ({ ...row, cabinetId })))
      .onConflictDoUpdate({
        target: pointFullness.pointId,
        set: {
          version: sql`excluded.version`,
          fromDay: sql`excluded.from_day`,
          days: sql`excluded.days`,
          spans: sql`excluded.spans`,
          computedAt: sql`now()`,
        },
        // Only the cabinet's own screens: a row of another cabinet's screen is never overwritten.
        setWhere: eq(pointFullness.cabinetId, cabinetId),
      });
  }

  /**
   * Platform-wide, for the background sweep: cabinets with screens whose fullness is missing, of another
   * content version, or starts before `today` (a new day came), with how many.
   */
  async platformStaleCabinets(today: string): Promise<{ cabinetId: CabinetId; stale: number }[]> {
    const rows = await this.db
      .select({ cabinetId: points.cabinetId, stale: sql<number>`count(*)::int` })
      .from(points)
      .leftJoin(pointFullness, eq(pointFullness.pointId, points.id))
      .where(
        or(
          isNull(pointFullness.pointId),
          isNull(points.currentVersion),
          ne(pointFullness.version, points.currentVersion),
          lt(pointFullness.fromDay, today),
        ),
      )
      .groupBy(points.cabinetId);
    return rows.map((row) => ({ cabinetId: row.cabinetId, stale: Number(row.stale) }));
  }
}
