import {
  EXPIRING_SOON_DAYS,
  PLAYLIST_DEFAULTS,
  expirationOf,
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

  /**
   * A page of the list: only what it shows is read (its content's count and length, not its items and
   * files; how many screens it reaches, not which), and no full playlist is presented per row. The route
   * sends it as JSON text (`sendSerialised`): the response schema's encode of a thousand rows is skipped.
   */
  async list(caller: Caller, query: PlaylistListQuery): Promise<PlaylistList> {
    const { cabinetId } = caller;
    const { playlists, playlistTargets, playlistTags, playlistChanges } = this.deps.repos;
    const { rows, total } = await playlists.list(cabinetId, query, this.listClock());
    const ids = rows.map((r) => r.id);
    const [lengths, totals, tags, pending] = await Promise.all([
      playlists.playingLengths(cabinetId, ids, PLAYLIST_DEFAULTS.itemDuration),
      playlistTargets.pointsTotal(cabinetId, ids),
      playlistTags.tagsOf(cabinetId, ids),
      playlistChanges.pendingChanges(cabinetId, ids),
    ]);
    const now = this.now();
    // The newest waiting change of each playlist (they come oldest first).
    const pendingOf = new Map(pending.map((p) => [p.playlistId, p]));
    const list: PlaylistListItem[] = rows.map((row) => {
      const playing = lengths.get(row.id) ?? [];
      const change = pendingOf.get(row.id);
      return {
        id: row.id,
        name: row.name,
        type: row.type,
        category: row.category,
        fromDate: row.fromDate,
        toDate: row.toDate,
        active: row.active,
        expiration: expirationOf(row.toDate, now),
        pointsTotal: totals.get(row.id) ?? 0,
        tags: tags.get(row.id) ?? [],
        contentDuration: playing.reduce((sum, seconds) => sum + seconds, 0),
        approved: row.approved,
        pendingChange: change
          ? { id: change.id, userName: change.userName, createdDate: change.createdAt.toISOString() }
          : null,
        updatedDate: row.updatedAt.toISOString(),
        filesCount: playing.length,
      };
    });
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
