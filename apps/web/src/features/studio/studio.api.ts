import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  creationApi,
  mediaApi,
  widgetApi,
  type StudioDocument,
  type StudioItem,
  type StudioListQuery,
} from '@vitrine/core';
import type { z } from 'zod';
import { areaKey, call, keyOf } from '../../api/contract';

/** A widget (one page) or a creation (pages with durations): the same calls on two addresses. */
export type StudioKind = 'widget' | 'creation';
export type StudioQuery = Partial<z.output<typeof StudioListQuery>>;

const apis = { widget: widgetApi, creation: creationApi } as const;

/** GET /api/widget or /api/media-creation: one page of the list. */
export const useStudioList = (kind: StudioKind, query: StudioQuery) =>
  useQuery({
    queryKey:
      kind === 'widget'
        ? keyOf(widgetApi.list, { query }, 'items')
        : keyOf(creationApi.list, { query }, 'items'),
    queryFn: async () => {
      if (kind === 'widget') {
        const data = await call(widgetApi.list, { query: { ...query } });
        return { items: data.widgets, total: data.total };
      }
      const data = await call(creationApi.list, { query: { ...query } });
      return { items: data.creations, total: data.total };
    },
    placeholderData: keepPreviousData,
  });

export const useStudioItem = (kind: StudioKind, id: number | null) =>
  useQuery({
    queryKey:
      kind === 'widget'
        ? keyOf(widgetApi.get, { params: { id: id ?? 0 } })
        : keyOf(creationApi.get, { params: { id: id ?? 0 } }),
    queryFn: () => call(apis[kind].get, { params: { id: id! } }),
    enabled: id !== null,
  });

export interface StudioSave {
  id: number | null;
  name?: string;
  document?: StudioDocument;
  thumbnail?: string | null;
  /** The revision the editor started from. */
  revision?: number;
  /** What the success toast says instead of 'Action performed' (the editor names what it saved). */
  notice?: string;
}

/** Save (create or patch), duplicate and remove; each refreshes the lists and the gallery. */
export function useStudioActions(kind: StudioKind) {
  const client = useQueryClient();
  const api = apis[kind];
  const done = {
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: areaKey(api.list) }),
        client.invalidateQueries({ queryKey: areaKey(mediaApi.fileList) }),
      ]),
  };
  return {
    save: useMutation({
      mutationFn: ({ id, revision, notice, ...body }: StudioSave): Promise<StudioItem> =>
        id === null
          ? call(
              api.post,
              { body: { name: body.name!, document: body.document!, thumbnail: body.thumbnail ?? null } },
              notice ? { successText: notice } : {},
            )
          : call(
              api.patch,
              { params: { id }, query: revision === undefined ? {} : { revision }, body },
              notice ? { successText: notice } : {},
            ),
      ...done,
    }),
    duplicate: useMutation({
      mutationFn: (item: StudioItem & { copyName: string }) =>
        call(api.post, {
          body: { name: item.copyName, document: item.document, thumbnail: item.thumbnail },
        }),
      ...done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) =>
        ids.length === 1
          ? call(api.remove, { params: { id: ids[0]! } })
          : call(api.removeMany, { body: { ids } }),
      ...done,
    }),
  };
}

/**
 * The library's pictures, videos and uploaded fonts, for image and video layers, the font picker and for
 * drawing them (signed addresses).
 */
export const useLibraryMedia = () =>
  useQuery({
    queryKey: keyOf(mediaApi.fileList, undefined, 'studio-media'),
    queryFn: async () => {
      const [images, videos, fonts] = await Promise.all(
        (['image', 'video', 'font'] as const).map((kind) =>
          call(mediaApi.fileList, { query: { kind, limit: 1000 } }, { silent: true }),
        ),
      );
      return [...images!.files, ...videos!.files, ...fonts!.files];
    },
    staleTime: 60_000,
  });
