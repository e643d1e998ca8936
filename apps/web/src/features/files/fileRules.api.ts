import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  mediaApi,
  pointApi,
  playlistApi,
  fileRulesApi,
  type FileConfigInput,
  type FileScheduleInput,
} from '@vitrine/core';
import { call, keyOf } from '../../api/contract';

export const fileDetailKey = (fileId: number) => keyOf(mediaApi.fileGet, { params: { id: fileId } });

/** GET /api/file/{id}: the file with its schedules and configurations of every scope. */
export function useFileDetail(fileId: number) {
  return useQuery({
    queryKey: fileDetailKey(fileId),
    queryFn: () => call(mediaApi.fileGet, { params: { id: fileId } }, { silent: true }),
  });
}

/** The screens and playlists a rule may be scoped to, by name. */
export function useScopeChoices() {
  const points = useQuery({
    queryKey: keyOf(pointApi.list, { query: { limit: '1000', sort: 'name', order: 'asc' } }),
    queryFn: () =>
      call(pointApi.list, { query: { limit: '1000', sort: 'name', order: 'asc' } }, { silent: true }),
  });
  const playlists = useQuery({
    queryKey: keyOf(playlistApi.list, { query: { limit: '1000', sort: 'name', order: 'asc' } }),
    queryFn: () =>
      call(playlistApi.list, { query: { limit: '1000', sort: 'name', order: 'asc' } }, { silent: true }),
  });
  return {
    points: (points.data?.points ?? []).map((p) => ({ value: String(p.id), label: p.name })),
    playlists: (playlists.data?.list ?? []).map((p) => ({ value: String(p.id), label: p.name })),
  };
}

/** Stores and removes a file's rules; the file's detail is read again after each. */
export function useFileRuleActions(fileId: number) {
  const client = useQueryClient();
  const settle = () => client.invalidateQueries({ queryKey: fileDetailKey(fileId) });
  return {
    putSchedule: useMutation({
      mutationFn: (body: FileScheduleInput) => call(fileRulesApi.schedule, { body }),
      onSettled: settle,
    }),
    putConfig: useMutation({
      mutationFn: (body: FileConfigInput) => call(fileRulesApi.config, { body }),
      onSettled: settle,
    }),
    removeSchedule: useMutation({
      mutationFn: (id: number) => call(fileRulesApi.removeSchedule, { params: { id } }),
      onSettled: settle,
    }),
    removeConfig: useMutation({
      mutationFn: (id: number) => call(fileRulesApi.removeConfig, { params: { id } }),
      onSettled: settle,
    }),
  };
}
