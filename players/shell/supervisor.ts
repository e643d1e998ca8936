/**
 * Keeps the player on screen and alive (docs/players.md): starts the kiosk browser, opens the server's
 * `/player/` (or the first-start page), answers the bridge, and starts the page or the browser again when it
 * exits, hangs or stops reporting. Checks for a newer shell and hands over to it.
 */
import type { PlayerPlatform } from '@vitrine/core';
import type { BridgeHandlers } from './bridge.js';
import { saveConfig, type ShellConfig, type ShellPaths } from './config.js';
import { Kiosk } from './kiosk.js';
import { errorText, type Log } from './log.js';
import type { OsActions } from './os.js';
import { startSetup, type SetupServer } from './setup.js';
import { writeStatus, type ShellStatus } from './status.js';
import { candidatePath, downloadVerified, handOver, newerBuild, selfTestOf } from './update.js';
import { Watchdog, restartDelay, type WatchdogTimings } from './watchdog.js';

export interface SupervisorOptions {
  paths: ShellPaths;
  config: ShellConfig;
  log: Log;
  os: OsActions;
  env: NodeJS.ProcessEnv;
  browser: string;
  browserArgs: string[];
  root: boolean;
  shell: { platform: PlayerPlatform; version: string };
  timings: WatchdogTimings;
  /** The file an update replaces (the AppImage or the exe); null: no self-update. */
  updateTarget: string | null;
  updateEveryMs: number;
  /** The single-instance lock: released for a handover, taken back when it fails. */
  releaseLock: () => void;
  takeLock: () => void;
}

type RunEnd = 'exited' | 'restart' | 'relaunch' | 'stop';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The pause between the answer to a reboot and the reboot (the command's ack leaves first). */
const REBOOT_DELAY_MS = 3000;
/** How long a new shell has to show its page reporting after an update. */
const HANDOVER_TIMEOUT_MS = 120_000;

export class Supervisor {
  private kiosk: Kiosk | null = null;
  private setup: SetupServer | null = null;
  private watchdog: Watchdog | null = null;
  private stopping = false;
  private wake: ((end: RunEnd) => void) | null = null;
  private display: boolean | null = null;
  private displayMethod: string | null = null;
  private readonly status: ShellStatus;

  constructor(private readonly o: SupervisorOptions) {
    this.status = {
      pid: process.pid,
      version: o.shell.version,
      platform: o.shell.platform,
      startedAt: new Date().toISOString(),
      browser: o.browser,
      browserPid: null,
      server: o.config.server,
      restarts: 0,
      lastReportAt: null,
      lastReport: null,
      healthy: false,
      display: null,
    };
  }

  /** Starts the kiosk loop and the regular update check. */
  start(): void {
    this.scheduleUpdates();
    void this.run();
  }

  /** Runs until stopped: one browser after another. */
  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      const started = Date.now();
      const end = await this.runOnce().catch((error: unknown) => {
        this.o.log.error(`The kiosk browser did not start: ${errorText(error)}`);
        return 'exited' as const;
      });
      if (this.stopping || end === 'stop') break;
      this.status.restarts++;
      failures = end === 'exited' && Date.now() - started < 60_000 ? failures + 1 : 0;
      const pause = end === 'relaunch' ? 0 : end === 'restart' ? 1000 : restartDelay(failures);
      this.o.log.warn(`Starting the browser again (${end}) in ${pause / 1000} s`);
      await sleep(pause);
    }
  }

  /** Closes the browser and the first-start page; the loop ends. */
  async shutdown(): Promise<void> {
    this.stopping = true;
    this.wake?.('stop');
    while (this.kiosk) await sleep(100);
    this.setup?.close();
  }

  private async runOnce(): Promise<RunEnd> {
    const kiosk = await Kiosk.start({
      launch: {
        browser: this.o.browser,
        profile: this.o.paths.profile,
        extra: this.o.browserArgs,
        root: this.o.root,
      },
      shell: this.o.shell,
      log: this.o.log,
      handlers: this.handlers(),
      onCrash: () => {
        this.o.log.warn('The page crashed: opening it again');
        void this.openPage();
      },
    });
    this.kiosk = kiosk;
    this.status.browserPid = kiosk.pid ?? null;
    this.saveStatus();
    this.o.log.info(`Browser started (pid ${kiosk.pid ?? '?'})`);
    const ended = new Promise<RunEnd>((resolve) => (this.wake = resolve));
    try {
      await this.openPage();
      const end = await Promise.race([
        kiosk.exited.then(({ code, signal }) => {
          this.o.log.warn(`The browser exited (${signal ?? `code ${code}`})`);
          return 'exited' as const;
        }),
        ended,
        this.watch(kiosk),
      ]);
      return end;
    } finally {
      this.wake = null;
      await kiosk.stop();
      this.kiosk = null;
      this.status.browserPid = null;
    }
  }

  /** The player when the server is known, else the first-start page. */
  private async openPage(): Promise<void> {
    const kiosk = this.kiosk;
    if (!kiosk) return;
    const server = this.o.config.server;
    this.watchdog = new Watchdog(this.o.timings, Date.now(), server !== null);
    if (server) {
      await kiosk.open(`${server}/player/`, server);
      return;
    }
    this.setup ??= await startSetup({ current: null, onSaved: (origin) => this.serverChosen(origin) });
    await kiosk.open(this.setup.url, 'null');
  }

  private serverChosen(origin: string): void {
    this.o.config.server = origin;
    saveConfig(this.o.paths, this.o.config);
    this.status.server = origin;
    this.o.log.info(`Server address saved: ${origin}`);
    this.setup?.close();
    this.setup = null;
    void this.openPage().catch((error: unknown) =>
      this.o.log.error(`The player did not open: ${errorText(error)}`),
    );
  }

  /** Every check: is the page answering, has it reported? Resolves when the browser must start afresh. */
  private async watch(kiosk: Kiosk): Promise<RunEnd> {
    for (;;) {
      await sleep(this.o.timings.checkMs);
      if (this.kiosk !== kiosk || this.stopping) return 'stop';
      const responsive = await kiosk.responsive(this.o.timings.evaluateTimeoutMs);
      const action = this.watchdog?.check(Date.now(), responsive) ?? 'none';
      if (action === 'restart') {
        this.o.log.warn(
          responsive
            ? 'The page stays silent: restarting the browser'
            : 'The page hangs: restarting the browser',
        );
        return 'restart';
      }
      if (action === 'reload') {
        this.o.log.warn('The page stopped reporting: opening it again');
        await this.openPage().catch((error: unknown) =>
          this.o.log.warn(`Reopening failed: ${errorText(error)}`),
        );
      }
    }
  }

  private handlers(): BridgeHandlers {
    const { os, log } = this.o;
    return {
      reboot: async () => {
        log.warn(`Reboot asked by the cabinet: in ${REBOOT_DELAY_MS / 1000} s`);
        setTimeout(() => {
          os.reboot().catch((error: unknown) => log.error(errorText(error)));
        }, REBOOT_DELAY_MS);
        return { ok: true };
      },
      terminal: () => os.terminal(),
      screenshot: async () => {
        if (!this.kiosk) throw new Error('No browser');
        return this.kiosk.screenshot();
      },
      displayPower: (on) => this.setDisplay(on),
      relaunch: async () => {
        log.info('Relaunch (the screen setting): starting the browser afresh');
        setTimeout(() => this.wake?.('relaunch'), 500);
      },
      autostart: async (on) => {
        await os.autostart(on);
        log.info(`Autostart at login ${on ? 'on' : 'off'}`);
      },
      report: (status) => {
        this.watchdog?.reported(Date.now());
        this.status.lastReportAt = new Date().toISOString();
        this.status.lastReport = status;
        if (!this.status.healthy) {
          this.status.healthy = true;
          log.info('The player reports: healthy');
        }
        this.saveStatus();
      },
    };
  }

  /** The panel on or off, once per change; back on, the page is opened afresh so it paints (Anthias #2575). */
  private async setDisplay(on: boolean): Promise<string | null> {
    if (this.display === on) return this.displayMethod;
    const wasOff = this.display === false;
    const method = await this.o.os.display(on);
    this.display = on;
    this.displayMethod = method;
    this.status.display = on ? 'on' : 'off';
    this.saveStatus();
    this.o.log.info(`Display ${on ? 'on' : 'off'} (${method ?? 'no method worked'})`);
    if (on && wasOff) setTimeout(() => void this.openPage().catch(() => undefined), 3000);
    return method;
  }

  private saveStatus(): void {
    writeStatus(this.o.paths.status, this.status);
  }

  // ---- self-update ----

  private scheduleUpdates(): void {
    if (!this.o.updateTarget) return;
    const tick = async () => {
      if (this.stopping) return;
      await this.checkUpdate().catch((error: unknown) =>
        this.o.log.warn(`Update check failed: ${errorText(error)}`),
      );
      if (!this.stopping) setTimeout(() => void tick(), this.o.updateEveryMs);
    };
    setTimeout(() => void tick(), Math.min(60_000, this.o.updateEveryMs));
  }

  private async checkUpdate(): Promise<void> {
    const server = this.o.config.server;
    const target = this.o.updateTarget;
    if (!server || !target || !this.status.healthy) return;
    const build = await newerBuild(
      server,
      this.o.shell.platform,
      this.o.shell.version,
      this.o.config.skipVersion,
    );
    if (!build) return;
    this.o.log.info(`A newer shell is served: ${build.version}; downloading ${build.url}`);
    const candidate = candidatePath(target);
    await downloadVerified(new URL(build.url, server).href, candidate, build);
    const tested = await selfTestOf(candidate, this.o.env);
    if (tested !== build.version) {
      this.o.log.warn(
        `The new shell failed its self-test (${tested ?? 'no answer'}): keeping ${this.o.shell.version}`,
      );
      this.o.config.skipVersion = build.version;
      saveConfig(this.o.paths, this.o.config);
      return;
    }
    await this.handover(target, candidate, build.version);
  }

  /**
   * Stops this shell's browser and hands over to the new file (update.ts `handOver`). It healthy, this
   * process ends; else the old file is back, the version is not tried again and this shell goes on.
   */
  private async handover(target: string, candidate: string, version: string): Promise<void> {
    this.o.releaseLock();
    await this.shutdown();
    const started = await handOver({
      target,
      candidate,
      version,
      args: process.argv.slice(2),
      env: { ...this.o.env, VITRINE_UPDATED_FROM: this.o.shell.version },
      statusFile: this.o.paths.status,
      timeoutMs: HANDOVER_TIMEOUT_MS,
    });
    if (started) {
      this.o.log.info(`Updated to ${version}: handing over`);
      process.exit(0);
    }
    this.o.log.error(`The new shell ${version} did not start: back to ${this.o.shell.version}`);
    this.o.config.skipVersion = version;
    saveConfig(this.o.paths, this.o.config);
    this.o.takeLock();
    this.stopping = false;
    void this.run();
  }
}
