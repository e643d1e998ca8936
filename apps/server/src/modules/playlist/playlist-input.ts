import type { Playlist, PlaylistInput, PlaylistItem, PlaylistPatch } from '@vitrine/core';
import type { PlaylistChangeRow } from '../../db/schema.js';
import type { PlaylistValues } from './playlist.repository.js';

/** A waiting change: the fields a person changed, or screens a bulk apply adds. */
export type QueuedPatch = Record<string, unknown> & { addPoints?: number[] };

/** The form a playlist is stored in: weekdays sorted, each once; each screen, network and tag once. */
export function normalize(input: PlaylistInput): PlaylistInput {
  return {
    ...input,
    weekDays: [...new Set(input.weekDays)].sort(),
    points: [...new Set(input.points)],
    nets: [...new Set(input.nets)],
    walls: [...new Set(input.walls)],
    tags: [...new Set(input.tags)],
  };
}

/**
 * Waiting changes laid over a playlist in the order they were sent: what approving them writes, and
 * (with one person's changes only) the version that person sees in their editor.
 */
export function layOver(base: PlaylistInput, changes: PlaylistChangeRow[]): PlaylistInput {
  let input = base;
  for (const change of changes) {
    const { addPoints, ...patch } = change.patch as QueuedPatch;
    input = { ...input, ...(patch as PlaylistPatch) };
    if (Array.isArray(addPoints)) input = { ...input, points: [...new Set([...input.points, ...addPoints])] };
  }
  return input;
}

/** The fields a waiting change sets, as the editor names them (a bulk apply's screens are `points`). */
export const fieldsOf = (change: PlaylistChangeRow): string[] => [
  ...new Set(Object.keys(change.patch).map((key) => (key === 'addPoints' ? 'points' : key))),
];

/** The columns of a playlist from its input (content, targets and tags live in child tables). */
export function columns(input: PlaylistInput): PlaylistValues {
  return {
    name: input.name,
    category: input.category,
    type: input.type,
    fromDate: input.fromDate,
    toDate: input.toDate,
    weekDays: input.weekDays,
    fromTime: input.fromTime,
    toTime: input.toTime,
    fromTime2: input.fromTime2,
    toTime2: input.toTime2,
    filesOrder: input.filesOrder,
    influence: input.influence,
    inLeftoversOnly: input.inLeftoversOnly,
    scheduleMode: input.scheduleMode,
    periodicity: input.periodicity,
    limitationType: input.limitationType,
    quotas: input.quotas,
    blockDuration: input.blockDuration,
    pixel: input.pixel,
    access: input.access,
    active: input.active,
    override: input.override,
    source: input.source,
    advertisingProviders: input.advertisingProviders,
    sspConnector: input.sspConnector,
    actionOnEnd: input.actionOnEnd,
    maxDuration: input.maxDuration,
    secondaryFileId: input.secondaryFileId,
    secondaryLoopDuration: input.secondaryLoopDuration,
    noStats: input.noStats,
    theme: input.theme,
    interval: input.interval,
    floating: input.floating,
    geofence: input.geofence,
  };
}

/** The playlist as an editor would send it back: the base a patch is laid over. */
export function inputOf(p: Playlist): PlaylistInput {
  const ref = (i: { fileId: number; duration: number | null; wallFit: PlaylistItem['wallFit'] }) => ({
    fileId: i.fileId,
    duration: i.duration,
    wallFit: i.wallFit,
  });
  return {
    ...p,
    files: p.files.map(ref),
    sections: p.sections.map((s) => ({ ...s, files: s.files.map(ref) })),
    points: p.points.map((x) => x.id),
    nets: p.nets.map((x) => x.id),
    walls: p.walls.map((x) => x.id),
    tags: p.tags.map((x) => x.id),
  };
}
