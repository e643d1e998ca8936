/**
 * A file's own schedule and configuration (spec §3 File: schedule, config) are kept per scope: the file
 * everywhere, on one screen, in one playlist, or on one screen in one playlist. What applies to a screen
 * playing the file in a playlist is worked out here, the same way on the server and in the cabinet.
 */
import type { FileFit } from './media.js';

export interface ScopedRule {
  fileId: number;
  pointId: number | null;
  playlistId: number | null;
}

/** How specific a rule is for a screen and playlist; -1 when it does not apply there. */
function rank(rule: ScopedRule, pointId: number, playlistId: number): number {
  if (rule.pointId !== null && rule.pointId !== pointId) return -1;
  if (rule.playlistId !== null && rule.playlistId !== playlistId) return -1;
  return (rule.playlistId !== null ? 2 : 0) + (rule.pointId !== null ? 1 : 0);
}

/** The one rule that applies: screen and playlist, else the playlist's, else the screen's, else the file's. */
export function mostSpecific<T extends ScopedRule>(
  rules: readonly T[],
  pointId: number,
  playlistId: number,
): T | null {
  let best: T | null = null;
  let bestRank = -1;
  for (const rule of rules) {
    const r = rank(rule, pointId, playlistId);
    if (r > bestRank) {
      best = rule;
      bestRank = r;
    }
  }
  return best;
}

export interface ConfigValues {
  duration: number | null;
  volume: number | null;
  fit: FileFit | null;
  muted: boolean | null;
}

/** Configurations merged field by field: a more specific scope's value wins, a null keeps the wider one's. */
export function mergedConfig(
  rules: readonly (ScopedRule & ConfigValues)[],
  pointId: number,
  playlistId: number,
): ConfigValues {
  const out: ConfigValues = { duration: null, volume: null, fit: null, muted: null };
  const applying = rules
    .map((rule) => ({ rule, r: rank(rule, pointId, playlistId) }))
    .filter(({ r }) => r >= 0)
    .sort((a, b) => a.r - b.r);
  for (const { rule } of applying) {
    if (rule.duration !== null) out.duration = rule.duration;
    if (rule.volume !== null) out.volume = rule.volume;
    if (rule.fit !== null) out.fit = rule.fit;
    if (rule.muted !== null) out.muted = rule.muted;
  }
  return out;
}

/** Rules grouped by file, for looking them up item by item. */
export function byFile<T extends ScopedRule>(rules: readonly T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const rule of rules) {
    const list = out.get(rule.fileId);
    if (list) list.push(rule);
    else out.set(rule.fileId, [rule]);
  }
  return out;
}
