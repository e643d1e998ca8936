import {
  EXPIRING_SOON_DAYS,
  contentItems,
  formatWall,
  type Playlist,
  type PlaylistItem,
  type PlaylistList,
  type PlaylistListItem,
  type PlaylistListQuery,
} from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { PlaylistRow } from '../../db/schema.js';
import type { Caller } from '../../lib/caller.js';
import { notFound } from '../../lib/errors.js';
import type { PlaylistFilter } from './playlist.repository.js';
import { toPlaylist, type PresentItem } from './playlist.presenter.js';
import type { PlaylistServiceDeps } from './playlist.service.js';

/**
 * Reading playlists: the list with its filters and figures, and one playlist as the editor shows it (names
 * of its targets and tags, its content's files with their thumbnails, its waiting change).
 */
export class PlaylistView {
  private readonly clock: () => Date;

  constructor(private readonly deps: Pick<PlaylistServiceDeps, 'repos' | 'media' | 'clock'>) {
    this.clock = deps.clock ?? (() => new Date());
  }

  /** The server's wall clock now, as playlists' dates are written. */
  now(): string {
    return formatWall(this.clock());
  }

  async list(caller: Caller, query: PlaylistListQuery): Promise<PlaylistList> {
    const { rows, total } = await this.deps.repos.playlists.list(caller.cabinetId, query, this.listClock());
    // The list shows how many screens a playlist reaches, not which: their names are not read; and how many
    // items and how long, not their thumbnails: no address is signed for a page of a thousand.
    const full = await this.present(caller.cabinetId, rows, { targets: false, thumbs: false });
    const list: PlaylistListItem[] = full.map((p) => ({
      id: p.id,
      name: p.name,
      type: p.type,
      category: p.category,
      fromDate: p.fromDate,
      toDate: p.toDate,
      active: p.active,
      expiration: p.expiration,
      pointsTotal: p.pointsTotal,
      tags: p.tags,
      contentDuration: p.contentDuration,
      approved: p.approved,
      pendingChange: p.pendingChange,
      updatedDate: p.updatedDate,
      filesCount: contentItems(p).length,
    }));
    return { list, total };
  }

  /** How many playlists the list would hold with each of these filters: the same conditions, no page read. */
  counts<K extends string>(caller: Caller, filters: Record<K, PlaylistFilter>): Promise<Record<K, number>> {
    return this.deps.repos.playlists.counts(caller.cabinetId, filters, this.listClock());
  }

  /** Now and the day a playlist starts expiring soon, in wall-clock days as the status badge counts them. */
  private listClock(): { now: string; soon: string } {
    const now = this.clock();
    // A DST change does not move the limit.
    const soon = new Date(now);
    soon.setDate(soon.getDate() + EXPIRING_SOON_DAYS);
    return { now: formatWall(now), soon: formatWall(soon) };
  }

  async get(caller: Caller, id: number): Promise<Playlist> {
    const row = await this.deps.repos.playlists.playlist(caller.cabinetId, id);
    if (!row) throw notFound();
    return (await this.present(caller.cabinetId, [row]))[0]!;
  }

  private async present(
    cabinetId: CabinetId,
    rows: PlaylistRow[],
    read: { targets: boolean; thumbs: boolean } = { targets: true, thumbs: true },
  ): Promise<Playlist[]> {
    const { playlists, playlistTargets, playlistTags, playlistChanges } = this.deps.repos;
    const ids = rows.map((r) => r.id);
    const secondaryIds = rows.map((r) => r.secondaryFileId).filter((id): id is number => id !== null);
    const noTargets = { points: [], nets: [], walls: [] };
    const [content, targets, totals, tags, pending, secondary] = await Promise.all([
      playlists.content(cabinetId, ids),
      read.targets ? playlistTargets.targets(cabinetId, ids) : new Map<number, typeof noTargets>(),
      playlistTargets.pointsTotal(cabinetId, ids),
      playlistTags.tagsOf(cabinetId, ids),
      playlistChanges.pendingChanges(cabinetId, ids),
      playlists.referencedFiles(cabinetId, secondaryIds),
    ]);
    const now = this.now();
    const item: PresentItem = (i) => this.item(i, read.thumbs);
    // The newest waiting change of each playlist and the secondary files, found once rather than searched per row.
    const pendingOf = new Map(pending.map((p) => [p.playlistId, p]));
    const secondaryOf = new Map(secondary.map((f) => [f.id, f]));
    return rows.map((row) =>
      toPlaylist(
        row,
        {
          content: content.get(row.id)!,
          targets: targets.get(row.id) ?? noTargets,
          tags: tags.get(row.id)!,
          pointsTotal: totals.get(row.id) ?? 0,
          pendingChange: pendingOf.get(row.id),
          secondaryFile: row.secondaryFileId === null ? undefined : secondaryOf.get(row.secondaryFileId),
        },
        now,
        item,
      ),
    );
  }

  /** A content item as the editor shows it: the file's name, kind, length and thumbnail. */
  item(i: Parameters<PresentItem>[0], thumb = true): PlaylistItem {
    return {
      fileId: i.fileId,
      duration: i.duration,
      wallFit: i.wallFit ?? null,
      name: i.file.name,
      mime: i.file.mime,
      kind: i.file.kind,
      mediaDuration: i.file.duration,
      thumbUrl: thumb ? this.deps.media.thumbUrl(i.file) : null,
    };
  }
}
