import { sql, type SQL } from 'drizzle-orm';
import { addDays, zoneDay, type StatisticFilters } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import { netPoints, nets, playbackHourly, playbackScreenHourly } from '../../db/schema.js';

/**
 * The statistics' conditions, as SQL on a table aliased `t` (statistic.repository.ts runs them): the
 * filters every call takes, the period on a rollup's local hours or days or on the raw rows' instants, and
 * which rollup by hour the filters need.
 */

/** A cabinet's screens of one time zone. */
export interface ZoneGroup {
  zone: string;
  ids: number[];
}

/**
 * A rollup row's hour of the day, as a time ('14:00:00'): the reports by hour of the day group by it and
 * take the hour from each group, as `extract` on every row (a numeric) cost a fifth of the audience report
 * at 100 M shows (bench/README-reports.md).
 */
export const hourOfDay = sql`t.hour_local::time`;

function intArray(values: readonly number[]): SQL {
  return sql`${`{${values.map((v) => Math.trunc(v)).join(',')}}`}::int[]`;
}

/**
 * Conditions on a table with cabinet_id and point_id columns (the alias `t`), and playlist_id and file_id
 * unless `screensOnly` (a table of screens' hours, which the playlist and file filters do not narrow).
 */
function commonWhere(cabinetId: CabinetId, f: StatisticFilters, screensOnly = false): SQL[] {
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
export function rollupWhere(cabinetId: CabinetId, f: StatisticFilters, screensOnly = false): SQL {
  const where = commonWhere(cabinetId, f, screensOnly);
  where.push(sql`t.hour_local >= ${f.from}::timestamp`);
  where.push(sql`t.hour_local < ${addDays(f.to, 1)}::timestamp`);
  return sql.join(where, sql` and `);
}

/**
 * A period's whole local weeks, Monday to Sunday, as days [from, to): the audience reads them from the
 * weekly sums (`playback_screen_weekly`, `audience_weekly`) and only the days outside them by the hour.
 * A period with no whole week answers an empty span at its start.
 */
export function wholeWeeks(f: Pick<StatisticFilters, 'from' | 'to'>): { from: string; to: string } {
  const weekday = (day: string) => (zoneDay('UTC', day).weekday + 6) % 7; // Monday 0
  const first = addDays(f.from, (7 - weekday(f.from)) % 7);
  const end = addDays(f.to, 1);
  const last = addDays(end, -weekday(end));
  return first < last ? { from: first, to: last } : { from: f.from, to: f.from };
}

/** Rows of a weekly sum (`t`, screens only) in the whole weeks of the period. */
export function weeklyWhere(
  cabinetId: CabinetId,
  f: StatisticFilters,
  weeks: { from: string; to: string },
): SQL {
  const where = commonWhere(cabinetId, f, true);
  where.push(sql`t.week_local >= ${weeks.from}::date and t.week_local < ${weeks.to}::date`);
  return sql.join(where, sql` and `);
}

/** Rows of a screen-hour table (`t`) in the period's days outside its whole weeks. */
export function outsideWeeksWhere(
  cabinetId: CabinetId,
  f: StatisticFilters,
  weeks: { from: string; to: string },
): SQL {
  const where = commonWhere(cabinetId, f, true);
  where.push(sql`((t.hour_local >= ${f.from}::timestamp and t.hour_local < ${weeks.from}::timestamp)
    or (t.hour_local >= ${weeks.to}::timestamp and t.hour_local < ${addDays(f.to, 1)}::timestamp))`);
  return sql.join(where, sql` and `);
}

/** Whether the filters name playlists or files (which only the rollups keyed by file can answer). */
export function byFileFilter(f: StatisticFilters): boolean {
  return Boolean(f.playlists?.length || f.files?.length);
}

/** The rollup by hour for these filters, and its rows of the period. */
export function hourRollup(cabinetId: CabinetId, f: StatisticFilters): { table: SQL; where: SQL } {
  const byFile = byFileFilter(f);
  return {
    table: sql`${byFile ? playbackHourly : playbackScreenHourly}`,
    where: rollupWhere(cabinetId, f, !byFile),
  };
}

/** Daily rollup rows of the period: the local days from `from` to `to`. */
export function dailyWhere(cabinetId: CabinetId, f: StatisticFilters): SQL {
  const where = commonWhere(cabinetId, f);
  where.push(sql`t.day_local >= ${f.from}::date and t.day_local <= ${f.to}::date`);
  return sql.join(where, sql` and `);
}

/**
 * Raw rows of the period, on each screen's clock. Each zone of the cabinet gives the instants the period
 * begins and ends there: rows between the latest start and the earliest end are inside for every
 * screen; nearer the edges a row is checked against its own screen's zone (screens grouped by zone, so
 * a row costs an array lookup, not a query). Rows of screens removed since count in UTC.
 */
export function rawWhere(cabinetId: CabinetId, f: StatisticFilters, zones: readonly ZoneGroup[]): SQL {
  const where = commonWhere(cabinetId, f);
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
