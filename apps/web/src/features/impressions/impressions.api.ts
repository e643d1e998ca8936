import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ExchangeReport } from '@vitrine/core';
import { api } from '../../api/client';
import type { StatFilters } from '../statistics/filters';

/** GET /api/third-party/exchange: impressions per day and source over the filters' period. */
export const useExchange = (filters: StatFilters) =>
  useQuery({
    queryKey: ['impressions', filters.from, filters.to],
    queryFn: () =>
      api<ExchangeReport>('/third-party/exchange', { query: { from: filters.from, to: filters.to } }),
    placeholderData: keepPreviousData,
  });
