import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { playlistApi, type ContentUpdate, type PlaylistPatch, type PlaylistListQuery } from '@vitrine/core';
import { areaKey, call, keyOf } from '../../api/contract';

export type PlaylistsQuery = Partial<PlaylistListQuery>;

/**
 * What the last save of each playlist did to its screens, kept for the editor (a new playlist's editor
 * opens afresh at its own address after the save).
 */
export const lastUpdates = new Map<number, ContentUpdate>();

export const usePlaylists = (query: PlaylistsQuery, enabled = true) =>
  useQuery({
    queryKey: keyOf(playlistApi.list, { query }),
    queryFn: () => call(playlistApi.list, { query: { ...query } }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const usePlaylist = (id: number | null) =>
  useQuery({
    queryKey: keyOf(playlistApi.get, { params: { id: id ?? 0 } }),
    queryFn: () => call(playlistApi.get, { params: { id } }),
    enabled: id !== null,
  });

/**
 * The approved version, the one waiting (exactly what approving writes), the caller's own waiting
 * version and their open rejection. Only roles that edit playlists may ask (`playlist.patch`).
 */
export const usePlaylistVersions = (id: number | null, enabled = true) =>
  useQuery({
    queryKey: keyOf(playlistApi.versions, { params: { id: id ?? 0 } }),
    queryFn: () => call(playlistApi.versions, { params: { id } }),
    enabled: enabled && id !== null,
  });

export const usePlaylistTags = () =>
  useQuery({
    queryKey: keyOf(playlistApi.tagPlaylist),
    queryFn: () => call(playlistApi.tagPlaylist),
  });

export const useTargetOptions = (search: string, enabled = true) =>
  useQuery({
    queryKey: keyOf(playlistApi.targets, { query: { search } }),
    queryFn: () => call(playlistApi.targets, { query: { search } }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Every playlist call that changes something, each refreshing the lists and the one it touched. */
export function usePlaylistActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: areaKey(playlistApi.list) });
  const done = { onSettled: refresh };
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id: number | null; body: PlaylistPatch }) =>
        id === null ? call(playlistApi.post, { body }) : call(playlistApi.patch, { params: { id }, body }),
      onSuccess: (saved) => {
        client.setQueryData(keyOf(playlistApi.get, { params: { id: saved.id } }), saved);
        if (saved.update) lastUpdates.set(saved.id, saved.update);
      },
      ...done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) =>
        ids.length === 1
          ? call(playlistApi.remove, { params: { id: ids[0] } })
          : call(playlistApi.removeMany, { body: { ids } }),
      ...done,
    }),
    copy: useMutation({
      mutationFn: ({ id, withScreens }: { id: number; withScreens: boolean }) =>
        call(withScreens ? playlistApi.copyWithScreens : playlistApi.copy, { params: { id } }),
      ...done,
    }),
    apply: useMutation({
      mutationFn: (body: { playlists: number[]; points: number[] }) => call(playlistApi.apply, { body }),
      ...done,
    }),
    decide: useMutation({
      /** Approve, or reject with an optional reason (one line: the server refuses line breaks). */
      mutationFn: ({ id, approve, reason }: { id: number; approve: boolean; reason?: string }) => {
        const said = reason?.replace(/\s+/g, ' ').trim();
        return approve
          ? call(playlistApi.approve, { params: { id } })
          : call(playlistApi.reject, { params: { id }, body: { reason: said ? said : null } });
      },
      ...done,
    }),
    createTag: useMutation({
      mutationFn: (name: string) => call(playlistApi.tagPlaylistPost, { body: { name, color: null } }),
      ...done,
    }),
    removeTag: useMutation({
      mutationFn: (id: number) => call(playlistApi.tagPlaylistDelete, { params: { id } }),
      // Spec §4: tag removal is applied locally 100 ms after the server call.
      onSettled: () => setTimeout(() => void refresh(), 100),
    }),
  };
}
