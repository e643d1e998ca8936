import type { Manifest } from './schemas/player.js';

/**
 * Whether an answer is a manifest the player can run: the few fields it reads before it plans (a version,
 * the screen's name and windows, the engine's screen and playlists, the files). The server's Manifest
 * schema describes the whole answer; this is the part a broken or foreign answer must not get past, so a
 * cached or fetched manifest cannot take the player down later. core's tests check that every manifest the
 * schema accepts passes it.
 */
export function isManifest(value: unknown): value is Manifest {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Partial<Record<keyof Manifest, unknown>>;
  if (typeof m.version !== 'string' || !Array.isArray(m.files)) return false;
  const schedule = m.schedule as { screen?: unknown; playlists?: unknown } | null | undefined;
  if (typeof schedule !== 'object' || schedule === null || !Array.isArray(schedule.playlists)) return false;
  if (typeof schedule.screen !== 'object' || schedule.screen === null) return false;
  if (typeof m.point !== 'object' || m.point === null) return false;
  const point = m.point as Record<string, unknown>;
  return typeof point.name === 'string' && typeof point.windows === 'object' && point.windows !== null;
}
