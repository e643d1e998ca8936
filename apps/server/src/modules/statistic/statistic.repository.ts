import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../db/sql.js';
import { localDateTime, type StatisticFilters } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import {
  audienceHourly,
  audienceWeekly,
  files,
  netPoints,
  nets,
  playbackDaily,
  playbackScreenHourly,
  playbackScreenWeekly,
  playbacks,
  playlists,
  points,
} from '../../db/schema.js';
import {
  byFileFilter,
  dailyWhere,
  hourOfDay,
  hourRollup,
  outsideWeeksWhere,
  rawWhere,
  weeklyWhere,
  wholeWeeks,
  type ZoneGroup,
} from './statistic.where.js';

/** The sums every report row carries, as numbers. */
export interface Sums {
  shows: number;
  seconds: number;
  impressions: number;
  revenue: number;
  cost: number;
}

export interface ListRow {
  id: number;
  datetime: string;
  localTime: string;
  channel: string | null;
  instance: string | null;
  pointId: number;
  playlist: string | null;
  playlistId: number | null;
  file: string | null;
  fileId: number;
  duration: number;
  impressions: number;
  revenue: number;
  cost: number;
  source: string;
}

/** A key of the keyset walk through the list (newest first). */
export interface ListCursor {
  startedAt: string;
  id: number;
}

const num = (v: unknown): number => Number(v ?? 0);
const sumsOf = (r: Record<string, unknown>): Sums => ({
  shows: num(r.shows),
  seconds: num(r.seconds),
  impressions: num(r.impressions),
  revenue: num(r.revenue),
  cost: num(r.cost),
});

/**
 * All SQL of the statistics: reports come from the rollups, the list and its exports from the raw rows
 * (`playbacks`). A report reads the smallest rollup that holds what it groups and filters by: per day
 * (`playback_daily`) for screens, files, the exchange and the list's total; per screen and hour
 * (`playback_screen_hourly`) for hours unless a playlist or file filter needs the hourly rollup
 * (`playback_hourly`), of which both are sums kept by the database (migration 0037). The conditions are
 * in statistic.where.ts. Every query is scoped to the caller's cabinet; an id of another cabinet in a
 * filter simply matches nothing. Corrections are in correction.repository.ts, the export spool in
 * export-job.repository.ts.
 */
export class StatisticRepository {
  constructor(private readonly db: Database) {}

  /** The cabinet's screens grouped by time zone. */
  private async zones(cabinetId: CabinetId): Promise<ZoneGroup[]> {
    const result = await rowsOf<{ timezone: string; ids: unknown }>(
      this.db,
      sql`select timezone, array_agg(id order by id) as ids from ${points} where cabinet_id = ${cabinetId}
        group by timezone`,
    );
    return result.map((r) => ({
      zone: r.timezone,
      ids: (Array.isArray(r.ids) ? r.ids : String(r.ids).replace(/[{}]/g, '').split(',')).map(Number),
    }));
  }

  async reportByHour(cabinetId: CabinetId, f: StatisticFilters): Promise<(Sums & { hour: string })[]> {
    const { table, where } = hourRollup(cabinetId, f);
    const result = await rowsOf<Record<string, unknown>>(
      this.db,
      sql`
      select to_char(t.hour_local, 'YYYY-MM-DD HH24:00') as hour, sum(t.shows)::bigint as shows,
        sum(t.seconds) as seconds, sum(t.impressions) as impressions, sum(t.revenue) as revenue,
        sum(t.cost) as cost
      from ${table} t
      where ${where}
      group by t.hour_local
      order by t.hour_local`,
    );
    return result.map((r) => ({ hour: String(r.hour), ...sumsOf(r) }));
  }

  async reportByInstances(
    cabinetId: CabinetId,
    f: StatisticFilters,
  ): Promise<(Sums & { pointId: number; name: string | null })[]> {
    const result = await rowsOf<Record<string, unknown>>(
      this.db,
      sql`
      select s.point_id, pt.name, s.shows, s.seconds, s.impressions, s.revenue, s.cost
      from (
        select t.point_id, sum(t.shows)::bigint as shows, sum(t.seconds) as seconds,
          sum(t.impressions) as impressions, sum(t.revenue) as revenue, sum(t.cost) as cost
        from ${playbackDaily} t
        where ${dailyWhere(cabinetId, f)}
        group by t.point_id
      ) s
      left join ${points} pt on pt.id = s.point_id and pt.cabinet_id = ${cabinetId}
      order by pt.name nulls last, s.point_id`,
    );
    return result.map((r) => ({
      pointId: num(r.point_id),
      name: (r.name as string | null) ?? null,
      ...sumsOf(r),
    }));
  }

  async reportByFiles(
    cabinetId: CabinetId,
    f: StatisticFilters,
  ): Promise<
    (Sums & { playlistId: number | null; playlist: string | null; fileId: number; file: string | null })[]
  > {
    const result = await rowsOf<Record<string, unknown>>(
      this.db,
      sql`
      select s.playlist_id, pl.name as playlist, s.file_id, fl.name as file, s.shows, s.seconds,
        s.impressions, s.revenue, s.cost
      from (
        select t.playlist_id, t.file_id, sum(t.shows)::bigint as shows, sum(t.seconds) as seconds,
          sum(t.impressions) as impressions, sum(t.revenue) as revenue, sum(t.cost) as cost
        from ${playbackDaily} t
        where ${dailyWhere(cabinetId, f)}
        group by t.playlist_id, t.file_id
      ) s
      left join ${playlists} pl on pl.id = s.playlist_id and pl.cabinet_id = ${cabinetId}
      left join ${files} fl on fl.id = s.file_id and fl.cabinet_id = ${cabinetId}
      order by s.shows desc, s.playlist_id, s.file_id`,
    );
    return result.map((r) => ({
      playlistId: num(r.playlist_id) === 0 ? null : num(r.playlist_id),
      playlist: (r.playlist as string | null) ?? null,
      fileId: num(r.file_id),
      file: (r.file as string | null) ?? null,
      ...sumsOf(r),
    }));
  }

  /**
   * Shows and their impressions per screen and hour of the day. Without a playlist or file filter the
   * period's whole weeks come from the weekly sums and only the days outside them from the screen-hours
   * (`wholeWeeks`); with one, from the hourly rollup.
   */
  async audience(
    cabinetId: CabinetId,
    f: StatisticFilters,
  ): Promise<{ pointId: number; name: string | null; hour: number; shows: number; impressions: number }[]> {
    const byHour = (table: SQL, where: SQL) => sql`
      select e.point_id, extract(hour from e.at)::int as hour, e.shows, e.impressions
      from (
        select t.point_id, ${hourOfDay} as at, sum(t.shows)::bigint as shows, sum(t.impressions) as impressions
        from ${table} t
        where ${where}
        group by 1, 2
      ) e`;
    const { table, where } = hourRollup(cabinetId, f);
    const weeks = wholeWeeks(f);
    const rows = byFileFilter(f)
      ? byHour(table, where)
      : sql`
        select u.point_id, u.hour, sum(u.shows)::bigint as shows, sum(u.impressions) as impressions
        from (
          select t.point_id, t.hour_of_day::int as hour, t.shows::bigint as shows, t.impressions
          from ${playbackScreenWeekly} t
          where ${weeklyWhere(cabinetId, f, weeks)}
          union all
          ${byHour(sql`${playbackScreenHourly}`, outsideWeeksWhere(cabinetId, f, weeks))}
        ) u
        group by 1, 2`;
    const result = await rowsOf<Record<string, unknown>>(
      this.db,
      sql`
      select s.point_id, pt.name, s.hour, s.shows, s.impressions
      from (${rows}) s
      left join ${points} pt on pt.id = s.point_id and pt.cabinet_id = ${cabinetId}
      order by pt.name nulls last, s.point_id, s.hour`,
    );
    return result.map((r) => ({
      pointId: num(r.point_id),
      name: (r.name as string | null) ?? null,
      hour: num(r.hour),
      shows: num(r.shows),
      impressions: num(r.impressions),
    }));
  }

  /**
   * How many hours of the period each screen measured its audience in, per hour of its day (a screen's own
   * table, read apart from the rollup so the audience report does not join every rollup row to it): the
   * whole weeks from their weekly counts, the days outside them by the hour.
   */
  async measuredHours(
    cabinetId: CabinetId,
    f: StatisticFilters,
  ): Promise<{ pointId: number; hour: number; hours: number }[]> {
    const weeks = wholeWeeks(f);
    const result = await rowsOf<Record<string, unknown>>(
      this.db,
      sql`
      select u.point_id, u.hour, sum(u.hours)::int as hours
      from (
        select t.point_id, t.hour_of_day::int as hour, t.hours
        from ${audienceWeekly} t
        where ${weeklyWhere(cabinetId, f, weeks)}
        union all
        select e.point_id, extract(hour from e.at)::int as hour, e.hours
        from (
          select t.point_id, ${hourOfDay} as at, count(*)::int as hours
          from ${audienceHourly} t
          where ${outsideWeeksWhere(cabinetId, f, weeks)}
          group by 1, 2
        ) e
      ) u
      group by 1, 2`,
    );
    return result.map((r) => ({
      pointId: num(r.point_id),
      hour: num(r.hour),
      hours: num(r.hours),
    }));
  }

  /** Shows, impressions, revenue and cost per local day and source. */
  async exchange(
    cabinetId: CabinetId,
    f: StatisticFilters,
  ): Promise<
    { date: string; source: string; shows: number; impressions: number; revenue: number; cost: number }[]
  > {
    const result = await rowsOf<Record<string, unknown>>(
      this.db,
      sql`
      select to_char(s.day, 'YYYY-MM-DD') as date, s.source, s.shows, s.impressions, s.revenue, s.cost
      from (
        select t.day_local as day, t.source, sum(t.shows)::bigint as shows,
          sum(t.impressions) as impressions, sum(t.revenue) as revenue, sum(t.cost) as cost
        from ${playbackDaily} t
        where ${dailyWhere(cabinetId, f)}
        group by 1, 2
      ) s
      order by s.day, s.source`,
    );
    return result.map((r) => ({
      date: String(r.date),
      source: String(r.source),
      shows: num(r.shows),
      impressions: num(r.impressions),
      revenue: num(r.revenue),
      cost: num(r.cost),
    }));
  }

  /** How many shows the filters match: the rollup's sum, so a long period needs no count of raw rows. */
  async countShows(cabinetId: CabinetId, f: StatisticFilters): Promise<number> {
    const result = await rowsOf<{ n: unknown }>(
      this.db,
      sql`
      select coalesce(sum(t.shows), 0)::bigint as n from ${playbackDaily} t
      where ${dailyWhere(cabinetId, f)}`,
    );
    return num(result[0]?.n);
  }

  /**
   * One page of shows, newest first. `after` continues a walk from a row (exports), else `offset` skips.
   */
  async list(
    cabinetId: CabinetId,
    f: StatisticFilters,
    page: { limit: number; offset?: number; after?: ListCursor },
  ): Promise<(ListRow & { cursor: ListCursor })[]> {
    const after = page.after
      ? sql`and (t.started_at, t.id) < (${page.after.startedAt}::timestamptz, ${page.after.id})`
      : sql``;
    const zones = await this.zones(cabinetId);
    const result = await rowsOf<Record<string, unknown>>(
      this.db,
      sql`
      select s.*,
        pt.timezone,
        (select string_agg(n.name, ', ' order by n.name) from ${netPoints} np
          join ${nets} n on n.id = np.net_id where np.point_id = s.point_id) as channel
      from (
        select t.id, t.point_id, t.playlist_id, t.file_id, t.point_name, t.playlist_name, t.file_name,
          t.started_at, to_char(t.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as datetime,
          t.started_at::text as cursor_at, t.duration, t.impressions, t.revenue, t.cost, t.source
        from ${playbacks} t
        where ${rawWhere(cabinetId, f, zones)} ${after}
        order by t.started_at desc, t.id desc
        limit ${page.limit} offset ${page.offset ?? 0}
      ) s
      left join ${points} pt on pt.id = s.point_id and pt.cabinet_id = ${cabinetId}
      order by s.started_at desc, s.id desc`,
    );
    return result.map((r) => ({
      id: num(r.id),
      datetime: String(r.datetime),
      // On the screen's clock, worked out here: a zone the database lacks must not fail the whole page.
      localTime: localDateTime(r.timezone as string | null, Date.parse(String(r.datetime))),
      channel: (r.channel as string | null) ?? null,
      instance: (r.point_name as string | null) ?? null,
      pointId: num(r.point_id),
      playlist: (r.playlist_name as string | null) ?? null,
      playlistId: r.playlist_id === null ? null : num(r.playlist_id),
      file: (r.file_name as string | null) ?? null,
      fileId: num(r.file_id),
      duration: num(r.duration),
      impressions: num(r.impressions),
      revenue: num(r.revenue),
      cost: num(r.cost),
      source: String(r.source),
      cursor: { startedAt: String(r.cursor_at), id: num(r.id) },
    }));
  }
}
