import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pointApi, statisticApi, type PointListQuery, type PointPatch } from '@vitrine/core';
import { presetRange, type Preset } from '../statistics';
import { areaKey, call, keyOf } from '../../api/contract';

export type PointsQuery = Partial<PointListQuery>;

/**
 * Spec §4: a point list fetch is skipped when the same query is already in flight. TanStack Query
 * shares one request per query key, so an identical query never goes out twice.
 */
export const usePoints = (query: PointsQuery, enabled = true) =>
  useQuery({
    queryKey: keyOf(pointApi.list, { query }),
    queryFn: () => call(pointApi.list, { query: { ...query } }),
    placeholderData: keepPreviousData,
    // Status changes by itself: the list keeps itself fresh while open.
    refetchInterval: 15_000,
    enabled,
  });

/** One screen; `enabled` false for a role without point.get (it would only be refused). */
export const usePoint = (id: number, enabled = true) =>
  useQuery({
    queryKey: keyOf(pointApi.get, { params: { id } }),
    queryFn: () => call(pointApi.get, { params: { id } }),
    refetchInterval: 10_000,
    enabled,
  });

export const useScreenshot = (id: number) =>
  useQuery({
    queryKey: keyOf(pointApi.getScreenshotUrl, { query: { id } }),
    queryFn: () => call(pointApi.getScreenshotUrl, { query: { id } }),
    refetchInterval: 5_000,
  });

export const useConnections = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: keyOf(pointApi.connections, { params: { id } }),
    queryFn: () => call(pointApi.connections, { params: { id } }),
    enabled,
  });

export const usePointLog = (id: number, before: number | undefined) =>
  useQuery({
    queryKey: keyOf(pointApi.getLog, { params: { id }, query: { before } }),
    queryFn: () => call(pointApi.getLog, { params: { id }, query: { before } }),
    placeholderData: keepPreviousData,
  });

/** The commands the screens list and page send, by their spec §7 path, each through its contract. */
const COMMANDS = {
  'send-reload': pointApi.sendReload,
  'send-update-app': pointApi.sendUpdateApp,
  'send-restart-app': pointApi.sendRestartApp,
  'send-reboot': pointApi.sendReboot,
  'send-terminal': pointApi.sendTerminal,
  'ajax-get-point-screen': pointApi.ajaxGetPointScreen,
} as const;
export type PointCommand = keyof typeof COMMANDS;

export function usePointActions() {
  const client = useQueryClient();
  const done = { onSettled: () => client.invalidateQueries({ queryKey: areaKey(pointApi.list) }) };
  return {
    bind: useMutation({
      mutationFn: ({ code, name }: { code: string; name?: string }) =>
        call(pointApi.bindByCode, {
          params: { code: encodeURIComponent(code) },
          // The browser's zone: a new screen shows this time unless the cabinet's screens have another.
          body: { ...(name ? { name } : {}), timezone: Intl.DateTimeFormat().resolvedOptions().timeZone },
        }),
      ...done,
    }),
    patch: useMutation({
      mutationFn: ({ id, body }: { id: number; body: PointPatch }) =>
        call(pointApi.patch, { params: { id }, body }),
      onSuccess: (point) => client.setQueryData(keyOf(pointApi.get, { params: { id: point.id } }), point),
      ...done,
    }),
    patchMany: useMutation({
      mutationFn: (body: { ids: number[]; patch: PointPatch }) => call(pointApi.patchMany, { body }),
      ...done,
    }),
    remove: useMutation({
      mutationFn: async (ids: number[]) => {
        for (const id of ids) await call(pointApi.remove, { params: { id } }, { silent: id !== ids.at(-1) });
      },
      ...done,
    }),
    copy: useMutation({
      mutationFn: (id: number) => call(pointApi.copy, { params: { id } }),
      ...done,
    }),
    command: useMutation({
      mutationFn: ({ path, ids }: { path: PointCommand; ids: number[] }) =>
        call(COMMANDS[path], { body: { ids } }),
      ...done,
    }),
    broadcast: useMutation({
      mutationFn: ({ ids, stop }: { ids: number[]; stop: boolean }) =>
        call(pointApi.sendChangeBroadcastingState, { body: { ids, stop } }),
      ...done,
    }),
    livestream: useMutation({
      mutationFn: ({ ids, start }: { ids: number[]; start: boolean }) =>
        call(pointApi.sendLivestream, { body: { ids, start } }),
      ...done,
    }),
    photo: useMutation({
      mutationFn: ({ id, file }: { id: number; file: File }) =>
        call(pointApi.photo, { params: { id } }, { file }),
      ...done,
    }),
  };
}

/** GET /api/audience for one screen over a preset period: shows and impressions per hour of its day. */
export const useAudience = (pointId: number, range: Preset) =>
  useQuery({
    queryKey: keyOf(statisticApi.audience, { query: { points: String(pointId), ...presetRange(range) } }),
    queryFn: () => call(statisticApi.audience, { query: { points: String(pointId), ...presetRange(range) } }),
    placeholderData: keepPreviousData,
  });

/** GET /api/point/overview: the screens with their status, for a role that may not open them (observer). */
export const usePointOverview = (page: number, limit: number) =>
  useQuery({
    queryKey: keyOf(pointApi.overview, { query: { page, limit } }),
    queryFn: () => call(pointApi.overview, { query: { page, limit } }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
