import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  pointApi,
  wallApi,
  type Wall,
  type WallInput,
  type WallListQuery,
  type WallPatch,
} from '@vitrine/core';
import type { z } from 'zod';
import { areaKey, call, keyOf } from '../../api/contract';

export type WallsQuery = Partial<z.output<typeof WallListQuery>>;

export const useWalls = (query: WallsQuery) =>
  useQuery({
    queryKey: keyOf(wallApi.list, { query }),
    queryFn: () => call(wallApi.list, { query: { ...query } }),
    placeholderData: keepPreviousData,
  });

export const useWall = (id: number | null) =>
  useQuery({
    queryKey: keyOf(wallApi.get, { params: { id: id ?? 0 } }),
    queryFn: () => call(wallApi.get, { params: { id: id! } }),
    enabled: id !== null,
  });

/** Every wall of the cabinet (the spec's largest page): which screens other walls already hold. */
export const useAllWalls = (enabled: boolean) =>
  useQuery({
    queryKey: keyOf(wallApi.list, { query: { limit: 1000 } }),
    queryFn: () => call(wallApi.list, { query: { limit: 1000 } }),
    enabled,
  });

/** The cabinet's screens for the cells' pickers (the spec's largest page), for those who may list them. */
export const useWallScreens = (enabled: boolean) =>
  useQuery({
    queryKey: keyOf(pointApi.list, { query: { limit: 1000 } }),
    queryFn: () => call(pointApi.list, { query: { limit: 1000 } }),
    enabled,
    staleTime: 30_000,
  });

/** Create, change and remove; each refreshes the walls, and the screens they hold. */
export function useWallActions() {
  const client = useQueryClient();
  const done = {
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: areaKey(wallApi.list) }),
        client.invalidateQueries({ queryKey: areaKey(pointApi.list) }),
      ]),
  };
  return {
    save: useMutation({
      mutationFn: (save: { id: null; body: WallInput } | { id: number; body: WallPatch }): Promise<Wall> =>
        save.id === null
          ? call(wallApi.post, { body: save.body })
          : call(wallApi.patch, { params: { id: save.id }, body: save.body }),
      ...done,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call(wallApi.remove, { params: { id } }),
      ...done,
    }),
  };
}

/** The wall's playlists and each tile's status; refreshed every 5 s while the page is open. */
export const useWallStatus = (id: number) =>
  useQuery({
    queryKey: keyOf(wallApi.status, { params: { id } }),
    queryFn: () => call(wallApi.status, { params: { id } }),
    refetchInterval: 5000,
  });

/** The wall's day as the schedule engine plans it once for all its tiles. */
export const useWallSchedule = (id: number, date: string | undefined) =>
  useQuery({
    queryKey: keyOf(wallApi.schedule, { params: { id }, query: date ? { date } : {} }),
    queryFn: () => call(wallApi.schedule, { params: { id }, query: date ? { date } : {} }),
    placeholderData: keepPreviousData,
  });

/** The wall a screen is a cell of, if any (the screen page's link to it). */
export const useWallOfPoint = (pointId: number, enabled: boolean) =>
  useQuery({
    queryKey: keyOf(wallApi.list, { query: { point: pointId, limit: 1 } }),
    queryFn: () => call(wallApi.list, { query: { point: pointId, limit: 1 } }),
    enabled,
  });
