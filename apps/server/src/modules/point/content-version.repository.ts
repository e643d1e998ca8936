import { and, eq, sql } from 'drizzle-orm';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { points } from '../../db/schema.js';
import { arr } from './point-sql.js';

/** All SQL on a screen's content versions: the current one, the one last served, and when it synced. */
export class ContentVersionRepository {
  constructor(private readonly db: Database) {}

  /**
   * New current versions (one statement): when and what brought them; a screen already playing its new
   * version stays synchronised, any other is not until it reports it.
   */
  async setCurrentVersions(
    cabinetId: CabinetId,
    list: { id: number; version: string }[],
    reason: string | null,
    at: Date,
  ): Promise<void> {
    if (list.length === 0) return;
    await this.db.execute(sql`
      update ${points} p set
        current_version = v.version,
        content_changed_at = ${at.toISOString()}::timestamptz,
        content_change = ${reason},
        synced_at = case when p.report->>'contentVersion' = v.version
                         then coalesce(p.synced_at, ${at.toISOString()}::timestamptz) else null end
      from (select unnest(${arr(
        list.map((v) => v.id),
        'int',
      )}) as id, unnest(${arr(
        list.map((v) => v.version),
        'text',
      )}) as version) v
      where p.id = v.id and p.cabinet_id = ${cabinetId}`);
  }

  /**
   * A manifest was served. `heal`: it is newer than the stored current version (a change no hook saw),
   * so it becomes current.
   */
  async markServed(
    cabinetId: CabinetId,
    id: number,
    version: string,
    at: Date,
    heal: boolean,
  ): Promise<void> {
    await this.db
      .update(points)
      .set({
        servedVersion: version,
        servedAt: at,
        ...(heal
          ? {
              currentVersion: version,
              contentChangedAt: at,
              contentChange: null,
              syncedAt: sql`case when ${points.report}->>'contentVersion' = ${version} then coalesce(${points.syncedAt}, ${at.toISOString()}::timestamptz) else null end`,
            }
          : {}),
      })
      .where(and(eq(points.cabinetId, cabinetId), eq(points.id, id)));
  }
}
