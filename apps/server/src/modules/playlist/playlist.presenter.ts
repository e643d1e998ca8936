import { expirationOf, itemSeconds, type Playlist, type PlaylistItem } from '@vitrine/core';
import type { FileRow, PlaylistChangeRow, PlaylistRow } from '../../db/schema.js';
import type { PlaylistContent } from './playlist.repository.js';
import type { Named, Targets } from './playlist-targets.repository.js';

/** What a playlist's answer shows besides its own row, loaded for a page of playlists at once. */
export interface PlaylistRelated {
  content: PlaylistContent;
  targets: Targets;
  tags: Named[];
  /** Screens it reaches, directly or through networks. */
  pointsTotal: number;
  /** Its newest waiting change, if any: the one a person just sent. */
  pendingChange: PlaylistChangeRow | undefined;
  /** The file of its secondary content, when it has one the cabinet may use. */
  secondaryFile: FileRow | undefined;
}

/** A content item as the editor shows it: the file's name, kind and length, with its thumbnail address. */
export type PresentItem = (i: {
  fileId: number;
  duration: number | null;
  wallFit?: PlaylistItem['wallFit'];
  file: FileRow;
}) => PlaylistItem;

/**
 * When a playlist plays, as its row holds it: the period, week days, the two daily windows, the order, the
 * schedule mode and its numbers. The answer's fields and the schedule engine's input share these.
 */
export function playlistTiming(row: PlaylistRow) {
  return {
    fromDate: row.fromDate,
    toDate: row.toDate,
    weekDays: row.weekDays,
    fromTime: row.fromTime,
    toTime: row.toTime,
    fromTime2: row.fromTime2,
    toTime2: row.toTime2,
    filesOrder: row.filesOrder,
    scheduleMode: row.scheduleMode,
    periodicity: row.periodicity,
    limitationType: row.limitationType,
    blockDuration: row.blockDuration,
  };
}

/**
 * The public face of a playlist row (as the users' presenter is of a user row): what GET /api/playlist/{id}
 * answers, with its content, targets, tags, reach, expiration (against the wall clock `now`) and waiting
 * change. Loading what it shows is the service's part; this only shapes it.
 */
export function toPlaylist(
  row: PlaylistRow,
  related: PlaylistRelated,
  now: string,
  item: PresentItem,
): Playlist {
  const { content: c, targets, pendingChange: change, secondaryFile } = related;
  const files = c.items.filter((i) => i.sectionId === null).map(item);
  const sections = c.sections.map((s) => ({
    duration: s.duration,
    duplicate: s.duplicate ? (true as const) : null,
    order: s.order,
    repeat: s.repeat,
    files: c.items.filter((i) => i.sectionId === s.id).map(item),
  }));
  const playing =
    row.type === 'BLOCK'
      ? c.items.filter((i) => i.sectionId !== null)
      : c.items.filter((i) => i.sectionId === null);
  const contentDuration = playing.reduce((sum, i) => sum + itemSeconds(i, i.file.duration), 0);
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    type: row.type,
    ...playlistTiming(row),
    influence: row.influence,
    inLeftoversOnly: row.inLeftoversOnly,
    quotas: row.quotas,
    sections,
    files,
    points: targets.points,
    nets: targets.nets,
    walls: targets.walls,
    tags: related.tags,
    pixel: row.pixel,
    access: row.access,
    active: row.active,
    override: row.override,
    source: row.source,
    advertisingProviders: row.advertisingProviders,
    sspConnector: row.sspConnector,
    actionOnEnd: row.actionOnEnd,
    maxDuration: row.maxDuration,
    secondaryFileId: row.secondaryFileId,
    secondaryLoopDuration: row.secondaryLoopDuration,
    secondaryFile: secondaryFile
      ? item({ fileId: secondaryFile.id, duration: null, file: secondaryFile })
      : null,
    noStats: row.noStats,
    theme: row.theme,
    interval: row.interval,
    floating: row.floating,
    geofence: row.geofence,
    pointsTotal: related.pointsTotal,
    expiration: expirationOf(row.toDate, now),
    contentDuration,
    approved: row.approved,
    pendingChange: change
      ? { id: change.id, userName: change.userName, createdDate: change.createdAt.toISOString() }
      : null,
    createdDate: row.createdAt.toISOString(),
    updatedDate: row.updatedAt.toISOString(),
  };
}
