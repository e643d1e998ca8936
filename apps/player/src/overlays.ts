/**
 * What shows over the screen's timeline (docs/scheduling.md, Over the timeline), above the main layers: a
 * FLOATING playlist's item in a window at the playlist's position and width (its height from the content's
 * own shape, a small margin from the stage's edges), and a playlist's secondary content in a band along the
 * bottom of the stage (at most a quarter of its height, the content contained).
 *
 * One loop follows the timeline's two overlay lanes and wakes whenever either changes. Each slot loads its
 * entry from the media cache like the main layers do, keeps what it showed on screen until the new content
 * is ready, plays videos muted unless the item's look says otherwise, and records each entry for proof of
 * play when it leaves the screen.
 */
import {
  FLOATING_DEFAULTS,
  type FloatingArea,
  type FloatingPosition,
  type ScheduleEntry,
} from '@vitrine/core';
import type { MediaCache } from './cache';
import type { Content, Item } from './content';
import type { Logger } from './log';
import { loadItem, playUntil, releaseAll, type Loaded } from './media';
import type { NewProofEvent } from './proof';
import { entryKey, type Timeline } from './timeline';
import { AbortedError, errorText, isAborted, sleep } from './util';

/** What the overlays read from the playback they show over. */
export interface OverlayHost {
  stage: HTMLElement;
  log: Logger;
  now(): number;
  content(): Content | null;
  timeline(): Timeline | null;
  /** The media store once it is open (null: play from the network). */
  cache(): Promise<MediaCache | null>;
  /** The screen's volume, 0-100. */
  volume(): number;
  transitionMs(): number;
  startMedia(media: HTMLMediaElement): Promise<void>;
  onPlayed(event: NewProofEvent): void;
}

type Shape = Loaded['shape'];
/** CSS declarations in order: a later one for a property replaces an earlier one only where it is understood. */
export type Declarations = [property: string, value: string][];

/** The floating window's distance from the stage's edges. */
export const OVERLAY_MARGIN = '2vmin';
/** Pages have no shape of their own: a window for one is as wide as a television. */
const PAGE_RATIO = { width: 16, height: 9 };

/**
 * A floating window's place and size: its playlist's position and width (percent of the stage's), its
 * height from the content's shape. It never runs past the stage's margins; where the browser knows
 * container units it is also kept as tall as the stage at most (the width giving way).
 */
export function windowStyle(area: FloatingArea, shape: Shape): Declarations {
  const { width, height } = shape ?? PAGE_RATIO;
  const m = OVERLAY_MARGIN;
  const position: FloatingPosition = area.position;
  const vertical = position.startsWith('TOP') ? 'top' : position.startsWith('BOTTOM') ? 'bottom' : 'middle';
  const horizontal = position.endsWith('LEFT') ? 'left' : position.endsWith('RIGHT') ? 'right' : 'centre';
  const out: Declarations = [];
  if (vertical === 'middle') out.push(['top', '50%']);
  else out.push([vertical, m]);
  if (horizontal === 'centre') out.push(['left', '50%']);
  else out.push([horizontal, m]);
  out.push([
    'transform',
    `translate(${horizontal === 'centre' ? '-50%' : '0'}, ${vertical === 'middle' ? '-50%' : '0'})`,
  ]);
  out.push(['width', `${area.size}%`]);
  out.push(['width', `min(${area.size}%, calc(100% - 2 * ${m}))`]);
  out.push(['max-width', `calc((100cqh - 2 * ${m}) * ${width} / ${height})`]);
  out.push(['aspect-ratio', `${width} / ${height}`]);
  return out;
}

/**
 * The secondary content's band: the stage's whole width, as tall as the content's shape asks at that width
 * but at most a quarter of the stage (the content contained within it); a quarter without container units.
 */
export function bandStyle(shape: Shape): Declarations {
  const { width, height } = shape ?? PAGE_RATIO;
  return [
    ['height', '25%'],
    ['height', `min(25%, calc(100cqw * ${height} / ${width}))`],
  ];
}

type SlotKind = 'window' | 'band';

/** One overlay on the stage: the floating window or the secondary band. */
class Slot {
  readonly element: HTMLDivElement;
  /** The entry the slot is for now (shown, or loading). */
  private key: string | null = null;
  /** What the slot holds, loaded and placed; kept while hidden until it has faded out. */
  private held: { item: Item; loaded: Loaded; holder: HTMLElement } | null = null;
  /** When the current entry came on screen (ms); 0 when it is not on screen. */
  private shownAt = 0;
  private work: AbortController | null = null;
  private releaseTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly host: OverlayHost,
    private readonly kind: SlotKind,
  ) {
    this.element = document.createElement('div');
    this.element.className = `overlay overlay-${kind}`;
    this.element.dataset.testid = kind === 'window' ? 'floating-window' : 'secondary-band';
    host.stage.append(this.element);
  }

  get media(): HTMLMediaElement | null {
    return this.held?.loaded.media ?? null;
  }

  /** Shows `entry` (or nothing); the same entry again changes nothing. */
  want(entry: ScheduleEntry | null): void {
    const key = entry ? entryKey(entry) : null;
    if (key === this.key) return;
    this.key = key;
    this.work?.abort();
    this.work = null;
    this.record();
    if (!entry) {
      this.hide();
      return;
    }
    const work = new AbortController();
    this.work = work;
    this.present(entry, work.signal).catch((error: unknown) => {
      if (isAborted(error) || this.work !== work) return;
      const name = this.host.content()?.files.get(entry.fileId)?.name ?? `file ${entry.fileId}`;
      this.host.log.warn(`Overlay ${name} (${this.kind}) skipped: ${errorText(error)}`);
      // Its time stays empty, like a failing item of the timeline.
      this.record();
      this.hide();
    });
  }

  /** Off the screen at once (a stop, a camera stream): what showed is recorded. */
  stop(): void {
    this.key = null;
    this.work?.abort();
    this.work = null;
    this.record();
    this.hide();
    this.clear();
  }

  private async present(entry: ScheduleEntry, signal: AbortSignal): Promise<void> {
    const { host } = this;
    const content = host.content();
    if (!content) throw new AbortedError();
    const item = await content.item(entry, await host.cache());
    if (!item) throw new Error(`file ${entry.fileId} is not in the manifest`);
    if (signal.aborted) throw new AbortedError();
    let held = this.held;
    if (held && held.item.fileId === item.fileId && held.item.playlistId === item.playlistId) {
      // The same file again (secondary content starting its next loop): kept on screen, started over.
      held.item = item;
      if (held.loaded.media) held.loaded.media.currentTime = 0;
    } else {
      const holder = document.createElement('div');
      holder.className = 'overlay-content';
      let loaded: Loaded;
      try {
        loaded = await loadItem(item, holder, { screenVolume: host.volume(), signal, quiet: true });
      } catch (error) {
        releaseAll(holder);
        throw error;
      }
      // The old content stayed on screen while the new one loaded; now it goes.
      this.clear();
      this.element.append(holder);
      held = { item, loaded, holder };
      this.held = held;
    }
    this.place(content, item, held.loaded.shape);
    this.show(item);
    await playUntil(held.loaded.media, item, {
      now: () => host.now(),
      signal,
      start: (media) => host.startMedia(media),
    });
  }

  private place(content: Content, item: Item, shape: Shape): void {
    const style = this.element.style;
    style.cssText = '';
    const declarations =
      this.kind === 'window'
        ? windowStyle(content.playlist(item.playlistId)?.floating ?? FLOATING_DEFAULTS, shape)
        : bandStyle(shape);
    for (const [property, value] of declarations) style.setProperty(property, value);
    // Letterboxing in the band (and a page's window) takes the playlist's backdrop.
    style.backgroundColor = content.backdrop(item.playlistId);
  }

  private show(item: Item): void {
    if (this.releaseTimer !== null) clearTimeout(this.releaseTimer);
    this.releaseTimer = null;
    this.element.style.transition = `opacity ${this.host.transitionMs()}ms linear`;
    this.element.classList.add('visible');
    this.element.dataset.fileId = String(item.fileId);
    this.element.dataset.name = item.name;
    this.shownAt = this.host.now();
  }

  /** Fades out; the content is let go once faded, unless the slot has something to show again by then. */
  private hide(): void {
    this.element.classList.remove('visible');
    delete this.element.dataset.fileId;
    delete this.element.dataset.name;
    this.media?.pause();
    if (this.releaseTimer !== null) clearTimeout(this.releaseTimer);
    this.releaseTimer = setTimeout(() => {
      this.releaseTimer = null;
      if (this.key === null) this.clear();
    }, this.host.transitionMs());
  }

  private clear(): void {
    if (this.held) releaseAll(this.held.holder);
    this.held = null;
    this.element.textContent = '';
  }

  /** Proof of play for the entry leaving the screen. */
  private record(): void {
    const held = this.held;
    if (!held || !this.shownAt) return;
    const event = this.host.content()?.proof(held.item, this.shownAt, this.host.now());
    this.shownAt = 0;
    if (event) this.host.onPlayed(event);
  }
}

export class Overlays {
  private readonly slots: Record<SlotKind, Slot>;
  private loop: AbortController | null = null;

  constructor(private readonly host: OverlayHost) {
    // The window stands above the band where they meet.
    this.slots = { band: new Slot(host, 'band'), window: new Slot(host, 'window') };
  }

  /** Follows the timeline's overlays until stopped. */
  start(): void {
    if (this.loop) return;
    const controller = new AbortController();
    this.loop = controller;
    this.run(controller.signal)
      .catch((error: unknown) => {
        if (!isAborted(error)) this.host.log.error(`Overlays stopped: ${errorText(error)}`);
      })
      .finally(() => {
        if (this.loop === controller) this.loop = null;
      });
  }

  /** A new timeline or content: looked at now rather than at the next change. */
  refresh(): void {
    if (!this.loop) return;
    this.loop.abort();
    this.loop = null;
    this.start();
  }

  stop(): void {
    this.loop?.abort();
    this.loop = null;
    for (const slot of Object.values(this.slots)) slot.stop();
  }

  destroy(): void {
    this.stop();
    for (const slot of Object.values(this.slots)) slot.element.remove();
  }

  *media(): Iterable<HTMLMediaElement> {
    for (const slot of Object.values(this.slots)) if (slot.media) yield slot.media;
  }

  private async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      const timeline = this.host.timeline();
      if (!timeline) return;
      const at = timeline.overlaysAt(this.host.now());
      this.slots.window.want(at.floating);
      this.slots.band.want(at.loop);
      // Checked at least every minute, like the main loop.
      await sleep(Math.max(10, Math.min(60_000, at.change - this.host.now())), signal);
    }
  }
}
