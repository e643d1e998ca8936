/**
 * The physical screen: keep it awake, go fullscreen on the first tap when the screen's settings ask for it
 * (browsers allow it only after a gesture), and a small status line that fades.
 */
import type { Logger } from './log';
import { errorText } from './util';

export class ScreenControl {
  wantFullscreen = false;
  private wakeLock: WakeLockSentinel | null = null;
  private wakeLockWarned = false;

  constructor(private readonly log: Logger) {
    const gesture = () => this.enterFullscreen();
    document.addEventListener('pointerdown', gesture, true);
    document.addEventListener('keydown', gesture, true);
    document.addEventListener('visibilitychange', () => void this.keepAwake());
    void this.keepAwake();
  }

  private enterFullscreen(): void {
    const root = document.documentElement;
    if (!this.wantFullscreen || document.fullscreenElement || typeof root.requestFullscreen !== 'function') {
      return;
    }
    root.requestFullscreen().catch((error: unknown) => {
      this.log.debug(`Fullscreen refused: ${errorText(error)}`);
    });
  }

  /** A screen wake lock, asked for again whenever the page is visible again (the browser drops it). */
  private async keepAwake(): Promise<void> {
    if (this.wakeLock || document.visibilityState !== 'visible') return;
    if (!('wakeLock' in navigator)) {
      if (!this.wakeLockWarned) {
        this.wakeLockWarned = true;
        this.log.info('No screen wake lock in this browser (it needs https): set the screen to never sleep');
      }
      return;
    }
    try {
      const sentinel = await navigator.wakeLock.request('screen');
      this.wakeLock = sentinel;
      sentinel.addEventListener('release', () => {
        if (this.wakeLock === sentinel) this.wakeLock = null;
      });
    } catch (error) {
      if (!this.wakeLockWarned) {
        this.wakeLockWarned = true;
        this.log.info(`Screen wake lock refused: ${errorText(error)}`);
      }
    }
  }
}

export class StatusLine {
  private readonly element: HTMLElement;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(root: HTMLElement) {
    this.element = document.createElement('div');
    this.element.className = 'status';
    this.element.setAttribute('role', 'status');
    root.append(this.element);
  }

  /** Shows `text`; it fades after a few seconds unless `sticky`. */
  show(text: string, sticky = false): void {
    this.element.textContent = text;
    this.element.classList.add('visible');
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = sticky ? null : setTimeout(() => this.hide(), 6000);
  }

  hide(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.element.classList.remove('visible');
  }
}
