import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../db/sql.js';
import { addDays, localDateTime, zoneDay, type StatisticFilters } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import {
  audienceHourly,
  files,
  netPoints,
  nets,
  playbackDaily,
  playbackHourly,
  playbackScreenHourly,
  playbacks,
  playlists,
  points,
} from '../../db/schema.js';

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

interface ZoneGroup {
  zone: string;
  ids: number[];
}

const num = (v: unknown): number => Number(v ?? 0);
const sumsOf = (r: Record<string, unknown>): Sums => ({
  shows: num(r.shows),
  seconds: num(r.seconds),
  impressions: num(r.impressions),
  revenue: num(r.revenue),
  cost: num(r.cost),
});

function intArray(values: readonly number[]): SQL {
  return sql`${`{${values.map((v) => Math.trunc(v)).join(',')}}`}::int[]`;
}

/**
 * All SQL of the statistics: reports come from the rollups, the list and its exports from the raw rows
 * (`playbacks`). A report reads the smallest rollup that holds what it groups and filters by: per day
 * (`playback_daily`) for screens, files, the exchange and the list's total; per screen and hour
 * (`playback_screen_hourly`) for hours unless a playlist or file filter needs the hourly rollup
 * (`playback_hourly`), of which both are sums kept by the database (migration 0037). Every query is scoped to the caller's cabinet; an id of another
 * cabinet in a filter simply matches nothing. Corrections are in correction.repository.ts, the export spool
 * in export-job.repository.ts.
 */
export class StatisticRepository {
  constructor(private readonly db: Database) {}

  /**
   * Conditions on a table with cabinet_id and point_id columns (the alias `t`), and playlist_id and file_id
   * unless `screensOnly` (a table of screens' hours, which the playlist and file filters do not narrow).
   */
  private common(cabinetId: CabinetId, f: StatisticFilters, screensOnly = false): SQL[] {
    const where: SQL[] = [sql`t.cabinet_id = ${cabinetId}`];
    if (f.points?.length) where.push(sql`t.point_id = any(${intArray(f.points)})`);
    if (f.nets?.length) {
      where.push(sql`t.point_id in (select np.point_id from ${netPoints} np join ${nets} n on n.id = np.net_id
        where n.cabinet_id = ${cabinetId} and np.net_id = any(${intArray(f.nets)}))`);
    }
    if (screensOnly) return where;
    // Ids are positive: the rollup's 0 and the raw rows' null (no playlist) never match a filter.
    if (f.playlists?.length) where.push(sql`t.playlist_id = any(${intArray(f.playlists)})`);
    if (f.files?.length) where.push(sql`t.file_id = any(${intArray(f.files)})`);
    return where;
  }

  /** Rollup rows of the period: local hours from `from` 00:00 to the end of `to`. */
  private rollupWhere(cabinetId: CabinetId, f: StatisticFilters, screensOnly = false): SQL {
    const where = this.common(cabinetId, f, screensOnly);
    where.push(sql`t.hour_local >= ${f.from}::timestamp`);
    where.push(sql`t.hour_local < ${addDays(f.to, 1)}::timestamp`);
    return sql.join(where, sql` and `);
  }

  /** The rollup by hour for these filters, and its rows of the period. */
  private hours(cabinetId: CabinetId, f: StatisticFilters): { table: SQL; where: SQL } {
    const byFile = Boolean(f.playlists?.length || f.files?.length);
    return {
      table: sql`${byFile ? playbackHourly : playbackScreenHourly}`,
      where: this.rollupWhere(cabinetId, f, !byFile),
    };
  }

  /** Daily rollup rows of the period: the local days from `from` to `to`. */
  private dailyWhere(cabinetId: CabinetId, f: StatisticFilters): SQL {
    const where = this.common(cabinetId, f);
    where.push(sql`t.day_local >= ${f.from}::date and t.day_local <= ${f.to}::date`);
    return sql.join(where, sql` and `);
  }

  /**
   * Raw rows of the period, on each screen's clock. Each zone of the cabinet gives the instants the period
   * begins and ends there: rows between the latest start and the earliest end are inside for every
   * screen; nearer the edges a row is checked against its own screen's zone (screens grouped by zone, so
   * a row costs an array lookup, not a query). Rows of screens removed since count in UTC.
   */
  private rawWhere(cabinetId: CabinetId, f: StatisticFilters, zones: readonly ZoneGroup[]): SQL {
    const where = this.common(cabinetId, f);
    const iso = (ms: number) => new Date(ms).toISOString();
    const bounds = (zone: string) => {
      try {
        return { start: zoneDay(zone, f.from).start, end: zoneDay(zone, f.to).end };
      } catch {
        return null; // a zone Intl does not know: its screens count in UTC
      }
    };
    const utc = bounds('UTC')!;
    const groups = new Map<string, { start: number; end: number; ids: number[] }>();
    for (const z of zones) {
      const b = bounds(z.zone) ?? utc;
      const key = `${b.start}:${b.end}`;
      const group = groups.get(key) ?? { ...b, ids: [] };
      group.ids.push(...z.ids);
      groups.set(key, group);
    }
    const all = [...groups.values()];
    const lo = Math.min(utc.start, ...all.map((g) => g.start));
    const hi = Math.max(utc.end, ...all.map((g) => g.end));
    const innerLo = Math.max(utc.start, ...all.map((g) => g.start));
    const innerHi = Math.min(utc.end, ...all.map((g) => g.end));
    const known = zones.flatMap((z) => z.ids);
    const edges = [
      ...all.map(
        (g) => sql`(t.point_id = any(${intArray(g.ids)}) and t.started_at >= ${iso(g.start)}::timestamptz
          and t.started_at < ${iso(g.end)}::timestamptz)`,
      ),
      sql`(t.point_id <> all(${intArray(known)}) and t.started_at >= ${iso(utc.start)}::timestamptz
        and t.started_at < ${iso(utc.end)}::timestamptz)`,
    ];
    where.push(sql`t.started_at >= ${iso(lo)}::timestamptz and t.started_at < ${iso(hi)}::timestamptz`);
    where.push(sql`((t.started_at >= ${iso(innerLo)}::timestamptz and t.started_at < ${iso(innerHi)}::timestamptz)
      or ${sql.join(edges, sql` or `)})`);
    return sql.join(where, sql` and `);
  }

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
    const { table, where } = this.hours(cabinetId, f);
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
        where ${this.dailyWhere(cabinetId, f)}
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
        where ${this.dailyWhere(cabinetId, f)}
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

  /** Shows and their impressions per screen and hour of the day. */
  async audience(
    cabinetId: CabinetId,
    f: StatisticFilters,
  ): Promise<{ pointId: number; name: string | null; hour: number; shows: number; impressions: number }[]> {
    const { table, where } = this.hours(cabinetId, f);
    const result = await rowsOf<Record<string, unknown>>(
      this.db,
      sql`
      select s.point_id, pt.name, s.hour, s.shows, s.impressions
      from (
        select t.point_id, extract(hour from t.hour_local)::int as hour, sum(t.shows)::bigint as shows,
          sum(t.impressions) as impressions
        from ${table} t
        where ${where}
        group by 1, 2
      ) s
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
   * table, read apart from the rollup so the audience report does not join every rollup row to it).
   */
  async measuredHours(
    cabinetId: CabinetId,
    f: StatisticFilters,
  ): Promise<{ pointId: number; hour: number; hours: number }[]> {
    const result = await rowsOf<Record<string, unknown>>(
      this.db,
      sql`
      select t.point_id, extract(hour from t.hour_local)::int as hour, count(*)::int as hours
      from ${audienceHourly} t
      where ${this.rollupWhere(cabinetId, f, true)}
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
        where ${this.dailyWhere(cabinetId, f)}
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
      where ${this.dailyWhere(cabinetId, f)}`,
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
        where ${this.rawWhere(cabinetId, f, zones)} ${after}
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
