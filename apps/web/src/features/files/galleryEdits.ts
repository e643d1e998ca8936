import type { FileItem, FolderContents, FolderItem, GalleryItem } from '@vitrine/core';

/**
 * What the gallery's actions do to the list on screen before the server answers (spec §4): plain
 * functions from the list to the next one, the list given is never changed.
 */

export const isFile = (item: GalleryItem): item is FileItem => 'mime' in item;

/** The same item: ids are per kind, a file and a folder may share one. */
const sameItem = (a: GalleryItem, b: GalleryItem) => a.id === b.id && isFile(a) === isFile(b);

/** Files before folders, each in the order they were. */
export const filesFirst = (data: GalleryItem[]) => [
  ...data.filter(isFile),
  ...data.filter((i) => !isFile(i)),
];

/** A new folder, with a temporary id, first in the list. */
export const withNewFolder = (
  data: FolderContents,
  folderId: number,
  { name, tempId }: { name: string; tempId: number },
): FolderContents => ({
  ...data,
  data: [
    { id: tempId, name, path: folderId, index: 0, favorite: false, createdDate: new Date().toISOString() },
    ...data.data,
  ],
});

/** The temporary folder replaced by the server's. */
export const withSavedFolder = (data: FolderContents, tempId: number, saved: FolderItem): FolderContents => ({
  ...data,
  data: data.data.map((i) => (!isFile(i) && i.id === tempId ? saved : i)),
});

/** An item's favourite mark toggled; in the favourites list it leaves the list instead. */
export const withFavoriteToggled = (
  data: FolderContents,
  item: GalleryItem,
  favoritesList: boolean,
): FolderContents => {
  const next = favoritesList
    ? data.data.filter((i) => !sameItem(i, item))
    : data.data.map((i) => (sameItem(i, item) ? { ...i, favorite: !i.favorite } : i));
  return { ...data, data: favoritesList ? filesFirst(next) : next };
};

/** The items removed. */
export const withoutItems = (data: FolderContents, items: GalleryItem[]): FolderContents => ({
  ...data,
  data: data.data.filter((i) => !items.some((x) => sameItem(x, i))),
});

/**
 * The items moved out of the folder shown (`folderId`) into `target`: nothing changes when the target is
 * this folder, and the target folder itself stays (a folder never moves into itself).
 */
export const withoutMoved = (
  data: FolderContents,
  folderId: number,
  { items, target }: { items: GalleryItem[]; target: number },
): FolderContents =>
  target === folderId
    ? data
    : {
        ...data,
        data: data.data.filter((i) => !items.some((x) => sameItem(x, i) && !(!isFile(i) && i.id === target))),
      };
