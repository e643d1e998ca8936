import {
  FLOATING_DEFAULTS,
  NO_SHARE,
  usesNetworkShare,
  byFile,
  documentFiles,
  isStudioKind,
  itemSeconds,
  mergedConfig,
  mostSpecific,
  localDate,
  scheduleGaps,
  planDay,
  summarizeByFile,
  canvasSize,
  tileRect,
  wallPlacement,
  type DailySchedule,
  type ManifestFile,
  type ManifestWall,
  type ScheduleEntry,
  type ScheduleInputData,
} from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories } from '../../db/repositories.js';
import type {
  FileConfigRow,
  FileScheduleRow,
  PlaylistRow,
  PointRow,
  WallRow,
  WallScreenRow,
} from '../../db/schema.js';
import { wallGrid } from '../wall/wall.presenter.js';
import { notFound } from '../../lib/errors.js';
import { slicer } from '../../lib/yield.js';
import type { Caller } from '../../lib/caller.js';
import type { MediaService } from '../media/media.service.js';
import type { PlaylistContent } from '../playlist/playlist.repository.js';

export interface ScheduleServiceDeps {
  repos: Repositories;
  media: MediaService;
  clock?: () => Date;
}

type SchedulePlaylist = ScheduleInputData['playlists'][number];
type ScheduleItemData = SchedulePlaylist['items'][number];
type PlaylistPart = Omit<SchedulePlaylist, 'share'>;
type FileRow = PlaylistContent['items'][number]['file'];

type LoadedWall = WallRow & { cells: WallScreenRow[] };

/** What a batch of screens plays, before it is written out screen by screen. */
interface Gathered {
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

interface Loaded extends Pick<Gathered, 'alike' | 'playlists' | 'files' | 'walls' | 'replaced'> {
  inputs: Map<number, ScheduleInputData>;
}

/** A screen's playlists as their parts (all but the share) and its share of each. */
export interface ScreenParts {
  screen: ScheduleInputData['screen'];
  playlists: { part: PlaylistPart; share: SchedulePlaylist['share'] }[];
}

/** A screen's content version is worked out from these (content-sync.ts), its settings aside. */
export interface VersionInput extends ScreenParts {
  files: Pick<ManifestFile, 'fileId' | 'hash'>[];
  /** The screen's place in its wall, if it is a cell of one. */
  wall: ManifestWall | undefined;
  alike: boolean;
}

/** The engine's view of a screen. */
function screenOf(point: PointRow): ScheduleInputData['screen'] {
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

/** Each screen's engine input: its playlists' parts with its shares (the event loop served in between). */
async function inputsOf(gathered: Gathered, points: PointRow[]): Promise<Map<number, ScheduleInputData>> {
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
async function partsOf(gathered: Gathered, points: PointRow[]): Promise<Map<number, ScreenParts>> {
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

/** A cabinet's file schedules and configurations, by file, for resolving per screen and playlist. */
interface FileRules {
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
function toSchedulePlaylist(
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
    quotas: row.quotas.map((q) => ({ kind: q.kind, quantity: q.quantity })),
    blockDuration: row.blockDuration,
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

/** Consecutive entries of one playlist merged, in seconds from the day's start, for the timeline. */
function mergeSegments(entries: readonly ScheduleEntry[], dayStart: number): DailySchedule['segments'] {
  const segments: DailySchedule['segments'] = [];
  for (const e of entries) {
    const last = segments.at(-1);
    const start = (e.start - dayStart) / 1000;
    const end = (e.end - dayStart) / 1000;
    if (last && last.playlistId === e.playlistId && last.type === e.type && last.end === start) {
      last.end = end;
      last.items++;
    } else {
      segments.push({ start, end, playlistId: e.playlistId, type: e.type, items: 1 });
    }
  }
  return segments;
}

/**
 * The wall part of a cell's manifest: the grid, the cell's place, rotation and rectangle of the canvas, and
 * where each file of the wall's playlists stands on the canvas (as it is, or as its item's fit says).
 */
function wallPart(
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

/** A screen's part of its manifest: the engine's input and every file it may play. */
export interface PlayerContent {
  schedule: ScheduleInputData;
  files: ManifestFile[];
  /** The wall the screen is a cell of, if any. */
  wall?: ManifestWall;
  /** Each playlist reads the same on every screen of the batch but for its share (no screen-scoped rules). */
  alike: boolean;
}

/**
 * The schedule of screens: the engine's inputs gathered from the database (a few queries for any number of
 * screens), the daily table of the point's schedule tab, the dashboard's fullness and the player's manifest.
 */
export class ScheduleService {
  private readonly clock: () => Date;

  constructor(private readonly deps: ScheduleServiceDeps) {
    this.clock = deps.clock ?? (() => new Date());
  }

  /**
   * What a batch of screens plays, read in a few queries for any number of screens: the playlists reaching
   * each, their parts (worked out once where no rule names a screen) and shares, and the files they show.
   */
  private async gather(cabinetId: CabinetId, points: PointRow[]): Promise<Gathered> {
    const { repos } = this.deps;
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
    /** The first cell's screen of the wall a screen is a cell of: every tile plans the same timeline. */
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
    const ids = [...new Set(points.flatMap(plays))];
    const [rows, content] = await Promise.all([
      repos.playlists.playlistsByIds(cabinetId, ids),
      repos.playlists.content(cabinetId, ids),
    ]);
    // Only a per-network count shares among screens: only those playlists' reach is read.
    const reach = await repos.schedule.reachOf(
      cabinetId,
      rows.filter(usesNetworkShare).map((r) => r.id),
    );
    const playlists = new Map(rows.map((r) => [r.id, r]));
    const secondaryIds = rows.map((r) => r.secondaryFileId).filter((id): id is number => id !== null);
    const files: Gathered['files'] = new Map();
    for (const c of content.values()) for (const i of c.items) files.set(i.fileId, i.file);
    for (const f of await repos.playlists.referencedFiles(cabinetId, secondaryIds)) files.set(f.id, f);
    const fileIds = [...files.keys()];
    const [schedules, configs] = await Promise.all([
      repos.fileRules.schedulesOf(cabinetId, fileIds),
      repos.fileRules.configsOf(cabinetId, fileIds),
    ]);
    const rules: FileRules = {
      schedules: byFile(schedules),
      configs: byFile(configs),
      perScreen: [...schedules, ...configs].some((r) => r.pointId !== null),
    };
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
    // A screen's place among a playlist's screens, looked up rather than searched for (10,000 screens).
    const positions = new Map<number[], Map<number, number>>();
    const positionIn = (screens: number[]) => {
      let map = positions.get(screens);
      if (!map) positions.set(screens, (map = new Map(screens.map((id, i) => [id, i]))));
      return map;
    };
    const walls = new Map<number, ManifestWall>();
    for (const point of points) {
      const wallId = wallsOf.byPoint.get(point.id);
      if (leadOf.has(point.id))
        walls.set(point.id, wallPart(wallsOf.walls.get(wallId!)!, point.id, content, plays(point)));
    }
    return {
      reaching: new Map(points.map((point) => [point.id, plays(point).filter((id) => playlists.has(id))])),
      replaced: new Map(
        points.filter((p) => leadOf.has(p.id)).map((p) => [p.id, reaching.get(p.id) ?? []] as const),
      ),
      screens: new Map(points.map((point) => [point.id, screenOf(leadOf.get(point.id) ?? point)])),
      walls,
      alike: !rules.perScreen,
      playlists,
      files,
      part: (id, pointId) =>
        shared ? shared.get(id)! : partOf(playlists.get(id)!, leadOf.get(pointId)?.id ?? pointId),
      share: (id, pointId) => {
        // A wall's playlists take no network share: the wall counts as one screen.
        if (leadOf.has(pointId)) return NO_SHARE;
        const screens = reach.get(id);
        return screens
          ? { screens: screens.length, index: Math.max(0, positionIn(screens).get(pointId) ?? 0) }
          : NO_SHARE;
      },
    };
  }

  /** The engine's input for each screen. */
  async load(cabinetId: CabinetId, points: PointRow[]): Promise<Loaded> {
    const gathered = await this.gather(cabinetId, points);
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
    const playlistName = (id: number) => playlists.get(id)?.name ?? '';
    const fileName = (id: number | null) => (id === null ? null : (files.get(id)?.name ?? null));
    const iso = (ms: number) => new Date(ms).toISOString();
    const segments = mergeSegments(plan.entries, plan.start);
    const overlaySegments = mergeSegments(plan.overlays, plan.start);
    return {
      pointId: point.id,
      date: day,
      timezone: point.timezone,
      start: iso(plan.start),
      end: iso(plan.end),
      capacity: plan.capacity / 1000,
      advertising: plan.advertising / 1000,
      fullness: plan.capacity ? plan.advertising / plan.capacity : 0,
      files: summarizeByFile([...plan.entries, ...plan.overlays]).map((r) => ({
        fileId: r.fileId,
        fileName: fileName(r.fileId),
        playlistId: r.playlistId,
        playlistName: playlistName(r.playlistId),
        type: r.type,
        shows: r.shows,
        duration: r.duration / 1000,
        first: iso(r.first),
        last: iso(r.last),
      })),
      segments,
      overlaySegments,
      unplanned: [
        ...plan.unplanned.map((u) => ({
          ...u,
          playlistName: playlistName(u.playlistId),
          fileName: fileName(u.fileId),
        })),
        ...(wall ? [] : await this.replacedByWall(caller.cabinetId, replaced.get(point.id) ?? [])),
      ],
    };
  }

  /** A tile's own playlists, which its wall's replace while it plays the wall: said, not dropped silently. */
  private async replacedByWall(cabinetId: CabinetId, ids: number[]): Promise<DailySchedule['unplanned']> {
    const rows = await this.deps.repos.playlists.playlistsByIds(cabinetId, ids);
    return rows
      .sort((a, b) => a.id - b.id)
      .map((row) => ({
        playlistId: row.id,
        playlistName: row.name,
        fileId: null,
        fileName: null,
        reason: 'WALL_TILE' as const,
        shows: 0,
      }));
  }

  /** Each screen's player schedule: the engine's input and every file it may play (a few queries for all). */
  async forPlayers(points: PointRow[]): Promise<Map<number, PlayerContent>> {
    const out = new Map<number, PlayerContent>();
    for (const [cabinetId, list] of byCabinet(points)) {
      const gathered = await this.gather(cabinetId, list);
      const inputs = await inputsOf(gathered, list);
      const used = await this.screenFiles(cabinetId, gathered, list);
      const { files, alike } = gathered;
      // Signed once a file, not once a file and screen.
      const entries = new Map<number, ManifestFile>();
      const entry = (id: number): ManifestFile => {
        let file = entries.get(id);
        if (!file) {
          const row = files.get(id)!;
          const item = this.deps.media.fileItem(row);
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
      for (const point of list) {
        const wall = gathered.walls.get(point.id);
        out.set(point.id, {
          schedule: inputs.get(point.id)!,
          files: used.get(point.id)!.map(entry),
          alike,
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
    const gathered = await this.gather(cabinetId, points);
    return { screens: await partsOf(gathered, points), alike: gathered.alike };
  }

  /**
   * What each screen's content version is worked out from: its parts and shares (`parts`) and the hashes
   * of its files. A change reaching thousands of screens costs one part per playlist.
   */
  async forVersions(points: PointRow[]): Promise<Map<number, VersionInput>> {
    const out = new Map<number, VersionInput>();
    for (const [cabinetId, list] of byCabinet(points)) {
      const gathered = await this.gather(cabinetId, list);
      const screens = await partsOf(gathered, list);
      const used = await this.screenFiles(cabinetId, gathered, list);
      for (const point of list) {
        out.set(point.id, {
          ...screens.get(point.id)!,
          files: used.get(point.id)!.map((id) => ({ fileId: id, hash: gathered.files.get(id)!.hash })),
          wall: gathered.walls.get(point.id),
          alike: gathered.alike,
        });
      }
    }
    return out;
  }

  /**
   * The files each screen may play, sorted: its playlists' items and secondary content, and what the
   * widgets and creations among them show (cached with them, for offline). Adds those to `files`.
   */
  private async screenFiles(
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
    const docs = await this.deps.repos.studio.documentsOfFiles(cabinetId, [...studio]);
    const shown = new Set([...docs.values()].flatMap(documentFiles).filter((id) => !files.has(id)));
    for (const f of await this.deps.repos.playlists.referencedFiles(cabinetId, [...shown]))
      files.set(f.id, f);
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
}
