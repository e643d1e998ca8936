import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { statisticApi } from '@vitrine/core';
import type { StatFilters } from '../statistics';
import { call, keyOf } from '../../api/contract';

/** GET /api/third-party/exchange: impressions per day and source over the filters' period. */
export const useExchange = (filters: StatFilters) =>
  useQuery({
    queryKey: keyOf(statisticApi.thirdPartyExchange, { query: { from: filters.from, to: filters.to } }),
    queryFn: () => call(statisticApi.thirdPartyExchange, { query: { from: filters.from, to: filters.to } }),
    placeholderData: keepPreviousData,
  });
