/**
 * Plays the screen's schedule on two layers that cross-fade: while one shows, the other loads the next
 * entry, which comes on screen exactly when the timeline says (gapless, with the screen's transition).
 * Each entry is played from the media cache when stored there, and recorded for proof of play when it
 * leaves the screen. A failing file is logged and its time left empty; a screen with nothing scheduled now
 * shows its name.
 */
import type { Manifest, ManifestFile, Rotation, ScheduleEntry } from '@vitrine/core';
import type { MediaCache } from './cache';
import type { Strings } from './i18n';
import type { Logger } from './log';
import type { NewProofEvent } from './proof';
import { Timeline } from './timeline';
import { errorText, isAborted, sleep, waitForEvent } from './util';

/** One entry of the timeline with its file, ready to present. */
export interface Item {
  fileId: number;
  playlistId: number;
  name: string;
  kind: string;
  mime: string;
  url: string;
  /** Instants (ms) the timeline gives it. */
  start: number;
  end: number;
}
export type ScreenState = 'connecting' | 'playing' | 'idle' | 'stopped' | 'stream';

export const LOAD_TIMEOUT_MS = 20_000;
const FRAME_LOAD_WAIT_MS = 15_000;
/** Media whose clock has not moved this long is given up. */
export const STALL_MS = 15_000;
const STREAM_START_MS = 20_000;

export const STREAM_TEXT = {
  missing: 'No camera stream address is set for this screen',
  protocol:
    'A browser cannot play rtsp:// or rtmp:// streams: give the screen an http(s) stream (HLS or MP4) or use a native player',
  scheme: 'The camera stream address must start with http:// or https://',
  started: 'Camera stream shown',
  stopped: 'Camera stream stopped',
} as const;

type Presentation = 'image' | 'video' | 'audio' | 'frame' | 'unsupported';

export function presentationOf(item: Pick<Item, 'kind' | 'mime'>): Presentation {
  switch (item.kind) {
    case 'image':
    case 'video':
    case 'audio':
      return item.kind;
    case 'html':
    case 'archive':
    case 'text':
      return 'frame';
    case 'flash':
      return 'unsupported';
    default: {
      const family = item.mime.split('/')[0];
      if (family === 'image' || family === 'video' || family === 'audio') return family;
      return item.mime.startsWith('text/') ? 'frame' : 'unsupported';
    }
  }
}

const keyOf = (entry: Pick<ScheduleEntry, 'playlistId' | 'fileId' | 'start'>): string =>
  `${entry.playlistId}:${entry.fileId}:${entry.start}`;

/** Joining an entry later than this (a start, a reload) seeks its media to where the timeline is. */
const SEEK_AFTER_MS = 1000;

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

interface Prepared {
  item: Item;
  layer: HTMLElement;
  /** What plays and ends by itself. */
  media: HTMLMediaElement | null;
  /** What a screenshot can draw. */
  visual: HTMLImageElement | HTMLVideoElement | null;
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
  /** An item left the screen after playing: proof of play. */
  onPlayed?: (event: NewProofEvent) => void;
  /** Stored media; null plays everything from the network. */
  cache?: MediaCache | null;
  now?: () => number;
}

export class Playback {
  private manifest: Manifest | null = null;
  private timeline: Timeline | null = null;
  private files = new Map<number, ManifestFile>();
  private noStats = new Set<number>();
  /** Nothing scheduled at this moment (a gap, or no content at all). */
  private gap = true;
  private stopped = false;
  private streamVideo: HTMLVideoElement | null = null;
  private loop: AbortController | null = null;
  private readonly layers: [HTMLElement, HTMLElement];
  private front = 0;
  private showing: Prepared | null = null;
  /** When the showing item came on screen (ms). */
  private shownAt = 0;
  /** Every item failed in a row: the idle screen shows while the loop waits to try again. */
  private failing = false;
  private state: ScreenState | null = null;
  private readonly idle: HTMLElement;
  private readonly idleName: HTMLElement;
  private readonly idleText: HTMLElement;
  private volume = 100;
  private warnedMuted = false;
  private destroyed = false;

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

  /** Media stored for offline play, once its database is open. */
  useCache(cache: MediaCache): void {
    this.options.cache = cache;
    if (this.manifest) {
      void cache.sync(this.manifest.files).catch((error: unknown) => {
        this.options.log.warn(`Media cache sync failed: ${errorText(error)}`);
      });
    }
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
    const changed = this.manifest?.version !== manifest.version;
    this.manifest = manifest;
    this.idleName.textContent = manifest.point.name;
    this.volume = Math.max(0, Math.min(100, manifest.point.windows.volume));
    for (const media of this.allMedia()) this.setVolume(media);
    this.files = new Map(manifest.files.map((f) => [f.fileId, f]));
    this.noStats = new Set(manifest.schedule.playlists.filter((p) => p.noStats).map((p) => p.id));
    if (changed) {
      this.timeline = new Timeline(manifest.schedule);
      this.options.log.info(
        `Content version ${manifest.version}: ${manifest.schedule.playlists.length} playlist(s), ${manifest.files.length} file(s)`,
      );
      void this.options.cache?.sync(manifest.files).catch((error: unknown) => {
        this.options.log.warn(`Media cache sync failed: ${errorText(error)}`);
      });
      // A file or playlist taken down leaves the screen at once; anything else changes at the next entry.
      const shown = this.showing?.item;
      const playlists = new Set(manifest.schedule.playlists.map((p) => p.id));
      if (shown && (!this.files.has(shown.fileId) || !playlists.has(shown.playlistId))) {
        this.options.log.info(`${shown.name} was taken down: it stops now`);
        this.stopLoop();
      } else if (this.gap || this.failing) {
        // Waiting in a gap or out a failure: look at the new timeline at once.
        this.stopLoop();
      }
    }
    if (first || manifest.point.isStoped !== this.stopped) {
      this.stopped = manifest.point.isStoped;
      if (this.stopped) this.options.log.info('Broadcast is stopped for this screen');
    }
    this.reconsider();
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
    this.setVolume(video);
    video.src = target;
    this.options.stage.append(video);
    this.streamVideo = video;
    this.options.log.info('Showing the camera stream');
    this.reconsider();
    try {
      const playing = waitForEvent(video, ['playing'], ['error'], STREAM_START_MS, undefined, 'The stream');
      playing.catch(() => undefined);
      await this.startMedia(video);
      await playing;
    } catch (error) {
      if (this.streamVideo === video) this.stopStream();
      const message = `The browser could not play the stream: ${errorText(error)}`;
      this.options.log.warn(message);
      return { ok: false, message };
    }
    video.addEventListener('error', () => this.streamBroke(video));
    video.addEventListener('ended', () => this.streamBroke(video));
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
    this.removeStream();
    for (const layer of this.layers) layer.remove();
    this.idle.remove();
  }

  // ---- state ----

  /** Starts or stops the loop to match what the screen should do, and shows the matching state. */
  private reconsider(): void {
    const shouldPlay = !this.destroyed && this.timeline !== null && !this.stopped && !this.streamVideo;
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
    this.updateState();
  }

  private stopLoop(): void {
    this.recordShowing();
    this.loop?.abort();
    this.loop = null;
    this.showing = null;
    this.failing = false;
    for (const layer of this.layers) this.clearLayer(layer);
  }

  private updateState(): void {
    let state: ScreenState;
    if (this.streamVideo) state = 'stream';
    else if (!this.manifest) state = 'connecting';
    else if (this.stopped) state = 'stopped';
    else if (this.gap || this.failing) state = 'idle';
    else state = 'playing';
    this.idle.classList.toggle('visible', state === 'idle');
    this.idleText.textContent = this.failing
      ? 'The content could not be played'
      : this.options.strings.noContent;
    for (const layer of this.layers) layer.hidden = state !== 'playing';
    if (state === this.state) return;
    this.state = state;
    this.options.onState(state);
  }

  // ---- the loop ----

  private get back(): HTMLElement {
    return this.layers[1 - this.front]!;
  }

  /** The timeline's entry with its file and playable address, or null when its file is not in the manifest. */
  private async itemOf(entry: ScheduleEntry): Promise<Item | null> {
    const file = this.files.get(entry.fileId);
    if (!file) return null;
    const url = (await this.options.cache?.source(file)) ?? file.url;
    return {
      fileId: file.fileId,
      playlistId: entry.playlistId,
      name: file.name,
      kind: file.kind,
      mime: file.mime,
      url,
      start: entry.start,
      end: entry.end,
    };
  }

  private async run(signal: AbortSignal): Promise<void> {
    const { log } = this.options;
    let next: { key: string; ready: Promise<Prepared> } | null = null;
    while (!signal.aborted) {
      const timeline = this.timeline;
      if (!timeline) return;
      const { entry, next: upcoming } = timeline.at(this.now);
      if (!entry) {
        // Nothing scheduled now: the idle screen until the next entry (checked at least every minute).
        this.recordShowing();
        for (const layer of this.layers) this.clearLayer(layer);
        this.gap = true;
        this.updateState();
        await sleep(Math.max(200, Math.min(60_000, (upcoming?.start ?? Infinity) - this.now)), signal);
        continue;
      }
      this.gap = false;
      const item = await this.itemOf(entry);
      if (signal.aborted) return;
      let prepared: Prepared | null = null;
      try {
        if (!item) throw new Error(`file ${entry.fileId} is not in the manifest`);
        prepared =
          next?.key === keyOf(entry) ? await next.ready : await this.prepare(item, this.back, signal);
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

      const outgoing = this.layers[this.front]!;
      this.recordShowing();
      this.show(prepared);
      this.failing = false;
      this.updateState();
      const ended = this.play(prepared, signal);
      ended.catch(() => undefined);

      // Once the fade is over the old layer is free: load the following entry into it.
      await sleep(this.transitionMs, signal);
      if (outgoing !== prepared.layer) this.clearLayer(outgoing);
      const following = timeline.at(entry.end).entry;
      if (following && following.start === entry.end) {
        const layer: HTMLElement = outgoing === prepared.layer ? this.back : outgoing;
        const ready: Promise<Prepared> = this.itemOf(following).then((i) => {
          if (!i) throw new Error(`file ${following.fileId} is not in the manifest`);
          return this.prepare(i, layer, signal);
        });
        ready.catch(() => undefined);
        next = { key: keyOf(following), ready };
      }

      try {
        await ended;
      } catch (error) {
        if (signal.aborted) return;
        log.warn(`Playback of ${item!.name} (file ${item!.fileId}) failed: ${errorText(error)}`);
        await sleep(Math.max(0, entry.end - this.now), signal);
      }
    }
  }

  /** Proof of play for what is leaving the screen. */
  private recordShowing(): void {
    const showing = this.showing;
    if (!showing || !this.shownAt) return;
    const endedAt = this.now;
    const startedAt = this.shownAt;
    this.shownAt = 0;
    if (endedAt - startedAt < 1) return;
    // A no-stats playlist plays without proof of play.
    if (this.noStats.has(showing.item.playlistId)) return;
    this.options.onPlayed?.({
      fileId: showing.item.fileId,
      playlistId: showing.item.playlistId,
      startedAt: new Date(startedAt).toISOString(),
      endedAt: new Date(endedAt).toISOString(),
      duration: (endedAt - startedAt) / 1000,
    });
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

  private async prepare(item: Item, layer: HTMLElement, signal: AbortSignal): Promise<Prepared> {
    this.clearLayer(layer);
    const kind = presentationOf(item);
    switch (kind) {
      case 'image': {
        const image = document.createElement('img');
        image.alt = '';
        image.decoding = 'async';
        layer.append(image);
        const loaded = waitForEvent(image, ['load'], ['error'], LOAD_TIMEOUT_MS, signal, 'The image');
        image.src = item.url;
        await loaded;
        // Decoded before it is shown, so the fade does not stutter.
        await image.decode().catch(() => undefined);
        return { item, layer, media: null, visual: image };
      }
      case 'video': {
        const video = document.createElement('video');
        video.preload = 'auto';
        video.playsInline = true;
        this.setVolume(video);
        layer.append(video);
        const loaded = waitForEvent(video, ['loadeddata'], ['error'], LOAD_TIMEOUT_MS, signal, 'The video');
        video.src = item.url;
        await loaded;
        return { item, layer, media: video, visual: video };
      }
      case 'audio': {
        const card = document.createElement('div');
        card.className = 'audio-card';
        card.textContent = item.name;
        const audio = document.createElement('audio');
        audio.preload = 'auto';
        this.setVolume(audio);
        layer.append(card, audio);
        const loaded = waitForEvent(audio, ['canplay'], ['error'], LOAD_TIMEOUT_MS, signal, 'The audio');
        audio.src = item.url;
        await loaded;
        return { item, layer, media: audio, visual: null };
      }
      case 'frame': {
        const frame = document.createElement('iframe');
        // Scripts run, but in an opaque origin: the page cannot reach the player or its token.
        frame.setAttribute('sandbox', 'allow-scripts');
        frame.setAttribute('allow', 'autoplay');
        frame.referrerPolicy = 'no-referrer';
        frame.tabIndex = -1;
        layer.append(frame);
        const loaded = waitForEvent(frame, ['load'], [], FRAME_LOAD_WAIT_MS, signal, 'The page');
        frame.src = item.url;
        try {
          await loaded;
        } catch (error) {
          // A slow page is shown as it comes; only a stop ends here.
          if (isAborted(error)) throw error;
        }
        return { item, layer, media: null, visual: null };
      }
      default:
        throw new Error(`${item.kind} files cannot be played in a browser`);
    }
  }

  /**
   * Plays a shown item until its entry ends on the wall clock (media that ends sooner holds its last
   * frame); joining late, media starts where the timeline is. Rejects when the media fails or stalls.
   */
  private async play(prepared: Prepared, signal: AbortSignal): Promise<void> {
    const { end, start } = prepared.item;
    const media = prepared.media;
    if (!media) {
      await sleep(Math.max(0, end - this.now), signal);
      return;
    }
    const late = this.now - start;
    if (late > SEEK_AFTER_MS && Number.isFinite(media.duration) && late / 1000 < media.duration) {
      media.currentTime = late / 1000;
    }
    await this.startMedia(media);
    await new Promise<void>((resolve, reject) => {
      let lastTime = media.currentTime;
      let lastMove = this.now;
      let done = false;
      const finish = (error?: Error) => {
        clearInterval(watchdog);
        clearTimeout(timer);
        media.removeEventListener('error', onError);
        media.removeEventListener('ended', onEnded);
        signal.removeEventListener('abort', onAbort);
        if (error) reject(error);
        else resolve();
      };
      const onEnded = () => {
        done = true;
      };
      const onError = () => finish(new Error(`media error ${media.error?.code ?? ''}`.trim()));
      const onAbort = () => finish(Object.assign(new Error('Aborted'), { name: 'AbortError' }));
      const timer = setTimeout(() => finish(), Math.max(0, end - this.now));
      const watchdog = setInterval(() => {
        const now = this.now;
        if (media.currentTime !== lastTime || done || media.ended) {
          lastTime = media.currentTime;
          lastMove = now;
        } else if (now - lastMove > STALL_MS) {
          finish(new Error(`stalled for ${Math.round(STALL_MS / 1000)} s`));
        }
      }, 1000);
      media.addEventListener('ended', onEnded);
      media.addEventListener('error', onError);
      signal.addEventListener('abort', onAbort, { once: true });
    });
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

  private streamBroke(video: HTMLVideoElement): void {
    if (this.streamVideo !== video) return;
    this.options.log.warn('The camera stream broke off; trying it again in 5 s');
    const source = video.src;
    setTimeout(() => {
      if (this.streamVideo !== video) return;
      video.src = source;
      this.startMedia(video).catch((error: unknown) => {
        this.options.log.warn(`The camera stream did not resume: ${errorText(error)}`);
      });
    }, 5000);
  }

  // ---- elements ----

  private setVolume(media: HTMLMediaElement): void {
    media.volume = this.volume / 100;
    media.muted = this.volume === 0;
  }

  private *allMedia(): Iterable<HTMLMediaElement> {
    for (const layer of this.layers)
      yield* Array.from(layer.querySelectorAll<HTMLMediaElement>('video, audio'));
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
    for (const element of Array.from(layer.querySelectorAll('video, audio, iframe, img'))) release(element);
    layer.textContent = '';
    layer.style.opacity = '0';
    layer.style.transition = '';
    this.unmark(layer);
    if (this.showing?.layer === layer) this.showing = null;
  }
}

/** Lets go of what an element holds (decoders, network, a page's scripts) before it is dropped. */
function release(element: Element): void {
  if (element instanceof HTMLMediaElement) {
    element.pause();
    element.removeAttribute('src');
    try {
      element.load();
    } catch {
      // Nothing held.
    }
  } else if (element instanceof HTMLIFrameElement) {
    element.src = 'about:blank';
  } else if (element instanceof HTMLImageElement) {
    element.removeAttribute('src');
  }
}
