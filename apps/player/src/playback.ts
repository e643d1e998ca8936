/**
 * Plays the screen's schedule: the deck (src/deck.ts) plays the timeline's entries on two layers that
 * cross-fade, while this decides what the screen shows (the schedule, the camera stream, a stopped or
 * neutral stage) from its manifest, position and commands. The stage's background is the playing
 * playlist's theme, and stays so through its pauses between items; a screen with nothing scheduled now
 * shows its name. The overlays (src/overlays.ts) play over it while it plays.
 */
import type { Manifest } from '@vitrine/core';
import type { MediaCache } from './cache';
import { CameraStream } from './camera-stream';
import { Content, themeColor } from './content';
import { Deck, type DeckOptions } from './deck';
import type { Strings } from './i18n';
import { setSound } from './media';
import { Overlays } from './overlays';
import { changesFences, plannedAt, type Position } from './position';
import type { Timeline } from './timeline';
import { AdTimeline, adsKey, filesWithAds } from './ads';
import { errorText } from './util';

export type ScreenState = 'connecting' | 'playing' | 'idle' | 'stopped' | 'stream' | 'neutral';

export interface Showing {
  name: string | null;
  visual: HTMLImageElement | HTMLVideoElement | null;
}

export interface PlaybackOptions extends DeckOptions {
  stage: HTMLElement;
  strings: Strings;
  onState: (state: ScreenState) => void;
  /** Stored media, already open; null plays everything from the network (else see `useCache`). */
  cache?: MediaCache | null;
  now?: () => number;
}

export class Playback {
  private manifest: Manifest | null = null;
  private content: Content | null = null;
  private timeline: Timeline | null = null;
  /** Where the screen is now, when a native shell or the browser says; else the manifest's position plans. */
  private position: Position | null = null;
  private stopped = false;
  private neutral = false;
  private readonly stream: CameraStream;
  private readonly deck: Deck;
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
    this.deck = new Deck(options, {
      timeline: () => this.timeline,
      content: () => this.content,
      now: () => this.now,
      transitionMs: () => this.transitionMs,
      volume: () => this.volume,
      cache: () => this.cacheOpened(),
      startMedia: (media) => this.startMedia(media),
      changed: () => this.updateState(),
    });
    this.idle = document.createElement('div');
    this.idle.className = 'idle';
    this.idleName = document.createElement('div');
    this.idleName.className = 'idle-name';
    this.idleText = document.createElement('div');
    this.idleText.className = 'idle-text';
    this.idle.append(this.idleName, this.idleText);
    options.stage.append(...this.deck.layers, this.idle);
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
    this.stream = new CameraStream({
      stage: options.stage,
      log: options.log,
      volume: () => this.volume,
      startMedia: (media) => this.startMedia(media),
      changed: () => this.reconsider(),
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
    if (this.stream.video) return { name: 'Camera stream', visual: this.stream.video };
    const showing = this.deck.showing;
    if (this.state !== 'playing' || !showing) return { name: null, visual: null };
    return { name: showing.item.name, visual: showing.visual };
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
      const shown = this.deck.showing?.item;
      if (shown && (!this.content.files.has(shown.fileId) || !this.content.playlist(shown.playlistId))) {
        this.options.log.info(`${shown.name} was taken down: it stops now`);
        this.deck.stop();
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

  startStream(url: string | null): Promise<{ ok: boolean; message?: string }> {
    return this.stream.start(url ?? this.manifest?.point.cameraStreamUrl ?? null);
  }

  stopStream(): void {
    this.stream.stop();
  }

  destroy(): void {
    this.destroyed = true;
    this.deck.stop();
    this.overlays.destroy();
    this.stream.remove();
    for (const layer of this.deck.layers) layer.remove();
    this.idle.remove();
  }

  // ---- state ----

  /**
   * A new plan (new content, or the screen moved): what plays goes on to its end, but a screen waiting in a
   * gap or out a failure looks at it at once, and so do the overlays.
   */
  private useTimeline(timeline: Timeline): void {
    this.timeline = timeline;
    if (this.deck.gap || this.deck.failing) this.deck.stop();
    this.overlays.refresh();
  }

  /** Starts or stops the loop to match what the screen should do, and shows the matching state. */
  private reconsider(): void {
    const shouldPlay =
      !this.destroyed && this.timeline !== null && !this.stopped && !this.stream.video && !this.neutral;
    if (shouldPlay && !this.deck.running) this.deck.start();
    else if (!shouldPlay && this.deck.running) this.deck.stop();
    // Overlays show over whatever the timeline plays, and only while it plays.
    if (shouldPlay) this.overlays.start();
    else this.overlays.stop();
    this.updateState();
  }

  private updateState(): void {
    let state: ScreenState;
    if (this.neutral) state = 'neutral';
    else if (this.stream.video) state = 'stream';
    else if (!this.manifest) state = 'connecting';
    else if (this.stopped) state = 'stopped';
    else if ((this.deck.gap && !this.deck.pausing) || this.deck.failing) state = 'idle';
    else state = 'playing';
    // In front of the public a screen shows content or a neutral stage, never an error card: an item that
    // cannot play (logged) and a wall's tile between items leave the stage blank. Only a screen with nothing
    // scheduled says so, with its name, for whoever sets it up.
    this.idle.classList.toggle('visible', state === 'idle' && !this.deck.failing && !this.manifest?.wall);
    this.idleText.textContent = this.options.strings.noContent;
    for (const layer of this.deck.layers) layer.hidden = state !== 'playing';
    if (this.stream.video) this.stream.video.hidden = state === 'neutral';
    const stage = this.options.stage;
    stage.style.transition = `background-color ${this.transitionMs}ms linear`;
    stage.style.backgroundColor = state === 'playing' ? this.deck.backdrop : themeColor(null);
    if (state === this.state) return;
    this.state = state;
    this.options.onState(state);
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

  // ---- elements ----

  private *allMedia(): Iterable<HTMLMediaElement> {
    yield* this.deck.media();
    yield* this.overlays.media();
    if (this.stream.video) yield this.stream.video;
  }
}
