import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  not,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { PointListQuery } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { anyId, containsPattern, countsOf, hasChanges } from '../../db/sql.js';
import { arr, hourOf } from './point-sql.js';
import {
  netPoints,
  playlistTargets,
  playlists,
  pointConnectionHours,
  points,
  wallScreens,
  type PointRow,
} from '../../db/schema.js';

/** The screens list's filters, without its page and order. */
export type PointFilter = Pick<PointListQuery, 'search' | 'net' | 'status' | 'hasContent'>;
/** The instants the status filters are counted from. */
export interface ListClock {
  seenSince: Date;
  goneSince: Date;
  unstableSince: Date;
  unstableAt: number;
}

export type PointChanges = Partial<
  Omit<typeof points.$inferInsert, 'id' | 'cabinetId' | 'createdAt' | 'deviceTokenHash'>
>;

/**
 * The screen in `pointId` is reached by an approved playlist of the cabinet, targeted directly, through
 * one of its networks or through the video wall it is a tile of (a tile plays its wall's playlists then).
 * Correlated EXISTS probes the target and network indexes per screen, so its plan does not change with the
 * number of playlist x screen pairs (a NOT IN over all of them flipped to minutes).
 */
const reachedByApproved = (db: Database, cabinetId: CabinetId, pointId: AnyColumn) => {
  const approved = and(eq(playlists.cabinetId, cabinetId), eq(playlists.approved, true));
  /** Targeted at a group the screen belongs to: a network (`net_points`) or a wall (`wall_screens`). */
  const throughGroup = (
    members: typeof netPoints | typeof wallScreens,
    member: AnyColumn,
    target: AnyColumn,
    group: AnyColumn,
  ) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(members)
        .innerJoin(playlistTargets, eq(target, group))
        .innerJoin(playlists, eq(playlists.id, playlistTargets.playlistId))
        .where(and(eq(member, pointId), approved)),
    );
  return or(
    exists(
      db
        .select({ one: sql`1` })
        .from(playlistTargets)
        .innerJoin(playlists, eq(playlists.id, playlistTargets.playlistId))
        .where(and(eq(playlistTargets.pointId, pointId), approved)),
    ),
    throughGroup(netPoints, netPoints.pointId, playlistTargets.netId, netPoints.netId),
    throughGroup(wallScreens, wallScreens.pointId, playlistTargets.wallId, wallScreens.wallId),
  )!;
};

const SORTS = {
  id: points.id,
  name: sql`lower(${points.name})`,
  sync_time: points.syncedAt,
  update_time: points.updatedAt,
  dt_gone_offline: points.goneOfflineAt,
} as const;

/**
 * All SQL on screens and their presence (pairing codes are in pairing.repository.ts, content versions in
 * content-version.repository.ts, connection history and logs in point-history.repository.ts, networks in
 * net.repository.ts, commands in point-command.repository.ts). Every method on cabinet-owned rows takes the
 * cabinet and puts it in its WHERE clause (rows keyed by screen go through the cabinet's screens). The paths
 * a screen takes with its own device token or socket, where the screen is the authority, are named
 * `platform*`. Pairing codes are no cabinet's (a code only names the screen it was bound to), so their
 * methods take none.
 */
export class PointRepository {
  constructor(private readonly db: Database) {}

  // ---- screens ----
  async point(cabinetId: CabinetId, id: number): Promise<PointRow | undefined> {
    const [row] = await this.db
      .select()
      .from(points)
      .where(and(eq(points.cabinetId, cabinetId), eq(points.id, id)));
    return row;
  }

  async pointsByIds(cabinetId: CabinetId, ids: number[]): Promise<PointRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(points)
      .where(and(eq(points.cabinetId, cabinetId), anyId(points.id, ids)));
  }

  /** A screen by id alone: a signed photo or screenshot address, whose signature names the screen. */
  async platformPointById(id: number): Promise<PointRow | undefined> {
    const [row] = await this.db.select().from(points).where(eq(points.id, id));
    return row;
  }

  /** The screen a device token's hash belongs to: its id and cabinet, all a player's call needs. */
  async platformDeviceCaller(hash: string): Promise<{ pointId: number; cabinetId: CabinetId } | undefined> {
    const [row] = await this.db
      .select({ pointId: points.id, cabinetId: points.cabinetId })
      .from(points)
      .where(eq(points.deviceTokenHash, hash));
    return row;
  }

  async insert(values: typeof points.$inferInsert): Promise<PointRow> {
    const [row] = await this.db.insert(points).values(values).returning();
    return row!;
  }

  async update(cabinetId: CabinetId, ids: number[], changes: PointChanges): Promise<void> {
    if (ids.length === 0 || !hasChanges(changes)) return;
    await this.db
      .update(points)
      .set(changes)
      .where(and(eq(points.cabinetId, cabinetId), anyId(points.id, ids)));
  }

  /** The screen a pairing code was bound to gets its device token (the player's claim). */
  async platformSetDeviceToken(id: number, hash: string | null): Promise<void> {
    await this.db.update(points).set({ deviceTokenHash: hash }).where(eq(points.id, id));
  }

  async remove(cabinetId: CabinetId, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.delete(points).where(and(eq(points.cabinetId, cabinetId), anyId(points.id, ids)));
  }

  /**
   * A page of screens. `online` is the set of screens with a live socket (any process) and the status
   * filter is applied on the database's idea of the last heartbeat: `seenSince` (online) and
   * `goneSince` (gone offline within the window).
   */
  async list(
    cabinetId: CabinetId,
    query: PointListQuery,
    clock: ListClock,
  ): Promise<{ rows: PointRow[]; total: number }> {
    const where = this.listWhere(cabinetId, query, clock);
    const order = query.order === 'asc' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(points)
        .where(where)
        // By id alone when sorted by id (never null): the key index's order, no sort of the whole cabinet.
        .orderBy(
          ...(query.sort === 'id' ? [] : [sql`${order(SORTS[query.sort])} nulls last`]),
          order(points.id),
        )
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      this.db.select({ n: count() }).from(points).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /**
   * How many screens each of the list's filters holds (the dashboard's figures): one statement reading the
   * cabinet's screens once, each figure through the list's own conditions, no page.
   */
  async counts<K extends string>(
    cabinetId: CabinetId,
    filters: Record<K, PointFilter>,
    clock: ListClock,
  ): Promise<Record<K, number>> {
    const [row] = await this.db
      .select(countsOf(filters, (filter) => this.listWhere(cabinetId, filter, clock)))
      .from(points)
      .where(eq(points.cabinetId, cabinetId));
    return row as Record<K, number>;
  }

  /** The list's filters, one condition. */
  private listWhere(cabinetId: CabinetId, query: PointFilter, clock: ListClock) {
    const unstable = inArray(
      points.id,
      this.db
        .select({ id: pointConnectionHours.pointId })
        .from(pointConnectionHours)
        .where(gte(pointConnectionHours.hour, hourOf(clock.unstableSince)))
        .groupBy(pointConnectionHours.pointId)
        .having(sql`sum(${pointConnectionHours.disconnections}) >= ${clock.unstableAt}`),
    );
    // Online: a heartbeat within the window and no close after it.
    const live = and(
      gt(points.lastSeenAt, clock.seenSince),
      or(isNull(points.goneOfflineAt), sql`${points.goneOfflineAt} < ${points.lastSeenAt}`),
    );
    const status: Record<NonNullable<PointListQuery['status']>, SQL | undefined> = {
      ONLINE: and(live, sql`not ${unstable}`),
      UNSTABLE: and(live, unstable),
      GONE_OFFLINE: and(sql`not (${live})`, gt(points.lastSeenAt, clock.goneSince)),
      OFFLINE: or(isNull(points.lastSeenAt), lte(points.lastSeenAt, clock.goneSince)),
    };
    return and(
      eq(points.cabinetId, cabinetId),
      query.search
        ? or(
            ilike(points.name, containsPattern(query.search)),
            ilike(points.address, containsPattern(query.search)),
            ilike(points.uid, containsPattern(query.search)),
          )
        : undefined,
      query.net
        ? inArray(
            points.id,
            this.db.select({ id: netPoints.pointId }).from(netPoints).where(eq(netPoints.netId, query.net)),
          )
        : undefined,
      query.status ? status[query.status] : undefined,
      query.hasContent === 'true' ? reachedByApproved(this.db, cabinetId, points.id) : undefined,
      query.hasContent === 'false' ? not(reachedByApproved(this.db, cabinetId, points.id)) : undefined,
    );
  }

  /** Screens among `ids` that some approved playlist reaches. */
  async withContent(cabinetId: CabinetId, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    // Only the screens asked about: this runs for every list page, not over every playlist target.
    const rows = await this.db
      .select({ id: points.id })
      .from(points)
      .where(
        and(
          eq(points.cabinetId, cabinetId),
          anyId(points.id, ids),
          reachedByApproved(this.db, cabinetId, points.id),
        ),
      );
    return new Set(rows.map((r) => r.id));
  }

  /** What a command's answer needs of its screens: which are the cabinet's, and when each was last seen. */
  async presenceOf(cabinetId: CabinetId, ids: number[]) {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: points.id, lastSeenAt: points.lastSeenAt, goneOfflineAt: points.goneOfflineAt })
      .from(points)
      .where(and(eq(points.cabinetId, cabinetId), anyId(points.id, ids)));
  }

  // ---- presence ----
  /**
   * Heartbeats, batched: last seen, report, synced time (the reported content version is the one served),
   * and seconds online added to the hour. One statement for any number of screens.
   */
  async platformRecordPresence(
    beats: {
      pointId: number;
      /** Null when only online seconds are counted (a socket that just closed). */
      seenAt: Date | null;
      report: Record<string, unknown> | null;
      onlineSeconds: number;
    }[],
  ): Promise<void> {
    if (beats.length === 0) return;
    // In the screens' order: two processes writing some of the same screens lock them in one order, as
    // long as their plans walk the batch (a plan that scans the table locks in its order: a deadlock
    // between the two kinds is still possible, and Fleet sends such a batch again).
    const rows = [...beats].sort((a, b) => a.pointId - b.pointId);
    const ids = rows.map((b) => b.pointId);
    const seen = rows.map((b) => b.seenAt?.toISOString() ?? null);
    const reports = rows.map((b) => (b.report ? JSON.stringify(b.report) : null));
    await this.db.execute(sql`
      update ${points} p set
        last_seen_at = coalesce(b.seen, p.last_seen_at),
        report = coalesce(b.report, p.report),
        synced_at = case
          when b.report is null then p.synced_at
          when b.report->>'contentVersion' is distinct from p.current_version then null
          when p.synced_at is not null and p.report->>'contentVersion' = b.report->>'contentVersion' then p.synced_at
          else coalesce(b.seen, now()) end,
        gone_offline_at = case when b.seen is not null and b.seen > coalesce(p.gone_offline_at, '-infinity') then null else p.gone_offline_at end
      from (select unnest(${arr(ids, 'int')}) as id, unnest(${arr(seen, 'timestamptz')}) as seen,
                   unnest(${arr(reports, 'jsonb')}) as report) b
      where p.id = b.id`);
    const hours = rows.filter((b) => b.onlineSeconds > 0);
    if (hours.length === 0) return;
    const hourIds = arr(
      hours.map((b) => b.pointId),
      'int',
    );
    const hourAt = arr(
      hours.map((b) => (b.seenAt ?? new Date()).toISOString()),
      'timestamptz',
    );
    const seconds = arr(
      hours.map((b) => b.onlineSeconds),
      'int',
    );
    await this.db.execute(sql`
      insert into ${pointConnectionHours} (point_id, hour, online_seconds)
      select id, date_trunc('hour', seen), secs
      from (select unnest(${hourIds}) as id, unnest(${hourAt}) as seen, unnest(${seconds}) as secs) h
      on conflict (point_id, hour) do update
        set online_seconds = least(3600, ${pointConnectionHours.onlineSeconds} + excluded.online_seconds)`);
  }

  /**
   * A screen's socket closed: one more disconnection, in the total and in the hour, and when it went;
   * `goneOffline` false when a newer connection of the screen is already up.
   */
  async platformRecordDisconnection(pointId: number, at: Date, goneOffline = true): Promise<void> {
    await this.db
      .update(points)
      .set({
        disconnections: sql`${points.disconnections} + 1`,
        ...(goneOffline ? { goneOfflineAt: at } : {}),
      })
      .where(eq(points.id, pointId));
    await this.db
      .insert(pointConnectionHours)
      .values({ pointId, hour: hourOf(at), disconnections: 1 })
      .onConflictDoUpdate({
        target: [pointConnectionHours.pointId, pointConnectionHours.hour],
        set: { disconnections: sql`${pointConnectionHours.disconnections} + 1` },
      });
  }
}
