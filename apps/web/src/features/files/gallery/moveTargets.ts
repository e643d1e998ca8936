import type { TFunction } from 'i18next';
import type { FolderContents, GalleryItem } from '@vitrine/core';
import { isFile } from '../files.api';
import { keyOf } from './format';

/**
 * Where the selection can be moved: up one level, the root, and the folders here that are not chosen. In a
 * folder just below the root, up one level is the root: offered once, as the root (a value twice broke the
 * picker, and with it the page, as soon as a file was chosen there).
 */
export function moveTargets(
  t: TFunction,
  data: FolderContents | undefined,
  folderId: number,
  items: GalleryItem[],
  selected: Set<string>,
): { value: string; label: string }[] {
  const folders = items.filter((i) => !isFile(i));
  const up = data?.breadcrumbs.length ? String(data.breadcrumbs.at(-2)?.id ?? 0) : null;
  return [
    ...(up !== null && up !== '0' ? [{ value: up, label: t('gallery.up') }] : []),
    ...(folderId !== 0 ? [{ value: '0', label: t('gallery.root') }] : []),
    ...folders.filter((f) => !selected.has(keyOf(f))).map((f) => ({ value: String(f.id), label: f.name })),
  ];
}
