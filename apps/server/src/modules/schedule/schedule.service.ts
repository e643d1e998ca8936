import {
  localDate,
  planDay,
  scheduleGaps,
  type DailySchedule,
  type ManifestFile,
  type ManifestWall,
  type ScheduleInputData,
} from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories } from '../../db/repositories.js';
import type { PointRow } from '../../db/schema.js';
import type { Caller } from '../../lib/caller.js';
import { notFound } from '../../lib/errors.js';
import type { MediaService } from '../media/media.service.js';
import { dailyTable, replacedByWall } from './daily-schedule.js';
import { gather, inputsOf, partsOf, type Gathered } from './schedule-gather.js';
import type { FileHash, ScreenParts } from './schedule-inputs.js';
import { batchPlaylistFiles, manifestEntries, screenFiles } from './screen-files.js';

export type { ScreenParts } from './schedule-inputs.js';

export interface ScheduleServiceDeps {
  repos: Repositories;
  media: MediaService;
  clock?: () => Date;
}

interface Loaded extends Pick<Gathered, 'alike' | 'playlists' | 'files' | 'walls' | 'replaced'> {
  inputs: Map<number, ScheduleInputData>;
}

/** A screen's content version is worked out from these (content-version.ts), its settings aside. */
export interface VersionInput extends ScreenParts {
  /** The files a playlist shows (`playlistFiles`) and the hash of each. */
  files: (playlistId: number) => FileHash[];
  /** The screen's place in its wall, if it is a cell of one. */
  wall: ManifestWall | undefined;
  alike: boolean;
}

/** A screen's part of its manifest: the engine's input and every file it may play. */
export interface PlayerContent {
  schedule: ScheduleInputData;
  files: ManifestFile[];
  /** The files a playlist shows and the hash of each (for the version). */
  playlistFiles: (playlistId: number) => FileHash[];
  /** The wall the screen is a cell of, if any. */
  wall?: ManifestWall;
  /** Each playlist reads the same on every screen of the batch but for its share (no screen-scoped rules). */
  alike: boolean;
}

/** Each playlist's files with their hashes, made the first time a playlist is asked for. */
function hashesOf(byPlaylist: Map<number, number[]>, files: Gathered['files']): (id: number) => FileHash[] {
  const memo = new Map<number, FileHash[]>();
  return (id) => {
    const known = memo.get(id);
    if (known) return known;
    const list = (byPlaylist.get(id) ?? []).map((fileId): FileHash => [fileId, files.get(fileId)!.hash]);
    memo.set(id, list);
    return list;
  };
}

/** Screens grouped by cabinet: every query is one cabinet's. */
export function byCabinet(points: PointRow[]): Map<CabinetId, PointRow[]> {
  const out = new Map<CabinetId, PointRow[]>();
  for (const point of points) {
    const list = out.get(point.cabinetId);
    if (list) list.push(point);
    else out.set(point.cabinetId, [point]);
  }
  return out;
}

/**
 * The schedule of screens: the engine's inputs gathered from the database (a few queries for any number of
 * screens, schedule-gather.ts), the daily table of the point's schedule tab (daily-schedule.ts), leftover
 * mode's gaps, the fullness planner's parts and the player's manifest (screen-files.ts).
 */
export class ScheduleService {
  private readonly clock: () => Date;

  constructor(private readonly deps: ScheduleServiceDeps) {
    this.clock = deps.clock ?? (() => new Date());
  }

  /** The engine's input for each screen. */
  async load(cabinetId: CabinetId, points: PointRow[]): Promise<Loaded> {
    const gathered = await gather(this.deps.repos, cabinetId, points);
    return { ...gathered, inputs: await inputsOf(gathered, points) };
  }

  /**
   * Leftover mode's room on a screen (docs/ssp.md, "The ad round"): the gaps its schedule leaves between
   * two instants, beside `playlistId`'s own content; none for a screen the cabinet does not have.
   */
  async leftoverGaps(
    cabinetId: CabinetId,
    pointId: number,
    playlistId: number,
    from: number,
    to: number,
  ): Promise<[number, number][]> {
    const point = await this.deps.repos.points.point(cabinetId, pointId);
    if (!point) return [];
    const { inputs } = await this.load(cabinetId, [point]);
    return scheduleGaps(inputs.get(point.id)!, playlistId, from, to);
  }

  /** GET /api/point/get-daily-schedule: the day's table by files and what could not be planned. */
  async daily(
    caller: Caller,
    pointId: number,
    date: string | undefined,
    /** The day of the wall `pointId` leads: the wall's playlists only (none while it plays no wall). */
    { wall = false }: { wall?: boolean } = {},
  ): Promise<DailySchedule> {
    const point = await this.deps.repos.points.point(caller.cabinetId, pointId);
    if (!point) throw notFound();
    const { inputs, playlists, files, replaced } = await this.load(caller.cabinetId, [point]);
    const day = date ?? localDate(point.timezone, this.clock().getTime());
    const input = inputs.get(point.id)!;
    const plan = planDay(wall && !replaced.has(point.id) ? { ...input, playlists: [] } : input, day);
    const table = dailyTable(point, day, plan, { playlists, files });
    if (wall) return table;
    const tiles = await replacedByWall(this.deps.repos, caller.cabinetId, replaced.get(point.id) ?? []);
    return { ...table, unplanned: [...table.unplanned, ...tiles] };
  }

  /** Each screen's player schedule: the engine's input and every file it may play (a few queries for all). */
  async forPlayers(points: PointRow[]): Promise<Map<number, PlayerContent>> {
    const out = new Map<number, PlayerContent>();
    for (const [cabinetId, list] of byCabinet(points)) {
      const gathered = await gather(this.deps.repos, cabinetId, list);
      const inputs = await inputsOf(gathered, list);
      const byPlaylist = await batchPlaylistFiles(this.deps.repos, cabinetId, gathered);
      const used = await screenFiles(gathered, byPlaylist, list);
      const entry = manifestEntries(this.deps.media, gathered.files);
      const playlistFiles = hashesOf(byPlaylist, gathered.files);
      for (const point of list) {
        const wall = gathered.walls.get(point.id);
        out.set(point.id, {
          schedule: inputs.get(point.id)!,
          files: used.get(point.id)!.map(entry),
          playlistFiles,
          alike: gathered.alike,
          ...(wall ? { wall } : {}),
        });
      }
    }
    return out;
  }

  /**
   * Each screen's playlists as parts with its shares, without writing its schedule out: where playlists
   * read alike on every screen a part is one object for all of them (`alike`), so a batch of screens reached
   * by the same hundreds of playlists holds each once. The fullness planner sends them to its threads so.
   */
  async parts(
    cabinetId: CabinetId,
    points: PointRow[],
  ): Promise<{ screens: Map<number, ScreenParts>; alike: boolean }> {
    const gathered = await gather(this.deps.repos, cabinetId, points);
    return { screens: await partsOf(gathered, points), alike: gathered.alike };
  }

  /**
   * What each screen's content version is worked out from: its parts and shares (`parts`) and the hashes
   * of each playlist's files. A change reaching thousands of screens costs one part per playlist.
   */
  async forVersions(points: PointRow[]): Promise<Map<number, VersionInput>> {
    const out = new Map<number, VersionInput>();
    for (const [cabinetId, list] of byCabinet(points)) {
      const gathered = await gather(this.deps.repos, cabinetId, list);
      const screens = await partsOf(gathered, list);
      const files = hashesOf(await batchPlaylistFiles(this.deps.repos, cabinetId, gathered), gathered.files);
      for (const point of list) {
        out.set(point.id, {
          ...screens.get(point.id)!,
          files,
          wall: gathered.walls.get(point.id),
          alike: gathered.alike,
        });
      }
    }
    return out;
  }
}
