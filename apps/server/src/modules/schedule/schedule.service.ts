import {
  fullnessOver,
  itemSeconds,
  localDate,
  planDay,
  rangeDays,
  summarizeByFile,
  type DailySchedule,
  type FilesOrder,
  type FullnessRange,
  type ManifestFile,
  type PlaylistType,
  type QuotaKind,
  type ScheduleInputData,
  type ScheduleMode,
} from '@vitrine/core';
import type { Repositories } from '../../db/repositories.js';
import type { PlaylistRow, PointRow } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import type { Caller } from '../../lib/caller.js';
import type { MediaService } from '../media/media.service.js';
import type { PlaylistContent } from '../playlist/playlist.repository.js';
import { wallText, clockTime } from '../../db/sql.js';

export interface ScheduleServiceDeps {
  repos: Repositories;
  media: MediaService;
  clock?: () => Date;
}

type SchedulePlaylist = ScheduleInputData['playlists'][number];
type PlaylistPart = Omit<SchedulePlaylist, 'share'>;

interface Loaded {
  inputs: Map<number, ScheduleInputData>;
  playlists: Map<number, PlaylistRow>;
  files: Map<number, PlaylistContent['items'][number]['file']>;
}

/** A playlist row and its content as the engine reads them. */
function toSchedulePlaylist(row: PlaylistRow, content: PlaylistContent): PlaylistPart {
  const item = (i: PlaylistContent['items'][number]) => ({
    fileId: i.fileId,
    seconds: itemSeconds(i, i.file.duration),
  });
  return {
    id: row.id,
    type: row.type as PlaylistType,
    active: row.active,
    approved: row.approved,
    override: row.override,
    inLeftoversOnly: row.inLeftoversOnly,
    noStats: row.noStats,
    fromDate: wallText(row.fromDate),
    toDate: wallText(row.toDate),
    weekDays: row.weekDays,
    fromTime: clockTime(row.fromTime),
    toTime: clockTime(row.toTime),
    fromTime2: clockTime(row.fromTime2),
    toTime2: clockTime(row.toTime2),
    filesOrder: row.filesOrder as FilesOrder,
    scheduleMode: row.scheduleMode as ScheduleMode | null,
    periodicity: row.periodicity,
    limitationType: row.limitationType as QuotaKind,
    quotas: row.quotas.map((q) => ({ kind: q.kind as QuotaKind, quantity: q.quantity })),
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
  async load(cabinetId: number, points: PointRow[]): Promise<Loaded> {
    const { repos } = this.deps;
    const reaching = await repos.schedule.playlistsReaching(
      cabinetId,
      points.map((p) => p.id),
    );
    const ids = [...new Set([...reaching.values()].flat())];
    const [rows, content, reach] = await Promise.all([
      repos.playlists.playlistsByIds(cabinetId, ids),
      repos.playlists.content(ids),
      repos.schedule.reachOf(ids),
    ]);
    const playlists = new Map(rows.map((r) => [r.id, r]));
    const parts = new Map(rows.map((r) => [r.id, toSchedulePlaylist(r, content.get(r.id)!)]));
    const files: Loaded['files'] = new Map();
    for (const c of content.values()) for (const i of c.items) files.set(i.fileId, i.file);
    const inputs = new Map<number, ScheduleInputData>();
    for (const point of points) {
      const list: SchedulePlaylist[] = [];
      for (const id of reaching.get(point.id) ?? []) {
        const part = parts.get(id);
        if (!part) continue;
        const screens = reach.get(id) ?? [];
        list.push({
          ...part,
          share: { screens: screens.length, index: Math.max(0, screens.indexOf(point.id)) },
        });
      }
      inputs.set(point.id, {
        screen: {
          id: point.id,
          timezone: point.timezone,
          workFrom: clockTime(point.workFrom),
          workTo: clockTime(point.workTo),
          commercialCycle: point.commercialCycle,
          stopped: point.isStopped,
        },
        playlists: list,
      });
    }
    return { inputs, playlists, files };
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
    const seconds = (ms: number) => ms / 1000;
    const segments: DailySchedule['segments'] = [];
    for (const e of plan.entries) {
      const last = segments.at(-1);
      const start = seconds(e.start - plan.start);
      if (last && last.playlistId === e.playlistId && last.end === start) {
        last.end = seconds(e.end - plan.start);
        last.items++;
      } else {
        segments.push({
          start,
          end: seconds(e.end - plan.start),
          playlistId: e.playlistId,
          type: e.type,
          items: 1,
        });
      }
    }
    return {
      pointId: point.id,
      date: day,
      timezone: point.timezone,
      start: iso(plan.start),
      end: iso(plan.end),
      capacity: seconds(plan.capacity),
      advertising: seconds(plan.advertising),
      fullness: plan.capacity ? plan.advertising / plan.capacity : 0,
      files: summarizeByFile(plan.entries).map((r) => ({
        fileId: r.fileId,
        fileName: fileName(r.fileId),
        playlistId: r.playlistId,
        playlistName: playlistName(r.playlistId),
        type: r.type,
        shows: r.shows,
        duration: seconds(r.duration),
        first: iso(r.first),
        last: iso(r.last),
      })),
      segments,
      unplanned: plan.unplanned.map((u) => ({
        ...u,
        playlistName: playlistName(u.playlistId),
        fileName: fileName(u.fileId),
      })),
    };
  }

  /** Broadcast fullness per screen over a preset range, from each screen's today. */
  async fullness(cabinetId: number, range: FullnessRange) {
    const points = await this.deps.repos.schedule.pointsOf(cabinetId);
    const { inputs } = await this.load(cabinetId, points);
    const now = this.clock().getTime();
    let days = 1;
    let capacity = 0;
    let advertising = 0;
    const rows = points.map((point) => {
      const from = localDate(point.timezone, now);
      days = rangeDays(range, from);
      const { capacity: c, advertising: a } = fullnessOver(inputs.get(point.id)!, from, days);
      capacity += c;
      advertising += a;
      return {
        id: point.id,
        name: point.name,
        fullness: c ? a / c : 0,
        capacity: c / 1000,
        advertising: a / 1000,
      };
    });
    return { range, days, average: capacity ? advertising / capacity : 0, points: rows };
  }

  /** The player's schedule: the engine's input and every file it may play. */
  async forPlayer(point: PointRow): Promise<{ schedule: ScheduleInputData; files: ManifestFile[] }> {
    const { inputs, files } = await this.load(point.cabinetId, [point]);
    const schedule = inputs.get(point.id)!;
    const used = new Set(
      schedule.playlists.flatMap((p) => [
        ...p.items.map((i) => i.fileId),
        ...p.sections.flatMap((s) => s.items.map((i) => i.fileId)),
      ]),
    );
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
    return { schedule, files: list };
  }
}
