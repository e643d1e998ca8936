/**
 * Billing's neutral slide (docs/billing.md, "Lock"). A cabinet whose funds ran out keeps its screens
 * playing their last schedule through the grace period; from the instant the manifest names
 * (`billing.neutralFrom`) the screen shows the blank stage instead: no message, no colour, nothing about
 * billing in front of the public. The instant is kept with the saved manifest, so a screen that is offline
 * when the grace ends still goes neutral on time, and a new manifest without it (the cabinet paid) brings
 * the schedule back at once.
 */
import type { Logger } from './log';

/** setTimeout's longest wait (about 24.8 days); a longer grace is waited for in steps. */
const MAX_WAIT_MS = 2_147_483_647;

export interface NeutralOptions {
  /** Called when the slide starts (true) or ends (false). */
  onChange: (neutral: boolean) => void;
  log: Logger;
  now?: () => number;
}

export class NeutralSlide {
  private from: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private neutral = false;

  constructor(private readonly options: NeutralOptions) {}

  get active(): boolean {
    return this.neutral;
  }

  /** The manifest's `billing.neutralFrom` (an ISO instant), or null/undefined: the screen plays. */
  apply(neutralFrom: string | null | undefined): void {
    const at = neutralFrom ? Date.parse(neutralFrom) : Number.NaN;
    this.from = Number.isFinite(at) ? at : null;
    this.check();
  }

  destroy(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private check(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const now = this.options.now?.() ?? Date.now();
    const due = this.from !== null && now >= this.from;
    if (this.from !== null && !due) {
      this.timer = setTimeout(() => this.check(), Math.min(MAX_WAIT_MS, this.from - now + 50));
    }
    if (due === this.neutral) return;
    this.neutral = due;
    this.options.log.info(
      due ? 'The neutral slide shows (the cabinet is locked)' : 'The schedule plays again',
    );
    this.options.onChange(due);
  }
}
