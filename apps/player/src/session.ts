/**
 * A paired screen at work: the manifest (fetched at start, every `syncInterval` minutes of the screen's
 * settings, on reconnect and on command; src/manifest-sync.ts), playback, the socket with its heartbeats,
 * the commands, proof of play, the measured audience and the screen's live position.
 */
import type { Manifest } from '@vitrine/core';
import type { Api } from './api';
import { audienceSender, createAudienceQueue, type AudienceQueue } from './audience';
import { commandEffects } from './command-effects';
import { CommandHandler, type SeenCommands } from './commands';
import type { Strings } from './i18n';
import type { Logger } from './log';
import { MediaCache } from './cache';
import { DisplaySchedule } from './display';
import { ManifestSync } from './manifest-sync';
import { NativeAutostart } from './native';
import { NeutralSlide } from './neutral';
import { Playback, type ScreenState } from './playback';
import { Relaunch } from './relaunch';
import { screenReport } from './report';
import { orientStage } from './stage';
import { WallTile } from './wall';
import { WallClock, isClockAnswer } from './wall-clock';
import { watchPosition } from './position';
import { createProofQueue, httpSender, type ProofQueue } from './proof';
import type { ScreenControl, StatusLine } from './screen';
import { Connection } from './socket';
import { KEYS, type KeyValue } from './storage';
import { errorText } from './util';

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

/** The parts of a screen at work, wired to one another; `stop()` takes them all down. */
class Session {
  private readonly controller = new AbortController();
  private readonly stage = document.createElement('div');
  private manifest: Manifest | null = null;
  /** New content was applied: the cabinet hears of its first item at once, not at the next heartbeat. */
  private reportFirstItem = false;
  private played = 0;
  private readonly proof: ProofQueue;
  private readonly audience: AudienceQueue;
  private readonly clock: WallClock;
  private readonly tile: WallTile;
  private readonly playback: Playback;
  private readonly neutral: NeutralSlide;
  private readonly position: ReturnType<typeof watchPosition>;
  private readonly display: DisplaySchedule;
  private readonly autostart: NativeAutostart;
  private readonly relaunch: Relaunch;
  private readonly sync: ManifestSync;
  private readonly socket: Connection;
  /** The socket, once it is made (the wall's clock and the display may ask for it before). */
  private connection: Connection | null = null;
  private readonly online = () => {
    this.ctx.log.info('The network is back');
    this.socket.reconnectNow();
  };

  constructor(private readonly ctx: SessionContext) {
    const { log, local } = ctx;
    const signal = this.controller.signal;
    this.stage.className = 'stage';
    ctx.root.append(this.stage);
    // Proof of play, kept per pairing: events of a screen paired again never go out under the new token.
    this.proof = createProofQueue({
      send: httpSender('', ctx.token),
      log,
      dbName: `vitrine-proof-${ctx.token.slice(-16)}`,
    });
    this.proof.start();
    // Audience a native shell measured, kept per pairing too; the shell is asked only if it has audience().
    this.audience = createAudienceQueue({
      send: audienceSender('', ctx.token),
      store: local,
      key: `${KEYS.audience}.${ctx.token.slice(-16)}`,
      log,
    });
    this.audience.start();
    // A video wall's tile (src/wall.ts): the server's clock over the socket, the crop, the drift correction.
    this.clock = new WallClock((t0) => this.connection?.send({ type: 'clock', t0 }) ?? false);
    this.tile = new WallTile({ clock: this.clock, stage: this.stage, log });
    this.playback = this.createPlayback();
    // Billing's neutral slide: after a locked cabinet's grace period the stage stays blank.
    this.neutral = new NeutralSlide({ log, onChange: (on) => this.playback.setNeutral(on) });
    // A moving screen's live position, where a native shell or a granted permission gives one.
    this.position = watchPosition({
      log,
      needed: () => this.manifest?.schedule.playlists.some((p) => p.geofence) ?? false,
      onPosition: (at) => this.playback.setPosition(at),
    });
    // The panel's power by the working hours; the native shell's autostart by the screen's setting.
    this.display = new DisplaySchedule({
      log,
      blank: (off) => (off ? (document.body.dataset.display = 'off') : delete document.body.dataset.display),
      onChange: () => this.connection?.heartbeatNow(),
    });
    this.autostart = new NativeAutostart(log);
    this.relaunch = new Relaunch(log);
    ctx.status.show(ctx.strings.connecting);
    this.playback.useCache(MediaCache.open(log).then((cache) => (signal.aborted ? null : cache)));
    this.sync = new ManifestSync({ api: ctx.api, local, log, signal, apply: (next) => this.apply(next) });
    this.sync.applySaved();
    this.sync.start();
    this.socket = this.connect();
    window.addEventListener('online', this.online);
  }

  private createPlayback(): Playback {
    const { log } = this.ctx;
    return new Playback({
      now: () => (this.tile.active ? this.clock.now() : Date.now()),
      tile: this.tile,
      stage: this.stage,
      log,
      strings: this.ctx.strings,
      onState: this.ctx.setState,
      onPlayed: (event) => {
        this.played++;
        // For whoever watches the page (and the browser tests): shows recorded since it loaded.
        document.body.dataset.played = String(this.played);
        this.proof
          .record(event)
          .catch((error: unknown) => log.warn(`Proof of play not kept: ${errorText(error)}`));
      },
      onShow: () => {
        if (!this.reportFirstItem) return;
        this.reportFirstItem = false;
        this.connection?.heartbeatNow();
      },
    });
  }

  private apply(next: Manifest): void {
    const newVersion = this.manifest?.version !== next.version;
    const first = this.manifest === null;
    this.manifest = next;
    const { point } = next;
    orientStage(this.stage, next.wall?.rotation ?? point.rotation, point.windows.mirror);
    this.tile.set(next.wall, () => this.connection?.heartbeatNow());
    this.ctx.screen.wantFullscreen = point.windows.fullscreen;
    document.title = `${point.name} · Vitrine`;
    this.relaunch.every(point.relaunchInterval);
    void this.display.apply(point);
    this.autostart.apply(point.autostart);
    this.sync.follow(point.syncInterval);
    this.tile.applyAt(first, () => {
      this.playback.apply(next);
      this.neutral.apply(next.billing?.neutralFrom);
    });
    if (newVersion) {
      this.position.check();
      this.reportFirstItem = true;
      this.connection?.heartbeatNow();
    }
  }

  private connect(): Connection {
    const { ctx, clock, tile, sync } = this;
    const { log, status } = ctx;
    const socket = new Connection({
      url: socketUrl(location, ctx.token),
      report: () =>
        screenReport({ version: ctx.version, playback: this.playback, display: this.display, tile }),
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
          sync.refreshQuietly('reconnected');
          // The server is back: what was played meanwhile goes now, not at the next retry.
          void this.proof.flush();
          void this.audience.flush();
        }
      },
      onState: (state, detail) => {
        if (state === 'closed') status.show(`Offline: ${detail}`);
      },
      // The socket cannot tell a refused token from a network failure; the manifest call can (401).
      onSuspect: () => sync.refresh().catch(() => undefined),
    });
    this.connection = socket;
    const handler = new CommandHandler(
      this.effects(),
      async (ack) => {
        if (socket.send(ack)) await socket.flush();
        else log.warn(`Ack for command #${ack.id} not sent: offline (the server sends the command again)`);
      },
      ctx.seen,
      log,
    );
    socket.start();
    return socket;
  }

  private effects() {
    const { ctx } = this;
    return commandEffects({
      api: ctx.api,
      log: ctx.log,
      playback: this.playback,
      stage: this.stage,
      manifest: () => this.manifest,
      refresh: () => this.sync.refresh(),
      upgrade: () => ctx.upgrade(),
      restart: () => ctx.restart(),
      flushLog: () => ctx.flushLog?.(),
    });
  }

  stop(): void {
    this.controller.abort();
    this.relaunch.stop();
    this.sync.stop();
    window.removeEventListener('online', this.online);
    this.socket.stop();
    this.position.stop();
    this.display.destroy();
    this.neutral.destroy();
    this.playback.destroy();
    this.tile.destroy();
    void this.proof.close();
    void this.audience.close();
    this.stage.remove();
    this.ctx.status.hide();
  }
}

export function startSession(ctx: SessionContext): { stop(): void } {
  return new Session(ctx);
}
