/**
 * Plays the manifest's items in a loop on two layers that cross-fade: while one shows, the other loads the
 * next item. A failing item is logged and skipped; a screen with nothing to play shows its name. Until the
 * schedule engine arrives, the order is the manifest's.
 */
import type { Manifest, Rotation } from '@vitrine/core';
import type { Strings } from './i18n';
import type { Logger } from './log';
import { errorText, isAborted, sleep, waitForEvent } from './util';

export type Item = Manifest['items'][number];
export type ScreenState = 'connecting' | 'playing' | 'idle' | 'stopped' | 'stream';

/** Images and pages without a duration are shown this long. */
export const DEFAULT_SECONDS = 10;
export const LOAD_TIMEOUT_MS = 20_000;
const FRAME_LOAD_WAIT_MS = 15_000;
/** Media whose clock has not moved this long is given up. */
export const STALL_MS = 15_000;
/** A media item without a duration still ends after this long (a live or broken file). */
const MEDIA_CAP_MS = 3 * 3600_000;
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

const keyOf = (item: Item): string => `${item.playlistId}:${item.fileId}`;
const listKey = (items: readonly Item[]): string => items.map((i) => `${keyOf(i)}:${i.duration}`).join(',');

/**
 * Where the loop goes on after the list changed: just after the item that was playing if the new list
 * still has it, otherwise at the same position (wrapped).
 */
export function resumeIndex(items: readonly Item[], playing: Item | null, position: number): number {
  if (items.length === 0) return 0;
  if (playing) {
    const at = items.findIndex((i) => keyOf(i) === keyOf(playing));
    if (at >= 0) return (at + 1) % items.length;
  }
  return position % items.length;
}

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
}

export class Playback {
  private manifest: Manifest | null = null;
  private items: Item[] = [];
  private itemsKey = '';
  private stopped = false;
  private streamVideo: HTMLVideoElement | null = null;
  private loop: AbortController | null = null;
  private readonly layers: [HTMLElement, HTMLElement];
  private front = 0;
  private showing: Prepared | null = null;
  private position = 0;
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

  get transitionMs(): number {
    return Math.max(0, Math.min(10_000, this.manifest?.point.transitionMs ?? 0));
  }

  apply(manifest: Manifest): void {
    if (this.destroyed) return;
    const first = this.manifest === null;
    this.manifest = manifest;
    this.idleName.textContent = manifest.point.name;
    this.volume = Math.max(0, Math.min(100, manifest.point.windows.volume));
    for (const media of this.allMedia()) this.setVolume(media);

    const items = manifest.items.filter((i) => typeof i.url === 'string' && i.url.length > 0);
    const key = listKey(items);
    const changed = key !== this.itemsKey;
    if (changed) {
      this.position = resumeIndex(items, this.showing?.item ?? null, this.position);
      this.items = items;
      this.itemsKey = key;
      this.options.log.info(`Content version ${manifest.version}: ${items.length} item(s)`);
    } else {
      // Same list, fresh signed addresses.
      this.items = items;
    }
    if (first || manifest.point.isStoped !== this.stopped) {
      this.stopped = manifest.point.isStoped;
      if (this.stopped) this.options.log.info('Broadcast is stopped for this screen');
    }
    // A loop waiting out failures tries the new list at once.
    if (changed && this.failing) this.stopLoop();
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
    const shouldPlay =
      !this.destroyed &&
      this.manifest !== null &&
      !this.stopped &&
      !this.streamVideo &&
      this.items.length > 0;
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
    else if (this.items.length === 0 || this.failing) state = 'idle';
    else state = 'playing';
    this.idle.classList.toggle('visible', state === 'idle');
    this.idleText.textContent =
      this.items.length === 0 ? this.options.strings.noContent : 'The content could not be played';
    for (const layer of this.layers) layer.hidden = state !== 'playing';
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
    let next: { key: string; ready: Promise<Prepared> } | null = null;
    let failures = 0;
    let rounds = 0;
    while (!signal.aborted) {
      const items = this.items;
      if (items.length === 0) return;
      const index = this.position % items.length;
      const item = items[index]!;
      this.position = index + 1;

      let prepared: Prepared;
      try {
        if (next && next.key === keyOf(item)) {
          prepared = await next.ready;
        } else {
          prepared = await this.prepare(item, this.back, signal);
        }
      } catch (error) {
        if (signal.aborted) return;
        log.warn(`Skipped ${item.name} (file ${item.fileId}): ${errorText(error)}`);
        this.clearLayer(this.back);
        failures += 1;
        if (failures >= items.length) {
          // Nothing plays: show the idle screen and try the list again later, not in a tight loop.
          this.failing = true;
          this.showing = null;
          this.clearLayer(this.layers[this.front]!);
          this.updateState();
          const wait = Math.min(60_000, 5000 * 2 ** rounds);
          rounds += 1;
          failures = 0;
          log.warn(`No item could be played; trying again in ${Math.round(wait / 1000)} s`);
          await sleep(wait, signal);
        } else {
          await sleep(250, signal);
        }
        continue;
      } finally {
        next = null;
      }

      failures = 0;
      rounds = 0;
      const outgoing = this.layers[this.front]!;
      this.show(prepared);
      this.failing = false;
      this.updateState();
      const ended = this.play(prepared, signal);
      ended.catch(() => undefined);

      // Once the fade is over the old layer is free: load the following item into it.
      await sleep(this.transitionMs, signal);
      if (outgoing !== prepared.layer) this.clearLayer(outgoing);
      const following = this.items.length ? this.items[this.position % this.items.length] : undefined;
      if (following) {
        const ready = this.prepare(following, outgoing === prepared.layer ? this.back : outgoing, signal);
        ready.catch(() => undefined);
        next = { key: keyOf(following), ready };
      }

      try {
        await ended;
      } catch (error) {
        if (signal.aborted) return;
        log.warn(`Playback of ${item.name} (file ${item.fileId}) failed: ${errorText(error)}`);
        await sleep(1000, signal);
      }
    }
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

  /** Plays a shown item; resolves when it should give way to the next. */
  private async play(prepared: Prepared, signal: AbortSignal): Promise<void> {
    const seconds =
      Number.isFinite(prepared.item.duration) && prepared.item.duration > 0 ? prepared.item.duration : null;
    const media = prepared.media;
    if (!media) {
      await sleep((seconds ?? DEFAULT_SECONDS) * 1000, signal);
      return;
    }
    await this.startMedia(media);
    await new Promise<void>((resolve, reject) => {
      let lastTime = media.currentTime;
      let lastMove = Date.now();
      const started = Date.now();
      const cap = seconds ? Math.max(seconds * 2000, seconds * 1000 + 60_000) : MEDIA_CAP_MS;
      const finish = (error?: Error) => {
        clearInterval(watchdog);
        media.removeEventListener('ended', onEnded);
        media.removeEventListener('error', onError);
        media.removeEventListener('timeupdate', onTime);
        signal.removeEventListener('abort', onAbort);
        if (error) reject(error);
        else resolve();
      };
      const onEnded = () => finish();
      const onError = () => finish(new Error(`media error ${media.error?.code ?? ''}`.trim()));
      const onTime = () => {
        if (seconds !== null && media.currentTime >= seconds) finish();
      };
      const onAbort = () => finish(Object.assign(new Error('Aborted'), { name: 'AbortError' }));
      const watchdog = setInterval(() => {
        const now = Date.now();
        if (media.currentTime !== lastTime) {
          lastTime = media.currentTime;
          lastMove = now;
        } else if (now - lastMove > STALL_MS) {
          finish(new Error(`stalled for ${Math.round(STALL_MS / 1000)} s`));
          return;
        }
        if (now - started > cap) finish();
      }, 1000);
      media.addEventListener('ended', onEnded);
      media.addEventListener('error', onError);
      media.addEventListener('timeupdate', onTime);
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
