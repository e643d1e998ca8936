import type { FileItem, GalleryItem } from '@vitrine/core';
import { isFile } from '../files.api';

export const keyOf = (item: GalleryItem) => `${isFile(item) ? 'f' : 'd'}${item.id}`;
export const formatDuration = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;
export const formatBytes = (bytes: number) =>
  bytes >= 1024 ** 2 ? `${(bytes / 1024 ** 2).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Length, size in pixels and bytes, as far as known: '0:15 · 1920×1080 · 2.1 MB'. */
export const fileDetails = (file: FileItem) =>
  [
    file.duration !== null ? formatDuration(file.duration) : null,
    file.width ? `${file.width}×${file.height}` : null,
    file.size ? formatBytes(file.size) : null,
  ]
    .filter(Boolean)
    .join(' · ');
