/**
 * The panel's power by the screen's working hours (docs/players.md): out of hours the page goes black and a
 * native shell turns the panel off (HDMI-CEC first, then the platform's own display power); back in hours it
 * turns it on. What was done is reported in the heartbeat, so the cabinet shows "display off by schedule"
 * rather than a failed screen.
 */
import { DISPLAY_METHODS, withinWorkingHours, type DisplayMethod, type WorkingHours } from '@vitrine/core';
import type { Logger } from './log';
import { nativeBridge } from './native';
import { bridged, errorText } from './util';

/** The hours are checked this often (a change of hours is applied at once). */
export const DISPLAY_CHECK_MS = 30_000;

export interface DisplayReport {
  power: 'on' | 'off';
  method: DisplayMethod | null;
}

/** A shell's answer to displayPower(): a method name, `{ method }`, or their JSON text; else none. */
export function methodOf(answer: unknown): DisplayMethod | null {
  let value = bridged(answer);
  if (typeof answer === 'string' && value === null) value = answer;
  if (typeof value === 'object' && value !== null) value = (value as { method?: unknown }).method;
  return DISPLAY_METHODS.includes(value as DisplayMethod) ? (value as DisplayMethod) : null;
}

export interface DisplayOptions {
  log: Logger;
  /** Blacks the page out (true) or shows it again. */
  blank: (off: boolean) => void;
  /** A report changed: the cabinet should hear of it now. */
  onChange?: () => void;
  now?: () => number;
  native?: () => VitrineNative | null;
}

export class DisplaySchedule {
  private hours: WorkingHours | null = null;
  private state: DisplayReport | null = null;
  /** Whether a shell was there to turn the panel (Android's bridge arrives once the page has loaded). */
  private viaShell = false;
  private running: Promise<void> = Promise.resolve();
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(private readonly options: DisplayOptions) {
    this.timer = setInterval(() => void this.check(), DISPLAY_CHECK_MS);
  }

  /** The screen's hours from its manifest; checked at once. */
  apply(hours: WorkingHours): Promise<void> {
    this.hours = { workFrom: hours.workFrom, workTo: hours.workTo, timezone: hours.timezone };
    return this.check();
  }

  /** Turns the panel to what the hours want, once per change (the first time whatever it was). */
  check(): Promise<void> {
    this.running = this.running.then(() => this.switch()).catch(() => undefined);
    return this.running;
  }

  private async switch(): Promise<void> {
    if (!this.hours) return;
    const now = this.options.now?.() ?? Date.now();
    const power = withinWorkingHours(this.hours, now) ? 'on' : 'off';
    const native = (this.options.native ?? nativeBridge)();
    const shell = native !== null && typeof native.displayPower === 'function';
    // Done already, unless a shell came since and can now do what the page alone could not.
    if (this.state?.power === power && (this.viaShell || !shell)) return;
    const { log } = this.options;
    this.options.blank(power === 'off');
    this.viaShell = shell;
    let method: DisplayMethod | null = power === 'off' ? 'blank' : null;
    if (shell) {
      try {
        method = methodOf(await native.displayPower?.(power === 'on')) ?? method;
      } catch (error) {
        log.warn(`The native shell could not turn the display ${power}: ${errorText(error)}`);
      }
    }
    const changed = this.state?.power !== power && (this.state !== null || power === 'off');
    this.state = { power, method };
    if (changed) {
      log.info(
        power === 'off'
          ? `Out of working hours: display off (${method ?? 'blank'})`
          : `Working hours: display on${method ? ` (${method})` : ''}`,
      );
    }
    this.options.onChange?.();
  }

  /** What the heartbeat says of the panel; null before the hours are known. */
  report(): DisplayReport | null {
    return this.state ? { ...this.state } : null;
  }

  destroy(): void {
    clearInterval(this.timer);
    this.options.blank(false);
  }
}
