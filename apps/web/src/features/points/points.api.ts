import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AudienceReport,
  CommandResult,
  Point,
  PointList,
  PointListQuery,
  PointOverview,
  PointPatch,
} from '@vitrine/core';
import { presetRange, type Preset } from '../statistics/filters';
import { api } from '../../api/client';

export type PointsQuery = Partial<PointListQuery>;

/**
 * Spec §4: a point list fetch is skipped when the same query is already in flight. TanStack Query
 * shares one request per query key, so an identical query never goes out twice.
 */
export const usePoints = (query: PointsQuery, enabled = true) =>
  useQuery({
    queryKey: ['points', 'list', query],
    queryFn: () => api<PointList>('/point', { query: { ...query } }),
    placeholderData: keepPreviousData,
    // Status changes by itself: the list keeps itself fresh while open.
    refetchInterval: 15_000,
    enabled,
  });

export const usePoint = (id: number) =>
  useQuery({
    queryKey: ['points', 'one', id],
    queryFn: () => api<Point>(`/point/${id}`),
    refetchInterval: 10_000,
  });

export const useScreenshot = (id: number) =>
  useQuery({
    queryKey: ['points', 'screenshot', id],
    queryFn: () =>
      api<{ url: string | null; takenAt: string | null }>('/point/get-screenshot-url', { query: { id } }),
    refetchInterval: 5_000,
  });

export const useConnections = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: ['points', 'connections', id],
    queryFn: () =>
      api<{ hour: string; onlineSeconds: number; disconnections: number }[]>(`/point/connections/${id}`),
    enabled,
  });

export const usePointLog = (id: number, before: number | undefined) =>
  useQuery({
    queryKey: ['points', 'log', id, before],
    queryFn: () =>
      api<{ id: number; at: string; level: string; message: string }[]>(`/point/get-log/${id}`, {
        query: { before },
      }),
    placeholderData: keepPreviousData,
  });

export type PointCommand =
  | 'send-reload'
  | 'send-update-app'
  | 'send-restart-app'
  | 'send-reboot'
  | 'send-terminal'
  | 'ajax-get-point-screen';

export function usePointActions() {
  const client = useQueryClient();
  const done = { onSettled: () => client.invalidateQueries({ queryKey: ['points'] }) };
  return {
    bind: useMutation({
      mutationFn: ({ code, name }: { code: string; name?: string }) =>
        api<Point & { message: string }>(`/point/bind-by-code/${encodeURIComponent(code)}`, {
          method: 'POST',
          body: name ? { name } : {},
        }),
      ...done,
    }),
    patch: useMutation({
      mutationFn: ({ id, body }: { id: number; body: PointPatch }) =>
        api<Point>(`/point/patch/${id}`, { method: 'PATCH', body }),
      onSuccess: (point) => client.setQueryData(['points', 'one', point.id], point),
      ...done,
    }),
    patchMany: useMutation({
      mutationFn: (body: { ids: number[]; patch: PointPatch }) =>
        api('/point/patch-many', { method: 'PATCH', body }),
      ...done,
    }),
    remove: useMutation({
      mutationFn: async (ids: number[]) => {
        for (const id of ids) await api(`/point/remove/${id}`, { method: 'POST', silent: id !== ids.at(-1) });
      },
      ...done,
    }),
    copy: useMutation({
      mutationFn: (id: number) => api<Point>(`/point/copy/${id}`, { method: 'POST' }),
      ...done,
    }),
    command: useMutation({
      mutationFn: ({ path, ids }: { path: PointCommand; ids: number[] }) =>
        api<CommandResult>(`/point/${path}`, { method: 'POST', body: { ids } }),
      ...done,
    }),
    broadcast: useMutation({
      mutationFn: ({ ids, stop }: { ids: number[]; stop: boolean }) =>
        api<CommandResult>('/point/send-change-broadcasting-state', { method: 'POST', body: { ids, stop } }),
      ...done,
    }),
    livestream: useMutation({
      mutationFn: ({ ids, start }: { ids: number[]; start: boolean }) =>
        api<CommandResult>('/point/send-livestream', { method: 'POST', body: { ids, start } }),
      ...done,
    }),
    photo: useMutation({
      mutationFn: ({ id, file }: { id: number; file: File }) =>
        api<Point>(`/point/photo/${id}`, { method: 'POST', file }),
      ...done,
    }),
  };
}

/** GET /api/audience for one screen over a preset period: shows and impressions per hour of its day. */
export const useAudience = (pointId: number, range: Preset) =>
  useQuery({
    queryKey: ['audience', pointId, range],
    queryFn: () =>
      api<AudienceReport>('/audience', { query: { points: String(pointId), ...presetRange(range) } }),
    placeholderData: keepPreviousData,
  });

/** GET /api/point/overview: the screens with their status, for a role that may not open them (observer). */
export const usePointOverview = (page: number, limit: number) =>
  useQuery({
    queryKey: ['points', 'overview', page, limit],
    queryFn: () => api<PointOverview>('/point/overview', { query: { page, limit } }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
