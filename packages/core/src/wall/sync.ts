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

/**
 * Below this error (ms), measured on the glass (a frame's media time against the clock), a video is left
 * alone: half a frame at 60 Hz. That error moves only in steps of a refresh (a frame shows at the first
 * vsync after its time); a narrower band on it was measured worse on a loaded machine (bench/wall: skew
 * p50 12.6 ms against 2.3 ms, tiles nudged back and forth across a vsync). The tile therefore steers its
 * media clock read continuously instead, with MEDIA_CLOCK_IN_STEP_MS.
 */
export const IN_STEP_MS = 8;
/**
 * The band (ms) for a media clock read continuously (`currentTime` against the shared clock at each frame),
 * not quantized to refreshes: tight enough that tiles change frames on the same vsync.
 */
export const MEDIA_CLOCK_IN_STEP_MS = 2;
/** Frames whose errors' median the correction acts on (a single late frame on a busy player is no drift). */
export const ERROR_FRAMES = 5;
/**
 * Above this error (ms) a video is sought rather than nudged. At the largest nudge (a quarter) 100 ms take
 * 0.4 s to close, a dozen-odd frames visibly apart; a seek, aimed ahead by the tile's measured seek
 * latency, lands within a frame or two at once. Below it a seek's own spread (tens of milliseconds on a
 * loaded player) is as large as the error, and a nudge is smoother.
 */
export const SEEK_ABOVE_MS = 100;
/**
 * The rate nudge never exceeds this much off normal speed. Browsers keep the pitch of sound played between
 * half and four times normal speed (Chromium and Firefox stretch it, Safari too), so a quarter for a few
 * hundred milliseconds is a brief tempo wobble at worst; walls are usually muted anyway.
 */
export const MAX_RATE_CHANGE = 0.25;
/**
 * The time (s) a nudge takes to close the error: rate = 1 + error / horizon, so the largest error nudged
 * (SEEK_ABOVE_MS) gets the largest nudge (MAX_RATE_CHANGE) and closes in 0.4 s, a 20 ms one in the same.
 */
export const CORRECTION_HORIZON_S = 0.4;
/** A tile that is off by more than this (ms) is rejoining (a reload, a new wall), not skewed. */
export const REJOIN_ABOVE_MS = 1000;

export type Correction = { kind: 'none' } | { kind: 'rate'; rate: number } | { kind: 'seek'; to: number };

/**
 * What a tile does about a video that should be at `target` seconds and is at `actual`: nothing when
 * within half a frame, a playback-rate nudge that closes the gap in about 0.4 s, or a seek when
 * the gap is over SEEK_ABOVE_MS. `seekLeadMs`: how long a seek takes to show its frame (measured by the
 * tile), so the seek aims where the clock will be when it lands.
 */
export function correction(
  target: number,
  actual: number,
  seekLeadMs = 0,
  inStepMs = IN_STEP_MS,
): Correction {
  const errorMs = (target - actual) * 1000;
  const size = Math.abs(errorMs);
  if (size <= inStepMs) return { kind: 'none' };
  if (size > SEEK_ABOVE_MS) return { kind: 'seek', to: target + seekLeadMs / 1000 };
  const nudge = Math.max(-MAX_RATE_CHANGE, Math.min(MAX_RATE_CHANGE, errorMs / 1000 / CORRECTION_HORIZON_S));
  return { kind: 'rate', rate: 1 + nudge };
}

/** The seek latency a tile assumes before it measured one (ms). */
export const INITIAL_SEEK_LEAD_MS = 40;
/** The longest seek latency a tile will aim ahead by (ms). */
export const MAX_SEEK_LEAD_MS = 500;

/**
 * The seek lead learnt from a seek's outcome: the first frame after a seek aimed `previous` ms ahead was
 * `errorAfterMs` behind the clock (negative: ahead), so the seek really took previous + error. Half the
 * difference is taken (one slow seek on a busy machine does not throw the next far ahead), within
 * 0..MAX_SEEK_LEAD_MS.
 */
export function seekLead(previous: number, errorAfterMs: number): number {
  if (!Number.isFinite(errorAfterMs)) return previous;
  return Math.max(0, Math.min(MAX_SEEK_LEAD_MS, previous + errorAfterMs / 2));
}

/** When a switch's timer wakes (ms) before the shared moment, to pick the animation frame to flip on. */
export const FLIP_WAKE_EARLY_MS = 50;

/**
 * Whether to flip in the animation frame whose changes reach the glass at `presentAt` (ms), with frames
 * `frameMs` apart, for a switch at `target`: yes when this frame is the one closest to the target (the
 * next one would land further from it), else wait for the next frame.
 */
export function flipNow(presentAt: number, target: number, frameMs: number): boolean {
  return target - presentAt <= frameMs / 2;
}

/** The frame interval (ms) from recent animation-frame timestamps: their median step, 60 Hz without two. */
export function frameInterval(timestamps: readonly number[]): number {
  const steps = timestamps
    .slice(1)
    .map((t, i) => t - timestamps[i]!)
    .filter((d) => d > 2 && d < 100)
    .sort((a, b) => a - b);
  return steps.length === 0 ? 1000 / 60 : steps[steps.length >> 1]!;
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
