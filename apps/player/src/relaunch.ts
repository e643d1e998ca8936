/** The screen's relaunch interval (its settings): the page, or under a native shell the browser, starts afresh. */
import type { Logger } from './log';
import { nativeRelaunch } from './native';

export class Relaunch {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly log: Logger) {}

  every(minutes: number | null): void {
    this.stop();
    if (!minutes || minutes <= 0) return;
    // Counted from when the page loaded: a relaunch is a fresh page.
    const delay = Math.max(60_000, minutes * 60_000 - performance.now());
    this.timer = setTimeout(() => {
      this.log.info(`Relaunching the player (every ${minutes} min)`);
      // Under a native shell the whole browser starts afresh; else the page.
      (nativeRelaunch() ?? (() => location.reload()))();
    }, delay);
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
