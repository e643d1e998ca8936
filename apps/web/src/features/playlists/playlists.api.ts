import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Playlist, PlaylistList, PlaylistPatch, PlaylistTag, PlaylistListQuery } from '@vitrine/core';
import { api } from '../../api/client';

export type PlaylistsQuery = Partial<PlaylistListQuery>;
type Saved = Playlist & { notice?: string };

export const usePlaylists = (query: PlaylistsQuery) =>
  useQuery({
    queryKey: ['playlists', 'list', query],
    queryFn: () => api<PlaylistList>('/playlist', { query: { ...query } }),
    placeholderData: keepPreviousData,
  });

export const usePlaylist = (id: number | null) =>
  useQuery({
    queryKey: ['playlists', 'one', id],
    queryFn: () => api<Playlist>(`/playlist/${id}`),
    enabled: id !== null,
  });

export const usePlaylistTags = () =>
  useQuery({
    queryKey: ['playlists', 'tags'],
    queryFn: () => api<{ list: PlaylistTag[]; total: number }>('/tag-playlist'),
  });

export const useTargetOptions = (search: string, enabled = true) =>
  useQuery({
    queryKey: ['playlists', 'targets', search],
    queryFn: () =>
      api<{ points: { id: number; name: string }[]; nets: { id: number; name: string }[] }>(
        '/playlist/targets',
        {
          query: { search },
        },
      ),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Every playlist call that changes something, each refreshing the lists and the one it touched. */
export function usePlaylistActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['playlists'] });
  const done = { onSettled: refresh };
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id: number | null; body: PlaylistPatch }) =>
        id === null
          ? api<Saved>('/playlist/post', { method: 'POST', body })
          : api<Saved>(`/playlist/patch/${id}`, { method: 'PATCH', body }),
      onSuccess: (saved) => client.setQueryData(['playlists', 'one', saved.id], saved),
      ...done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) =>
        ids.length === 1
          ? api(`/playlist/remove/${ids[0]}`, { method: 'POST' })
          : api('/playlist/remove-many', { method: 'POST', body: { ids } }),
      ...done,
    }),
    copy: useMutation({
      mutationFn: ({ id, withScreens }: { id: number; withScreens: boolean }) =>
        api<Saved>(`/playlist/${withScreens ? 'copy-with-screens' : 'copy'}/${id}`, { method: 'POST' }),
      ...done,
    }),
    apply: useMutation({
      mutationFn: (body: { playlists: number[]; points: number[] }) =>
        api('/playlist/apply', { method: 'POST', body }),
      ...done,
    }),
    decide: useMutation({
      mutationFn: ({ id, approve }: { id: number; approve: boolean }) =>
        api<Playlist>(`/playlist/${approve ? 'approve' : 'reject'}/${id}`, { method: 'POST' }),
      ...done,
    }),
    createTag: useMutation({
      mutationFn: (name: string) =>
        api<PlaylistTag>('/tag-playlist/post', { method: 'POST', body: { name, color: null } }),
      ...done,
    }),
    removeTag: useMutation({
      mutationFn: (id: number) => api(`/tag-playlist/delete/${id}`, { method: 'DELETE' }),
      // Spec §4: tag removal is applied locally 100 ms after the server call.
      onSettled: () => setTimeout(() => void refresh(), 100),
    }),
  };
}
