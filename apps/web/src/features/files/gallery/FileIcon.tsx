import { type FileItem } from '@vitrine/core';
import { GalleryIcon, type GalleryIconName } from './GalleryIcons';

const BY_KIND: Partial<Record<FileItem['kind'], GalleryIconName>> = {
  video: 'movie',
  audio: 'music',
  stream: 'broadcast',
};

/** A file without a thumbnail: its kind's icon (inside a gallery's icon sprite). */
export function FileIcon({ file, size = 40 }: { file: FileItem; size?: number }) {
  return <GalleryIcon name={BY_KIND[file.kind] ?? 'file'} size={size} />;
}
