/**
 * How one item becomes elements on the page, the same for the main layers and the overlays: an image, a
 * video (a live stream included), an audio card or a sandboxed page, with the item's look (fit, volume,
 * muted) applied and loaded before it is shown; then played until its entry ends.
 */
import type { HlsConfig } from 'hls.js';
import type { ItemLook } from '@vitrine/core';
import type { Item } from './content';
import { loadPlugin } from './plugin';
import { loadStudio } from './studio';
import { isAborted, sleep, waitForEvent } from './util';

export const LOAD_TIMEOUT_MS = 20_000;
const FRAME_LOAD_WAIT_MS = 15_000;
/** Media whose clock has not moved this long is given up. */
export const STALL_MS = 15_000;
/** Joining an entry later than this (a start, a reload) seeks its media to where the timeline is. */
const SEEK_AFTER_MS = 1000;
const HLS_TYPES = ['application/vnd.apple.mpegurl', 'application/x-mpegurl'];

type Presentation = 'image' | 'video' | 'stream' | 'audio' | 'frame' | 'studio' | 'plugin' | 'unsupported';

export function presentationOf(item: Pick<Item, 'kind' | 'mime'>): Presentation {
  switch (item.kind) {
    case 'image':
    case 'video':
    case 'audio':
    case 'stream':
      return item.kind;
    case 'html':
    case 'archive':
    case 'text':
      return 'frame';
    case 'widget':
    case 'creation':
      return 'studio';
    case 'plugin':
      return 'plugin';
    case 'flash':
      return 'unsupported';
    default: {
      const family = item.mime.split('/')[0];
      if (family === 'image' || family === 'video' || family === 'audio') return family;
      return item.mime.startsWith('text/') ? 'frame' : 'unsupported';
    }
  }
}

// ---- look ----

export interface Sound {
  /** 0..1 */
  volume: number;
  muted: boolean;
}

/**
 * An item's sound: the screen's volume (0-100) scaled by the look's (0-100). The look's muted wins either
 * way; without it an item is muted at no volume, and `quiet` ones (overlays) are muted unless the look
 * says otherwise.
 */
export function soundOf(screenVolume: number, look: ItemLook | null, quiet = false): Sound {
  const scale = look?.volume ?? 100;
  const volume = Math.max(0, Math.min(1, (screenVolume / 100) * (scale / 100)));
  return { volume, muted: look?.muted ?? (quiet || volume === 0) };
}

/** What each media element was loaded with, so a new screen volume can be applied to it. */
const tuning = new WeakMap<HTMLMediaElement, { look: ItemLook | null; quiet: boolean }>();

/** Sets a media element's sound from the screen's volume and the look it was loaded with. */
export function setSound(media: HTMLMediaElement, screenVolume: number): void {
  const { look, quiet } = tuning.get(media) ?? { look: null, quiet: false };
  const sound = soundOf(screenVolume, look, quiet);
  media.volume = sound.volume;
  media.muted = sound.muted;
}

/** Applies a look to an element: its fit (contained unless the look says cover or fill) and its sound. */
export function applyLook(
  element: HTMLElement,
  look: ItemLook | null,
  screenVolume: number,
  quiet = false,
): void {
  element.style.objectFit = look?.fit ?? 'contain';
  if (element instanceof HTMLMediaElement) {
    tuning.set(element, { look, quiet });
    setSound(element, screenVolume);
  }
}

// ---- streams ----

/** hls.js players by the video they feed, to be let go with it. */
const hlsPlayers = new WeakMap<HTMLVideoElement, { destroy(): void; failure: string | null }>();

export const isHls = (mime: string): boolean => HLS_TYPES.includes(mime.toLowerCase());

/**
 * Plays an address in a video element: natively where the browser can (Safari, recent Chromium, most TVs),
 * an HLS playlist elsewhere through hls.js, which is loaded only then so the player's bundle stays small.
 * A fatal hls.js error is reported as the video's 'error' event, like a native failure.
 */
export async function attachSource(
  video: HTMLVideoElement,
  url: string,
  mime: string,
  signal?: AbortSignal,
): Promise<void> {
  if (!isHls(mime) || video.canPlayType(mime) !== '') {
    video.src = url;
    return;
  }
  // The light build: no subtitles, alternate audio or DRM, which signage streams do without.
  const { default: Hls } = await import('hls.js/light');
  if (signal?.aborted) throw Object.assign(new Error('Aborted'), { name: 'AbortError' });
  if (!Hls.isSupported()) throw new Error('this browser plays neither HLS nor Media Source Extensions');
  // No worker: the page's policy allows no blob: scripts, and one stream demuxes well on the main thread.
  const config: Partial<HlsConfig> = { enableWorker: false };
  const hls = new Hls(config);
  const held = { destroy: () => hls.destroy(), failure: null as string | null };
  hlsPlayers.set(video, held);
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    held.failure = `HLS ${data.type}: ${data.details}`;
    video.dispatchEvent(new Event('error'));
  });
  hls.loadSource(url);
  hls.attachMedia(video);
}

/** Why a media element failed, as far as hls.js or the browser says; null when neither does. */
function failureOf(media: HTMLMediaElement): string | null {
  const hls = media instanceof HTMLVideoElement ? hlsPlayers.get(media)?.failure : null;
  if (hls) return hls;
  const error = media.error;
  return error ? `media error ${error.code}${error.message ? ` (${error.message})` : ''}` : null;
}

// ---- loading ----

export interface Loaded {
  /** What plays and ends by itself. */
  media: HTMLMediaElement | null;
  /** What a screenshot can draw. */
  visual: HTMLImageElement | HTMLVideoElement | null;
  /** The content's own width and height, when it has a shape (images and videos). */
  shape: { width: number; height: number } | null;
}

export interface LoadOptions {
  screenVolume: number;
  signal: AbortSignal;
  /** Muted unless the item's look says otherwise (overlays). */
  quiet?: boolean;
  /** A problem that does not stop the item (a widget's missing font), for the screen's log. */
  warn?: (message: string) => void;
}

const shapeOf = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : null);

async function loadImage(
  item: Item,
  into: HTMLElement,
  { signal, screenVolume }: LoadOptions,
): Promise<Loaded> {
  const image = document.createElement('img');
  image.alt = '';
  image.decoding = 'async';
  applyLook(image, item.look, screenVolume);
  into.append(image);
  const loaded = waitForEvent(image, ['load'], ['error'], LOAD_TIMEOUT_MS, signal, 'The image');
  image.src = item.url;
  await loaded;
  // Decoded before it is shown, so the fade does not stutter.
  await image.decode().catch(() => undefined);
  return { media: null, visual: image, shape: shapeOf(image.naturalWidth, image.naturalHeight) };
}

async function loadVideo(
  item: Item,
  into: HTMLElement,
  { signal, screenVolume, quiet }: LoadOptions,
  stream: boolean,
): Promise<Loaded> {
  const video = document.createElement('video');
  video.preload = 'auto';
  video.playsInline = true;
  applyLook(video, item.look, screenVolume, quiet);
  into.append(video);
  const what = stream ? 'The stream' : 'The video';
  // Attached first: its events come as tasks, after the wait below is listening.
  if (stream) await attachSource(video, item.url, item.mime, signal);
  else video.src = item.url;
  await waitForEvent(video, ['loadeddata'], ['error'], LOAD_TIMEOUT_MS, signal, what).catch(
    (error: unknown) => {
      // The event says only that it failed; the element (or hls.js) says why.
      const why = isAborted(error) ? null : failureOf(video);
      throw why ? new Error(`${what} failed: ${why}`) : error;
    },
  );
  return { media: video, visual: video, shape: shapeOf(video.videoWidth, video.videoHeight) };
}

async function loadAudio(
  item: Item,
  into: HTMLElement,
  { signal, screenVolume, quiet }: LoadOptions,
): Promise<Loaded> {
  const card = document.createElement('div');
  card.className = 'audio-card';
  card.textContent = item.name;
  const audio = document.createElement('audio');
  audio.preload = 'auto';
  applyLook(audio, item.look, screenVolume, quiet);
  into.append(card, audio);
  const loaded = waitForEvent(audio, ['canplay'], ['error'], LOAD_TIMEOUT_MS, signal, 'The audio');
  audio.src = item.url;
  await loaded;
  return { media: audio, visual: null, shape: null };
}

async function loadFrame(item: Item, into: HTMLElement, { signal }: LoadOptions): Promise<Loaded> {
  const frame = document.createElement('iframe');
  // Scripts run, but in an opaque origin: the page cannot reach the player or its token.
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.setAttribute('allow', 'autoplay');
  frame.referrerPolicy = 'no-referrer';
  frame.tabIndex = -1;
  into.append(frame);
  const loaded = waitForEvent(frame, ['load'], [], FRAME_LOAD_WAIT_MS, signal, 'The page');
  frame.src = item.url;
  try {
    await loaded;
  } catch (error) {
    // A slow page is shown as it comes; only a stop ends here.
    if (isAborted(error)) throw error;
  }
  return { media: null, visual: null, shape: null };
}

/** Puts an item's elements into `into` and resolves once it can be shown; rejects when it cannot be played. */
export async function loadItem(item: Item, into: HTMLElement, options: LoadOptions): Promise<Loaded> {
  const { signal } = options;
  const kind = presentationOf(item);
  switch (kind) {
    case 'image':
      return loadImage(item, into, options);
    case 'video':
    case 'stream':
      return loadVideo(item, into, options, kind === 'stream');
    case 'audio':
      return loadAudio(item, into, options);
    case 'frame':
      return loadFrame(item, into, options);
    case 'studio': {
      await loadStudio(item, into, {
        signal,
        fileSource: item.fileSource ?? (() => Promise.resolve(null)),
        timeZone: item.timeZone ?? 'UTC',
        locale: navigator.language || 'en',
        ...(options.warn ? { warn: options.warn } : {}),
      });
      return { media: null, visual: null, shape: null };
    }
    case 'plugin': {
      await loadPlugin(item, into, {
        signal,
        timeZone: item.timeZone ?? 'UTC',
        locale: navigator.language || 'en',
        ...(options.warn ? { warn: options.warn } : {}),
      });
      return { media: null, visual: null, shape: null };
    }
    default:
      throw new Error(`${item.kind} files cannot be played in a browser`);
  }
}

// ---- playing ----

/**
 * Plays shown media until its entry ends on the wall clock (media that ends sooner holds its last frame);
 * joining late, recorded media starts where the timeline is (a live stream plays from its live edge).
 * Rejects when the media fails or stalls.
 */
export async function playUntil(
  media: HTMLMediaElement | null,
  item: Pick<Item, 'start' | 'end' | 'kind'>,
  options: { now: () => number; signal: AbortSignal; start: (media: HTMLMediaElement) => Promise<void> },
): Promise<void> {
  const { now, signal } = options;
  const { end, start } = item;
  if (!media) {
    await sleep(Math.max(0, end - now()), signal);
    return;
  }
  const late = now() - start;
  if (
    item.kind !== 'stream' &&
    late > SEEK_AFTER_MS &&
    Number.isFinite(media.duration) &&
    late / 1000 < media.duration
  ) {
    media.currentTime = late / 1000;
  }
  await options.start(media);
  await new Promise<void>((resolve, reject) => {
    let lastTime = media.currentTime;
    let lastMove = now();
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
    const onError = () => finish(new Error(failureOf(media) ?? 'media error'));
    const onAbort = () => finish(Object.assign(new Error('Aborted'), { name: 'AbortError' }));
    const timer = setTimeout(() => finish(), Math.max(0, end - now()));
    const watchdog = setInterval(() => {
      const at = now();
      if (media.currentTime !== lastTime || done || media.ended) {
        lastTime = media.currentTime;
        lastMove = at;
      } else if (at - lastMove > STALL_MS) {
        finish(new Error(`stalled for ${Math.round(STALL_MS / 1000)} s`));
      }
    }, 1000);
    media.addEventListener('ended', onEnded);
    media.addEventListener('error', onError);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Lets go of what an element holds (decoders, network, a page's scripts) before it is dropped. */
export function release(element: Element): void {
  if (element instanceof HTMLMediaElement) {
    if (element instanceof HTMLVideoElement) {
      hlsPlayers.get(element)?.destroy();
      hlsPlayers.delete(element);
    }
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

/** Releases every element below `container` and empties it. */
export function releaseAll(container: HTMLElement): void {
  for (const element of Array.from(container.querySelectorAll('video, audio, iframe, img'))) release(element);
  container.textContent = '';
}
