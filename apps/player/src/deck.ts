/**
 * The deck: two layers that cross-fade. While one shows, the other loads the next entry of the timeline,
 * which comes on screen exactly when the timeline says (gapless, with the screen's transition). Each entry
 * is played from the media cache when stored there, and recorded for proof of play when it leaves the
 * screen. A failing file is logged and its time left empty; a playlist's pause shows its backdrop.
 */
import type { ScheduleEntry } from '@vitrine/core';
import type { MediaCache } from './cache';
import { themeColor, type Content, type Item } from './content';
import type { Logger } from './log';
import { loadItem, playUntil, releaseAll, type Loaded } from './media';
import type { NewProofEvent } from './proof';
import { entryKey, type MainAt, type Timeline } from './timeline';
import { AdTimeline } from './ads';
import { errorText, isAborted, sleep } from './util';

export interface Prepared extends Loaded {
  item: Item;
  layer: HTMLElement;
}

/** An entry loading on the layer off screen, before its time. */
interface Ahead {
  key: string;
  ready: Promise<Prepared>;
}

/** What one run of the loop carries from entry to entry. */
interface LoopState {
  next: Ahead | null;
  /** A switch flipped on its frame (a wall's tile): the moment it is for, a hair ahead of the clock. */
  flipped: number;
}

interface RunContext {
  timeline: Timeline;
  content: Content;
  loop: LoopState;
  signal: AbortSignal;
}

/** A video wall's tile (src/wall.ts): lays each item out as its crop and keeps it in step. */
export interface DeckTile {
  place(layer: HTMLElement, fileId: number): void;
  /** `joined`: the item was not loaded ahead of its start (the first after a new plan, a reload). */
  follow(media: HTMLMediaElement | null, item: Item, signal: AbortSignal, joined: boolean): void;
  /** How long before a switch (ms) the loop wakes to let `flip` pick its frame. */
  readonly wakeEarlyMs: number;
  /** Resolves on the animation frame that shows closest to `at`: the switch is made as it resolves. */
  flip(at: number, signal: AbortSignal): Promise<void>;
}

export interface DeckOptions {
  log: Logger;
  /** An item came on screen. */
  onShow?: (item: Item) => void;
  /** An item (of the timeline or an overlay) left the screen after playing: proof of play. */
  onPlayed?: (event: NewProofEvent) => void;
  tile?: DeckTile;
}

/** What the deck reads from the screen it plays on (src/playback.ts). */
export interface DeckHost {
  timeline(): Timeline | null;
  content(): Content | null;
  now(): number;
  transitionMs(): number;
  volume(): number;
  /** The media store once its opening settled; null plays from the network. */
  cache(): Promise<MediaCache | null>;
  /** play(), muted when the browser refuses sound. */
  startMedia(media: HTMLMediaElement): Promise<void>;
  /** The deck's state changed: the screen shows the matching state. */
  changed(): void;
}

export class Deck {
  readonly layers: [HTMLElement, HTMLElement];
  /** Nothing scheduled at this moment (a gap, or no content at all). */
  gap = true;
  /** In a gap that is a playlist's pause between its items: the screen shows its backdrop and plays on. */
  pausing = false;
  /** The stage's background while playing: the playing (or pausing) playlist's theme. */
  backdrop = themeColor(null);
  /** Every item failed in a row: the blank stage shows while the loop waits to try again. */
  failing = false;
  showing: Prepared | null = null;
  private loop: AbortController | null = null;
  private front = 0;
  /** When the showing item came on screen (ms). */
  private shownAt = 0;

  constructor(
    private readonly options: DeckOptions,
    private readonly host: DeckHost,
  ) {
    const layer = () => {
      const element = document.createElement('div');
      element.className = 'layer';
      return element;
    };
    this.layers = [layer(), layer()];
  }

  get running(): boolean {
    return this.loop !== null;
  }

  /** Starts the loop over the timeline. */
  start(): void {
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
  }

  /** Stops the loop: what shows is recorded and taken off. */
  stop(): void {
    this.recordShowing();
    this.loop?.abort();
    this.loop = null;
    this.showing = null;
    this.failing = false;
    this.pausing = false;
    for (const layer of this.layers) this.clearLayer(layer);
  }

  /** The layers' playing media, for the volume. */
  *media(): Iterable<HTMLMediaElement> {
    for (const layer of this.layers)
      yield* Array.from(layer.querySelectorAll<HTMLMediaElement>('video, audio'));
  }

  private get back(): HTMLElement {
    return this.layers[1 - this.front]!;
  }

  private async run(signal: AbortSignal): Promise<void> {
    const loop: LoopState = { next: null, flipped: 0 };
    while (!signal.aborted) {
      const timeline = this.host.timeline();
      const content = this.host.content();
      if (!timeline || !content) return;
      const now = timeline.at(Math.max(this.host.now(), loop.flipped));
      loop.flipped = 0;
      const entry = now.entry;
      if (!entry) {
        await this.waitInGap(now, content, loop, signal);
        continue;
      }
      this.gap = false;
      this.pausing = false;
      // An item loaded ahead is taken as it is (no awaits on storage), so a flipped switch shows on its frame.
      const ahead = loop.next?.key === entryKey(entry);
      const prepared = await this.take(entry, ahead, content, loop, signal);
      if (prepared) await this.play(prepared, entry, ahead, { timeline, content, loop, signal });
      else if (signal.aborted) return;
      else await this.leaveEmpty(entry, signal);
    }
  }

  /** A wall's tile switches on the frame closest to `at`, with the next item ready before it flips. */
  private async switchOn(at: number, loop: LoopState, signal: AbortSignal): Promise<void> {
    const tile = this.options.tile;
    if (!tile?.wakeEarlyMs) return;
    await loop.next?.ready.catch(() => undefined);
    await tile.flip(at, signal);
    loop.flipped = at;
  }

  /** Nothing plays now: a playlist's pause on its backdrop, or the idle screen, until the next entry. */
  private async waitInGap(
    now: MainAt,
    content: Content,
    loop: LoopState,
    signal: AbortSignal,
  ): Promise<void> {
    const { next: upcoming, pause } = now;
    this.recordShowing();
    this.gap = true;
    if (pause) {
      // A playlist's pause between items: its backdrop, while the next item waits ready on the other layer.
      this.fadeAway(this.layers[this.front]!);
      this.pausing = true;
      this.backdrop = content.backdrop(pause.playlistId);
      if (upcoming && loop.next?.key !== entryKey(upcoming)) {
        loop.next = this.prepareAhead(upcoming, this.back, content, signal);
      }
    } else {
      // Nothing scheduled now: the idle screen until the next entry (checked at least every minute).
      for (const layer of this.layers) this.clearLayer(layer);
      loop.next = null;
      this.pausing = false;
    }
    this.host.changed();
    const wait = (upcoming?.start ?? Infinity) - this.host.now();
    const early = this.options.tile?.wakeEarlyMs ?? 0;
    if (upcoming && early > 0 && wait <= 60_000) {
      await sleep(Math.max(0, wait - early), signal);
      await this.switchOn(upcoming.start, loop, signal);
    } else await sleep(Math.max(200, Math.min(60_000, wait)), signal);
  }

  /** The entry's item loaded on the layer off screen (taken from the one loaded ahead); null when it failed. */
  private async take(
    entry: ScheduleEntry,
    ahead: boolean,
    content: Content,
    loop: LoopState,
    signal: AbortSignal,
  ): Promise<Prepared | null> {
    let item: Item | null = null;
    try {
      if (ahead) return await loop.next!.ready;
      item = await content.item(entry, await this.host.cache());
      if (signal.aborted) return null;
      if (!item) throw new Error(`file ${entry.fileId} is not in the manifest`);
      return await this.prepare(item, this.back, signal);
    } catch (error) {
      if (signal.aborted) return null;
      this.options.log.warn(`Skipped ${item?.name ?? `file ${entry.fileId}`}: ${errorText(error)}`);
      this.clearLayer(this.back);
      return null;
    } finally {
      loop.next = null;
    }
  }

  /** An entry that failed to load: its time stays empty rather than shifting everything after it. */
  private async leaveEmpty(entry: ScheduleEntry, signal: AbortSignal): Promise<void> {
    this.recordShowing();
    this.clearLayer(this.layers[this.front]!);
    this.failing = true;
    this.host.changed();
    await sleep(Math.max(200, entry.end - this.host.now()), signal);
  }

  /** The loaded entry on screen until its end, the following one loading meanwhile on the freed layer. */
  private async play(
    prepared: Prepared,
    entry: ScheduleEntry,
    ahead: boolean,
    run: RunContext,
  ): Promise<void> {
    const { timeline, content, loop, signal } = run;
    const tile = this.options.tile;
    const shown = prepared.item;
    const outgoing = this.layers[this.front]!;
    this.recordShowing();
    this.show(prepared);
    tile?.follow(prepared.media, shown, signal, !ahead);
    this.backdrop = content.backdrop(shown.playlistId);
    this.failing = false;
    this.host.changed();
    // A wall's tile wakes a little before the end to flip the next item on its frame.
    const ended = playUntil(
      prepared.media,
      { ...shown, end: shown.end - (tile?.wakeEarlyMs ?? 0) },
      { now: () => this.host.now(), signal, start: (media) => this.host.startMedia(media) },
    );
    ended.catch(() => undefined);

    // Once the fade is over the old layer is free: load the following entry into it, whether it follows
    // at once or after the playlist's pause.
    await sleep(this.host.transitionMs(), signal);
    if (outgoing !== prepared.layer) this.clearLayer(outgoing);
    const after = timeline.at(entry.end);
    const following = after.entry ?? (after.pause ? after.next : null);
    if (following) {
      const layer = outgoing === prepared.layer ? this.back : outgoing;
      loop.next = this.prepareAhead(following, layer, content, signal);
    }

    try {
      await ended;
      await this.switchOn(entry.end, loop, signal);
    } catch (error) {
      if (signal.aborted) return;
      this.options.log.warn(`Playback of ${shown.name} (file ${shown.fileId}) failed: ${errorText(error)}`);
      await sleep(Math.max(0, entry.end - this.host.now()), signal);
    }
  }

  /** Proof of play for what is leaving the screen. */
  private recordShowing(): void {
    const showing = this.showing;
    if (!showing || !this.shownAt) return;
    const event = this.host.content()?.proof(showing.item, this.shownAt, this.host.now());
    this.shownAt = 0;
    const timeline = this.host.timeline();
    const adId = timeline instanceof AdTimeline ? timeline.adOf(showing.item) : undefined;
    if (event) this.options.onPlayed?.(adId === undefined ? event : { ...event, adId });
  }

  private show(prepared: Prepared): void {
    const incoming = prepared.layer;
    const outgoing = this.layers[this.front]!;
    const fade = `opacity ${this.host.transitionMs()}ms linear`;
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
    this.shownAt = this.host.now();
    this.options.onShow?.(prepared.item);
  }

  /** The item before a pause fades out to the backdrop; its layer is cleared when the next item comes. */
  private fadeAway(layer: HTMLElement): void {
    if (this.showing?.layer !== layer) return;
    this.showing = null;
    layer.style.transition = `opacity ${this.host.transitionMs()}ms linear`;
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
    const ready = this.host
      .cache()
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
      screenVolume: this.host.volume(),
      signal,
      warn: (message) => this.options.log.warn(message),
    });
    this.options.tile?.place(layer, item.fileId);
    return { ...loaded, item, layer };
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
