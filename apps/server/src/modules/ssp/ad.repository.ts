import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { anyId, rowsOf } from '../../db/sql.js';
import type { Database } from '../../db/client.js';
import type { CabinetId } from '../../db/cabinet-id.js';
import { playlists, sspAds, sspMisses, trackerDeliveries, type SspAdRow } from '../../db/schema.js';
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
