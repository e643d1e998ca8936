import type { ExportKind, ReportTotals, StatisticFilters } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { ExportTable } from './export.js';
import type { StatisticRepository, Sums } from './statistic.repository.js';

/** Rows read per query while exporting the list (a keyset walk, newest first). */
const EXPORT_PAGE = 5000;

const KIND_TITLE: Record<ExportKind, string> = {
  list: 'Statistics',
  hour: 'Report by hours',
  files: 'Report by files',
  instances: 'Report by instances',
};

const SUM_COLUMNS = [
  { title: 'Shows', width: 60, numeric: true },
  { title: 'Seconds', width: 70, numeric: true },
  { title: 'Impressions', width: 80, numeric: true },
  { title: 'Revenue', width: 70, numeric: true },
  { title: 'Cost', width: 70, numeric: true },
];

const LIST_COLUMNS = [
  { title: 'Time (screen)', width: 115 },
  { title: 'Time (UTC)', width: 140 },
  { title: 'Channel', width: 110 },
  { title: 'Instance', width: 110 },
  { title: 'Playlist', width: 110 },
  { title: 'File', width: 120 },
  { title: 'Shows', width: 40, numeric: true },
  { title: 'Impressions', width: 70, numeric: true },
  { title: 'Revenue', width: 60, numeric: true },
  { title: 'Cost', width: 60, numeric: true },
  { title: 'Source', width: 60 },
];

export function totalsOf(rows: readonly Sums[]): ReportTotals {
  const totals = { shows: 0, seconds: 0, impressions: 0, revenue: 0, cost: 0 };
  for (const r of rows) {
    totals.shows += r.shows;
    totals.seconds += r.seconds;
    totals.impressions += r.impressions;
    totals.revenue += r.revenue;
    totals.cost += r.cost;
  }
  return totals;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

const sums = (s: ReportTotals) => [
  s.shows,
  round(s.seconds),
  round(s.impressions),
  round(s.revenue),
  round(s.cost),
];

/** The table an export writes: the list walked page by page, or a report with its totals row. */
export function exportTable(
  repo: StatisticRepository,
  cabinetId: CabinetId,
  kind: ExportKind,
  filters: StatisticFilters,
): ExportTable {
  const title = `${KIND_TITLE[kind]} ${filters.from} – ${filters.to}`;
  if (kind === 'list') return { title, columns: LIST_COLUMNS, rows: listRows(repo, cabinetId, filters) };
  const once = async function* (make: () => Promise<(string | number | null)[][]>) {
    yield await make();
  };
  if (kind === 'hour') {
    return {
      title,
      columns: [{ title: 'Hour', width: 110 }, ...SUM_COLUMNS],
      rows: once(async () => {
        const rows = await repo.reportByHour(cabinetId, filters);
        return [...rows.map((r) => [r.hour, ...sums(r)]), ['Total', ...sums(totalsOf(rows))]];
      }),
    };
  }
  if (kind === 'files') {
    return {
      title,
      columns: [{ title: 'Playlist', width: 160 }, { title: 'File', width: 160 }, ...SUM_COLUMNS],
      rows: once(async () => {
        const rows = await repo.reportByFiles(cabinetId, filters);
        return [
          ...rows.map((r) => [r.playlist, r.file, ...sums(r)]),
          ['Total', null, ...sums(totalsOf(rows))],
        ];
      }),
    };
  }
  return {
    title,
    columns: [{ title: 'Instance', width: 200 }, ...SUM_COLUMNS],
    rows: once(async () => {
      const rows = await repo.reportByInstances(cabinetId, filters);
      return [...rows.map((r) => [r.name, ...sums(r)]), ['Total', ...sums(totalsOf(rows))]];
    }),
  };
}

/** The list's rows, page by page. */
async function* listRows(repo: StatisticRepository, cabinetId: CabinetId, filters: StatisticFilters) {
  let after;
  for (;;) {
    const page = await repo.list(cabinetId, filters, {
      limit: EXPORT_PAGE,
      ...(after ? { after } : {}),
    });
    if (page.length === 0) return;
    yield page.map((r) => [
      r.localTime,
      r.datetime,
      r.channel,
      r.instance,
      r.playlist,
      r.file,
      1,
      r.impressions,
      r.revenue,
      r.cost,
      r.source,
    ]);
    if (page.length < EXPORT_PAGE) return;
    after = page[page.length - 1]!.cursor;
  }
}
