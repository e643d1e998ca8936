/**
 * A video wall's tile (docs/walls.md). The wall has no lead display: every tile keeps the server's time
 * through NTP-style exchanges over its socket (src/wall-clock.ts), plans the wall's one timeline on that
 * clock, shows its own crop of the one picture (a CSS transform of one source), and keeps a playing video
 * where the clock says it should be: requestVideoFrameCallback gives the media time of the frame on the
 * glass, core's `correction` nudges the playback rate or seeks (aimed ahead by the seek latency it
 * measured). Switches wake a little early and flip on the animation frame that reaches the glass closest
 * to the shared moment (core flipNow); a video for a switch waits prepared, its first frame decoded, at
 * the offset its start is known to lag by. A tile that rejoins simply plans again on the clock and seeks
 * into place. What it measures goes to the server with its heartbeat.
 *
 * Playback stays the screen's own (src/playback.ts); it calls this module through small hooks: the clock
 * (`now`), `place` for a loaded item, `flip` to wait for a switch's frame and `follow` for an item that
 * came on screen.
 */
import {
  FLIP_WAKE_EARLY_MS,
  ERROR_FRAMES,
  MEDIA_CLOCK_IN_STEP_MS,
  INITIAL_SEEK_LEAD_MS,
  REJOIN_ABOVE_MS,
  WALL_SYNC_GOAL_MS,
  correction,
  flipNow,
  frameInterval,
  median,
  mediaPosition,
  seekLead,
  skewSummary,
  switchAt,
  tileStyle,
  type ManifestWall,
  type WallTileReport,
} from '@vitrine/core';
import type { Logger } from './log';
import type { WallClock } from './wall-clock';

/** Skew samples kept for the report, and how often a tile reports. */
export const SKEW_KEEP = 600;
export const REPORT_EVERY_MS = 5000;
/** Frames this close to a video's end are not measured (nothing is worth a seek there, and it may wrap). */
const END_EDGE_S = 0.25;
/** Animation-frame timestamps kept to learn the frame interval. */
const FRAME_STAMPS = 8;

/**
 * One measurement: a video frame (the server time it was shown and how far its media time was from where
 * the clock says, ms), a switch (when an item loaded ahead came on screen, and how late against its planned
 * start) or a join (an item loaded at its start or mid-way: not counted as skew).
 */
export interface SkewSample {
  kind: 'frame' | 'switch' | 'join';
  at: number;
  errorMs: number;
  fileId: number;
  /** The planned start of the item (ms, server clock). */
  start: number;
}

export interface TileOptions {
  clock: WallClock;
  stage: HTMLElement;
  log: Logger;
}

/** A wall's tile: its crop, its drift correction and its measured skew. */
export class WallTile {
  private wall: ManifestWall | null = null;
  private samples: SkewSample[] = [];
  private reportTimer: ReturnType<typeof setInterval> | null = null;
  private pendingApply: AbortController | null = null;
  private seeks = 0;
  /** How long a seek takes to show its frame (ms), learnt from each seek. */
  private seekLeadMs = INITIAL_SEEK_LEAD_MS;
  /** How far a video's first frames lag its planned start (ms), learnt from each switch. */
  private startLeadMs = 0;
  /** The last switch flipped on a frame: its shared moment and when that frame reached the glass. */
  private lastFlip: { at: number; presentAt: number } | null = null;

  constructor(private readonly options: TileOptions) {
    // Readable by whoever watches the page (the browser tests, bench/wall).
    (window as unknown as { vitrineWall?: unknown }).vitrineWall = {
      samples: () => this.samples.slice(),
      report: () => this.report(),
      now: () => this.options.clock.now(),
      seeks: () => this.seeks,
      leads: () => ({ seek: this.seekLeadMs, start: this.startLeadMs }),
    };
  }

  get active(): ManifestWall | null {
    return this.wall;
  }

  /** The wall of the latest manifest (undefined: the screen is on no wall). */
  set(wall: ManifestWall | undefined, heartbeat: () => void): void {
    const was = this.wall;
    this.wall = wall ?? null;
    document.body.dataset.wall = wall ? `${wall.id}:${wall.column}:${wall.row}` : '';
    if (wall && !was) {
      this.options.log.info(
        `Tile (${wall.column + 1}, ${wall.row + 1}) of wall ${wall.name} (${wall.columns}×${wall.rows})`,
      );
      this.options.clock.start();
      this.reportTimer = setInterval(heartbeat, REPORT_EVERY_MS);
    } else if (!wall && was) {
      this.options.clock.stop();
      if (this.reportTimer !== null) clearInterval(this.reportTimer);
      this.reportTimer = null;
      this.samples = [];
    }
  }

  /**
   * New content on a wall takes effect at a shared moment two seconds ahead, on a whole second (core
   * switchAt), so every tile changes timeline at once; a screen on no wall applies it at once.
   */
  applyAt(first: boolean, run: () => void): void {
    this.pendingApply?.abort();
    this.pendingApply = null;
    if (!this.wall || first) {
      run();
      return;
    }
    const controller = new AbortController();
    this.pendingApply = controller;
    const at = switchAt(this.options.clock.now());
    this.flip(at, controller.signal).then(
      () => {
        if (this.pendingApply === controller) this.pendingApply = null;
        run();
      },
      () => undefined,
    );
  }

  /** Wakes this long before a switch (ms), then picks the frame to flip on (`flip`); 0 off a wall. */
  get wakeEarlyMs(): number {
    return this.wall ? FLIP_WAKE_EARLY_MS : 0;
  }

  /**
   * Resolves in the animation frame whose changes reach the glass closest to `at` (server clock, ms): a
   * timer wakes FLIP_WAKE_EARLY_MS ahead, then each frame is weighed (core flipNow) until the right one.
   * Changes made as it resolves (its continuations run before the frame is painted) show on that frame.
   * Off a wall, or without animation frames (a hidden page), it resolves at `at` on the timer.
   */
  flip(at: number, signal: AbortSignal): Promise<void> {
    const { clock } = this.options;
    return new Promise<void>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | null = null;
      let request = 0;
      const stamps: number[] = [];
      const onAbort = () => {
        if (timer !== null) clearTimeout(timer);
        if (request) cancelAnimationFrame(request);
        reject(Object.assign(new Error('Aborted'), { name: 'AbortError' }));
      };
      if (signal.aborted) {
        onAbort();
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      const done = (presentAt: number) => {
        if (timer !== null) clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.lastFlip = { at, presentAt };
        resolve();
      };
      const onFrame = (stamp: number) => {
        request = 0;
        stamps.push(stamp);
        if (stamps.length > FRAME_STAMPS) stamps.shift();
        const frameMs = frameInterval(stamps);
        // Changes made in this frame's callbacks reach the glass at the next vsync.
        const presentAt = clock.atPerformance(stamp + frameMs);
        if (flipNow(presentAt, at, frameMs)) done(presentAt);
        else request = requestAnimationFrame(onFrame);
      };
      const wake = () => {
        timer = null;
        if (!this.wall || document.hidden) {
          const left = at - clock.now();
          if (left > 1) timer = setTimeout(() => done(clock.now()), left);
          else done(clock.now());
          return;
        }
        request = requestAnimationFrame(onFrame);
        // A page whose frames stop (hidden, throttled) still switches, on the timer.
        timer = setTimeout(
          () => {
            if (request) cancelAnimationFrame(request);
            request = 0;
            done(clock.now());
          },
          Math.max(0, at - clock.now()) + 100,
        );
      };
      timer = setTimeout(wake, Math.max(0, at - clock.now() - this.wakeEarlyMs));
    });
  }

  /** Lays an item just loaded into `layer` out as the tile's crop of the canvas. */
  place(layer: HTMLElement, fileId: number): void {
    const wall = this.wall;
    const element = layer.firstElementChild as HTMLElement | null;
    if (!wall || !element) return;
    const stage = this.options.stage;
    const style = tileStyle(wall, fileId, {
      width: stage.clientWidth || window.innerWidth,
      height: stage.clientHeight || window.innerHeight,
    });
    Object.assign(element.style, {
      position: 'absolute',
      left: '0',
      top: '0',
      maxWidth: 'none',
      maxHeight: 'none',
      objectFit: 'fill',
      transformOrigin: '0 0',
      ...style,
    });
    // A video waits for its switch at the offset its start is known to lag by (its first frame decoded
    // there), so that it is in step from the first frame rather than nudged into step after it.
    if (element instanceof HTMLVideoElement && this.startLeadMs >= 8) {
      element.currentTime = this.startLeadMs / 1000;
    }
  }

  /**
   * An item came on screen: its switch is measured against the timeline, and a video is kept in step
   * frame by frame until it leaves (the signal) or its element is gone.
   */
  follow(
    media: HTMLMediaElement | null,
    item: { fileId: number; start: number; end: number },
    signal: AbortSignal,
    joined = false,
  ): void {
    if (!this.wall) return;
    const { clock } = this.options;
    // A switch flipped on a frame came on the glass when that frame did.
    const flipped = !joined && this.lastFlip?.at === item.start ? this.lastFlip.presentAt : null;
    const shown = flipped ?? clock.now();
    this.record({
      kind: joined ? 'join' : 'switch',
      at: shown,
      errorMs: shown - item.start,
      fileId: item.fileId,
      start: item.start,
    });
    if (!(media instanceof HTMLVideoElement) || typeof media.requestVideoFrameCallback !== 'function') return;
    const video = media;
    /** The first measured frame of a switched-in video teaches the start lead; after a seek, the seek lead. */
    let first = !joined;
    let sought = false;
    /** The last few frames' errors (ms): the correction acts on their median. */
    const recent: number[] = [];
    const onFrame = (_now: number, meta: VideoFrameCallbackMetadata) => {
      if (signal.aborted || !video.isConnected || !this.wall) {
        video.playbackRate = 1;
        return;
      }
      const shownAt = clock.atPerformance(meta.expectedDisplayTime);
      const duration = video.duration;
      if (Number.isFinite(duration) && duration > 0 && !video.seeking) {
        const target = mediaPosition(item.start, shownAt, duration);
        if (target < duration - END_EDGE_S && shownAt >= item.start && shownAt < item.end) {
          const errorMs = (target - meta.mediaTime) * 1000;
          this.record({ kind: 'frame', at: shownAt, errorMs, fileId: item.fileId, start: item.start });
          // What is corrected is the media clock itself, read now against the shared clock: the frame on
          // the glass (errorMs) only moves in steps of a refresh, so tiles steered by it settle anywhere
          // within the band and change frames on different vsyncs (docs/walls.md, "Measured").
          const clockMs = (mediaPosition(item.start, clock.now(), duration) - video.currentTime) * 1000;
          if (first) this.startLeadMs = seekLead(this.startLeadMs, clockMs);
          if (sought) this.seekLeadMs = seekLead(this.seekLeadMs, clockMs);
          first = false;
          sought = false;
          recent.push(clockMs);
          if (recent.length > ERROR_FRAMES) recent.shift();
          const fix = correction(
            target,
            target - median(recent) / 1000,
            this.seekLeadMs,
            MEDIA_CLOCK_IN_STEP_MS,
          );
          if (fix.kind === 'seek') {
            this.seeks++;
            sought = true;
            recent.length = 0;
            video.playbackRate = 1;
            // Aimed where the clock will be when the seek's frame shows (the lead is counted from now).
            video.currentTime = fix.to + (clock.now() - shownAt) / 1000;
          } else video.playbackRate = fix.kind === 'rate' ? fix.rate : 1;
        }
      }
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  }

  /** What the tile tells the server with its heartbeat. */
  report(): WallTileReport | null {
    const wall = this.wall;
    if (!wall) return null;
    // Over a second off is a rejoin, not skew: the figures are those of frames played in step.
    const errors = this.samples
      .filter((s) => s.kind !== 'join')
      .map((s) => s.errorMs)
      .filter((e) => Math.abs(e) <= REJOIN_ABOVE_MS);
    const summary = skewSummary(errors);
    const clock = this.options.clock;
    const round = (v: number | undefined) => (v === undefined ? null : Math.round(v * 10) / 10);
    return {
      wallId: wall.id,
      synchronized: clock.known && summary !== null && summary.p95 <= WALL_SYNC_GOAL_MS,
      p50: round(summary?.p50),
      p95: round(summary?.p95),
      max: round(summary?.max),
      samples: errors.length,
      clockUncertainty: round(clock.uncertainty ?? undefined),
    };
  }

  destroy(): void {
    if (this.reportTimer !== null) clearInterval(this.reportTimer);
    this.pendingApply?.abort();
    this.options.clock.stop();
  }

  private record(sample: SkewSample): void {
    // A tile that joins mid-item (a reload, a new wall) is not late: it seeks into place.
    if (sample.kind !== 'frame' && Math.abs(sample.errorMs) > REJOIN_ABOVE_MS) return;
    this.samples.push(sample);
    if (this.samples.length > SKEW_KEEP) this.samples.splice(0, this.samples.length - SKEW_KEEP);
  }
}
