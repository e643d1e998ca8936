/**
 * When to reload the page or start the browser afresh (docs/players.md): the page answers a DevTools
 * evaluation every check (a hung renderer does not), and reports to the shell every 30 s whatever the network
 * does (src/native.ts in the player). A silent page is reloaded once; silent again, or hung three checks in a
 * row, the browser is started afresh. A browser that keeps exiting is started again after a growing pause.
 */

export interface WatchdogTimings {
  /** No report from the page for this long: reload it (then restart the browser). */
  silenceMs: number;
  /** How often the page is asked to evaluate something. */
  checkMs: number;
  /** An evaluation not answered within this is a failed check. */
  evaluateTimeoutMs: number;
  /** This many failed checks in a row: the browser is restarted. */
  hungChecks: number;
}

export const DEFAULT_TIMINGS: WatchdogTimings = {
  silenceMs: 95_000,
  checkMs: 10_000,
  evaluateTimeoutMs: 5_000,
  hungChecks: 3,
};

/** The page reports every 30 s: a shorter silence would reload a page that works. */
export const MIN_SILENCE_MS = 40_000;

/** Timings from the environment (VITRINE_WATCHDOG_SECONDS sets the silence, 40 s at least). */
export function timingsOf(env: NodeJS.ProcessEnv): WatchdogTimings {
  const seconds = Number(env.VITRINE_WATCHDOG_SECONDS);
  if (!Number.isFinite(seconds) || seconds <= 0) return DEFAULT_TIMINGS;
  const silenceMs = Math.max(MIN_SILENCE_MS, seconds * 1000);
  return {
    ...DEFAULT_TIMINGS,
    silenceMs,
    checkMs: Math.min(DEFAULT_TIMINGS.checkMs, Math.max(500, silenceMs / 4)),
  };
}

export type WatchdogAction = 'none' | 'reload' | 'restart';

export class Watchdog {
  private lastSign: number;
  private reloadedForSilence = false;
  private failedChecks = 0;

  constructor(
    private readonly timings: WatchdogTimings,
    now: number,
    /** The setup page does not report: only hangs count there. */
    private readonly expectReports = true,
  ) {
    this.lastSign = now;
  }

  /** The page reported: it lives. */
  reported(now: number): void {
    this.lastSign = now;
    this.reloadedForSilence = false;
  }

  /** A regular check, with whether the page answered its evaluation. */
  check(now: number, responsive: boolean): WatchdogAction {
    this.failedChecks = responsive ? 0 : this.failedChecks + 1;
    if (this.failedChecks >= this.timings.hungChecks) return 'restart';
    if (!this.expectReports || now - this.lastSign <= this.timings.silenceMs) return 'none';
    if (this.reloadedForSilence) return 'restart';
    this.reloadedForSilence = true;
    this.lastSign = now;
    return 'reload';
  }
}

/** The pause before starting a browser that exited: 1 s doubling to 30 s; a run of a minute resets it. */
export function restartDelay(failuresInARow: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failuresInARow - 1));
}
