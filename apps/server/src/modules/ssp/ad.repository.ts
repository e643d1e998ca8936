import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { CabinetId } from '../../db/cabinet-id.js';
import { sspAds, sspMisses, trackerDeliveries, type SspAdRow } from '../../db/schema.js';
import type { AdMissReason, SspMode } from '@vitrine/core';

/** A screen an ad round may fill: its facts for OpenRTB and the SSP playlist reaching it. */
export interface AdCandidate {
  pointId: number;
  cabinetId: CabinetId;
  cabinetName: string;
  approvalRequired: boolean;
  name: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  hasPhoto: boolean;
  viewers: number | null;
  playbackCost: number | null;
  resolution: string | null;
  playlistId: number;
  mode: SspMode;
  periodicity: number;
  maxDuration: number | null;
}

export type NewAd = Omit<typeof sspAds.$inferInsert, 'id' | 'createdAt' | 'status' | 'eventId' | 'playedAt'>;

/** All SQL on the ads the SSP connector wins and the slots it could not fill. */
export class AdRepository {
  constructor(private readonly db: Database) {}

  /**
   * Screens with an active, approved playlist whose SSP connector is on (directly or through a network),
   * the first such playlist per screen (by id); across cabinets, for the ad round.
   */
  async platformCandidates(): Promise<AdCandidate[]> {
    const result = (await this.db.execute(sql`
      select distinct on (pt.id) pt.id as point_id, pt.cabinet_id, c.name as cabinet_name,
        c.approval_required, pt.name, pt.address, pt.latitude, pt.longitude,
        (pt.photo_key is not null) as has_photo, (pt.audience ->> 'viewers')::float8 as viewers,
        pt.playback_cost, pt.report ->> 'resolution' as resolution, pl.id as playlist_id,
        pl.ssp_connector ->> 'mode' as mode, pl.periodicity, pl.max_duration
      from playlists pl
      join cabinets c on c.id = pl.cabinet_id
      join playlist_targets tg on tg.playlist_id = pl.id
      left join net_points np on np.net_id = tg.net_id
      join points pt on pt.id = coalesce(tg.point_id, np.point_id) and pt.cabinet_id = pl.cabinet_id
      where pl.active and pl.approved and (pl.ssp_connector ->> 'enabled')::boolean
        and not pt.is_stopped
      order by pt.id, pl.id`)) as unknown as {
      rows: {
        point_id: number;
        cabinet_id: number;
        cabinet_name: string;
        approval_required: boolean;
        name: string;
        address: string | null;
        latitude: number | null;
        longitude: number | null;
        has_photo: boolean;
        viewers: number | string | null;
        playback_cost: number | null;
        resolution: string | null;
        playlist_id: number;
        mode: SspMode;
        periodicity: number;
        max_duration: number | null;
      }[];
    };
    return result.rows.map((r) => ({
      pointId: r.point_id,
      cabinetId: r.cabinet_id as CabinetId,
      cabinetName: r.cabinet_name,
      approvalRequired: r.approval_required,
      name: r.name,
      address: r.address,
      latitude: r.latitude === null ? null : Number(r.latitude),
      longitude: r.longitude === null ? null : Number(r.longitude),
      hasPhoto: r.has_photo,
      viewers: r.viewers === null ? null : Number(r.viewers),
      playbackCost: r.playback_cost,
      resolution: r.resolution,
      playlistId: r.playlist_id,
      mode: r.mode,
      periodicity: r.periodicity,
      maxDuration: r.max_duration,
    }));
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
    const result = (await this.db.execute(sql`
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
      select (select count(*) from gone)::int as n`)) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]?.n ?? 0);
  }

  /** Ads by id, of one cabinet (tests and support). */
  async byIds(cabinetId: CabinetId, ids: number[]): Promise<SspAdRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(sspAds)
      .where(and(eq(sspAds.cabinetId, cabinetId), inArray(sspAds.id, ids)));
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
}
