import type { TFunction } from 'i18next';
import type { FolderContents, GalleryItem } from '@vitrine/core';
import { isFile } from '../files.api';
import { keyOf } from './format';

/** Where the selection can be moved: up one level, the root, and the folders here that are not chosen. */
export function moveTargets(
  t: TFunction,
  data: FolderContents | undefined,
  folderId: number,
  items: GalleryItem[],
  selected: Set<string>,
): { value: string; label: string }[] {
  const folders = items.filter((i) => !isFile(i));
  return [
    ...(data?.breadcrumbs.length
      ? [{ value: String(data.breadcrumbs.at(-2)?.id ?? 0), label: t('gallery.up') }]
      : []),
    ...(folderId !== 0 ? [{ value: '0', label: t('gallery.root') }] : []),
    ...folders.filter((f) => !selected.has(keyOf(f))).map((f) => ({ value: String(f.id), label: f.name })),
  ];
}
