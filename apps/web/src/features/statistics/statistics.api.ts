import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  statisticApi,
  pointApi,
  playlistApi,
  mediaApi,
  type StatisticPatchBody,
  type ExportFormat,
  type ExportKind,
  type ReportKind,
  type RouteContract,
  type RouteOutput,
} from '@vitrine/core';
import { downloadFile } from '../../api/download';
import { filtersQuery, type StatFilters } from './filters';
import { areaKey, call, keyOf } from '../../api/contract';

/** The three reports the page shows; prints go by hour, by files, or by instances through its own call. */
export type ReportView = 'hour' | 'instances' | 'files';
const REPORT_ROUTES = {
  hour: statisticApi.getReportByHour,
  instances: statisticApi.getReportByInstances,
  files: statisticApi.getReportByFiles,
} as const;
type Reports = { [K in ReportView]: RouteOutput<(typeof REPORT_ROUTES)[K]> };

export function useReport<K extends ReportView>(kind: K, filters: StatFilters, enabled = true) {
  return useQuery({
    queryKey: keyOf(REPORT_ROUTES[kind] as RouteContract as typeof statisticApi.getReportByHour, {
      query: filtersQuery(filters),
    }),
    // The three reports take the same filters; each answers its own shape.
    queryFn: () =>
      call(REPORT_ROUTES[kind] as RouteContract as typeof statisticApi.getReportByHour, {
        query: filtersQuery(filters),
      }) as Promise<unknown> as Promise<Reports[K]>,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const useStatisticList = (filters: StatFilters, page: number, limit: number) =>
  useQuery({
    queryKey: keyOf(statisticApi.list, { query: { ...filtersQuery(filters), page, limit } }),
    queryFn: () => call(statisticApi.list, { query: { ...filtersQuery(filters), page, limit } }),
    placeholderData: keepPreviousData,
  });

/** The background exports; polled every 2 s while one is still queued or running. */
export const useSpool = () =>
  useQuery({
    queryKey: keyOf(statisticApi.spoolReport),
    queryFn: () => call(statisticApi.spoolReport, {}, { silent: true }),
    refetchInterval: (query) =>
      query.state.data?.list.some((job) => job.status === 'queued' || job.status === 'running')
        ? 2_000
        : false,
  });

/** What an export is of: the list, or one of the three reports. */
export type ExportTarget = ExportKind;

function exportRequest(target: ExportTarget): { path: string; kind?: ReportKind } {
  if (target === 'list') return { path: '/statistic/print-list' };
  if (target === 'instances') return { path: '/statistic/print-report-by-instances' };
  return { path: '/statistic/print-report', kind: target };
}

export function useExports() {
  const client = useQueryClient();
  const direct = useMutation({
    mutationFn: ({
      target,
      format,
      filters,
    }: {
      target: ExportTarget;
      format: ExportFormat;
      filters: StatFilters;
    }) => {
      const { path, kind } = exportRequest(target);
      return downloadFile(
        path,
        { ...filtersQuery(filters), format, ...(kind ? { kind } : {}) },
        `statistics-${target}-${filters.from}-${filters.to}.${format}`,
      );
    },
  });
  const background = useMutation({
    mutationFn: ({
      target,
      format,
      filters,
    }: {
      target: ExportTarget;
      format: ExportFormat;
      filters: StatFilters;
    }) =>
      target === 'list'
        ? call(statisticApi.printListAsync, { body: { ...filtersQuery(filters), format } })
        : call(statisticApi.printReportAsync, { body: { ...filtersQuery(filters), format, kind: target } }),
    onSettled: () => client.invalidateQueries({ queryKey: keyOf(statisticApi.spoolReport) }),
  });
  return { direct, background };
}

/** The filter bar's pickers read the lists the role may read anyway, silently (a picker is optional). */
export const useOptionPoints = (enabled: boolean) =>
  useQuery({
    queryKey: keyOf(pointApi.list, { query: { limit: 1000, sort: 'name', order: 'asc' } }),
    queryFn: () =>
      call(pointApi.list, { query: { limit: 1000, sort: 'name', order: 'asc' } }, { silent: true }),
    enabled,
    staleTime: 60_000,
  });

export const useOptionPlaylists = (enabled: boolean) =>
  useQuery({
    queryKey: keyOf(playlistApi.list, { query: { limit: 1000 } }),
    queryFn: () => call(playlistApi.list, { query: { limit: 1000 } }, { silent: true }),
    enabled,
    staleTime: 60_000,
  });

/** GET /api/folder/search: files by name for the files filter. */
export const useFileSearch = (search: string) =>
  useQuery({
    queryKey: keyOf(mediaApi.folderSearch, { query: { search } }),
    queryFn: () => call(mediaApi.folderSearch, { query: { search } }, { silent: true }),
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
  });

/** GET /api/file/:id, one query per id: names of files picked before (an address shared or reloaded). */
export const fileNameQuery = (id: number, enabled: boolean) => ({
  queryKey: keyOf(mediaApi.fileGet, { params: { id } }),
  queryFn: () => call(mediaApi.fileGet, { params: { id } }, { silent: true }),
  enabled,
  staleTime: Infinity,
  retry: false,
});

/** PATCH /api/statistic/patch (admin): the same numbers written into every chosen row. */
export function usePatchStatistics() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StatisticPatchBody) => call(statisticApi.patch, { body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: areaKey(statisticApi.list) });
      void client.invalidateQueries({ queryKey: areaKey(statisticApi.thirdPartyExchange) });
      void client.invalidateQueries({ queryKey: areaKey(statisticApi.audience) });
    },
  });
}
