import {
  FLOATING_DEFAULTS,
  canvasSize,
  itemSeconds,
  mergedConfig,
  mostSpecific,
  tileRect,
  wallPlacement,
  type ManifestWall,
  type ScheduleInputData,
} from '@vitrine/core';
import type {
  FileConfigRow,
  FileScheduleRow,
  PlaylistRow,
  PointRow,
  WallRow,
  WallScreenRow,
} from '../../db/schema.js';
import type { PlaylistContent } from '../playlist/playlist.repository.js';
import { playlistTiming } from '../playlist/playlist.presenter.js';
import { wallGrid } from '../wall/wall.presenter.js';

// The plan's inputs: a screen, its playlists and their items as the schedule engine (packages/core) reads
// them, with the file rules that apply on the screen, and a wall's cell's part of its manifest.

export type SchedulePlaylist = ScheduleInputData['playlists'][number];
type ScheduleItemData = SchedulePlaylist['items'][number];
/** A playlist as the engine reads it on a screen, all but the screen's share of it. */
export type PlaylistPart = Omit<SchedulePlaylist, 'share'>;
export type FileRow = PlaylistContent['items'][number]['file'];

/** A file a playlist shows and the digest of its bytes (a screen's content version counts them). */
export type FileHash = readonly [fileId: number, hash: string | null];

export type LoadedWall = WallRow & { cells: WallScreenRow[] };

/** A screen's playlists as their parts (all but the share) and its share of each. */
export interface ScreenParts {
  screen: ScheduleInputData['screen'];
  playlists: { part: PlaylistPart; share: SchedulePlaylist['share'] }[];
}

/** The engine's view of a screen. */
export function screenOf(point: PointRow): ScheduleInputData['screen'] {
  const screen: ScheduleInputData['screen'] = {
    id: point.id,
    timezone: point.timezone,
    workFrom: point.workFrom,
    workTo: point.workTo,
    commercialCycle: point.commercialCycle,
    stopped: point.isStopped,
  };
  if (point.latitude !== null && point.longitude !== null) {
    screen.position = { lat: point.latitude, lng: point.longitude };
  }
  return screen;
}

/** A cabinet's file schedules and configurations, by file, for resolving per screen and playlist. */
export interface FileRules {
  schedules: Map<number, FileScheduleRow[]>;
  configs: Map<number, FileConfigRow[]>;
  /** Some rule names a screen: items must be resolved screen by screen. */
  perScreen: boolean;
}

/** One content item as the engine and player read it, with the rules that apply on this screen. */
function scheduleItem(
  fileId: number,
  duration: number | null,
  file: FileRow,
  rules: FileRules,
  pointId: number,
  playlistId: number,
): ScheduleItemData {
  const config = mergedConfig(rules.configs.get(fileId) ?? [], pointId, playlistId);
  const schedule = mostSpecific(rules.schedules.get(fileId) ?? [], pointId, playlistId);
  const item: ScheduleItemData = {
    fileId,
    seconds: itemSeconds({ fileId, duration }, file.duration, config.duration),
  };
  if (schedule) {
    item.when = {
      fromDate: schedule.fromDate,
      toDate: schedule.toDate,
      weekDays: schedule.weekDays,
      fromTime: schedule.fromTime,
      toTime: schedule.toTime,
    };
  }
  if (config.volume !== null || config.fit !== null || config.muted !== null) {
    item.look = { volume: config.volume, fit: config.fit, muted: config.muted };
  }
  return item;
}

/** A playlist row and its content as the engine reads them, on one screen. */
export function toSchedulePlaylist(
  row: PlaylistRow,
  content: PlaylistContent,
  secondary: FileRow | undefined,
  rules: FileRules,
  pointId: number,
): PlaylistPart {
  const item = (i: PlaylistContent['items'][number]) =>
    scheduleItem(i.fileId, i.duration, i.file, rules, pointId, row.id);
  const part: PlaylistPart = {
    id: row.id,
    type: row.type,
    active: row.active,
    approved: row.approved,
    override: row.override,
    inLeftoversOnly: row.inLeftoversOnly,
    noStats: row.noStats,
    ...playlistTiming(row),
    quotas: row.quotas.map((q) => ({ kind: q.kind, quantity: q.quantity })),
    items: content.items.filter((i) => i.sectionId === null).map(item),
    sections: content.sections.map((s) => ({
      duration: s.duration,
      duplicate: s.duplicate === true,
      order: s.order,
      repeat: s.repeat,
      items: content.items.filter((i) => i.sectionId === s.id).map(item),
    })),
  };
  // Only what is set: a screen's content version stays as it was for playlists without these.
  if (row.interval) part.interval = row.interval;
  if (row.geofence) part.geofence = row.geofence;
  if (row.theme) part.theme = row.theme;
  if (row.type === 'FLOATING') {
    part.floating = row.floating ?? { ...FLOATING_DEFAULTS };
  }
  if (secondary) {
    part.secondary = {
      fileId: secondary.id,
      seconds: itemSeconds(
        { fileId: secondary.id, duration: row.secondaryLoopDuration },
        null,
        secondary.duration,
      ),
    };
  }
  return part;
}

/**
 * The wall part of a cell's manifest: the grid, the cell's place, rotation and rectangle of the canvas, and
 * where each file of the wall's playlists stands on the canvas (as it is, or as its item's fit says).
 */
export function wallPart(
  wall: LoadedWall,
  pointId: number,
  content: Map<number, PlaylistContent>,
  playlistIds: number[],
): ManifestWall {
  const grid = wallGrid(wall);
  const canvas = canvasSize(grid);
  const cell = wall.cells.find((c) => c.pointId === pointId)!;
  const placements = new Map<number, ManifestWall['placements'][number]>();
  for (const id of playlistIds) {
    for (const item of content.get(id)?.items ?? []) {
      if (placements.has(item.fileId)) continue;
      const sized = item.file.kind === 'image' || item.file.kind === 'video';
      const size = sized
        ? { width: item.file.width, height: item.file.height }
        : { width: null, height: null };
      placements.set(item.fileId, { fileId: item.fileId, ...wallPlacement(canvas, size, item.wallFit) });
    }
  }
  return {
    id: wall.id,
    name: wall.name,
    columns: wall.width,
    rows: wall.height,
    column: cell.column,
    row: cell.row,
    rotation: cell.rotation,
    tile: tileRect(grid, cell.column, cell.row),
    canvas,
    placements: [...placements.values()].sort((a, b) => a.fileId - b.fileId),
  };
}
