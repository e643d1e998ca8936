import { sql, type SQL } from 'drizzle-orm';
import type { AudienceSample } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import { audienceHourly, playbackHourly, playbacks, points, statisticChanges } from '../../db/schema.js';
import { arrayOf } from './array-param.js';

/**
 * The pieces of the one statement that stores a screen's measured audience and gives its shows that
 * audience (PlaybackRepository.reportAudience), each a named CTE in the order the statement runs them.
 */

/** `pt`: the screen, if it is still the cabinet's, with the zone its hours are counted in. */
export function audienceScreen(cabinetId: CabinetId, pointId: number, zone: string | null): SQL {
  return sql`pt as (
        select id, cabinet_id, coalesce(${zone}::text, timezone) as tz
        from ${points} where id = ${pointId} and cabinet_id = ${cabinetId}
      )`;
}

/** `input`: the batch's samples as rows, in the order sent. */
export function sampleRows(samples: readonly AudienceSample[]): SQL {
  return sql`input as (
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
      )`;
}

/** `hours` and `stored`: one sample per hour of the screen's clock, stored. */
export const storedAudience = sql`hours as (
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
      )`;

/** `old`, `changed` and `rollup`: the hours' shows given the audience as impressions, the rollup moved by the difference. */
export function reattributed(cabinetId: CabinetId, pointId: number): SQL {
  return sql`old as (
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
      )`;
}
