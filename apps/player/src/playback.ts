/**
 * Plays the screen's schedule on two layers that cross-fade: while one shows, the other loads the next
 * entry, which comes on screen exactly when the timeline says (gapless, with the screen's transition).
 * Each entry is played from the media cache when stored there, and recorded for proof of play when it
 * leaves the screen. The stage's background is the playing playlist's theme, and stays so through its
 * pauses between items. A failing file is logged and its time left empty; a screen with nothing scheduled
 * now shows its name. The overlays (src/overlays.ts) play over it while it plays.
 */
import { streamMime, type Manifest, type Rotation, type ScheduleEntry } from '@vitrine/core';
import type { MediaCache } from './cache';
import { Content, themeColor, type Item } from './content';
import type { Strings } from './i18n';
import type { Logger } from './log';
import { attachSource, loadItem, playUntil, release, releaseAll, setSound, type Loaded } from './media';
import { Overlays } from './overlays';
import { changesFences, plannedAt, type Position } from './position';
import type { NewProofEvent } from './proof';
import { entryKey, type Timeline } from './timeline';
import { AdTimeline, adsKey, filesWithAds } from './ads';
import { errorText, isAborted, sleep, waitForEvent } from './util';

export type ScreenState = 'connecting' | 'playing' | 'idle' | 'stopped' | 'stream' | 'neutral';

const STREAM_START_MS = 20_000;

export const STREAM_TEXT = {
  missing: 'No camera stream address is set for this screen',
  protocol:
    'A browser cannot play rtsp:// or rtmp:// streams: give the screen an http(s) stream (HLS or MP4) or use a native player',
  scheme: 'The camera stream address must start with http:// or https://',
  started: 'Camera stream shown',
  stopped: 'Camera stream stopped',
} as const;

/** The stage's CSS for a screen's rotation and mirror; `swap` when the stage is taller than wide. */
export function stageTransform(rotation: Rotation, mirror: boolean): { transform: string; swap: boolean } {
  const degrees = { NORMAL: 0, LEFT: -90, RIGHT: 90, UPSIDE_DOWN: 180 }[rotation] ?? 0;
  // Applied right to left: rotate the content, then mirror what the screen shows.
  const parts = ['translate(-50%, -50%)'];
  if (mirror) parts.push('scaleX(-1)');
  if (degrees) parts.push(`rotate(${degrees}deg)`);
  return { transform: parts.join(' '), swap: rotation === 'LEFT' || rotation === 'RIGHT' };
}

export function orientStage(stage: HTMLElement, rotation: Rotation, mirror: boolean): void {
  const { transform, swap } = stageTransform(rotation, mirror);
  stage.style.transform = transform;
  stage.style.width = swap ? '100vh' : '100vw';
  stage.style.height = swap ? '100vw' : '100vh';
}

interface Prepared extends Loaded {
  item: Item;
  layer: HTMLElement;
}

/** An entry loading on the layer off screen, before its time. */
interface Ahead {
  key: string;
  ready: Promise<Prepared>;
}

export interface Showing {
  name: string | null;
  visual: HTMLImageElement | HTMLVideoElement | null;
}

export interface PlaybackOptions {
  stage: HTMLElement;
  log: Logger;
  strings: Strings;
  onState: (state: ScreenState) => void;
  /** An item came on screen. */
  onShow?: (item: Item) => void;
  /** An item (of the timeline or an overlay) left the screen after playing: proof of play. */
  onPlayed?: (event: NewProofEvent) => void;
  /** Stored media, already open; null plays everything from the network (else see `useCache`). */
  cache?: MediaCache | null;
  now?: () => number;
  /** A video wall's tile (src/wall.ts): lays each item out as its crop and keeps it in step. */
  tile?: {
    place(layer: HTMLElement, fileId: number): void;
    /** `joined`: the item was not loaded ahead of its start (the first after a new plan, a reload). */
    follow(media: HTMLMediaElement | null, item: Item, signal: AbortSignal, joined: boolean): void;
    /** How long before a switch (ms) the loop wakes to let `flip` pick its frame. */
    readonly wakeEarlyMs: number;
    /** Resolves on the animation frame that shows closest to `at`: the switch is made as it resolves. */
    flip(at: number, signal: AbortSignal): Promise<void>;
  };
}

export class Playback {
  private manifest: Manifest | null = null;
  private content: Content | null = null;
  private timeline: Timeline | null = null;
  /** Where the screen is now, when a native shell or the browser says; else the manifest's position plans. */
  private position: Position | null = null;
  /** Nothing scheduled at this moment (a gap, or no content at all). */
  private gap = true;
  /** In a gap that is a playlist's pause between its items: the screen shows its backdrop and plays on. */
  private pausing = false;
  /** The stage's background while playing: the playing (or pausing) playlist's theme. */
  private backdrop = themeColor(null);
  private stopped = false;
  private neutral = false;
  private streamVideo: HTMLVideoElement | null = null;
  private loop: AbortController | null = null;
  private readonly layers: [HTMLElement, HTMLElement];
  private front = 0;
  private showing: Prepared | null = null;
  /** When the showing item came on screen (ms). */
  private shownAt = 0;
  /** Every item failed in a row: the blank stage shows while the loop waits to try again. */
  private failing = false;
  private state: ScreenState | null = null;
  private readonly idle: HTMLElement;
  private readonly idleName: HTMLElement;
  private readonly idleText: HTMLElement;
  private readonly overlays: Overlays;
  private volume = 100;
  private warnedMuted = false;
  private destroyed = false;
  /** The media store being opened (`useCache`); items wait for it. */
  private cacheOpening: Promise<void> = Promise.resolve();

  constructor(private readonly options: PlaybackOptions) {
    const layer = () => {
      const element = document.createElement('div');
      element.className = 'layer';
      return element;
    };
    this.layers = [layer(), layer()];
    this.idle = document.createElement('div');
    this.idle.className = 'idle';
    this.idleName = document.createElement('div');
    this.idleName.className = 'idle-name';
    this.idleText = document.createElement('div');
    this.idleText.className = 'idle-text';
    this.idle.append(this.idleName, this.idleText);
    options.stage.append(...this.layers, this.idle);
    this.overlays = new Overlays({
      stage: options.stage,
      log: options.log,
      now: () => this.now,
      content: () => this.content,
      timeline: () => this.timeline,
      cache: () => this.cacheOpened(),
      volume: () => this.volume,
      transitionMs: () => this.transitionMs,
      startMedia: (media) => this.startMedia(media),
      onPlayed: (event) => this.options.onPlayed?.(event),
    });
    this.updateState();
  }

  get contentVersion(): string | null {
    return this.manifest?.version ?? null;
  }

  get screenState(): ScreenState {
    return this.state ?? 'connecting';
  }

  /** What is on screen now, for the heartbeat and screenshots. */
  current(): Showing {
    if (this.streamVideo) return { name: 'Camera stream', visual: this.streamVideo };
    if (this.state !== 'playing' || !this.showing) return { name: null, visual: null };
    return { name: this.showing.item.name, visual: this.showing.visual };
  }

  /**
   * Media stored for offline play, its database being opened. Items wait for it (a few milliseconds) rather
   * than play from the network meanwhile: a screen restarted without the network starts from its saved
   * content, and must play that from its own copies.
   */
  useCache(opening: Promise<MediaCache | null>): void {
    this.cacheOpening = opening.then(
      (cache) => {
        if (!cache || this.destroyed) return;
        this.options.cache = cache;
        if (this.manifest) {
          void cache.sync(filesWithAds(this.manifest)).catch((error: unknown) => {
            this.options.log.warn(`Media cache sync failed: ${errorText(error)}`);
          });
        }
      },
      (error: unknown) => this.options.log.warn(`Media cache not opened: ${errorText(error)}`),
    );
  }

  /** The media store once its opening settled; null plays from the network. */
  private async cacheOpened(): Promise<MediaCache | null> {
    await this.cacheOpening;
    return this.options.cache ?? null;
  }

  get transitionMs(): number {
    return Math.max(0, Math.min(10_000, this.manifest?.point.transitionMs ?? 0));
  }

  private get now(): number {
    return this.options.now?.() ?? Date.now();
  }

  apply(manifest: Manifest): void {
    if (this.destroyed) return;
    const first = this.manifest === null;
    // Ads are not part of the version: new ones change the plan too (src/ads.ts).
    const changed = this.manifest?.version !== manifest.version;
    const newAds = this.manifest === null || adsKey(this.manifest) !== adsKey(manifest);
    this.manifest = manifest;
    this.content = new Content({ ...manifest, files: filesWithAds(manifest) });
    this.idleName.textContent = manifest.point.name;
    this.volume = Math.max(0, Math.min(100, manifest.point.windows.volume));
    for (const media of this.allMedia()) setSound(media, this.volume);
    if (changed) {
      this.options.log.info(
        `Content version ${manifest.version}: ${manifest.schedule.playlists.length} playlist(s), ${manifest.files.length} file(s)`,
      );
    }
    if (changed || newAds) {
      void this.options.cache?.sync(filesWithAds(manifest)).catch((error: unknown) => {
        this.options.log.warn(`Media cache sync failed: ${errorText(error)}`);
      });
    }
    if (changed) {
      // A file or playlist taken down leaves the screen at once; anything else changes at the next entry.
      const shown = this.showing?.item;
      if (shown && (!this.content.files.has(shown.fileId) || !this.content.playlist(shown.playlistId))) {
        this.options.log.info(`${shown.name} was taken down: it stops now`);
        this.stopLoop();
      }
    }
    if (changed || newAds) this.useTimeline(this.plan(manifest, this.position));
    if (first || manifest.point.isStoped !== this.stopped) {
      this.stopped = manifest.point.isStoped;
      if (this.stopped) this.options.log.info('Broadcast is stopped for this screen');
    }
    this.reconsider();
  }

  /**
   * Where the screen is now (src/position.ts). Content bound to coordinates is planned again only when the
   * screen moved into or out of a playlist's area; the plan is otherwise the same.
   */
  setPosition(position: Position): void {
    const planned = this.timeline?.input.screen.position ?? null;
    this.position = position;
    const manifest = this.manifest;
    if (this.destroyed || !manifest || !changesFences(planned, position, manifest.schedule.playlists)) return;
    this.options.log.info(
      `The screen moved (${position.lat.toFixed(5)}, ${position.lng.toFixed(5)}) into or out of a playlist's area: planning again`,
    );
    this.useTimeline(this.plan(manifest, position));
    this.reconsider();
  }

  /** Billing's neutral slide (src/neutral.ts): nothing plays, the stage stays blank. */
  setNeutral(neutral: boolean): void {
    if (this.neutral === neutral) return;
    this.neutral = neutral;
    this.reconsider();
  }

  /** The screen's plan with its ads in their slots; an ad not cached yet leaves its slot to the content. */
  private plan(manifest: Manifest, position: Position | null): Timeline {
    return new AdTimeline(
      plannedAt(manifest.schedule, position),
      manifest.ads ?? [],
      (file) => this.options.cache?.has(file) ?? true,
      (ad) => this.options.log.warn(`Ad ${ad.adId} is not cached: the playlist's content plays in its slot`),
    );
  }

  setStopped(stopped: boolean): void {
    if (this.stopped === stopped) return;
    this.stopped = stopped;
    this.options.log.info(stopped ? 'Broadcast stopped' : 'Broadcast started');
    this.reconsider();
  }

  async startStream(url: string | null): Promise<{ ok: boolean; message?: string }> {
    const target = url ?? this.manifest?.point.cameraStreamUrl ?? null;
    if (!target) return { ok: false, message: STREAM_TEXT.missing };
    if (/^(rtsp|rtmp)[a-z]*:\/\//i.test(target)) return { ok: false, message: STREAM_TEXT.protocol };
    if (!/^https?:\/\//i.test(target)) return { ok: false, message: STREAM_TEXT.scheme };
    this.removeStream();
    const video = document.createElement('video');
    video.className = 'stream';
    video.playsInline = true;
    video.autoplay = true;
    setSound(video, this.volume);
    this.options.stage.append(video);
    this.streamVideo = video;
    this.options.log.info('Showing the camera stream');
    this.reconsider();
    try {
      const playing = waitForEvent(video, ['playing'], ['error'], STREAM_START_MS, undefined, 'The stream');
      playing.catch(() => undefined);
      await attachSource(video, target, streamMime(target));
      await this.startMedia(video);
      await playing;
    } catch (error) {
      if (this.streamVideo === video) this.stopStream();
      const message = `The browser could not play the stream: ${errorText(error)}`;
      this.options.log.warn(message);
      return { ok: false, message };
    }
    video.addEventListener('error', () => this.streamBroke(video, target));
    video.addEventListener('ended', () => this.streamBroke(video, target));
    return { ok: true, message: STREAM_TEXT.started };
  }

  stopStream(): void {
    if (!this.streamVideo) return;
    this.removeStream();
    this.options.log.info(STREAM_TEXT.stopped);
    this.reconsider();
  }

  destroy(): void {
    this.destroyed = true;
    this.stopLoop();
    this.overlays.destroy();
    this.removeStream();
    for (const layer of this.layers) layer.remove();
    this.idle.remove();
  }

  // ---- state ----

  /**
   * A new plan (new content, or the screen moved): what plays goes on to its end, but a screen waiting in a
   * gap or out a failure looks at it at once, and so do the overlays.
   */
  private useTimeline(timeline: Timeline): void {
    this.timeline = timeline;
    if (this.gap || this.failing) this.stopLoop();
    this.overlays.refresh();
  }

  /** Starts or stops the loop to match what the screen should do, and shows the matching state. */
  private reconsider(): void {
    const shouldPlay =
      !this.destroyed && this.timeline !== null && !this.stopped && !this.streamVideo && !this.neutral;
    if (shouldPlay && !this.loop) {
      const controller = new AbortController();
      this.loop = controller;
      this.failing = false;
      this.run(controller.signal)
        .catch((error: unknown) => {
          if (!isAborted(error)) this.options.log.error(`Playback stopped: ${errorText(error)}`);
        })
        .finally(() => {
          if (this.loop === controller) this.loop = null;
        });
    } else if (!shouldPlay && this.loop) {
      this.stopLoop();
    }
    // Overlays show over whatever the timeline plays, and only while it plays.
    if (shouldPlay) this.overlays.start();
    else this.overlays.stop();
    this.updateState();
  }

  private stopLoop(): void {
    this.recordShowing();
    this.loop?.abort();
    this.loop = null;
    this.showing = null;
    this.failing = false;
    this.pausing = false;
    for (const layer of this.layers) this.clearLayer(layer);
  }

  private updateState(): void {
    let state: ScreenState;
    if (this.neutral) state = 'neutral';
    else if (this.streamVideo) state = 'stream';
    else if (!this.manifest) state = 'connecting';
    else if (this.stopped) state = 'stopped';
    else if ((this.gap && !this.pausing) || this.failing) state = 'idle';
    else state = 'playing';
    // In front of the public a screen shows content or a neutral stage, never an error card: an item that
    // cannot play (logged) and a wall's tile between items leave the stage blank. Only a screen with nothing
    // scheduled says so, with its name, for whoever sets it up.
    this.idle.classList.toggle('visible', state === 'idle' && !this.failing && !this.manifest?.wall);
    this.idleText.textContent = this.options.strings.noContent;
    for (const layer of this.layers) layer.hidden = state !== 'playing';
    if (this.streamVideo) this.streamVideo.hidden = state === 'neutral';
    const stage = this.options.stage;
    stage.style.transition = `background-color ${this.transitionMs}ms linear`;
    stage.style.backgroundColor = state === 'playing' ? this.backdrop : themeColor(null);
    if (state === this.state) return;
    this.state = state;
    this.options.onState(state);
  }

  // ---- the loop ----

  private get back(): HTMLElement {
    return this.layers[1 - this.front]!;
  }

  private async run(signal: AbortSignal): Promise<void> {
    const { log } = this.options;
    const tile = this.options.tile;
    let next: Ahead | null = null;
    /** A switch flipped on its frame (a wall's tile): the moment it is for, a hair ahead of the clock. */
    let flipped = 0;
    /** A wall's tile switches on the frame closest to `at`, with the next item ready before it flips. */
    const switchOn = async (at: number) => {
      if (!tile?.wakeEarlyMs) return;
      await next?.ready.catch(() => undefined);
      await tile.flip(at, signal);
      flipped = at;
    };
    while (!signal.aborted) {
      const timeline = this.timeline;
      const content = this.content;
      if (!timeline || !content) return;
      const { entry, next: upcoming, pause } = timeline.at(Math.max(this.now, flipped));
      flipped = 0;
      if (!entry) {
        this.recordShowing();
        this.gap = true;
        if (pause) {
          // A playlist's pause between items: its backdrop, while the next item waits ready on the other layer.
          this.fadeAway(this.layers[this.front]!);
          this.pausing = true;
          this.backdrop = content.backdrop(pause.playlistId);
          if (upcoming && next?.key !== entryKey(upcoming)) {
            next = this.prepareAhead(upcoming, this.back, content, signal);
          }
        } else {
          // Nothing scheduled now: the idle screen until the next entry (checked at least every minute).
          for (const layer of this.layers) this.clearLayer(layer);
          next = null;
          this.pausing = false;
        }
        this.updateState();
        const wait = (upcoming?.start ?? Infinity) - this.now;
        const early = tile?.wakeEarlyMs ?? 0;
        if (upcoming && early > 0 && wait <= 60_000) {
          await sleep(Math.max(0, wait - early), signal);
          await switchOn(upcoming.start);
        } else await sleep(Math.max(200, Math.min(60_000, wait)), signal);
        continue;
      }
      this.gap = false;
      this.pausing = false;
      let item: Item | null = null;
      let prepared: Prepared | null = null;
      // An item loaded ahead is taken as it is (no awaits on storage), so a flipped switch shows on its frame.
      const ahead = next?.key === entryKey(entry);
      try {
        if (ahead) {
          prepared = await next!.ready;
          item = prepared.item;
        } else {
          item = await content.item(entry, await this.cacheOpened());
          if (signal.aborted) return;
          if (!item) throw new Error(`file ${entry.fileId} is not in the manifest`);
          prepared = await this.prepare(item, this.back, signal);
        }
      } catch (error) {
        if (signal.aborted) return;
        log.warn(`Skipped ${item?.name ?? `file ${entry.fileId}`}: ${errorText(error)}`);
        this.clearLayer(this.back);
      } finally {
        next = null;
      }
      if (!prepared) {
        // Its time stays empty rather than shifting everything after it.
        this.recordShowing();
        this.clearLayer(this.layers[this.front]!);
        this.failing = true;
        this.updateState();
        await sleep(Math.max(200, entry.end - this.now), signal);
        continue;
      }
      const shown = prepared.item;

      const outgoing = this.layers[this.front]!;
      this.recordShowing();
      this.show(prepared);
      tile?.follow(prepared.media, shown, signal, !ahead);
      this.backdrop = content.backdrop(shown.playlistId);
      this.failing = false;
      this.updateState();
      // A wall's tile wakes a little before the end to flip the next item on its frame.
      const ended = playUntil(
        prepared.media,
        { ...shown, end: shown.end - (tile?.wakeEarlyMs ?? 0) },
        { now: () => this.now, signal, start: (media) => this.startMedia(media) },
      );
      ended.catch(() => undefined);

      // Once the fade is over the old layer is free: load the following entry into it, whether it follows
      // at once or after the playlist's pause.
      await sleep(this.transitionMs, signal);
      if (outgoing !== prepared.layer) this.clearLayer(outgoing);
      const after = timeline.at(entry.end);
      const following = after.entry ?? (after.pause ? after.next : null);
      if (following) {
        next = this.prepareAhead(
          following,
          outgoing === prepared.layer ? this.back : outgoing,
          content,
          signal,
        );
      }

      try {
        await ended;
        await switchOn(entry.end);
      } catch (error) {
        if (signal.aborted) return;
        log.warn(`Playback of ${shown.name} (file ${shown.fileId}) failed: ${errorText(error)}`);
        await sleep(Math.max(0, entry.end - this.now), signal);
      }
    }
  }

  /** Proof of play for what is leaving the screen. */
  private recordShowing(): void {
    const showing = this.showing;
    if (!showing || !this.shownAt) return;
    const event = this.content?.proof(showing.item, this.shownAt, this.now);
    this.shownAt = 0;
    const adId = this.timeline instanceof AdTimeline ? this.timeline.adOf(showing.item) : undefined;
    if (event) this.options.onPlayed?.(adId === undefined ? event : { ...event, adId });
  }

  private show(prepared: Prepared): void {
    const incoming = prepared.layer;
    const outgoing = this.layers[this.front]!;
    const fade = `opacity ${this.transitionMs}ms linear`;
    incoming.style.transition = fade;
    outgoing.style.transition = fade;
    if (incoming !== outgoing) {
      outgoing.style.zIndex = '1';
      outgoing.style.opacity = '0';
      this.unmark(outgoing);
    }
    incoming.style.zIndex = '2';
    incoming.style.opacity = '1';
    incoming.dataset.testid = 'now-playing';
    incoming.dataset.fileId = String(prepared.item.fileId);
    incoming.dataset.name = prepared.item.name;
    this.front = this.layers.indexOf(incoming);
    this.showing = prepared;
    this.shownAt = this.now;
    this.options.onShow?.(prepared.item);
  }

  /** The item before a pause fades out to the backdrop; its layer is cleared when the next item comes. */
  private fadeAway(layer: HTMLElement): void {
    if (this.showing?.layer !== layer) return;
    this.showing = null;
    layer.style.transition = `opacity ${this.transitionMs}ms linear`;
    layer.style.opacity = '0';
    this.unmark(layer);
    for (const media of Array.from(layer.querySelectorAll<HTMLMediaElement>('video, audio'))) media.pause();
  }

  /** Starts loading an entry that comes later into a layer that is not on screen. */
  private prepareAhead(
    entry: ScheduleEntry,
    layer: HTMLElement,
    content: Content,
    signal: AbortSignal,
  ): Ahead {
    const ready = this.cacheOpened()
      .then((cache) => content.item(entry, cache))
      .then((item) => {
        if (!item) throw new Error(`file ${entry.fileId} is not in the manifest`);
        return this.prepare(item, layer, signal);
      });
    ready.catch(() => undefined);
    return { key: entryKey(entry), ready };
  }

  private async prepare(item: Item, layer: HTMLElement, signal: AbortSignal): Promise<Prepared> {
    this.clearLayer(layer);
    const loaded = await loadItem(item, layer, {
      screenVolume: this.volume,
      signal,
      warn: (message) => this.options.log.warn(message),
    });
    this.options.tile?.place(layer, item.fileId);
    return { ...loaded, item, layer };
  }

  /** play(), falling back to muted when the browser refuses sound without a gesture. */
  private async startMedia(media: HTMLMediaElement): Promise<void> {
    try {
      await media.play();
    } catch (error) {
      if (error instanceof Error && error.name === 'NotAllowedError' && !media.muted) {
        if (!this.warnedMuted) {
          this.warnedMuted = true;
          this.options.log.warn(
            'The browser refused sound without a tap: playing muted (allow autoplay in the kiosk browser)',
          );
        }
        media.muted = true;
        await media.play();
        return;
      }
      throw error;
    }
  }

  private streamBroke(video: HTMLVideoElement, target: string): void {
    if (this.streamVideo !== video) return;
    this.options.log.warn('The camera stream broke off; trying it again in 5 s');
    setTimeout(() => {
      if (this.streamVideo !== video) return;
      // Attached afresh: an HLS player of the broken one is let go first.
      release(video);
      attachSource(video, target, streamMime(target))
        .then(() => this.startMedia(video))
        .catch((error: unknown) => {
          this.options.log.warn(`The camera stream did not resume: ${errorText(error)}`);
        });
    }, 5000);
  }

  // ---- elements ----

  private *allMedia(): Iterable<HTMLMediaElement> {
    for (const layer of this.layers)
      yield* Array.from(layer.querySelectorAll<HTMLMediaElement>('video, audio'));
    yield* this.overlays.media();
    if (this.streamVideo) yield this.streamVideo;
  }

  private removeStream(): void {
    const video = this.streamVideo;
    if (!video) return;
    this.streamVideo = null;
    release(video);
    video.remove();
  }

  private unmark(layer: HTMLElement): void {
    delete layer.dataset.testid;
    delete layer.dataset.fileId;
    delete layer.dataset.name;
  }

  private clearLayer(layer: HTMLElement): void {
    releaseAll(layer);
    layer.style.opacity = '0';
    layer.style.transition = '';
    this.unmark(layer);
    if (this.showing?.layer === layer) this.showing = null;
  }
}
