import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FileConfig,
  FileConfigInput,
  FileDetail,
  FileSchedule,
  FileScheduleInput,
  PlaylistList,
  PointList,
} from '@vitrine/core';
import { api } from '../../api/client';

export const fileDetailKey = (fileId: number) => ['file', fileId] as const;

/** GET /api/file/{id}: the file with its schedules and configurations of every scope. */
export function useFileDetail(fileId: number) {
  return useQuery({
    queryKey: fileDetailKey(fileId),
    queryFn: () => api<FileDetail>(`/file/${fileId}`, { silent: true }),
  });
}

/** The screens and playlists a rule may be scoped to, by name. */
export function useScopeChoices() {
  const points = useQuery({
    queryKey: ['fileRules', 'points'],
    queryFn: () =>
      api<PointList>('/point', { query: { limit: '1000', sort: 'name', order: 'asc' }, silent: true }),
  });
  const playlists = useQuery({
    queryKey: ['fileRules', 'playlists'],
    queryFn: () =>
      api<PlaylistList>('/playlist', { query: { limit: '1000', sort: 'name', order: 'asc' }, silent: true }),
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
      mutationFn: (body: FileScheduleInput) => api<FileSchedule>('/file/schedule', { method: 'POST', body }),
      onSettled: settle,
    }),
    putConfig: useMutation({
      mutationFn: (body: FileConfigInput) => api<FileConfig>('/file/config', { method: 'POST', body }),
      onSettled: settle,
    }),
    removeSchedule: useMutation({
      mutationFn: (id: number) => api(`/file/removeSchedule/${id}`, { method: 'POST' }),
      onSettled: settle,
    }),
    removeConfig: useMutation({
      mutationFn: (id: number) => api(`/file/removeConfig/${id}`, { method: 'POST' }),
      onSettled: settle,
    }),
  };
}
