import type { FullnessSpan, ScheduleInputData } from '@vitrine/core';
import type { ScreenParts } from '../schedule/schedule.service.js';

type Playlist = ScheduleInputData['playlists'][number];
type Part = Omit<Playlist, 'share'>;

/**
 * One batch of screens for a worker, each planned for `days` days from its own first local date. Playlists
 * that read the same on every screen travel once (`parts`) and each screen names them with its share, so a
 * batch of screens reached by the same hundreds of playlists is small to copy to the thread.
 */
export interface FullnessJob {
  days: number;
  parts: Record<number, Part>;
  screens: {
    pointId: number;
    fromDay: string;
    screen: ScheduleInputData['screen'];
    /** A playlist of `parts` with this screen's share: [id, screens, index]; or the playlist itself. */
    playlists: ([number, number, number] | Playlist)[];
  }[];
}

/** Each screen's days as runs of equal days, and the playlists its first day could not fit. */
export type FullnessResult = { pointId: number; spans: FullnessSpan[]; shortfall: number[] }[];

/** The batch of screens, with playlists by reference when they read alike on every screen. */
export function packJob(
  days: number,
  screens: { pointId: number; fromDay: string; input: ScreenParts }[],
  alike: boolean,
): FullnessJob {
  const parts: Record<number, Part> = {};
  return {
    days,
    parts,
    screens: screens.map(({ pointId, fromDay, input }) => ({
      pointId,
      fromDay,
      screen: input.screen,
      playlists: input.playlists.map(({ part, share }) => {
        if (!alike) return { ...part, share };
        parts[part.id] ??= part;
        return [part.id, share.screens, share.index];
      }),
    })),
  };
}

/** A screen's input back from the batch. */
export function unpackScreen(job: FullnessJob, screen: FullnessJob['screens'][number]): ScheduleInputData {
  return {
    screen: screen.screen,
    playlists: screen.playlists.map((entry) =>
      Array.isArray(entry)
        ? { ...job.parts[entry[0]]!, share: { screens: entry[1], index: entry[2] } }
        : entry,
    ),
  };
}
