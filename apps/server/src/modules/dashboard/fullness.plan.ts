import type { FullnessSpan, ScheduleInputData } from '@vitrine/core';
import type { ScreenParts } from '../schedule/schedule.service.js';

type Playlist = ScheduleInputData['playlists'][number];
type Part = Omit<Playlist, 'share'>;

/**
 * One batch of screens for a worker, each planned for `days` days from its own first local date. Playlists
 * that read the same on every screen travel once (`parts`) and each screen names them with its share in a
 * typed array, so a batch of screens reached by the same hundreds of playlists is small and cheap to copy
 * to the thread (a typed array is copied as bytes; 25,000 small arrays were a long task of the event loop).
 */
export interface FullnessJob {
  days: number;
  parts: Record<number, Part>;
  screens: {
    pointId: number;
    fromDay: string;
    screen: ScheduleInputData['screen'];
    /** Three numbers a playlist of `parts`, with this screen's share: id, screens, index; or the playlists. */
    playlists: Int32Array | Playlist[];
  }[];
}

/** Each screen's days as runs of equal days, and the playlists its first day could not fit. */
export type FullnessResult = { pointId: number; spans: FullnessSpan[]; shortfall: number[] }[];

/** A screen's playlists as id, screens and index each; their parts go to `parts`, once. */
function packShares(input: ScreenParts, parts: Record<number, Part>): Int32Array {
  const packed = new Int32Array(input.playlists.length * 3);
  for (const [i, { part, share }] of input.playlists.entries()) {
    parts[part.id] ??= part;
    packed[i * 3] = part.id;
    packed[i * 3 + 1] = share.screens;
    packed[i * 3 + 2] = share.index;
  }
  return packed;
}

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
      playlists: alike
        ? packShares(input, parts)
        : input.playlists.map(({ part, share }) => ({ ...part, share })),
    })),
  };
}

/** Each job's playlists as unpacked, by id, then by share (`screens` * 2^26 + `index`). */
const unpacked = new WeakMap<FullnessJob, Map<number, Map<number, Playlist>>>();

/**
 * A screen's input back from the batch. A playlist with the same share on several screens of the job is one
 * object: the engine keeps what it parses of a playlist (period, windows) by object, and a copy a screen
 * parsed it again for every screen (a tenth of a cold fleet's planning).
 */
export function unpackScreen(job: FullnessJob, screen: FullnessJob['screens'][number]): ScheduleInputData {
  const { playlists } = screen;
  if (!(playlists instanceof Int32Array)) return { screen: screen.screen, playlists };
  let byId = unpacked.get(job);
  if (!byId) unpacked.set(job, (byId = new Map()));
  const out: Playlist[] = [];
  for (let i = 0; i < playlists.length; i += 3) {
    const id = playlists[i]!;
    const screens = playlists[i + 1]!;
    const index = playlists[i + 2]!;
    let byShare = byId.get(id);
    if (!byShare) byId.set(id, (byShare = new Map()));
    // Exact while a share counts fewer than 2^26 screens; beyond that, a copy of its own.
    const key = screens < 2 ** 26 ? screens * 2 ** 26 + index : -1;
    let playlist = byShare.get(key);
    if (!playlist || key < 0) {
      playlist = { ...job.parts[id]!, share: { screens, index } };
      byShare.set(key, playlist);
    }
    out.push(playlist);
  }
  return { screen: screen.screen, playlists: out };
}
