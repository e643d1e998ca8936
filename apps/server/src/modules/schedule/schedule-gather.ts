import { NO_SHARE, byFile, usesNetworkShare, type ManifestWall, type ScheduleInputData } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories } from '../../db/repositories.js';
import type { PlaylistRow, PointRow } from '../../db/schema.js';
import { slicer } from '../../lib/yield.js';
import type { PlaylistContent } from '../playlist/playlist.repository.js';
import {
  screenOf,
  toSchedulePlaylist,
  wallPart,
  type FileHash,
  type FileRow,
  type FileRules,
  type LoadedWall,
  type PlaylistPart,
  type SchedulePlaylist,
  type ScreenParts,
} from './schedule-inputs.js';
import { playlistFiles } from './screen-files.js';

/** What a batch of screens plays, before it is written out screen by screen. */
export interface Gathered {
  /** The playlists each screen of the batch plays, by id (a wall's cell: the wall's). */
  reaching: Map<number, number[]>;
  /** A tile playing its wall: its own playlists, which the wall's replace (listed as WALL_TILE by day). */
  replaced: Map<number, number[]>;
  /** The engine's view of each screen of the batch (a wall's cell: its first cell's, for one timeline). */
  screens: Map<number, ScheduleInputData['screen']>;
  /** The wall part of the manifest of each screen that is a wall's cell. */
  walls: Map<number, ManifestWall>;
  /** A playlist reads the same on every screen (no rule names a screen): only its share differs. */
  alike: boolean;
  playlists: Map<number, PlaylistRow>;
  files: Map<number, FileRow>;
  /** A playlist's part on a screen: the same object for every screen where playlists read alike. */
  part(playlistId: number, pointId: number): PlaylistPart;
  /** The screen's place among those sharing a playlist's network count. */
  share(playlistId: number, pointId: number): SchedulePlaylist['share'];
}

/** Which playlists each screen of a batch plays: its own, or those of the wall it is a cell of. */
interface Plays {
  /** The playlists reaching each screen itself. */
  reaching: Map<number, number[]>;
  walls: Map<number, LoadedWall>;
  /** The wall each cell belongs to, by its screen. */
  wallOf: Map<number, number>;
  /** The first cell's screen of the wall a screen is a cell of: every tile plans the same timeline. */
  leadOf: Map<number, PointRow>;
  plays(point: PointRow): number[];
}

async function whatScreensPlay(
  repos: Repositories,
  cabinetId: CabinetId,
  points: PointRow[],
): Promise<Plays> {
  const reaching = await repos.schedule.playlistsReaching(
    cabinetId,
    points.map((p) => p.id),
  );
  // A wall's screens play the wall's playlists, on the settings of its first cell (docs/walls.md).
  const wallsOf = await repos.schedule.wallsOf(
    cabinetId,
    points.map((p) => p.id),
  );
  const wallPlaylists = await repos.schedule.playlistsOfWalls(cabinetId, [...wallsOf.walls.keys()]);
  const known = new Map(points.map((p) => [p.id, p]));
  // A tile plays its wall only while an approved playlist targets the wall; until then, its own.
  const liveWalls = [...wallsOf.walls.values()].filter((w) => wallPlaylists.get(w.id)?.live);
  const missingLeads = liveWalls.map((w) => w.cells[0]!.pointId).filter((id) => !known.has(id));
  for (const row of await repos.points.pointsByIds(cabinetId, missingLeads)) known.set(row.id, row);
  const leadOf = new Map<number, PointRow>();
  for (const [pointId, wallId] of wallsOf.byPoint) {
    if (!wallPlaylists.get(wallId)?.live) continue;
    const lead = known.get(wallsOf.walls.get(wallId)!.cells[0]!.pointId);
    if (lead) leadOf.set(pointId, lead);
  }
  const plays = (point: PointRow): number[] => {
    const wallId = wallsOf.byPoint.get(point.id);
    return leadOf.has(point.id)
      ? (wallPlaylists.get(wallId!)?.playlists ?? [])
      : (reaching.get(point.id) ?? []);
  };
  return { reaching, walls: wallsOf.walls, wallOf: wallsOf.byPoint, leadOf, plays };
}

/** The playlists' rows and content, the screens of each per-network count, and every file they show. */
async function playlistsOf(repos: Repositories, cabinetId: CabinetId, ids: number[]) {
  const [rows, content] = await Promise.all([
    repos.playlists.playlistsByIds(cabinetId, ids),
    repos.playlists.content(cabinetId, ids),
  ]);
  // Only a per-network count shares among screens: only those playlists' reach is read.
  const reach = await repos.schedule.reachOf(
    cabinetId,
    rows.filter(usesNetworkShare).map((r) => r.id),
  );
  const secondaryIds = rows.map((r) => r.secondaryFileId).filter((id): id is number => id !== null);
  const files: Gathered['files'] = new Map();
  for (const c of content.values()) for (const i of c.items) files.set(i.fileId, i.file);
  for (const f of await repos.playlists.referencedFiles(cabinetId, secondaryIds)) files.set(f.id, f);
  return { rows, content, reach, files };
}

/** The cabinet's schedules and configurations of these files. */
async function fileRulesOf(repos: Repositories, cabinetId: CabinetId, fileIds: number[]): Promise<FileRules> {
  const [schedules, configs] = await Promise.all([
    repos.fileRules.schedulesOf(cabinetId, fileIds),
    repos.fileRules.configsOf(cabinetId, fileIds),
  ]);
  return {
    schedules: byFile(schedules),
    configs: byFile(configs),
    perScreen: [...schedules, ...configs].some((r) => r.pointId !== null),
  };
}

/** A screen's place among the screens sharing each playlist's per-network count. */
function sharesOf(reach: Map<number, number[]>, leadOf: Plays['leadOf']): Gathered['share'] {
  // A screen's place among a playlist's screens, looked up rather than searched for (10,000 screens).
  const positions = new Map<number[], Map<number, number>>();
  const positionIn = (screens: number[]) => {
    let map = positions.get(screens);
    if (!map) positions.set(screens, (map = new Map(screens.map((id, i) => [id, i]))));
    return map;
  };
  return (id, pointId) => {
    // A wall's playlists take no network share: the wall counts as one screen.
    if (leadOf.has(pointId)) return NO_SHARE;
    const screens = reach.get(id);
    return screens
      ? { screens: screens.length, index: Math.max(0, positionIn(screens).get(pointId) ?? 0) }
      : NO_SHARE;
  };
}

/** Each cell's wall part of its manifest, for the screens of the batch playing their wall. */
function wallsOfBatch(
  points: PointRow[],
  { walls, wallOf, leadOf, plays }: Plays,
  content: Map<number, PlaylistContent>,
): Map<number, ManifestWall> {
  const out = new Map<number, ManifestWall>();
  for (const point of points) {
    if (leadOf.has(point.id))
      out.set(point.id, wallPart(walls.get(wallOf.get(point.id)!)!, point.id, content, plays(point)));
  }
  return out;
}

/**
 * What a batch of screens plays, read in a few queries for any number of screens: the playlists reaching
 * each, their parts (worked out once where no rule names a screen) and shares, and the files they show.
 */
export async function gather(
  repos: Repositories,
  cabinetId: CabinetId,
  points: PointRow[],
): Promise<Gathered> {
  const plays = await whatScreensPlay(repos, cabinetId, points);
  const { reaching, leadOf } = plays;
  const ids = [...new Set(points.flatMap(plays.plays))];
  const { rows, content, reach, files } = await playlistsOf(repos, cabinetId, ids);
  const playlists = new Map(rows.map((r) => [r.id, r]));
  const rules = await fileRulesOf(repos, cabinetId, [...files.keys()]);
  const partOf = (row: PlaylistRow, pointId: number) =>
    toSchedulePlaylist(
      row,
      content.get(row.id)!,
      row.secondaryFileId === null ? undefined : files.get(row.secondaryFileId),
      rules,
      pointId,
    );
  // Without screen-scoped rules a playlist reads the same on every screen: worked out once.
  const shared = rules.perScreen ? null : new Map(rows.map((r) => [r.id, partOf(r, 0)]));
  return {
    reaching: new Map(
      points.map((point) => [point.id, plays.plays(point).filter((id) => playlists.has(id))]),
    ),
    replaced: new Map(
      points.filter((p) => leadOf.has(p.id)).map((p) => [p.id, reaching.get(p.id) ?? []] as const),
    ),
    screens: new Map(points.map((point) => [point.id, screenOf(leadOf.get(point.id) ?? point)])),
    walls: wallsOfBatch(points, plays, content),
    alike: !rules.perScreen,
    playlists,
    files,
    part: (id, pointId) =>
      shared ? shared.get(id)! : partOf(playlists.get(id)!, leadOf.get(pointId)?.id ?? pointId),
    share: sharesOf(reach, leadOf),
  };
}

/** Each screen's engine input: its playlists' parts with its shares (the event loop served in between). */
export async function inputsOf(
  gathered: Gathered,
  points: PointRow[],
): Promise<Map<number, ScheduleInputData>> {
  const inputs = new Map<number, ScheduleInputData>();
  const pause = slicer();
  for (const point of points) {
    await pause();
    inputs.set(point.id, {
      screen: gathered.screens.get(point.id)!,
      playlists: gathered.reaching
        .get(point.id)!
        .map((id) => ({ ...gathered.part(id, point.id), share: gathered.share(id, point.id) })),
    });
  }
  return inputs;
}

/** Each screen's parts and shares (the event loop served in between). */
export async function partsOf(gathered: Gathered, points: PointRow[]): Promise<Map<number, ScreenParts>> {
  const out = new Map<number, ScreenParts>();
  const pause = slicer();
  for (const point of points) {
    await pause();
    out.set(point.id, {
      screen: gathered.screens.get(point.id)!,
      playlists: gathered.reaching
        .get(point.id)!
        .map((id) => ({ part: gathered.part(id, point.id), share: gathered.share(id, point.id) })),
    });
  }
  return out;
}

/** One playlist as every screen it reaches reads it (playlist-delta.ts): its part, files and shares. */
export interface PlaylistAlone {
  part: PlaylistPart;
  /** Some file rule names a screen: the part differs between screens. */
  perScreen: boolean;
  /** Each file it shows, sorted, with its hash. */
  files: FileHash[];
  /** A screen's share of its per-network count (NO_SHARE when it has none). */
  share(pointId: number): SchedulePlaylist['share'];
}

/** A playlist read alone, without the screens it reaches (null: not the cabinet's). */
export async function playlistAlone(
  repos: Repositories,
  cabinetId: CabinetId,
  playlistId: number,
): Promise<PlaylistAlone | null> {
  const { rows, content, reach, files } = await playlistsOf(repos, cabinetId, [playlistId]);
  const row = rows[0];
  if (!row) return null;
  const rules = await fileRulesOf(repos, cabinetId, [...files.keys()]);
  const secondary = row.secondaryFileId === null ? undefined : files.get(row.secondaryFileId);
  const part = toSchedulePlaylist(row, content.get(row.id)!, secondary, rules, 0);
  const shown = await playlistFiles(repos, cabinetId, new Map([[row.id, part]]), files);
  const share = sharesOf(reach, new Map());
  return {
    part,
    perScreen: rules.perScreen,
    files: (shown.get(row.id) ?? []).map((id): FileHash => [id, files.get(id)!.hash]),
    share: (pointId) => share(row.id, pointId),
  };
}
