/**
 * The screen's manifest kept fresh: the saved copy at start (a screen restarted offline plays it), the
 * first fetch tried again until it comes, a regular fetch every `syncInterval` minutes of the screen's
 * settings (it brings PASSIVE changes), and a fetch on reconnect and on command. Fetches at once share one.
 */
import { isManifest, type Manifest } from '@vitrine/core';
import { UnauthorizedError, type Api } from './api';
import type { Logger } from './log';
import { Backoff } from './socket';
import { KEYS, type KeyValue } from './storage';
import { errorText, isAborted, sleep } from './util';

/** Minutes between regular fetches of the manifest when the screen's settings do not say. */
export const DEFAULT_SYNC_MINUTES = 5;

/** The wait before the next regular fetch: the screen's interval, spread ±10% so a fleet does not fetch at once. */
export function nextSyncDelay(minutes: number | undefined, random: () => number = Math.random): number {
  const base = (minutes && minutes > 0 ? minutes : DEFAULT_SYNC_MINUTES) * 60_000;
  return Math.round(base * (0.9 + 0.2 * random()));
}

export interface ManifestSyncOptions {
  api: Api;
  local: KeyValue;
  log: Logger;
  signal: AbortSignal;
  apply: (manifest: Manifest) => void;
}

export class ManifestSync {
  private refreshing: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private minutes: number | undefined;

  constructor(private readonly options: ManifestSyncOptions) {}

  /** The content saved by the last fetch, applied at once. */
  applySaved(): void {
    const { local, log } = this.options;
    const saved = local.get(KEYS.manifest);
    if (!saved) return;
    try {
      const value: unknown = JSON.parse(saved);
      if (isManifest(value)) {
        log.info(`Starting from the saved content (version ${value.version})`);
        this.options.apply(value);
      }
    } catch {
      local.remove(KEYS.manifest);
    }
  }

  /** The first fetch (tried again until it comes), and the regular fetch from then on. */
  start(): void {
    this.firstFetch().catch((error: unknown) => {
      if (!isAborted(error)) this.options.log.error(`Content not loaded: ${errorText(error)}`);
    });
    // No saved content applied: the default interval until the first manifest says otherwise.
    if (this.timer === null) this.schedule(undefined);
  }

  /** The screen's interval, from its settings: a new one counts from now; the same keeps its running wait. */
  follow(minutes: number | undefined): void {
    if (minutes !== this.minutes || this.timer === null) this.schedule(minutes);
  }

  refresh(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        const next = await this.options.api.manifest();
        if (this.options.signal.aborted) return;
        this.options.local.set(KEYS.manifest, JSON.stringify(next));
        this.options.apply(next);
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  refreshQuietly(why: string): void {
    this.refresh().catch((error: unknown) => {
      if (!(error instanceof UnauthorizedError))
        this.options.log.warn(`Content not refreshed (${why}): ${errorText(error)}`);
    });
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
  }

  private async firstFetch(): Promise<void> {
    const { signal, log } = this.options;
    const backoff = new Backoff();
    while (!signal.aborted) {
      try {
        await this.refresh();
        return;
      } catch (error) {
        if (error instanceof UnauthorizedError || signal.aborted) return;
        const wait = Math.max(2000, backoff.next());
        log.warn(`Content not loaded: ${errorText(error)}; trying again in ${Math.round(wait / 1000)} s`);
        await sleep(wait, signal);
      }
    }
  }

  /** The regular fetch that brings PASSIVE changes: every `syncInterval` minutes of the screen's settings. */
  private schedule(minutes: number | undefined): void {
    this.minutes = minutes;
    if (this.timer !== null) clearTimeout(this.timer);
    if (this.options.signal.aborted) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.refreshQuietly(`every ${minutes ?? DEFAULT_SYNC_MINUTES} min`);
      if (this.timer === null) this.schedule(this.minutes);
    }, nextSyncDelay(minutes));
  }
}
