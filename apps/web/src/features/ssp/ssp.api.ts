import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { sspApi, type ExportFormat, type SspReport } from '@vitrine/core';
import { call, keyOf } from '../../api/contract';
import { downloadFile } from '../../api/download';

export const SSP_PAGE_SIZES = [10, 100, 1000] as const;

/** The SSP pages' range: UTC days, both included (the statistics pages' filter bar sets it). */
export interface SspRange {
  from: string;
  to: string;
}

/** GET /api/ssp/report: income by hour and source, with totals. */
export function useSspReport(range: SspRange, page: number, limit: number) {
  const query = { ...range, page, limit };
  return useQuery({
    queryKey: keyOf(sspApi.report, { query }),
    queryFn: () => call(sspApi.report, { query }),
    placeholderData: keepPreviousData,
  });
}

/** Most report rows (hour and source) the chart reads: 1000 a call, at most this many calls. */
const CHART_PAGES = 10;

/** Every hour of the range for the chart: the report read page by page (1000 rows a call). */
export function useSspReportHours(range: SspRange) {
  return useQuery({
    queryKey: keyOf(sspApi.report, { query: range }, 'chart'),
    queryFn: async () => {
      const rows: SspReport['data'] = [];
      for (let page = 1; page <= CHART_PAGES; page++) {
        const answer = await call(sspApi.report, { query: { ...range, page, limit: 1000 } });
        rows.push(...answer.data);
        if (rows.length >= answer.total || answer.data.length === 0) break;
      }
      return rows;
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /api/ssp/statistic: every ad show. */
export function useSspShows(range: SspRange, page: number, limit: number) {
  const query = { ...range, page, limit };
  return useQuery({
    queryKey: keyOf(sspApi.statistic, { query }),
    queryFn: () => call(sspApi.statistic, { query }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/ssp/file: the creatives received in the range. */
export function useSspFiles(range: SspRange, page: number, limit: number) {
  const query = { ...range, page, limit };
  return useQuery({
    queryKey: keyOf(sspApi.file, { query }),
    queryFn: () => call(sspApi.file, { query }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/ssp/reconciliation: ours beside each supplier's figures, by hour and supplier. */
export function useSspReconciliation(range: SspRange, page: number, limit: number) {
  const query = { ...range, page, limit };
  return useQuery({
    queryKey: keyOf(sspApi.reconciliation, { query }),
    queryFn: () => call(sspApi.reconciliation, { query }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/ssp/file/approve/:id. */
export const approveSspFile = (id: number) => call(sspApi.approve, { params: { id } });

/** The report (by hours) or the list of shows as a file, downloaded at once. */
export function downloadSsp(what: 'report' | 'list', format: ExportFormat, range: SspRange) {
  const route = what === 'report' ? sspApi.printReport : sspApi.printList;
  return downloadFile(route.path, { ...range, format }, `ssp-${what}-${range.from}_${range.to}.${format}`);
}

/** A saved playlist's screens the SSP connector leaves out, with the fields each lacks (silently). */
export function useSspMissing(playlistId: number | null) {
  const params = { id: playlistId ?? 0 };
  return useQuery({
    queryKey: keyOf(sspApi.playlistMissing, { params }),
    queryFn: () => call(sspApi.playlistMissing, { params }, { silent: true }),
    enabled: playlistId !== null,
  });
}
