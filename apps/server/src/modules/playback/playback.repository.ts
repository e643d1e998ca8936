import { sql, type SQL } from 'drizzle-orm';
import type { AudienceSample, PlaybackEvent } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import {
  audienceHourly,
  sspAds,
  files,
  playbackHourly,
  playbacks,
  playlists,
  points,
  statisticChanges,
  trackerDeliveries,
} from '../../db/schema.js';

export interface IngestResult {
  /** False when the screen is gone (removed since its token was checked): nothing was stored. */
  pointFound: boolean;
  /** Events stored by this call (the others were stored before). */
  inserted: number;
  /** Calls to third parties these shows owe (tracking pixels), queued for delivery. */
  trackers: number;
}

/** How long a show's trackers are retried before they are given up (a day). */
export const TRACKER_LIFETIME_SECONDS = 86_400;

/** All SQL on proof of play: the raw playbacks and their hourly rollup. */
export class PlaybackRepository {
  constructor(private readonly db: Database) {}

  /**
   * Stores a screen's events and adds the ones actually inserted to the hourly rollup, in one statement
   * (so one transaction on either driver): an event already stored for this screen is skipped and not
   * counted again. File and playlist names are looked up in the screen's own cabinet only; an id that is
   * gone or belongs elsewhere is kept as it came, with a null name. Rows go in event id order and rollup
   * rows in key order, so two calls touching the same keys never wait on each other in a cycle.
   *
   * `zone` replaces the screen's time zone (null: the screen's own), for a zone this database does not know.
   */
  async ingest(
    cabinetId: CabinetId,
    pointId: number,
    events: readonly PlaybackEvent[],
    zone: string | null = null,
  ): Promise<IngestResult> {
    const result = await rowsOf<{ found: number; inserted: number; trackers: number }>(
      this.db,
      sql`
      with pt as (
        select id, cabinet_id, name, audience, playback_cost, coalesce(${zone}::text, timezone) as tz
        from ${points} where id = ${pointId} and cabinet_id = ${cabinetId}
      ),
      input as (
        select * from unnest(
          ${arrayOf(
            events.map((e) => e.eventId),
            'text',
          )},
          ${arrayOf(
            events.map((e) => e.fileId),
            'int',
          )},
          ${arrayOf(
            events.map((e) => e.playlistId),
            'int',
          )},
          ${arrayOf(
            events.map((e) => e.startedAt),
            'timestamptz',
          )},
          ${arrayOf(
            events.map((e) => e.endedAt),
            'timestamptz',
          )},
          ${arrayOf(
            events.map((e) => e.duration),
            'float8',
          )},
          ${arrayOf(
            events.map((e) => e.adId ?? null),
            'int',
          )}
        ) as t(event_id, file_id, playlist_id, started_at, ended_at, duration, ad_id)
      ),
      -- An ad's show: its first show of the ad's creative in the batch takes the ad, if the ad is this
      -- screen's and waiting (docs/ssp.md, "Proof of play").
      ranked as (
        select i.*, row_number() over (partition by i.ad_id, i.file_id order by i.started_at, i.event_id) as ad_rank
        from input i
      ),
      ins as (
        insert into ${playbacks} (cabinet_id, point_id, event_id, file_id, playlist_id, file_name,
          playlist_name, point_name, started_at, ended_at, duration, impressions, cost, ad_id, revenue,
          source)
        select pt.cabinet_id, pt.id, i.event_id, i.file_id, i.playlist_id, f.name, pl.name, pt.name,
          i.started_at, i.ended_at, i.duration,
          -- An ad's audience multiplier; else the audience the screen measured in that hour, else its
          -- setting for the hour, else its average.
          coalesce(
            ad.multiplier_micros / 1000000.0,
            a.viewers,
            (pt.audience -> 'perHour' ->> extract(hour from l.local_at)::int)::float8,
            (pt.audience ->> 'viewers')::float8),
          pt.playback_cost::float8, ad.id, coalesce(ad.revenue_micros / 1000000.0, 0),
          coalesce(ad.source, 'manual')
        from ranked i
        cross join pt
        cross join lateral (select i.started_at at time zone pt.tz as local_at) l
        left join ${audienceHourly} a on a.point_id = pt.id
          and a.hour_utc = i.started_at - (l.local_at - date_trunc('hour', l.local_at))
        left join ${files} f on f.id = i.file_id and f.cabinet_id = pt.cabinet_id
        left join ${playlists} pl on pl.id = i.playlist_id and pl.cabinet_id = pt.cabinet_id
        left join ${sspAds} ad on ad.id = i.ad_id and i.ad_rank = 1 and ad.point_id = pt.id
          and ad.cabinet_id = pt.cabinet_id and ad.status = 'leased' and ad.file_id = i.file_id
        order by i.event_id
        on conflict (point_id, event_id) do nothing
        returning cabinet_id, point_id, event_id, playlist_id, file_id, started_at, duration, impressions,
          cost, source, revenue, ad_id
      ),
      played as (
        -- The ad is played: its show's event id is kept, so its calls are owed once.
        update ${sspAds} ad set status = 'played', event_id = ins.event_id, played_at = ins.started_at
        from ins
        where ad.id = ins.ad_id and ad.status = 'leased'
        returning ad.id, ad.cabinet_id, ad.point_id, ins.event_id, ins.started_at, ad.burl, ad.impressions,
          ad.pop_url, ad.expires_at
      ),
      adcalls as (
        -- The billing notice, every impression tracker and a lease's proof of play, queued on the trackers'
        -- outbox once per show (unique on screen, event and kind), retried until the ad's deadline (an hour
        -- at least, for a show reported just before it).
        insert into ${trackerDeliveries} (cabinet_id, point_id, event_id, kind, url, method, body, expires_at)
        select c.cabinet_id, c.point_id, c.event_id, c.kind, c.url, c.method, c.body,
          greatest(c.expires_at, now() + interval '1 hour')
        from (
          select p.cabinet_id, p.point_id, p.event_id, 'ssp:burl' as kind, p.burl as url, 'GET' as method,
            null::text as body, p.expires_at
          from played p where p.burl is not null
          union all
          select p.cabinet_id, p.point_id, p.event_id, 'ssp:imp:' || t.n, t.url, 'GET', null, p.expires_at
          from played p cross join lateral jsonb_array_elements_text(p.impressions) with ordinality as t(url, n)
          union all
          select p.cabinet_id, p.point_id, p.event_id, 'ssp:pop', p.pop_url, 'POST',
            json_build_object('display_time', floor(extract(epoch from p.started_at))::bigint)::text,
            p.expires_at
          from played p where p.pop_url is not null
        ) c
        order by c.event_id, c.kind
        on conflict (point_id, event_id, kind) do nothing
        returning id
      ),
      pixels as (
        -- A playlist's tracking pixel is owed once per show stored (a resent event inserts nothing above).
        insert into ${trackerDeliveries} (cabinet_id, point_id, event_id, kind, url, expires_at)
        select ins.cabinet_id, ins.point_id, ins.event_id, 'pixel', pl.pixel,
          now() + make_interval(secs => ${TRACKER_LIFETIME_SECONDS})
        from ins
        join ${playlists} pl on pl.id = ins.playlist_id and pl.cabinet_id = ins.cabinet_id
        where pl.pixel is not null
        order by ins.event_id
        on conflict (point_id, event_id, kind) do nothing
        returning id
      ),
      hours as (
        -- The local hour the show started in, and the instant it began: the start less its minutes and
        -- seconds past that local hour (exact for zones offset by half or quarter hours, and for the hour
        -- repeated when clocks go back).
        select cabinet_id, point_id, coalesce(playlist_id, 0) as playlist_id, file_id, duration,
          impressions, cost, revenue, source, date_trunc('hour', local_at) as hour_local,
          started_at - (local_at - date_trunc('hour', local_at)) as hour_utc
        from (
          select ins.*, (ins.started_at at time zone pt.tz) as local_at
          from ins cross join pt
        ) s
      ),
      rolled as (
        insert into ${playbackHourly} as r (cabinet_id, point_id, playlist_id, file_id, hour_utc, hour_local,
          shows, seconds, impressions, cost, revenue, source)
        select cabinet_id, point_id, playlist_id, file_id, hour_utc, min(hour_local), count(*)::int,
          sum(duration), coalesce(sum(impressions), 0), coalesce(sum(cost), 0), coalesce(sum(revenue), 0),
          source
        from hours
        group by cabinet_id, point_id, playlist_id, file_id, hour_utc, source
        order by point_id, hour_utc, playlist_id, file_id, source
        on conflict (point_id, hour_utc, playlist_id, file_id, source) do update set
          shows = r.shows + excluded.shows,
          seconds = r.seconds + excluded.seconds,
          impressions = r.impressions + excluded.impressions,
          cost = r.cost + excluded.cost,
          revenue = r.revenue + excluded.revenue
      )
      select (select count(*) from pt)::int as found, (select count(*) from ins)::int as inserted,
        ((select count(*) from pixels) + (select count(*) from adcalls))::int as trackers`,
    );
    const row = result[0];
    return {
      pointFound: Number(row?.found ?? 0) > 0,
      inserted: Number(row?.inserted ?? 0),
      trackers: Number(row?.trackers ?? 0),
    };
  }

  /**
   * Stores the audience a screen measured, per hour of its clock, and gives every show the screen started in
   * those hours that audience as its impressions, moving the hourly rollup by the difference, in one
   * statement. Shows whose impressions an admin corrected keep the correction. A show stored by a call
   * running at the same moment may keep the audience it was given (the screen's setting): the two
   * statements do not see each other's rows.
   */
  async reportAudience(
    cabinetId: CabinetId,
    pointId: number,
    samples: readonly AudienceSample[],
    zone: string | null = null,
  ): Promise<AudienceResult> {
    const result = await rowsOf<{ found: number; hours: number; shows: number }>(
      this.db,
      sql`
      with pt as (
        select id, cabinet_id, coalesce(${zone}::text, timezone) as tz
        from ${points} where id = ${pointId} and cabinet_id = ${cabinetId}
      ),
      input as (
        select * from unnest(
          ${arrayOf(
            samples.map((s) => s.hour),
            'timestamptz',
          )},
          ${arrayOf(
            samples.map((s) => s.viewers),
            'float8',
          )}
        ) with ordinality as t(at, viewers, n)
      ),
      hours as (
        -- The local hour each sample falls in and the instant it began; the batch's last sample of an hour wins.
        select distinct on (hour_utc) hour_utc, hour_local, viewers
        from (
          select i.at - (l.local_at - date_trunc('hour', l.local_at)) as hour_utc,
            date_trunc('hour', l.local_at) as hour_local, i.viewers, i.n
          from input i
          cross join pt
          cross join lateral (select i.at at time zone pt.tz as local_at) l
        ) s
        order by hour_utc, n desc
      ),
      stored as (
        insert into ${audienceHourly} as a (cabinet_id, point_id, hour_utc, hour_local, viewers, reported_at)
        select pt.cabinet_id, pt.id, h.hour_utc, h.hour_local, h.viewers, now()
        from hours h cross join pt
        order by h.hour_utc
        on conflict (point_id, hour_utc) do update set
          hour_local = excluded.hour_local, viewers = excluded.viewers, reported_at = excluded.reported_at
        returning a.hour_utc, a.viewers
      ),
      old as (
        -- Hour by hour, so each is one range of the (point_id, started_at) index.
        select p.id, p.playlist_id, p.file_id, p.source, p.before, s.viewers, s.hour_utc
        from stored s
        cross join lateral (
          select p.id, coalesce(p.playlist_id, 0) as playlist_id, p.file_id, p.source,
            coalesce(p.impressions, 0) as before
          from ${playbacks} p
          where p.point_id = ${pointId} and p.cabinet_id = ${cabinetId}
            and p.started_at >= s.hour_utc and p.started_at < s.hour_utc + interval '1 hour'
            and p.impressions is distinct from s.viewers
            and not exists (select 1 from ${statisticChanges} c
              where c.playback_id = p.id and c.field = 'impressions')
          order by p.id
          for update
        ) p
      ),
      changed as (
        update ${playbacks} p set impressions = old.viewers from old where p.id = old.id returning p.id
      ),
      rollup as (
        update ${playbackHourly} r set impressions = r.impressions + d.delta
        from (
          select old.hour_utc, old.playlist_id, old.file_id, old.source, sum(old.viewers - old.before) as delta
          from old join changed on changed.id = old.id
          group by old.hour_utc, old.playlist_id, old.file_id, old.source
        ) d
        where r.point_id = ${pointId} and r.hour_utc = d.hour_utc and r.playlist_id = d.playlist_id
          and r.file_id = d.file_id and r.source = d.source
      )
      -- (A data-modifying CTE runs to completion whether or not the answer reads it.)
      select (select count(*) from pt)::int as found, (select count(*) from stored)::int as hours,
        (select count(*) from changed)::int as shows`,
    );
    const row = result[0];
    return {
      pointFound: Number(row?.found ?? 0) > 0,
      hours: Number(row?.hours ?? 0),
      shows: Number(row?.shows ?? 0),
    };
  }
}

export interface AudienceResult {
  /** False when the screen is gone: nothing was stored. */
  pointFound: boolean;
  /** Distinct hours stored (two samples of one hour in a batch: the later one). */
  hours: number;
  /** Shows of those hours whose impressions changed. */
  shows: number;
}

/** A time zone name the database does not know (SQLSTATE 22023 from `at time zone`), whichever driver. */
export function unknownTimeZone(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (e.code === '22023' && typeof e.message === 'string' && e.message.includes('time zone')) return true;
    current = e.cause;
  }
  return false;
}

/** One PostgreSQL array literal parameter (values quoted, null kept): a batch is six parameters, whatever its size. */
function arrayOf(
  values: readonly (string | number | null)[],
  type: 'text' | 'int' | 'timestamptz' | 'float8',
): SQL {
  const literal = `{${values
    .map((v) => (v === null ? 'NULL' : `"${String(v).replace(/[\\"]/g, (c) => `\\${c}`)}"`))
    .join(',')}}`;
  return sql`${literal}::${sql.raw(type)}[]`;
}
