import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dashboardApi, scheduleApi, type DailySchedule, type FullnessRange } from '@vitrine/core';
import { call, keyOf } from '../../api/contract';

/** GET /api/dashboard for one date-range preset; the previous answer stays on screen while the next loads. */
export const useDashboard = (range: FullnessRange) =>
  useQuery({
    queryKey: keyOf(dashboardApi.get, { query: { range } }),
    queryFn: () => call(dashboardApi.get, { query: { range } }),
    placeholderData: keepPreviousData,
    // A preset seen in the last minute comes back from the cache; while the server still plans some
    // screens' fullness (their content changed) the answer is asked again until it is whole.
    staleTime: 60_000,
    refetchInterval: (query) => (query.state.data?.fullness.pending ? 3_000 : false),
  });

/**
 * GET /api/point/get-daily-schedule: one screen's day as the schedule engine plans it. Without a date the
 * server answers today on the screen's own clock.
 */
export const useDailySchedule = (pointId: number, date: string | undefined, enabled = true) =>
  useQuery({
    queryKey: keyOf(scheduleApi.daily, { query: { id: pointId, date } }),
    queryFn: () => call(scheduleApi.daily, { query: { id: pointId, date } }),
    // Another day of the same screen keeps the last one on screen while it loads; another screen does not.
    placeholderData: (previous: DailySchedule | undefined) =>
      previous?.pointId === pointId ? previous : undefined,
    enabled,
  });
