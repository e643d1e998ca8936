/**
 * The server's clock on a wall's tile (docs/walls.md): NTP-style exchanges over the screen's socket, in
 * bursts, the estimate kept by core's estimateClock from the fastest of them.
 */
import { estimateClock, type ClockAnswer, type ClockEstimate, type ClockSample } from '@vitrine/core';

/** Exchanges in one burst, the gap between them, and how often a burst runs. */
export const CLOCK_BURST = 8;
export const CLOCK_GAP_MS = 120;
export const CLOCK_EVERY_MS = 30_000;
/** Samples kept: the last few bursts (the estimate keeps the fastest third of them). */
export const CLOCK_KEEP = 24;
/** An answer this late is dropped (a queue somewhere, or a clock that jumped). */
const CLOCK_MAX_RTT_MS = 5000;
/** Whether a socket message is the answer to a clock exchange. */
export function isClockAnswer(value: unknown): value is ClockAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return m.type === 'clock' && [m.t0, m.t1, m.t2].every((t) => typeof t === 'number' && Number.isFinite(t));
}

/** The local clock in ms since the epoch, with sub-millisecond steps and no jumps (performance time). */
export const localNow = (): number => performance.timeOrigin + performance.now();

/** The server's clock as this tile knows it. */
export class WallClock {
  private samples: ClockSample[] = [];
  private estimate: ClockEstimate | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private burstTimers: ReturnType<typeof setTimeout>[] = [];

  constructor(
    private readonly send: (t0: number) => boolean,
    private readonly local: () => number = localNow,
  ) {}

  /** The server's time now (ms); the local clock until a first answer came. */
  now(): number {
    return this.local() + (this.estimate?.offset ?? 0);
  }

  /** The server's time at a performance timestamp (rVFC's expectedDisplayTime). */
  atPerformance(performanceTime: number): number {
    return performance.timeOrigin + performanceTime + (this.estimate?.offset ?? 0);
  }

  get known(): boolean {
    return this.estimate !== null;
  }

  get uncertainty(): number | null {
    return this.estimate?.uncertainty ?? null;
  }

  /** Exchanges now (a burst) and every CLOCK_EVERY_MS. */
  start(): void {
    this.burst();
    if (this.timer === null) this.timer = setInterval(() => this.burst(), CLOCK_EVERY_MS);
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    for (const timer of this.burstTimers) clearTimeout(timer);
    this.burstTimers = [];
  }

  burst(): void {
    for (const timer of this.burstTimers) clearTimeout(timer);
    this.burstTimers = Array.from({ length: CLOCK_BURST }, (_, i) =>
      setTimeout(() => this.send(this.local()), i * CLOCK_GAP_MS),
    );
  }

  answer(message: ClockAnswer): void {
    const t3 = this.local();
    if (message.t0 > t3 || t3 - message.t0 > CLOCK_MAX_RTT_MS) return;
    this.samples.push({ t0: message.t0, t1: message.t1, t2: message.t2, t3 });
    if (this.samples.length > CLOCK_KEEP) this.samples.splice(0, this.samples.length - CLOCK_KEEP);
    this.estimate = estimateClock(this.samples) ?? this.estimate;
  }
}
