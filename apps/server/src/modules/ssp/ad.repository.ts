import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { anyId, rowsOf } from '../../db/sql.js';
import type { Database } from '../../db/client.js';
import type { CabinetId } from '../../db/cabinet-id.js';
import {
  files,
  playlists,
  points,
  sspAds,
  sspMisses,
  sspSupplierReports,
  sspSuppliers,
  trackerDeliveries,
  type SspAdRow,
} from '../../db/schema.js';
import {
  playlistSspMode,
  type AdMissReason,
  type AdSupplier,
  type PlaylistAdFields,
  type SspMode,
  type SspScreenFacts,
} from '@vitrine/core';

/** A screen an ad round may fill: its facts for OpenRTB and the SSP playlist reaching it. */
export interface AdCandidate extends ScreenSspColumns {
  pointId: number;
  cabinetId: CabinetId;
  cabinetName: string;
  approvalRequired: boolean;
  resolution: string | null;
  playlistId: number;
  mode: SspMode;
  /** The playlist's advertising source and providers: the supplier kinds it asks (`asksSupplierKind`). */
  source: AdSupplier | null;
  advertisingProviders: AdSupplier[];
  periodicity: number;
  maxDuration: number | null;
}

/** What the SSP needs to know of a screen (spec §5), as stored. */
export interface ScreenSspColumns {
  name: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  hasPhoto: boolean;
  viewers: number | null;
  playbackCost: string | null;
}

/** The points columns (alias `pt`) that make a screen's `ScreenSspColumns`, read back by `screenColumnsOf`. */
const SCREEN_SSP_SQL = sql`pt.name, pt.address, pt.latitude, pt.longitude, (pt.photo_key is not null) as has_photo,
  (pt.audience ->> 'viewers')::float8 as viewers, pt.playback_cost`;
interface ScreenSspRow {
  name: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  has_photo: boolean;
  viewers: number | string | null;
  playback_cost: string | null;
}
const screenColumnsOf = (r: ScreenSspRow): ScreenSspColumns => ({
  name: r.name,
  address: r.address,
  latitude: r.latitude === null ? null : Number(r.latitude),
  longitude: r.longitude === null ? null : Number(r.longitude),
  hasPhoto: r.has_photo,
  viewers: r.viewers === null ? null : Number(r.viewers),
  playbackCost: r.playback_cost,
});

/** The stored columns as the facts `sspMissing` judges. */
export const sspFactsOf = (c: ScreenSspColumns): SspScreenFacts => ({
  name: c.name,
  address: c.address,
  location: c.latitude !== null && c.longitude !== null ? { lat: c.latitude, lng: c.longitude } : null,
  hasPhoto: c.hasPhoto,
  audience: c.viewers,
  playbackCost: c.playbackCost,
});

export type NewAd = Omit<typeof sspAds.$inferInsert, 'id' | 'createdAt' | 'status' | 'eventId' | 'playedAt'>;

/** All SQL on the ads the SSP connector wins and the slots it could not fill. */
export class AdRepository {
  constructor(private readonly db: Database) {}

  /**
   * Screens with an active, approved playlist whose SSP connector is on (directly or through a network),
   * the first such playlist per screen (by id); across cabinets, for the ad round.
   */
  async platformCandidates(): Promise<AdCandidate[]> {
    const result = await rowsOf<
      ScreenSspRow & {
        point_id: number;
        cabinet_id: number;
        cabinet_name: string;
        approval_required: boolean;
        resolution: string | null;
        playlist_id: number;
        ssp_connector: PlaylistAdFields['sspConnector'];
        source: PlaylistAdFields['source'];
        advertising_providers: AdSupplier[] | null;
        periodicity: number;
        max_duration: number | null;
      }
    >(
      this.db,
      sql`
      select distinct on (pt.id) pt.id as point_id, pt.cabinet_id, c.name as cabinet_name,
        c.approval_required, ${SCREEN_SSP_SQL}, pt.report ->> 'resolution' as resolution, pl.id as playlist_id,
        pl.ssp_connector, pl.source, pl.advertising_providers, pl.periodicity, pl.max_duration
      from playlists pl
      join cabinets c on c.id = pl.cabinet_id
      join playlist_targets tg on tg.playlist_id = pl.id
      left join net_points np on np.net_id = tg.net_id
      join points pt on pt.id = coalesce(tg.point_id, np.point_id) and pt.cabinet_id = pl.cabinet_id
      where pl.active and pl.approved
        and ((pl.ssp_connector ->> 'enabled')::boolean or pl.source is not null)
        and not pt.is_stopped
      order by pt.id, pl.id`,
    );
    return result.map((r) => ({
      pointId: r.point_id,
      cabinetId: r.cabinet_id as CabinetId,
      cabinetName: r.cabinet_name,
      approvalRequired: r.approval_required,
      ...screenColumnsOf(r),
      resolution: r.resolution,
      playlistId: r.playlist_id,
      // The query takes only playlists that ask (a connector on or a source): the mode is never null.
      mode: playlistSspMode({ sspConnector: r.ssp_connector, source: r.source }) ?? 'AUCTION',
      source: r.source,
      advertisingProviders: r.advertising_providers ?? [],
      periodicity: r.periodicity,
      maxDuration: r.max_duration,
    }));
  }

  /**
   * The screens a playlist of the cabinet reaches (directly or through a network), with what the SSP
   * needs of them; undefined when the cabinet has no such playlist.
   */
  async playlistScreens(
    cabinetId: CabinetId,
    playlistId: number,
  ): Promise<(ScreenSspColumns & { id: number })[] | undefined> {
    const [playlist] = await this.db
      .select({ id: playlists.id })
      .from(playlists)
      .where(and(eq(playlists.cabinetId, cabinetId), eq(playlists.id, playlistId)));
    if (!playlist) return undefined;
    const result = await rowsOf<ScreenSspRow & { id: number }>(
      this.db,
      sql`
      select distinct pt.id, ${SCREEN_SSP_SQL}
      from playlist_targets tg
      left join net_points np on np.net_id = tg.net_id
      join points pt on pt.id = coalesce(tg.point_id, np.point_id) and pt.cabinet_id = ${cabinetId}
      where tg.playlist_id = ${playlist.id}
      order by pt.name, pt.id`,
    );
    return result.map((r) => ({ id: r.id, ...screenColumnsOf(r) }));
  }

  /** Slot starts of a screen that already hold an ad, between two instants. */
  async platformTakenSlots(pointId: number, from: Date, to: Date): Promise<number[]> {
    const rows = await this.db
      .select({ at: sspAds.slotAt })
      .from(sspAds)
      .where(and(eq(sspAds.pointId, pointId), gte(sspAds.slotAt, from), lte(sspAds.slotAt, to)));
    return rows.map((r) => r.at.getTime());
  }

  /** Records a won ad; false when the slot was taken meanwhile (another process's round). */
  async platformInsert(ad: NewAd): Promise<SspAdRow | undefined> {
    const [row] = await this.db.insert(sspAds).values(ad).onConflictDoNothing().returning();
    return row;
  }

  /** Counts slots that fell back to the playlist's own content, per screen, hour and reason. */
  async platformMiss(cabinetId: CabinetId, pointId: number, at: Date, reason: AdMissReason, n = 1) {
    await this.db
      .insert(sspMisses)
      .values({
        cabinetId,
        pointId,
        hourUtc: sql`date_trunc('hour', ${at.toISOString()}::timestamptz)`,
        reason,
        count: n,
      })
      .onConflictDoUpdate({
        target: [sspMisses.pointId, sspMisses.hourUtc, sspMisses.reason],
        set: { count: sql`${sspMisses.count} + excluded.count` },
      });
  }

  async misses(cabinetId: CabinetId, pointId: number) {
    return this.db
      .select()
      .from(sspMisses)
      .where(and(eq(sspMisses.cabinetId, cabinetId), eq(sspMisses.pointId, pointId)));
  }

  /** A screen's ads still to play (approved, not expired), for its manifest. */
  async upcoming(cabinetId: CabinetId, pointId: number, now: Date): Promise<SspAdRow[]> {
    return this.db
      .select()
      .from(sspAds)
      .where(
        and(
          eq(sspAds.cabinetId, cabinetId),
          eq(sspAds.pointId, pointId),
          eq(sspAds.status, 'leased'),
          eq(sspAds.approved, true),
          gte(sspAds.expiresAt, now),
        ),
      )
      .orderBy(sspAds.slotAt);
  }

  async ofPoint(cabinetId: CabinetId, pointId: number): Promise<SspAdRow[]> {
    return this.db
      .select()
      .from(sspAds)
      .where(and(eq(sspAds.cabinetId, cabinetId), eq(sspAds.pointId, pointId)))
      .orderBy(sspAds.slotAt);
  }

  /**
   * Releases ads whose deadline passed unplayed: marked expired, and a lease's expiry call queued on the
   * trackers' outbox (durable, retried), in one statement; answers how many.
   */
  async platformExpire(now: Date): Promise<number> {
    const result = await rowsOf<{ n: number }>(
      this.db,
      sql`
      with gone as (
        update ${sspAds} set status = 'expired'
        where status = 'leased' and expires_at < ${now.toISOString()}::timestamptz
        returning id, cabinet_id, point_id, expiry_url
      ),
      calls as (
        insert into ${trackerDeliveries} (cabinet_id, point_id, event_id, kind, url, expires_at)
        select cabinet_id, point_id, 'ad-' || id, 'ssp:expire', expiry_url,
          ${now.toISOString()}::timestamptz + interval '1 day'
        from gone where expiry_url is not null
        on conflict (point_id, event_id, kind) do nothing
        returning id
      )
      select (select count(*) from gone)::int as n`,
    );
    return Number(result[0]?.n ?? 0);
  }

  /** Ads by id, of one cabinet (tests and support). */
  async byIds(cabinetId: CabinetId, ids: number[]): Promise<SspAdRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(sspAds)
      .where(and(eq(sspAds.cabinetId, cabinetId), anyId(sspAds.id, ids)));
  }

  /** Whether the cabinet's owner approved this creative for an earlier ad. */
  async fileApproved(cabinetId: CabinetId, fileId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sspAds.id })
      .from(sspAds)
      .where(and(eq(sspAds.cabinetId, cabinetId), eq(sspAds.fileId, fileId), eq(sspAds.approved, true)))
      .limit(1);
    return row !== undefined;
  }

  /** Ad income by hour (UTC) and source, played ads only, with the totals of the whole range. */
  async report(cabinetId: CabinetId, range: SspRange, offset: number, limit: number) {
    const where = sql`a.cabinet_id = ${cabinetId} and a.status = 'played' ${rangeSql(range)}`;
    const rows = await rowsOf<{
      hour: string | Date;
      source: 'auction' | 'manual' | 'leftover';
      shows: number;
      impressions: string;
      revenue: string;
    }>(
      this.db,
      sql`
      select date_trunc('hour', a.played_at) as hour, a.source, count(*)::int as shows,
        sum(a.multiplier_micros)::text as impressions, sum(a.revenue_micros)::text as revenue
      from ${sspAds} a where ${where}
      group by 1, 2 order by 1 desc, 2
      offset ${offset} limit ${limit}`,
    );
    const totals = await rowsOf<{
      groups: number;
      shows: number;
      impressions: string;
      revenue: string;
      currencies: string[];
    }>(
      this.db,
      sql`
      select count(distinct (date_trunc('hour', a.played_at), a.source))::int as groups, count(*)::int as shows,
        coalesce(sum(a.multiplier_micros), 0)::text as impressions, coalesce(sum(a.revenue_micros), 0)::text as revenue,
        coalesce(array_agg(distinct a.currency) filter (where a.currency is not null), '{}') as currencies
      from ${sspAds} a where ${where}`,
    );
    return { rows: rows, totals: totals[0]! };
  }

  /** Every ad show of the range, newest first. */
  async shows(cabinetId: CabinetId, range: SspRange, offset: number, limit: number) {
    const where = sql`a.cabinet_id = ${cabinetId} and a.status = 'played' ${rangeSql(range)}`;
    const rows = await rowsOf<{
      id: number;
      played_at: string | Date;
      source: 'auction' | 'manual' | 'leftover';
      supplier_name: string;
      file_id: number | null;
      file_name: string | null;
      point_id: number;
      point_name: string;
      price_micros: string | number;
      currency: string;
      multiplier_micros: string | number;
      revenue_micros: string | number;
    }>(
      this.db,
      sql`
      select a.id, a.played_at, a.source, a.supplier_name, a.file_id, f.name as file_name, a.point_id,
        p.name as point_name, a.price_micros, a.currency, a.multiplier_micros, a.revenue_micros
      from ${sspAds} a
      join ${points} p on p.id = a.point_id and p.cabinet_id = a.cabinet_id
      left join ${files} f on f.id = a.file_id and f.cabinet_id = a.cabinet_id
      where ${where}
      order by a.played_at desc, a.id desc
      offset ${offset} limit ${limit}`,
    );
    const total = await rowsOf<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from ${sspAds} a where ${where}`,
    );
    return { rows: rows, total: Number(total[0]?.n ?? 0) };
  }

  /** The creatives the cabinet received, newest first: approval, ads won and shown. */
  async creatives(cabinetId: CabinetId, range: SspRange, offset: number, limit: number) {
    const received = rangeOn(sql`a.created_at`, range);
    const rows = await rowsOf<{
      id: number;
      name: string;
      supplier: string;
      approved: boolean;
      ads: number;
      shows: number;
    }>(
      this.db,
      sql`
      select f.id, f.name, max(a.supplier_name) as supplier, bool_or(a.approved) as approved,
        count(*)::int as ads, count(*) filter (where a.status = 'played')::int as shows, max(a.created_at) as last
      from ${sspAds} a join ${files} f on f.id = a.file_id and f.cabinet_id = a.cabinet_id
      where a.cabinet_id = ${cabinetId} ${received}
      group by f.id, f.name order by last desc, f.id desc
      offset ${offset} limit ${limit}`,
    );
    const total = await rowsOf<{ n: number }>(
      this.db,
      sql`
      select count(distinct a.file_id)::int as n from ${sspAds} a
      join ${files} f on f.id = a.file_id and f.cabinet_id = a.cabinet_id
      where a.cabinet_id = ${cabinetId} ${received}`,
    );
    return { rows: rows, total: Number(total[0]?.n ?? 0) };
  }

  /**
   * Records what a supplier reported for this cabinet, by hour; a second report of an hour replaces the
   * first. Answers how many hours were written.
   */
  async saveSupplierReports(
    cabinetId: CabinetId,
    supplierId: number,
    userId: number,
    rows: { hour: Date; shows: number; impressionsMicros: number; revenueMicros: number }[],
  ): Promise<number> {
    const written = await this.db
      .insert(sspSupplierReports)
      .values(
        rows.map((r) => ({
          cabinetId,
          supplierId,
          hourUtc: r.hour,
          shows: r.shows,
          impressionsMicros: r.impressionsMicros,
          revenueMicros: r.revenueMicros,
          updatedBy: userId,
        })),
      )
      .onConflictDoUpdate({
        target: [sspSupplierReports.cabinetId, sspSupplierReports.supplierId, sspSupplierReports.hourUtc],
        set: {
          shows: sql`excluded.shows`,
          impressionsMicros: sql`excluded.impressions_micros`,
          revenueMicros: sql`excluded.revenue_micros`,
          updatedAt: sql`now()`,
          updatedBy: sql`excluded.updated_by`,
        },
      })
      .returning({ hour: sspSupplierReports.hourUtc });
    return written.length;
  }

  /**
   * Our played ads beside what each supplier reported, by UTC hour and supplier (a full join: an hour only
   * one side counted shows too), newest first, with the range's totals. Sums in micro-units as text.
   */
  async reconciliation(cabinetId: CabinetId, range: SspRange, offset: number, limit: number) {
    const joined = sql`
      with ours as (
        select date_trunc('hour', a.played_at) as hour, a.supplier_id, max(a.supplier_name) as supplier_name,
          count(*)::int as shows, sum(a.multiplier_micros) as impressions, sum(a.revenue_micros) as revenue
        from ${sspAds} a where a.cabinet_id = ${cabinetId} and a.status = 'played' ${rangeSql(range)}
        group by 1, 2
      ),
      theirs as (
        select r.hour_utc as hour, r.supplier_id, r.shows, r.impressions_micros as impressions,
          r.revenue_micros as revenue
        from ${sspSupplierReports} r where r.cabinet_id = ${cabinetId} ${rangeOn(sql`r.hour_utc`, range)}
      ),
      joined as (
        select coalesce(o.hour, t.hour) as hour, coalesce(o.supplier_id, t.supplier_id) as supplier_id,
          coalesce(s.name, o.supplier_name, '') as supplier,
          coalesce(o.shows, 0) as our_shows, coalesce(o.impressions, 0) as our_impressions,
          coalesce(o.revenue, 0) as our_revenue, t.supplier_id is not null as reported,
          coalesce(t.shows, 0) as their_shows, coalesce(t.impressions, 0) as their_impressions,
          coalesce(t.revenue, 0) as their_revenue
        from ours o full join theirs t on t.hour = o.hour and t.supplier_id = o.supplier_id
        left join ${sspSuppliers} s on s.id = coalesce(o.supplier_id, t.supplier_id)
      )`;
    const rows = await rowsOf<ReconciliationSums>(
      this.db,
      sql`${joined}
      select hour, supplier_id, supplier, reported, our_shows::int, our_impressions::text,
        our_revenue::text, their_shows::int, their_impressions::text, their_revenue::text
      from joined order by hour desc, supplier, supplier_id
      offset ${offset} limit ${limit}`,
    );
    const totals = await rowsOf<ReconciliationSums & { groups: number }>(
      this.db,
      sql`${joined}
      select count(*)::int as groups, coalesce(sum(our_shows), 0)::int as our_shows,
        coalesce(sum(our_impressions), 0)::text as our_impressions,
        coalesce(sum(our_revenue), 0)::text as our_revenue, coalesce(sum(their_shows), 0)::int as their_shows,
        coalesce(sum(their_impressions), 0)::text as their_impressions,
        coalesce(sum(their_revenue), 0)::text as their_revenue
      from joined`,
    );
    return { rows: rows, totals: totals[0]! };
  }

  /** The owner approves a creative: every ad of it may play; answers how many. */
  async approveFile(cabinetId: CabinetId, fileId: number): Promise<number> {
    const rows = await this.db
      .update(sspAds)
      .set({ approved: true })
      .where(and(eq(sspAds.cabinetId, cabinetId), eq(sspAds.fileId, fileId)))
      .returning({ id: sspAds.id });
    return rows.length;
  }
}

export interface SspRange {
  /** UTC days, both included. */
  from?: string | undefined;
  to?: string | undefined;
}

/** One hour and supplier of the reconciliation, or its totals: micro-unit sums as text. */
export interface ReconciliationSums {
  hour: string | Date;
  supplier_id: number | null;
  supplier: string;
  reported: boolean;
  our_shows: number;
  our_impressions: string;
  our_revenue: string;
  their_shows: number;
  their_impressions: string;
  their_revenue: string;
}

/** A timestamp column within the range's UTC days. */
const rangeOn = (column: SQL, range: SspRange) =>
  sql`${range.from ? sql`and ${column} >= ${range.from}::date` : sql``} ${
    range.to ? sql`and ${column} < ${range.to}::date + 1` : sql``
  }`;
const rangeSql = (range: SspRange) => rangeOn(sql`a.played_at`, range);
