import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Net, NetList, NetListQuery, NetPatch, Point } from '@vitrine/core';
import type { z } from 'zod';
import { api } from '../../api/client';

export type NetsQuery = Partial<z.output<typeof NetListQuery>>;
/** GET /api/net. */
export type NetsPage = z.output<typeof NetList>;

export type ScreenOption = Pick<Point, 'id' | 'name' | 'status'>;

/** How many screens the picker offers for one search. */
export const SCREEN_OPTIONS_LIMIT = 100;

export const useNets = (query: NetsQuery) =>
  useQuery({
    queryKey: ['nets', 'list', query],
    queryFn: () => api<NetsPage>('/net', { query: { ...query } }),
    placeholderData: keepPreviousData,
  });

/** Screens for the network editor's picker, searched by name on the server. */
export const useScreenOptions = (search: string, enabled = true) =>
  useQuery({
    queryKey: ['nets', 'screens', search],
    queryFn: () =>
      api<{ points: ScreenOption[]; total: number }>('/point', {
        query: { search, limit: SCREEN_OPTIONS_LIMIT },
      }),
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
        client.invalidateQueries({ queryKey: ['nets'] }),
        client.invalidateQueries({ queryKey: ['points'] }),
      ]),
  };
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id: number | null; body: z.input<typeof NetPatch> }) =>
        id === null
          ? api<Net>('/net/post', { method: 'POST', body })
          : api<Net>(`/net/patch/${id}`, { method: 'PATCH', body }),
      ...done,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api<{ ok: true }>(`/net/remove/${id}`, { method: 'POST' }),
      ...done,
    }),
  };
}

/** A network's id and name: GET /api/net read for a picker. */
export type NetName = Pick<Net, 'id' | 'name'>;

/** Every network of the cabinet (the spec's largest page), for pickers; `silent` for an optional one. */
export const useAllNets = (enabled: boolean, silent = false) =>
  useQuery({
    queryKey: ['nets', 'all', { silent }],
    queryFn: () => api<{ nets: NetName[]; total: number }>('/net', { query: { limit: 1000 }, silent }),
    enabled,
    staleTime: 60_000,
  });
