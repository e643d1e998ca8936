import { sql, type SQL } from 'drizzle-orm';
import type { PlaybackEvent } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import {
  audienceHourly,
  sspAds,
  files,
  playbackHourly,
  playbacks,
  playlists,
  points,
  trackerDeliveries,
} from '../../db/schema.js';
import { anyId } from '../../db/sql.js';
import { arrayOf } from './array-param.js';

/**
 * The pieces of the one statement that stores a screen's shows (PlaybackRepository.ingest), each a named
 * CTE in the order the statement runs them: the screen, the events, the stored shows, the ads' calls, the
 * playlists' pixels and the hourly rollup. A batch carries only the steps it needs (`ingestParts`): the ad
 * steps when an event names an ad, the pixel step when a show names a playlist.
 */

/** How long a show's trackers are retried before they are given up (a day). */
export const TRACKER_LIFETIME_SECONDS = 86_400;

/** `pt`: the screen, if it is still the cabinet's, with the zone its hours are counted in. */
export function screen(cabinetId: CabinetId, pointId: number, zone: string | null): SQL {
  return sql`pt as (
        select id, cabinet_id, name, audience, playback_cost, coalesce(${zone}::text, timezone) as tz
        from ${points} where id = ${pointId} and cabinet_id = ${cabinetId}
      )`;
}

/** `input`: the batch's events as rows (their ad ids only when `ads`: no other step reads them). */
export function eventRows(events: readonly PlaybackEvent[], ads: boolean): SQL {
  const adIds = ads
    ? sql`,
          ${arrayOf(
            events.map((e) => e.adId ?? null),
            'int',
          )}`
    : sql``;
  return sql`input as (
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
          )}${adIds}
        ) as t(event_id, file_id, playlist_id, started_at, ended_at, duration${ads ? sql`, ad_id` : sql``})
      )`;
}

/** The pieces of `ins` that give a show its ad: present only for a batch with an event that names an ad. */
const adPieces = {
  ranked: sql`-- An ad's show: its first show of the ad's creative in the batch takes the ad, if the ad is this
      -- screen's and waiting (docs/ssp.md, "Proof of play").
      ranked as (
        select i.*, row_number() over (partition by i.ad_id, i.file_id order by i.started_at, i.event_id) as ad_rank
        from input i
      ),
      `,
  from: sql`ranked`,
  multiplier: sql`ad.multiplier_micros / 1000000.0, `,
  columns: sql`ad.id, coalesce(ad.revenue_micros / 1000000.0, 0), coalesce(ad.source, 'manual')`,
  join: sql`
        left join ${sspAds} ad on ad.id = i.ad_id and i.ad_rank = 1 and ad.point_id = pt.id
          and ad.cabinet_id = pt.cabinet_id and ad.status = 'leased' and ad.file_id = i.file_id`,
};

/** Without an ad: what a show that finds no ad stores (no ad, no revenue, 'manual'). */
const noAdPieces: typeof adPieces = {
  ranked: sql``,
  from: sql`input`,
  multiplier: sql``,
  columns: sql`null, 0, 'manual'`,
  join: sql``,
};

/**
 * `ranked` and `ins`: the shows stored, each with its names, audience, cost and ad looked up in the screen's
 * own cabinet; an event already stored is skipped (and answers nothing below). A batch none of whose events
 * names an ad (`ads` false: most batches) leaves out the ad's ranking and lookup: no show of it could find an
 * ad, and each stores what it would have stored without one.
 */
export function storedShows(ads: boolean): SQL {
  const ad = ads ? adPieces : noAdPieces;
  return sql`${ad.ranked}ins as (
        insert into ${playbacks} (cabinet_id, point_id, event_id, file_id, playlist_id, file_name,
          playlist_name, point_name, started_at, ended_at, duration, impressions, cost, ad_id, revenue,
          source)
        select pt.cabinet_id, pt.id, i.event_id, i.file_id, i.playlist_id, f.name, pl.name, pt.name,
          i.started_at, i.ended_at, i.duration,
          -- An ad's audience multiplier; else the audience the screen measured in that hour, else its
          -- setting for the hour, else its average.
          coalesce(${ad.multiplier}a.viewers,
            (pt.audience -> 'perHour' ->> extract(hour from l.local_at)::int)::float8,
            (pt.audience ->> 'viewers')::float8),
          pt.playback_cost::float8, ${ad.columns}
        from ${ad.from} i
        cross join pt
        cross join lateral (select i.started_at at time zone pt.tz as local_at) l
        left join ${audienceHourly} a on a.point_id = pt.id
          and a.hour_utc = i.started_at - (l.local_at - date_trunc('hour', l.local_at))
        left join ${files} f on f.id = i.file_id and f.cabinet_id = pt.cabinet_id
        left join ${playlists} pl on pl.id = i.playlist_id and pl.cabinet_id = pt.cabinet_id${ad.join}
        order by i.event_id
        on conflict (point_id, event_id) do nothing
        returning cabinet_id, point_id, event_id, playlist_id, file_id, started_at, duration, impressions,
          cost, source, revenue, ad_id
      )`;
}

/** `played` and `adcalls`: the ads these shows played, and the calls each owes its supplier. */
export const adCalls = sql`played as (
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
      )`;

/**
 * `pixels`: the playlists' tracking pixels these shows owe. `playlistIds` are the batch's playlists: only
 * those are read (by key, in the screen's cabinet), and a batch whose playlists have none inserts nothing.
 */
export function pixelCalls(cabinetId: CabinetId, playlistIds: readonly number[]): SQL {
  return sql`pixels as (
        -- A playlist's tracking pixel is owed once per show stored (a resent event inserts nothing above).
        insert into ${trackerDeliveries} (cabinet_id, point_id, event_id, kind, url, expires_at)
        select ins.cabinet_id, ins.point_id, ins.event_id, 'pixel', pl.pixel,
          now() + make_interval(secs => ${TRACKER_LIFETIME_SECONDS})
        from (
          select id, pixel from ${playlists}
          where ${anyId(playlists.id, playlistIds)} and cabinet_id = ${cabinetId} and pixel is not null
        ) pl
        join ins on ins.playlist_id = pl.id
        order by ins.event_id
        on conflict (point_id, event_id, kind) do nothing
        returning id
      )`;
}

/** `hours` and `rolled`: the stored shows added to the hourly rollup, rows in key order. */
export const hourlyRollup = sql`hours as (
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
      )`;

/**
 * What a batch needs beyond storing and rolling up its shows, read from its events alone: the ad steps
 * when an event names an ad, the pixel step for the playlists its shows name (none: no step).
 */
export function ingestParts(events: readonly PlaybackEvent[]): {
  ads: boolean;
  playlistIds: number[];
} {
  const playlistIds = new Set<number>();
  let ads = false;
  for (const e of events) {
    if (e.adId !== undefined && e.adId !== null) ads = true;
    if (e.playlistId !== null) playlistIds.add(e.playlistId);
  }
  return { ads, playlistIds: [...playlistIds] };
}
