/**
 * A paired screen at work: the manifest (fetched at start, every `syncInterval` minutes of the screen's
 * settings, on reconnect and on command),
 * playback, the socket with its heartbeats, the commands, proof of play, the measured audience and the
 * screen's live position.
 */
import { isManifest, type Manifest, type PlayerReport } from '@vitrine/core';
import { UnauthorizedError, type Api } from './api';
import { audienceSender, createAudienceQueue } from './audience';
import { CommandHandler, type CommandEffects, type SeenCommands } from './commands';
import type { Strings } from './i18n';
import type { Logger } from './log';
import { MediaCache } from './cache';
import { DisplaySchedule } from './display';
import { NativeAutostart, nativeRelaunch, nativeScreenshot, shellOf } from './native';
import { NeutralSlide } from './neutral';
import { Playback, type ScreenState } from './playback';
import { orientStage } from './stage';
import { WallClock, WallTile, isClockAnswer } from './wall';
import { watchPosition } from './position';
import { createProofQueue, httpSender } from './proof';
import type { ScreenControl, StatusLine } from './screen';
import { capture } from './screenshot';
import { Backoff, Connection } from './socket';
import { KEYS, type KeyValue } from './storage';
import { clip, errorText, isAborted, sleep } from './util';

/** Minutes between regular fetches of the manifest when the screen's settings do not say. */
export const DEFAULT_SYNC_MINUTES = 5;

/** The wait before the next regular fetch: the screen's interval, spread ±10% so a fleet does not fetch at once. */
export function nextSyncDelay(minutes: number | undefined, random: () => number = Math.random): number {
  const base = (minutes && minutes > 0 ? minutes : DEFAULT_SYNC_MINUTES) * 60_000;
  return Math.round(base * (0.9 + 0.2 * random()));
}

/** A screenshot's text frame says this when nothing drawable plays. */
const SCREENSHOT_TITLES: Record<ScreenState, string> = {
  connecting: 'Connecting',
  playing: 'Loading the next item',
  idle: 'No content',
  stopped: 'Broadcast stopped',
  stream: 'Camera stream',
  neutral: 'Neutral slide: the cabinet is locked',
};

export interface SessionContext {
  token: string;
  api: Api;
  local: KeyValue;
  seen: SeenCommands;
  log: Logger;
  strings: Strings;
  root: HTMLElement;
  status: StatusLine;
  screen: ScreenControl;
  version: string;
  setState: (state: ScreenState) => void;
  restart: () => void;
  upgrade: () => Promise<void>;
  /** Ships the log now (a terminal's output is for the cabinet to read at once). */
  flushLog?: () => void;
}

export function socketUrl(location: Pick<Location, 'protocol' | 'host'>, token: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/api/player/ws?token=${encodeURIComponent(token)}`;
}

let storageEstimate: { at: number; value: number | null } | null = null;

/** Bytes the browser still lets this site store; refreshed at most every five minutes. */
async function freeStorage(): Promise<number | null> {
  if (storageEstimate && Date.now() - storageEstimate.at < 5 * 60_000) return storageEstimate.value;
  let value: number | null = null;
  try {
    if (navigator.storage && typeof navigator.storage.estimate === 'function') {
      const estimate = await Promise.race([
        navigator.storage.estimate(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000)),
      ]);
      if (estimate && typeof estimate.quota === 'number') {
        value = Math.max(0, Math.floor(estimate.quota - (estimate.usage ?? 0)));
      }
    }
  } catch {
    value = null;
  }
  storageEstimate = { at: Date.now(), value };
  return value;
}

export function startSession(ctx: SessionContext): { stop(): void } {
  const { api, log, local, status } = ctx;
  const controller = new AbortController();
  const { signal } = controller;
  const timers: ReturnType<typeof setTimeout>[] = [];
  let relaunchTimer: ReturnType<typeof setTimeout> | null = null;
  let syncTimer: ReturnType<typeof setTimeout> | null = null;
  let syncMinutes: number | undefined;
  let manifest: Manifest | null = null;

  const stage = document.createElement('div');
  stage.className = 'stage';
  ctx.root.append(stage);
  let connection: Connection | null = null;
  /** New content was applied: the cabinet hears of its first item at once, not at the next heartbeat. */
  let reportFirstItem = false;
  // Proof of play, kept per pairing: events of a screen paired again never go out under the new token.
  const proof = createProofQueue({
    send: httpSender('', ctx.token),
    log,
    dbName: `vitrine-proof-${ctx.token.slice(-16)}`,
  });
  proof.start();
  // Audience a native shell measured, kept per pairing too; the shell is asked only if it has audience().
  const audience = createAudienceQueue({
    send: audienceSender('', ctx.token),
    store: local,
    key: `${KEYS.audience}.${ctx.token.slice(-16)}`,
    log,
  });
  audience.start();
  let played = 0;
  // A video wall's tile (src/wall.ts): the server's clock over the socket, the crop, the drift correction.
  const clock = new WallClock((t0) => connection?.send({ type: 'clock', t0 }) ?? false);
  const tile = new WallTile({ clock, stage, log });
  const playback = new Playback({
    now: () => (tile.active ? clock.now() : Date.now()),
    tile,
    stage,
    log,
    strings: ctx.strings,
    onState: ctx.setState,
    onPlayed: (event) => {
      played++;
      // For whoever watches the page (and the browser tests): shows recorded since it loaded.
      document.body.dataset.played = String(played);
      proof.record(event).catch((error: unknown) => log.warn(`Proof of play not kept: ${errorText(error)}`));
    },
    onShow: () => {
      if (!reportFirstItem) return;
      reportFirstItem = false;
      connection?.heartbeatNow();
    },
  });
  // Billing's neutral slide: after a locked cabinet's grace period the stage stays blank.
  const neutral = new NeutralSlide({ log, onChange: (on) => playback.setNeutral(on) });
  // A moving screen's live position, where a native shell or a granted permission gives one.
  const position = watchPosition({
    log,
    needed: () => manifest?.schedule.playlists.some((p) => p.geofence) ?? false,
    onPosition: (at) => playback.setPosition(at),
  });
  // The panel's power by the working hours; the native shell's autostart by the screen's setting.
  const display = new DisplaySchedule({
    log,
    blank: (off) => (off ? (document.body.dataset.display = 'off') : delete document.body.dataset.display),
    onChange: () => connection?.heartbeatNow(),
  });
  const autostart = new NativeAutostart(log);
  status.show(ctx.strings.connecting);
  playback.useCache(MediaCache.open(log).then((cache) => (signal.aborted ? null : cache)));

  const scheduleRelaunch = (minutes: number | null) => {
    if (relaunchTimer !== null) clearTimeout(relaunchTimer);
    relaunchTimer = null;
    if (!minutes || minutes <= 0) return;
    // Counted from when the page loaded: a relaunch is a fresh page.
    const delay = Math.max(60_000, minutes * 60_000 - performance.now());
    relaunchTimer = setTimeout(() => {
      log.info(`Relaunching the player (every ${minutes} min)`);
      // Under a native shell the whole browser starts afresh; else the page.
      (nativeRelaunch() ?? (() => location.reload()))();
    }, delay);
  };

  const apply = (next: Manifest) => {
    const newVersion = manifest?.version !== next.version;
    const first = manifest === null;
    manifest = next;
    const { point } = next;
    orientStage(stage, next.wall?.rotation ?? point.rotation, point.windows.mirror);
    tile.set(next.wall, () => connection?.heartbeatNow());
    ctx.screen.wantFullscreen = point.windows.fullscreen;
    document.title = `${point.name} · Vitrine`;
    scheduleRelaunch(point.relaunchInterval);
    void display.apply(point);
    autostart.apply(point.autostart);
    // A new interval counts from now; the same one keeps its running wait.
    if (point.syncInterval !== syncMinutes || syncTimer === null) scheduleSync(point.syncInterval);
    tile.applyAt(first, () => {
      playback.apply(next);
      neutral.apply(next.billing?.neutralFrom);
    });
    if (newVersion) {
      position.check();
      reportFirstItem = true;
      connection?.heartbeatNow();
    }
  };

  const saved = local.get(KEYS.manifest);
  if (saved) {
    try {
      const value: unknown = JSON.parse(saved);
      if (isManifest(value)) {
        log.info(`Starting from the saved content (version ${value.version})`);
        apply(value);
      }
    } catch {
      local.remove(KEYS.manifest);
    }
  }

  let refreshing: Promise<void> | null = null;
  const refresh = (): Promise<void> => {
    refreshing ??= (async () => {
      try {
        const next = await api.manifest();
        if (signal.aborted) return;
        local.set(KEYS.manifest, JSON.stringify(next));
        apply(next);
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  };

  const firstFetch = async () => {
    const backoff = new Backoff();
    while (!signal.aborted) {
      try {
        await refresh();
        return;
      } catch (error) {
        if (error instanceof UnauthorizedError || signal.aborted) return;
        const wait = Math.max(2000, backoff.next());
        log.warn(`Content not loaded: ${errorText(error)}; trying again in ${Math.round(wait / 1000)} s`);
        await sleep(wait, signal);
      }
    }
  };
  firstFetch().catch((error: unknown) => {
    if (!isAborted(error)) log.error(`Content not loaded: ${errorText(error)}`);
  });
  const refreshQuietly = (why: string) => {
    refresh().catch((error: unknown) => {
      if (!(error instanceof UnauthorizedError))
        log.warn(`Content not refreshed (${why}): ${errorText(error)}`);
    });
  };
  // The regular fetch that brings PASSIVE changes: every `syncInterval` minutes of the screen's settings.
  function scheduleSync(minutes: number | undefined): void {
    syncMinutes = minutes;
    if (syncTimer !== null) clearTimeout(syncTimer);
    if (signal.aborted) return;
    syncTimer = setTimeout(() => {
      syncTimer = null;
      refreshQuietly(`every ${minutes ?? DEFAULT_SYNC_MINUTES} min`);
      if (syncTimer === null) scheduleSync(syncMinutes);
    }, nextSyncDelay(minutes));
  }
  // No saved content applied: the default interval until the first manifest says otherwise.
  if (syncTimer === null) scheduleSync(undefined);

  const report = async (): Promise<PlayerReport> => {
    const ratio = window.devicePixelRatio || 1;
    const name = playback.current().name;
    const version = playback.contentVersion;
    return {
      version: clip(ctx.version, 50),
      resolution: `${Math.round(window.screen.width * ratio)}x${Math.round(window.screen.height * ratio)}`,
      freeStorage: await freeStorage(),
      currentItem: name ? clip(name, 300) : null,
      uptime: Math.max(0, Math.floor(performance.now() / 1000)),
      contentVersion: version ? clip(version, 100) : null,
      native: window.vitrineNative !== undefined && window.vitrineNative !== null,
      display: display.report(),
      shell: await shellOf(),
      ...(tile.active ? { wall: tile.report() } : {}),
    };
  };

  const effects: CommandEffects = {
    reload: () => location.reload(),
    upgrade: () => ctx.upgrade(),
    restart: () => ctx.restart(),
    get nativeReboot() {
      const native = window.vitrineNative;
      return native && typeof native.reboot === 'function' ? () => native.reboot?.() : null;
    },
    get nativeTerminal() {
      const native = window.vitrineNative;
      if (!native || typeof native.terminal !== 'function') return null;
      return async (args: Record<string, unknown>) => {
        const output: unknown = await native.terminal?.(args);
        // The screen's log keeps what the command printed, for the cabinet's Log tab.
        if (typeof output === 'string' && output) {
          log.info(`Terminal:\n${output}`);
          ctx.flushLog?.();
        }
        return output;
      };
    },
    screenshot: async () => {
      const shown = playback.current();
      const state = playback.screenState;
      const title = shown.name ?? SCREENSHOT_TITLES[state];
      const image =
        (await nativeScreenshot(log)) ??
        (await capture({
          visual: shown.visual,
          title,
          subtitle: manifest?.point.name ?? '',
          width: stage.offsetWidth || window.innerWidth,
          height: stage.offsetHeight || window.innerHeight,
          now: new Date(),
        }));
      await api.screenshot(image);
      log.info(`Screenshot sent (${image.type}, ${Math.round(image.size / 1024)} KiB)`);
    },
    setStopped: (stopped) => playback.setStopped(stopped),
    startStream: async (url) => {
      // The address may have been set just now.
      await refresh().catch(() => undefined);
      return playback.startStream(url);
    },
    stopStream: () => playback.stopStream(),
    refresh: () => refresh(),
  };

  const socket = new Connection({
    url: socketUrl(location, ctx.token),
    report,
    log,
    onCommand: (message) => void handler.handle(message),
    onOther: (data) => {
      if (typeof data !== 'string') return;
      try {
        const value: unknown = JSON.parse(data);
        if (isClockAnswer(value)) clock.answer(value);
      } catch {
        // Not a message this player knows.
      }
    },
    onOpen: (reconnected) => {
      status.show('Online');
      if (tile.active) clock.burst();
      if (reconnected) {
        refreshQuietly('reconnected');
        // The server is back: what was played meanwhile goes now, not at the next retry.
        void proof.flush();
        void audience.flush();
      }
    },
    onState: (state, detail) => {
      if (state === 'closed') status.show(`Offline: ${detail}`);
    },
    // The socket cannot tell a refused token from a network failure; the manifest call can (401).
    onSuspect: () => refresh().catch(() => undefined),
  });
  connection = socket;
  const handler = new CommandHandler(
    effects,
    async (ack) => {
      if (socket.send(ack)) await socket.flush();
      else log.warn(`Ack for command #${ack.id} not sent: offline (the server sends the command again)`);
    },
    ctx.seen,
    log,
  );
  socket.start();

  const online = () => {
    log.info('The network is back');
    socket.reconnectNow();
  };
  window.addEventListener('online', online);

  return {
    stop() {
      controller.abort();
      for (const timer of timers) clearInterval(timer);
      if (relaunchTimer !== null) clearTimeout(relaunchTimer);
      if (syncTimer !== null) clearTimeout(syncTimer);
      window.removeEventListener('online', online);
      socket.stop();
      position.stop();
      display.destroy();
      neutral.destroy();
      playback.destroy();
      tile.destroy();
      void proof.close();
      void audience.close();
      stage.remove();
      status.hide();
    },
  };
}
