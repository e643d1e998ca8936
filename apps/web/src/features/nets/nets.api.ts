import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  netApi,
  pointApi,
  type Net,
  type NetList,
  type NetListQuery,
  type NetInput,
  type NetPatch,
  type Point,
} from '@vitrine/core';
import type { z } from 'zod';
import { areaKey, call, keyOf } from '../../api/contract';

export type NetsQuery = Partial<z.output<typeof NetListQuery>>;
/** GET /api/net. */
export type NetsPage = z.output<typeof NetList>;

export type ScreenOption = Pick<Point, 'id' | 'name' | 'status'>;

/** How many screens the picker offers for one search. */
export const SCREEN_OPTIONS_LIMIT = 100;

export const useNets = (query: NetsQuery) =>
  useQuery({
    queryKey: keyOf(netApi.list, { query }),
    queryFn: () => call(netApi.list, { query: { ...query } }),
    placeholderData: keepPreviousData,
  });

/** Screens for the network editor's picker, searched by name on the server. */
export const useScreenOptions = (search: string, enabled = true) =>
  useQuery({
    queryKey: keyOf(pointApi.list, { query: { search, limit: SCREEN_OPTIONS_LIMIT } }),
    queryFn: () => call(pointApi.list, { query: { search, limit: SCREEN_OPTIONS_LIMIT } }),
    placeholderData: keepPreviousData,
    enabled,
  });

/**
 * Create, edit and remove. Each refreshes the networks and the screens, whose list shows every
 * screen's networks.
 */
export function useNetActions() {
  const client = useQueryClient();
  const done = {
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: areaKey(netApi.list) }),
        client.invalidateQueries({ queryKey: areaKey(pointApi.list) }),
      ]),
  };
  return {
    save: useMutation({
      mutationFn: (
        save: { id: null; body: z.input<typeof NetInput> } | { id: number; body: z.input<typeof NetPatch> },
      ) =>
        save.id === null
          ? call(netApi.post, { body: save.body })
          : call(netApi.patch, { params: { id: save.id }, body: save.body }),
      ...done,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call(netApi.remove, { params: { id } }),
      ...done,
    }),
  };
}

/** A network's id and name: GET /api/net read for a picker. */
export type NetName = Pick<Net, 'id' | 'name'>;

/** Every network of the cabinet (the spec's largest page), for pickers; `silent` for an optional one. */
export const useAllNets = (enabled: boolean, silent = false) =>
  useQuery({
    queryKey: keyOf(netApi.list, { query: { limit: 1000 } }, silent ? 'silent' : undefined),
    queryFn: () => call(netApi.list, { query: { limit: 1000 } }, { silent }),
    enabled,
    staleTime: 60_000,
  });
