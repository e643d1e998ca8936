import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ContentUpdate,
  Playlist,
  PlaylistList,
  PlaylistPatch,
  PlaylistTag,
  PlaylistListQuery,
  PlaylistVersions,
} from '@vitrine/core';
import { api } from '../../api/client';

export type PlaylistsQuery = Partial<PlaylistListQuery>;
type Saved = Playlist & { notice?: string; update?: ContentUpdate };

/**
 * What the last save of each playlist did to its screens, kept for the editor (a new playlist's editor
 * opens afresh at its own address after the save).
 */
export const lastUpdates = new Map<number, ContentUpdate>();

export const usePlaylists = (query: PlaylistsQuery, enabled = true) =>
  useQuery({
    queryKey: ['playlists', 'list', query],
    queryFn: () => api<PlaylistList>('/playlist', { query: { ...query } }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const usePlaylist = (id: number | null) =>
  useQuery({
    queryKey: ['playlists', 'one', id],
    queryFn: () => api<Playlist>(`/playlist/${id}`),
    enabled: id !== null,
  });

/**
 * The approved version, the one waiting (exactly what approving writes), the caller's own waiting
 * version and their open rejection. Only roles that edit playlists may ask (`playlist.patch`).
 */
export const usePlaylistVersions = (id: number | null, enabled = true) =>
  useQuery({
    queryKey: ['playlists', 'versions', id],
    queryFn: () => api<PlaylistVersions>(`/playlist/versions/${id}`),
    enabled: enabled && id !== null,
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
      onSuccess: (saved) => {
        client.setQueryData(['playlists', 'one', saved.id], saved);
        if (saved.update) lastUpdates.set(saved.id, saved.update);
      },
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
      /** Approve, or reject with an optional reason (one line: the server refuses line breaks). */
      mutationFn: ({ id, approve, reason }: { id: number; approve: boolean; reason?: string }) => {
        const said = reason?.replace(/\s+/g, ' ').trim();
        return approve
          ? api<Playlist>(`/playlist/approve/${id}`, { method: 'POST' })
          : api<Playlist | null>(`/playlist/reject/${id}`, {
              method: 'POST',
              body: { reason: said ? said : null },
            });
      },
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
