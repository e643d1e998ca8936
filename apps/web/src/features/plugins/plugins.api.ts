import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  mediaApi,
  pluginApi,
  type PluginInstanceInput,
  type PluginInstancePatch,
  type PluginListQuery,
  type RouteContract,
} from '@vitrine/core';
import type { z } from 'zod';
import { areaKey, call, keyOf } from '../../api/contract';

export type PluginQuery = Partial<z.output<typeof PluginListQuery>>;

/** GET /api/plugin: one page of the built-in and uploaded plugins. */
export const usePluginList = (query: PluginQuery) =>
  useQuery({
    queryKey: keyOf(pluginApi.list, { query }),
    queryFn: () => call(pluginApi.list, { query: { ...query } }),
    placeholderData: keepPreviousData,
  });

/** Upload (a zip as the raw body), remove, and make an instance (a library file: the gallery refreshes). */
export function usePluginActions() {
  const client = useQueryClient();
  const refresh = (areas: RouteContract[]) => () =>
    Promise.all(areas.map((area) => client.invalidateQueries({ queryKey: areaKey(area) })));
  return {
    upload: useMutation({
      mutationFn: (file: File) =>
        call(pluginApi.post, {}, { file, headers: { 'x-file-name': encodeURIComponent(file.name) } }),
      onSettled: refresh([pluginApi.list]),
    }),
    remove: useMutation({
      mutationFn: (id: number) => call(pluginApi.remove, { params: { id } }),
      onSettled: refresh([pluginApi.list]),
    }),
    instance: useMutation({
      mutationFn: (body: PluginInstanceInput) => call(pluginApi.instance, { body }),
      onSettled: refresh([mediaApi.fileList, pluginApi.list]),
    }),
    change: useMutation({
      mutationFn: ({ fileId, ...body }: PluginInstancePatch & { fileId: number }) =>
        call(pluginApi.instancePatch, { params: { fileId }, body }),
      onSettled: refresh([mediaApi.fileList, pluginApi.list]),
    }),
  };
}

/** The cabinet's plugin instances: library files of kind plugin, a page of them. */
export const usePluginInstances = (page: number, limit: number) =>
  useQuery({
    queryKey: keyOf(mediaApi.fileList, { query: { kind: 'plugin', page, limit } }),
    queryFn: () => call(mediaApi.fileList, { query: { kind: 'plugin', page, limit } }, { silent: true }),
    placeholderData: keepPreviousData,
  });

/** One instance with its plugin's typed settings, to change it. */
export const usePluginInstance = (fileId: number | null) =>
  useQuery({
    queryKey: keyOf(pluginApi.instanceGet, { params: { fileId: fileId ?? 0 } }),
    queryFn: () => call(pluginApi.instanceGet, { params: { fileId: fileId! } }),
    enabled: fileId !== null,
  });
