/** The daily table by files (the schedule tab). */
import type { EntryType } from '../playlist.js';
import type { ScheduleEntry } from './types.js';

export interface FileSummary {
  fileId: number;
  playlistId: number;
  type: EntryType;
  shows: number;
  /** Milliseconds. */
  duration: number;
  first: number;
  last: number;
}

/** The daily table by files: shows and time per file of each playlist, in order of the first show. */
export function summarizeByFile(entries: readonly ScheduleEntry[]): FileSummary[] {
  const rows = new Map<string, FileSummary>();
  for (const e of entries) {
    const key = `${e.playlistId}:${e.fileId}`;
    const row = rows.get(key);
    if (row) {
      row.shows++;
      row.duration += e.end - e.start;
      row.last = e.start;
    } else {
      rows.set(key, {
        fileId: e.fileId,
        playlistId: e.playlistId,
        type: e.type,
        shows: 1,
        duration: e.end - e.start,
        first: e.start,
        last: e.start,
      });
    }
  }
  return [...rows.values()].sort((a, b) => a.first - b.first || a.playlistId - b.playlistId);
}
