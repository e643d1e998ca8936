import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  mediaApi,
  type FileImportBody,
  type FileItem,
  type FolderContents,
  type FolderItem,
  type GalleryItem,
  type RemoteFileInput,
} from '@vitrine/core';
import { areaKey, call, keyOf } from '../../api/contract';
import {
  isFile,
  withFavoriteToggled,
  withNewFolder,
  withSavedFolder,
  withoutItems,
  withoutMoved,
} from './galleryEdits';

export { isFile };

export type GallerySection =
  'home' | 'stock' | 'recent' | 'favorite' | 'widget' | 'creation' | 'plugin' | 'search';

/** A section's cache key: the call its list makes (the studio's and plugins' kinds are reshaped). */
export function galleryKey(section: GallerySection, arg?: string | number): QueryKey {
  switch (section) {
    case 'home':
      return keyOf(mediaApi.folderGet, { params: { id: arg ?? 0 } });
    case 'stock':
      return keyOf(mediaApi.folderGetStock, { params: { id: arg ?? 0 } });
    case 'recent':
      return keyOf(mediaApi.recent);
    case 'favorite':
      return keyOf(mediaApi.folderFavorite);
    case 'widget':
    case 'creation':
    case 'plugin':
      return keyOf(mediaApi.fileList, { query: { kind: section, limit: 1000 } }, 'folder');
    case 'search':
      return keyOf(mediaApi.folderSearch, { query: { search: String(arg ?? '') } });
  }
}

/** Every list of the library: what a change of files or folders refreshes. */
export const GALLERY_KEY = areaKey(mediaApi.fileList);

export function useGallery(section: GallerySection, arg?: string | number) {
  return useQuery({
    queryKey: galleryKey(section, arg),
    queryFn: async () => {
      switch (section) {
        case 'home':
          return call(mediaApi.folderGet, { params: { id: arg ?? 0 } }, { silent: true });
        case 'stock':
          return call(mediaApi.folderGetStock, { params: { id: arg ?? 0 } }, { silent: true });
        case 'recent':
          return call(mediaApi.recent, {}, { silent: true });
        case 'favorite':
          return call(mediaApi.folderFavorite, {}, { silent: true });
        case 'widget':
        case 'creation':
        case 'plugin': {
          // The WIDGET, CREATION and PLUGIN sections: the studio's documents and the plugins' instances,
          // as library files of their kind.
          const list = await call(
            mediaApi.fileList,
            { query: { kind: section, limit: 1000 } },
            { silent: true },
          );
          return { data: list.files, tags: [], breadcrumbs: [] } satisfies FolderContents;
        }
        case 'search':
          return call(mediaApi.folderSearch, { query: { search: String(arg ?? '') } }, { silent: true });
      }
    },
    enabled: section !== 'search' || Boolean(arg),
  });
}

/**
 * Changes applied to the list on screen before the server answers (spec §4), rolled back when it
 * refuses, and reconciled with the server's answer afterwards.
 */
function useOptimistic<V>(
  listKey: QueryKey,
  mutationFn: (vars: V) => Promise<unknown>,
  apply: (data: FolderContents, vars: V) => FolderContents,
  onDone?: (result: unknown, vars: V) => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onMutate: async (vars: V) => {
      await client.cancelQueries({ queryKey: listKey });
      const previous = client.getQueryData<FolderContents>(listKey);
      if (previous) client.setQueryData(listKey, apply(previous, vars));
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) client.setQueryData(listKey, context.previous);
    },
    onSuccess: (result, vars) => onDone?.(result, vars),
    onSettled: () => client.invalidateQueries({ queryKey: GALLERY_KEY }),
  });
}

export function useGalleryActions(listKey: QueryKey, folderId: number, favoritesList = false) {
  const client = useQueryClient();
  const createFolder = useOptimistic<{ name: string; tempId: number }>(
    listKey,
    ({ name }) => call(mediaApi.folderPost, { body: { name, path: folderId } }),
    (data, vars) => withNewFolder(data, folderId, vars),
    // The temporary id is replaced by the server's (spec §4).
    (result, { tempId }) =>
      client.setQueryData<FolderContents>(listKey, (data) =>
        data ? withSavedFolder(data, tempId, result as FolderItem) : data,
      ),
  );

  const toggleFavorite = useOptimistic<GalleryItem>(
    listKey,
    (item) =>
      isFile(item)
        ? call(mediaApi.filePatch, { params: { id: item.id }, body: { toggleFavorite: true } })
        : call(mediaApi.folderPatch, { params: { id: item.id }, body: { toggleFavorite: true } }),
    (data, item) => withFavoriteToggled(data, item, favoritesList),
  );

  const remove = useOptimistic<GalleryItem[]>(
    listKey,
    async (items) => {
      const fileIds = items.filter(isFile).map((i) => i.id);
      const folderIds = items.filter((i) => !isFile(i)).map((i) => i.id);
      if (fileIds.length) await call(mediaApi.fileRemoveMany, { body: { ids: fileIds } });
      if (folderIds.length) await call(mediaApi.folderRemoveMany, { body: { ids: folderIds } });
    },
    (data, items) => withoutItems(data, items),
  );

  /** Moving to a folder id below 0 is ignored, and a folder never moves into itself (spec §4). */
  const move = useOptimistic<{ items: GalleryItem[]; target: number }>(
    listKey,
    async ({ items, target }) => {
      const fileIds = items.filter(isFile).map((i) => i.id);
      const folderIds = items.filter((i) => !isFile(i) && i.id !== target).map((i) => i.id);
      if (fileIds.length) await call(mediaApi.filePatchMany, { body: { ids: fileIds, path: target } });
      if (folderIds.length) await call(mediaApi.folderPatchMany, { body: { ids: folderIds, path: target } });
    },
    (data, vars) => withoutMoved(data, folderId, vars),
  );

  const rename = useMutation({
    mutationFn: (vars: { item: GalleryItem; name: string }) =>
      isFile(vars.item)
        ? call(mediaApi.filePatch, { params: { id: vars.item.id }, body: { name: vars.name } })
        : call(mediaApi.folderPatch, { params: { id: vars.item.id }, body: { name: vars.name } }),
    onSettled: () => client.invalidateQueries({ queryKey: GALLERY_KEY }),
  });

  const setTags = useMutation({
    mutationFn: (vars: { file: FileItem; tags: string[] }) =>
      call(mediaApi.filePatch, { params: { id: vars.file.id }, body: { tags: vars.tags } }),
    onSettled: () => client.invalidateQueries({ queryKey: GALLERY_KEY }),
  });

  return { createFolder, toggleFavorite, remove, move, rename, setTags };
}

/** POST /api/file/import: the server fetches the address into the folder (a kept copy). */
export const importFile = (body: z.output<typeof FileImportBody>) => call(mediaApi.fileImport, { body });

/** POST /api/file/post: files played from their addresses, added to a folder. */
export const addRemoteFiles = (folderId: number, files: RemoteFileInput[]) =>
  call(mediaApi.filePost, { body: { folderId, files } });

/** GET /api/file/creatives: the cabinet's Creatives folder (for an editor without the gallery). */
export const useCreatives = () =>
  useQuery({ queryKey: keyOf(mediaApi.fileCreatives), queryFn: () => call(mediaApi.fileCreatives) });

/** POST /api/file/creatives/upload: one file's raw bytes into the Creatives folder. */
export function useCreativeUpload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      call(
        mediaApi.fileCreativesUpload,
        {},
        { file, headers: { 'x-file-name': encodeURIComponent(file.name) } },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: keyOf(mediaApi.fileCreatives) }),
  });
}
