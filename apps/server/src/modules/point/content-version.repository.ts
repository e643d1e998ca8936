import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { anyId } from '../../db/sql.js';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { points } from '../../db/schema.js';
import { SUM_MODULUS } from './content-version.js';
import { arr } from './point-sql.js';

/** A screen's new version and what it is made of. */
export interface VersionParts {
  id: number;
  version: string;
  base: string;
  sum: bigint;
}

/** The rows of a version statement, as a subquery. */
const versionRows = (list: VersionParts[]) => sql`
  select unnest(${arr(
    list.map((v) => v.id),
    'int',
  )}) as id,
         unnest(${arr(
           list.map((v) => v.version),
           'text',
         )}) as version,
         unnest(${arr(
           list.map((v) => v.base),
           'text',
         )}) as base,
         unnest(${arr(
           list.map((v) => v.sum.toString()),
           'numeric',
         )}) as sum`;

/** All SQL on a screen's content versions: the current one, the one last served, and when it synced. */
export class ContentVersionRepository {
  constructor(private readonly db: Database) {}

  /**
   * New current versions (one statement) with what each is made of: when and what brought them; a screen
   * already playing its new version stays synchronised, any other is not until it reports it.
   */
  async setCurrentVersions(
    cabinetId: CabinetId,
    list: VersionParts[],
    reason: string | null,
    at: Date,
  ): Promise<void> {
    if (list.length === 0) return;
    await this.inIdOrder(cabinetId, list, (db) =>
      db.execute(sql`
      update ${points} p set
        current_version = v.version,
        content_base = v.base,
        content_sum = v.sum,
        content_changed_at = ${at.toISOString()}::timestamptz,
        content_change = ${reason},
        synced_at = case when p.report->>'contentVersion' = v.version
                         then coalesce(p.synced_at, ${at.toISOString()}::timestamptz) else null end
      from (${versionRows(list)}) v
      where p.id = v.id and p.cabinet_id = ${cabinetId}`),
    );
  }

  /** What unchanged versions are made of, where the screens did not keep it (worked out before it was kept). */
  async keepParts(cabinetId: CabinetId, list: VersionParts[]): Promise<void> {
    if (list.length === 0) return;
    await this.inIdOrder(cabinetId, list, (db) =>
      db.execute(sql`
      update ${points} p set content_base = v.base, content_sum = v.sum
      from (${versionRows(list)}) v
      where p.id = v.id and p.cabinet_id = ${cabinetId} and p.current_version = v.version`),
    );
  }

  /**
   * Runs an update of many screens after locking their rows in id order, in one transaction: an update
   * locks rows in the order its plan meets them, so two saves reaching overlapping screens (new playlists
   * saved at once) could each hold a screen the other waits for, and PostgreSQL cancelled one as a
   * deadlock.
   */
  private async inIdOrder(
    cabinetId: CabinetId,
    list: VersionParts[],
    update: (db: Database) => Promise<unknown>,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.lockInIdOrder(
        tx,
        cabinetId,
        list.map((v) => v.id),
      );
      await update(tx);
    });
  }

  /**
   * Locks the cabinet's screens among `ids` (and meeting `where`) in id order, and answers their ids. Not
   * FOR UPDATE: a save's new targets hold KEY SHARE on their screens, which that would wait for.
   */
  private async lockInIdOrder(
    db: Database,
    cabinetId: CabinetId,
    ids: number[],
    ...where: SQL[]
  ): Promise<number[]> {
    const locked = await db
      .select({ id: points.id })
      .from(points)
      .where(and(eq(points.cabinetId, cabinetId), anyId(points.id, ids), ...where))
      .orderBy(points.id)
      .for('no key update');
    return locked.map((r) => r.id);
  }

  /**
   * A playlist saved alone (playlist-delta.ts): each screen's sum moves by the playlist's new contribution
   * less its old one, and its version is worked out from its base and new sum here, by the formula of
   * content-version.ts. The rows are locked in id order first (as the update itself locks them), so two saves reaching the same screens wait
   * for each other instead of deadlocking. Screens whose parts are not known are left out. Answers the
   * screens it settled and, of those, the ones whose version moved. Runs inside the save's transaction.
   */
  async addToSums(
    cabinetId: CabinetId,
    deltas: Map<number, bigint>,
    reason: string | null,
    at: Date,
  ): Promise<{ settled: number[]; moved: number[] }> {
    if (deltas.size === 0) return { settled: [], moved: [] };
    const ids = [...deltas.keys()];
    const settled = await this.lockInIdOrder(
      this.db,
      cabinetId,
      ids,
      isNotNull(points.contentSum),
      isNotNull(points.contentBase),
    );
    const moving = settled.filter((id) => deltas.get(id) !== 0n);
    if (moving.length === 0) return { settled, moved: [] };
    const sum = sql`mod(p.content_sum + d.delta, ${SUM_MODULUS.toString()}::numeric)`;
    // versionFrom (content-version.ts) in SQL: the first 16 hex digits of sha256(base:sum).
    const version = sql`left(encode(sha256(convert_to(p.content_base || ':' || (${sum})::text, 'UTF8')), 'hex'), 16)`;
    const stamp = at.toISOString();
    // A non-zero delta moves the sum, and so the version.
    await this.db.execute(sql`
      update ${points} p set
        content_sum = ${sum},
        current_version = ${version},
        content_changed_at = ${stamp}::timestamptz,
        content_change = ${reason},
        synced_at = case
          when p.report->>'contentVersion' = ${version}
          then coalesce(p.synced_at, ${stamp}::timestamptz) else null end
      from (select unnest(${arr(moving, 'int')}) as id,
                   unnest(${arr(
                     moving.map((id) => deltas.get(id)!.toString()),
                     'numeric',
                   )}) as delta) d
      where p.id = d.id and p.cabinet_id = ${cabinetId}`);
    return { settled, moved: moving };
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
              // What the stored version was made of is stale: the next change works the screen out whole.
              contentBase: null,
              contentSum: null,
              contentChangedAt: at,
              contentChange: null,
              syncedAt: sql`case when ${points.report}->>'contentVersion' = ${version} then coalesce(${points.syncedAt}, ${at.toISOString()}::timestamptz) else null end`,
            }
          : {}),
      })
      .where(and(eq(points.cabinetId, cabinetId), eq(points.id, id)));
  }
}
