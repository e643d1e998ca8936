import { documentFiles, isStudioKind, type ManifestFile } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories } from '../../db/repositories.js';
import type { PointRow } from '../../db/schema.js';
import { slicer } from '../../lib/yield.js';
import type { MediaService } from '../media/media.service.js';
import type { Gathered } from './schedule-gather.js';
import type { PlaylistPart } from './schedule-inputs.js';

/**
 * A manifest's file entries, each signed once a file, not once a file and screen: the entry of a file
 * of `files`, made the first time it is asked for.
 */
export function manifestEntries(media: MediaService, files: Gathered['files']): (id: number) => ManifestFile {
  const entries = new Map<number, ManifestFile>();
  return (id) => {
    let file = entries.get(id);
    if (!file) {
      const row = files.get(id)!;
      const item = media.fileItem(row);
      file = {
        fileId: id,
        name: row.name,
        kind: row.kind,
        mime: row.mime,
        url: item.packageUrl ?? item.url,
        hash: row.hash,
        size: row.size,
      };
      entries.set(id, file);
    }
    return file;
  };
}

/** A playlist's own files: its items', its sections' and its secondary content. */
function ownFiles(part: PlaylistPart): number[] {
  return [
    ...part.items.map((i) => i.fileId),
    ...part.sections.flatMap((s) => s.items.map((i) => i.fileId)),
    ...(part.secondary ? [part.secondary.fileId] : []),
  ];
}

/**
 * The files each of these playlists shows, sorted: its own, and what the widgets and creations among them
 * show (cached with them, for offline). Which files a playlist shows does not depend on the screen (file
 * rules change when and how, not what). Adds the files the creations show to `files`.
 */
export async function playlistFiles(
  repos: Repositories,
  cabinetId: CabinetId,
  parts: Map<number, PlaylistPart>,
  files: Gathered['files'],
): Promise<Map<number, number[]>> {
  const own = new Map([...parts].map(([id, part]) => [id, ownFiles(part)] as const));
  const studio = new Set<number>();
  for (const ids of own.values()) for (const id of ids) if (isStudioKind(files.get(id)!.kind)) studio.add(id);
  const docs = await repos.studio.documentsOfFiles(cabinetId, [...studio]);
  const shown = new Set([...docs.values()].flatMap(documentFiles).filter((id) => !files.has(id)));
  for (const f of await repos.playlists.referencedFiles(cabinetId, [...shown])) files.set(f.id, f);
  const out = new Map<number, number[]>();
  for (const [playlistId, ids] of own) {
    const set = new Set(ids);
    for (const id of ids) {
      const doc = docs.get(id);
      if (doc) for (const shownId of documentFiles(doc)) if (files.has(shownId)) set.add(shownId);
    }
    out.set(
      playlistId,
      [...set].sort((a, b) => a - b),
    );
  }
  return out;
}

/** The files of a batch's playlists (`playlistFiles` of each playlist the batch plays). */
export function batchPlaylistFiles(
  repos: Repositories,
  cabinetId: CabinetId,
  gathered: Gathered,
): Promise<Map<number, number[]>> {
  const parts = new Map([...gathered.playlists.keys()].map((id) => [id, gathered.part(id, 0)] as const));
  return playlistFiles(repos, cabinetId, parts, gathered.files);
}

/** The files each screen may play, sorted: those of every playlist it plays (`byPlaylist`). */
export async function screenFiles(
  gathered: Gathered,
  byPlaylist: Map<number, number[]>,
  points: PointRow[],
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  // In slices: 500 screens of 250 playlists each are 125,000 file lists to merge.
  const pause = slicer();
  for (const point of points) {
    await pause();
    const ids = new Set(gathered.reaching.get(point.id)!.flatMap((id) => byPlaylist.get(id) ?? []));
    out.set(
      point.id,
      [...ids].sort((a, b) => a - b),
    );
  }
  return out;
}
