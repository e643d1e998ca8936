import { IconFile, IconFileMusic, IconMovie, IconBroadcast } from '@tabler/icons-react';
import { type FileItem } from '@vitrine/core';

/** A file without a thumbnail: its kind's icon. */
export function FileIcon({ file, size = 40 }: { file: FileItem; size?: number }) {
  const Icon =
    file.kind === 'video'
      ? IconMovie
      : file.kind === 'audio'
        ? IconFileMusic
        : file.kind === 'stream'
          ? IconBroadcast
          : IconFile;
  return <Icon size={size} stroke={1.3} aria-hidden />;
}
