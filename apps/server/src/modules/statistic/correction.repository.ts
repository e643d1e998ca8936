import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { playbackHourly, playbacks, statisticChanges } from '../../db/schema.js';
import { rowsOf } from '../../db/sql.js';

export interface RowPatch {
  impressions?: number;
  revenue?: number;
  cost?: number;
  source?: string;
}

const bigintArray = (ids: readonly number[]): SQL => sql`${`{${ids.join(',')}}`}::bigint[]`;

/** `old`: the rows to correct, locked, with the rollup hour each was counted in. */
function oldRows(ids: readonly number[]): SQL {
  return sql`old as (
        select p.id, p.cabinet_id, p.point_id, coalesce(p.playlist_id, 0) as playlist_id, p.file_id,
          p.started_at, p.duration, coalesce(p.impressions, 0) as impressions, p.revenue,
          coalesce(p.cost, 0) as cost, p.source, p.impressions as raw_impressions, p.cost as raw_cost,
          -- The rollup hour the row was counted in: the latest of its key starting at or before the show.
          (select max(h.hour_utc) from ${playbackHourly} h
            where h.point_id = p.point_id and h.playlist_id = coalesce(p.playlist_id, 0)
              and h.file_id = p.file_id and h.source = p.source and h.hour_utc <= p.started_at
              and h.hour_utc > p.started_at - interval '1 hour') as hour_utc
        from ${playbacks} p
        where p.id = any(${bigintArray(ids)})
        order by p.id
        for update
      )`;
}

/** `upd`: the rows with the patch's fields written (the others kept). */
function updatedRows(patch: RowPatch): SQL {
  const set = (field: keyof RowPatch, type: string): SQL =>
    patch[field] === undefined ? sql`p.${sql.raw(field)}` : sql`${patch[field]}::${sql.raw(type)}`;
  return sql`upd as (
        update ${playbacks} p set
          impressions = ${set('impressions', 'float8')},
          revenue = ${set('revenue', 'float8')},
          cost = ${set('cost', 'float8')},
          source = ${set('source', 'text')}
        from old where p.id = old.id
        returning p.id, coalesce(p.impressions, 0) as impressions, p.revenue, coalesce(p.cost, 0) as cost,
          p.source
      )`;
}

/** `changes`: every patched field whose value changed, recorded with who changed it. */
function changeLog(patch: RowPatch, userId: number): SQL {
  const fields = (Object.keys(patch) as (keyof RowPatch)[])
    .filter((k) => patch[k] !== undefined)
    .map((k) => sql`${k}`);
  return sql`changes as (
        insert into ${statisticChanges} (cabinet_id, playback_id, user_id, field, old_value, new_value)
        select old.cabinet_id, old.id, ${userId}, c.field, c.old_value, c.new_value
        from old join upd on upd.id = old.id
        cross join lateral (values
          ('impressions', old.raw_impressions::text, upd.impressions::text),
          ('revenue', old.revenue::text, upd.revenue::text),
          ('cost', old.raw_cost::text, upd.cost::text),
          ('source', old.source, upd.source)
        ) as c(field, old_value, new_value)
        where c.field in (${sql.join(fields, sql`, `)}) and c.old_value is distinct from c.new_value
        returning 1
      )`;
}

/**
 * `moves` and `net`: each counted row's old values leaving its hour and its new ones joining it, summed per
 * rollup key.
 */
const rollupMoves = sql`moves as (
        select old.cabinet_id, old.point_id, old.playlist_id, old.file_id, old.hour_utc, old.source,
          -1 as sign, old.duration, old.impressions, old.revenue, old.cost
        from old where old.hour_utc is not null
        union all
        select old.cabinet_id, old.point_id, old.playlist_id, old.file_id, old.hour_utc, upd.source,
          1, old.duration, upd.impressions, upd.revenue, upd.cost
        from old join upd on upd.id = old.id where old.hour_utc is not null
      ),
      net as (
        select m.cabinet_id, m.point_id, m.playlist_id, m.file_id, m.hour_utc, m.source,
          sum(m.sign)::int as shows, sum(m.sign * m.duration) as seconds,
          sum(m.sign * m.impressions) as impressions, sum(m.sign * m.revenue) as revenue,
          sum(m.sign * m.cost) as cost,
          (select h.hour_local from ${playbackHourly} h where h.point_id = m.point_id
            and h.hour_utc = m.hour_utc limit 1) as hour_local
        from moves m
        group by m.cabinet_id, m.point_id, m.playlist_id, m.file_id, m.hour_utc, m.source
        order by m.point_id, m.hour_utc, m.playlist_id, m.file_id, m.source
      )`;

/** `rolled`: the net moves added to the rollup rows. */
const rolledUp = sql`rolled as (
        insert into ${playbackHourly} as r (cabinet_id, point_id, playlist_id, file_id, hour_utc, hour_local,
          shows, seconds, impressions, revenue, cost, source)
        select cabinet_id, point_id, playlist_id, file_id, hour_utc, hour_local, shows, seconds,
          impressions, revenue, cost, source
        from net
        on conflict (point_id, hour_utc, playlist_id, file_id, source) do update set
          shows = r.shows + excluded.shows,
          seconds = r.seconds + excluded.seconds,
          impressions = r.impressions + excluded.impressions,
          revenue = r.revenue + excluded.revenue,
          cost = r.cost + excluded.cost
        returning 1
      )`;

/** All SQL of statistics corrections: the rows, their change log and the rollup moved with them. */
export class CorrectionRepository {
  constructor(private readonly db: Database) {}

  /**
   * Corrects rows and keeps the rollup equal to them: each row's old values leave its hour and its new
   * values join it (under the new source when the source changes), and every changed field is recorded.
   * Rows of any cabinet: the platform admin's correction (key statistics.edit), hence `platform`. Runs
   * inside the caller's transaction. Answers the rows changed.
   */
  async platformPatch(ids: readonly number[], patch: RowPatch, userId: number): Promise<number> {
    const result = await rowsOf<{ updated: unknown }>(
      this.db,
      sql`
      with ${oldRows(ids)},
      ${updatedRows(patch)},
      ${changeLog(patch, userId)},
      ${rollupMoves},
      ${rolledUp}
      select (select count(*) from upd)::int as updated, (select count(*) from changes)::int as changes,
        (select count(*) from rolled)::int as rolled`,
    );
    const updated = Number(result[0]?.updated ?? 0);
    // A source change empties the old key's row: drop rows left with no shows (of the rows' screens only).
    if (patch.source !== undefined && updated > 0) {
      await this.db.execute(sql`delete from ${playbackHourly} where shows <= 0 and point_id in (
        select p.point_id from ${playbacks} p where p.id = any(${bigintArray(ids)}))`);
    }
    return updated;
  }
}
