import { documentFiles, isStudioKind, type ManifestFile } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories } from '../../db/repositories.js';
import type { PointRow } from '../../db/schema.js';
import { slicer } from '../../lib/yield.js';
import type { MediaService } from '../media/media.service.js';
import type { Gathered } from './schedule-gather.js';

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

/**
 * The files each screen may play, sorted: its playlists' items and secondary content, and what the
 * widgets and creations among them show (cached with them, for offline). Adds those to `files`.
 */
export async function screenFiles(
  repos: Repositories,
  cabinetId: CabinetId,
  gathered: Gathered,
  points: PointRow[],
): Promise<Map<number, number[]>> {
  const { files, alike } = gathered;
  // A playlist's files, worked out once a batch where playlists read alike on every screen.
  const memo = new Map<number, number[]>();
  const filesOf = (id: number, pointId: number): number[] => {
    let ids = alike ? memo.get(id) : undefined;
    if (!ids) {
      const p = gathered.part(id, pointId);
      ids = [
        ...p.items.map((i) => i.fileId),
        ...p.sections.flatMap((s) => s.items.map((i) => i.fileId)),
        ...(p.secondary ? [p.secondary.fileId] : []),
      ];
      if (alike) memo.set(id, ids);
    }
    return ids;
  };
  const used = new Map<number, Set<number>>();
  // In slices, as the parts are: 500 screens of 250 playlists each are 125,000 file lists to merge.
  const pause = slicer();
  for (const point of points) {
    await pause();
    used.set(point.id, new Set(gathered.reaching.get(point.id)!.flatMap((id) => filesOf(id, point.id))));
  }
  const studio = new Set<number>();
  for (const ids of used.values())
    for (const id of ids) if (isStudioKind(files.get(id)!.kind)) studio.add(id);
  const docs = await repos.studio.documentsOfFiles(cabinetId, [...studio]);
  const shown = new Set([...docs.values()].flatMap(documentFiles).filter((id) => !files.has(id)));
  for (const f of await repos.playlists.referencedFiles(cabinetId, [...shown])) files.set(f.id, f);
  const out = new Map<number, number[]>();
  for (const [pointId, ids] of used) {
    await pause();
    for (const id of [...ids]) {
      const doc = docs.get(id);
      if (doc) for (const shownId of documentFiles(doc)) if (files.has(shownId)) ids.add(shownId);
    }
    out.set(
      pointId,
      [...ids].sort((a, b) => a - b),
    );
  }
  return out;
}
