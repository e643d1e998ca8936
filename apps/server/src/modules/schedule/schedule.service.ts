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

interface Loaded {
  inputs: Map<number, ScheduleInputData>;
  /** The wall part of the manifest of each screen that is a wall's cell. */
  walls: Map<number, ManifestWall>;
  /** A playlist reads the same on every screen (no rule names a screen): only its share differs. */
  alike: boolean;
  playlists: Map<number, PlaylistRow>;
  files: Map<number, FileRow>;
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

  /** The engine's input for each screen. */
  async load(cabinetId: CabinetId, points: PointRow[]): Promise<Loaded> {
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
    const missingLeads = [...wallsOf.walls.values()]
      .map((w) => w.cells[0]!.pointId)
      .filter((id) => !known.has(id));
    for (const row of await repos.points.pointsByIds(cabinetId, missingLeads)) known.set(row.id, row);
    const ids = [
      ...new Set([
        ...points.filter((p) => !wallsOf.byPoint.has(p.id)).flatMap((p) => reaching.get(p.id) ?? []),
        ...[...wallPlaylists.values()].flat(),
      ]),
    ];
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
    const files: Loaded['files'] = new Map();
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
    const screenOf = (point: PointRow): ScheduleInputData['screen'] => {
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
    };
    // Each wall's input is made once and shared by its cells: every tile plans the same timeline.
    const wallInputs = new Map<number, ScheduleInputData>();
    for (const wall of wallsOf.walls.values()) {
      const lead = known.get(wall.cells[0]!.pointId);
      if (!lead) continue;
      const list: SchedulePlaylist[] = [];
      for (const id of wallPlaylists.get(wall.id) ?? []) {
        const row = playlists.get(id);
        if (row) list.push({ ...(shared ? shared.get(id)! : partOf(row, lead.id)), share: NO_SHARE });
      }
      wallInputs.set(wall.id, { screen: screenOf(lead), playlists: list });
    }
    const wallParts = new Map<number, ManifestWall>();
    const loading = new Set(points.map((p) => p.id));
    for (const [pointId, wallId] of wallsOf.byPoint) {
      if (loading.has(pointId))
        wallParts.set(
          pointId,
          wallPart(wallsOf.walls.get(wallId)!, pointId, content, wallPlaylists.get(wallId) ?? []),
        );
    }
    const inputs = new Map<number, ScheduleInputData>();
    for (const point of points) {
      const wallId = wallsOf.byPoint.get(point.id);
      const wallInput = wallId === undefined ? undefined : wallInputs.get(wallId);
      if (wallInput) {
        inputs.set(point.id, wallInput);
        continue;
      }
      const list: SchedulePlaylist[] = [];
      for (const id of reaching.get(point.id) ?? []) {
        const row = playlists.get(id);
        if (!row) continue;
        const part = shared ? shared.get(id)! : partOf(row, point.id);
        const screens = reach.get(id);
        list.push({
          ...part,
          share: screens
            ? { screens: screens.length, index: Math.max(0, positionIn(screens).get(point.id) ?? 0) }
            : NO_SHARE,
        });
      }
      inputs.set(point.id, { screen: screenOf(point), playlists: list });
    }
    return { inputs, walls: wallParts, alike: !rules.perScreen, playlists, files };
  }

  /** GET /api/point/get-daily-schedule: the day's table by files and what could not be planned. */
  async daily(caller: Caller, pointId: number, date: string | undefined): Promise<DailySchedule> {
    const point = await this.deps.repos.points.point(caller.cabinetId, pointId);
    if (!point) throw notFound();
    const { inputs, playlists, files } = await this.load(caller.cabinetId, [point]);
    const day = date ?? localDate(point.timezone, this.clock().getTime());
    const plan = planDay(inputs.get(point.id)!, day);
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
      unplanned: plan.unplanned.map((u) => ({
        ...u,
        playlistName: playlistName(u.playlistId),
        fileName: fileName(u.fileId),
      })),
    };
  }

  /** Each screen's player schedule: the engine's input and every file it may play (a few queries for all). */
  async forPlayers(points: PointRow[]): Promise<Map<number, PlayerContent>> {
    const out = new Map<number, PlayerContent>();
    const byCabinet = new Map<CabinetId, PointRow[]>();
    for (const point of points)
      byCabinet.set(point.cabinetId, [...(byCabinet.get(point.cabinetId) ?? []), point]);
    for (const [cabinetId, list] of byCabinet) {
      const { inputs, files, alike, walls } = await this.load(cabinetId, list);
      for (const point of list) {
        const schedule = inputs.get(point.id)!;
        const used = new Set(
          schedule.playlists.flatMap((p) => [
            ...p.items.map((i) => i.fileId),
            ...p.sections.flatMap((s) => s.items.map((i) => i.fileId)),
            ...(p.secondary ? [p.secondary.fileId] : []),
          ]),
        );
        // A widget or creation brings the library files its document shows: cached with it, for offline.
        const studio = [...used].filter((id) => isStudioKind(files.get(id)!.kind));
        const docs = await this.deps.repos.studio.documentsOfFiles(cabinetId, studio);
        const shown = [...docs.values()].flatMap(documentFiles).filter((id) => !files.has(id));
        for (const f of await this.deps.repos.playlists.referencedFiles(cabinetId, [...new Set(shown)]))
          files.set(f.id, f);
        for (const doc of docs.values()) for (const id of documentFiles(doc)) if (files.has(id)) used.add(id);
        const list: ManifestFile[] = [...used]
          .sort((a, b) => a - b)
          .map((id) => {
            const row = files.get(id)!;
            const item = this.deps.media.fileItem(row);
            return {
              fileId: id,
              name: row.name,
              kind: row.kind,
              mime: row.mime,
              url: item.packageUrl ?? item.url,
              hash: row.hash,
              size: row.size,
            };
          });
        const wall = walls.get(point.id);
        out.set(point.id, { schedule, files: list, alike, ...(wall ? { wall } : {}) });
      }
    }
    return out;
  }
}
