import { summarizeByFile, type DailySchedule, type DayPlan, type ScheduleEntry } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories } from '../../db/repositories.js';
import type { PlaylistRow, PointRow } from '../../db/schema.js';
import type { FileRow } from './schedule-inputs.js';

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
 * The day of a screen as the point's schedule tab shows it (GET /api/point/get-daily-schedule): its plan
 * as a table by files, the timeline's segments and what could not be planned, with names for ids.
 */
export function dailyTable(
  point: PointRow,
  day: string,
  plan: DayPlan,
  names: { playlists: Map<number, PlaylistRow>; files: Map<number, FileRow> },
): DailySchedule {
  const playlistName = (id: number) => names.playlists.get(id)?.name ?? '';
  const fileName = (id: number | null) => (id === null ? null : (names.files.get(id)?.name ?? null));
  const iso = (ms: number) => new Date(ms).toISOString();
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
    segments: mergeSegments(plan.entries, plan.start),
    overlaySegments: mergeSegments(plan.overlays, plan.start),
    unplanned: plan.unplanned.map((u) => ({
      ...u,
      playlistName: playlistName(u.playlistId),
      fileName: fileName(u.fileId),
    })),
  };
}

/** A tile's own playlists, which its wall's replace while it plays the wall: said, not dropped silently. */
export async function replacedByWall(
  repos: Repositories,
  cabinetId: CabinetId,
  ids: number[],
): Promise<DailySchedule['unplanned']> {
  const rows = await repos.playlists.playlistsByIds(cabinetId, ids);
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
