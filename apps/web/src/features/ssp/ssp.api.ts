import { useQuery } from '@tanstack/react-query';
import { sspApi } from '@vitrine/core';
import { call, keyOf } from '../../api/contract';

export const SSP_PAGE_SIZES = [10, 100, 1000] as const;

/** GET /api/ssp/report: income by hour and source, with totals. */
export function useSspReport(page: number, limit: number) {
  const query = { page, limit };
  return useQuery({
    queryKey: keyOf(sspApi.report, { query }),
    queryFn: () => call(sspApi.report, { query }),
  });
}

/** GET /api/ssp/statistic: every ad show. */
export function useSspShows(page: number, limit: number) {
  const query = { page, limit };
  return useQuery({
    queryKey: keyOf(sspApi.statistic, { query }),
    queryFn: () => call(sspApi.statistic, { query }),
  });
}

/** GET /api/ssp/file: the creatives received. */
export function useSspFiles(page: number, limit: number) {
  const query = { page, limit };
  return useQuery({ queryKey: keyOf(sspApi.file, { query }), queryFn: () => call(sspApi.file, { query }) });
}

/** POST /api/ssp/file/approve/:id. */
export const approveSspFile = (id: number) => call(sspApi.approve, { params: { id } });
