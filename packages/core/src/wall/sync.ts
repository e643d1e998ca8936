/**
 * Playing one timeline on many screens in step, without a leader (docs/walls.md): every tile reads the
 * same plan on the same (server-disciplined) clock, so each knows the item and the offset into it; a new
 * plan starts at a shared moment in the future so that all tiles switch on the same frame; a video that
 * drifts is nudged by its playback rate, and sought when it is far off.
 */

/** Content changes wait this long (ms) so every tile has it before the shared switch. */
export const SWITCH_LEAD_MS = 2000;

/** The shared moment a change received at `now` (server clock, ms) takes effect: the next whole second after the lead. */
export function switchAt(now: number, leadMs: number = SWITCH_LEAD_MS): number {
  return Math.ceil((now + leadMs) / 1000) * 1000;
}

/** Below this error (ms) a video is left alone: under a frame at 60 Hz. */
export const IN_STEP_MS = 8;
/** Above this error (ms) a video is sought rather than nudged. */
export const SEEK_ABOVE_MS = 1000;
/** The rate nudge never exceeds this much off normal speed (a tenth: imperceptible in motion). */
export const MAX_RATE_CHANGE = 0.1;
/** The time (s) a nudge takes to close the error: rate = 1 + error / horizon. */
export const CORRECTION_HORIZON_S = 0.5;

export type Correction = { kind: 'none' } | { kind: 'rate'; rate: number } | { kind: 'seek'; to: number };

/**
 * What a tile does about a video that should be at `target` seconds and is at `actual`: nothing when
 * within a frame, a playback-rate nudge that closes the gap in about half a second, or a seek when the gap
 * is over a second.
 */
export function correction(target: number, actual: number): Correction {
  const errorMs = (target - actual) * 1000;
  const size = Math.abs(errorMs);
  if (size <= IN_STEP_MS) return { kind: 'none' };
  if (size > SEEK_ABOVE_MS) return { kind: 'seek', to: target };
  const nudge = Math.max(-MAX_RATE_CHANGE, Math.min(MAX_RATE_CHANGE, errorMs / 1000 / CORRECTION_HORIZON_S));
  return { kind: 'rate', rate: 1 + nudge };
}

/** Where in an item that started at `start` (ms) a looping video of `duration` seconds is at `now`. */
export function mediaPosition(start: number, now: number, duration: number): number {
  const elapsed = Math.max(0, now - start) / 1000;
  return duration > 0 ? elapsed % duration : elapsed;
}

/** Skew figures: the median and the 95th percentile of absolute errors (ms). */
export function skewSummary(errorsMs: readonly number[]): { p50: number; p95: number; max: number } | null {
  if (errorsMs.length === 0) return null;
  const sorted = errorsMs.map(Math.abs).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1)! };
}

/** The skew goal of a wall (ms): one frame at 60 Hz. A tile whose p95 is within it counts as synchronized. */
export const WALL_SYNC_GOAL_MS = 17;
