/**
 * The player's own log: lines are kept in a bounded buffer and shipped to the server in batches (every
 * minute, and with fetch keepalive when the page goes away).
 */
import { clip } from './util';

export type Level = 'debug' | 'info' | 'warn' | 'error';
export interface LogEntry {
  at: string;
  level: Level;
  message: string;
}

export const LOG_MAX_BUFFERED = 1000;
export const LOG_BATCH = 200;
export const LOG_MESSAGE_MAX = 2000;
/** Browsers refuse keepalive bodies above 64 KiB (for all of a page's pending ones together). */
export const KEEPALIVE_BYTES = 60_000;

const encoder = new TextEncoder();
const bytesOf = (entry: LogEntry): number => encoder.encode(JSON.stringify(entry)).length + 1;

export class LogBuffer {
  private entries: LogEntry[] = [];
  private dropped = 0;

  constructor(
    private readonly max = LOG_MAX_BUFFERED,
    private readonly now: () => Date = () => new Date(),
  ) {}

  get size(): number {
    return this.entries.length;
  }

  add(level: Level, message: string): void {
    this.entries.push({ at: this.now().toISOString(), level, message: clip(message, LOG_MESSAGE_MAX) });
    this.trim();
  }

  /**
   * Takes the oldest entries for one call: at most `count`, and no more than `maxBytes` of JSON. Lines lost
   * to a full buffer are reported by a first line saying how many.
   */
  take(count = LOG_BATCH, maxBytes = Number.POSITIVE_INFINITY): LogEntry[] {
    if (this.dropped > 0) {
      // The note takes the place of one more old line when the buffer is full.
      if (this.entries.length >= this.max) {
        this.entries.shift();
        this.dropped += 1;
      }
      this.entries.unshift({
        at: this.now().toISOString(),
        level: 'warn',
        message: `${this.dropped} older log lines were dropped (the buffer was full)`,
      });
      this.dropped = 0;
    }
    let bytes = 2 + '{"entries":}'.length;
    let n = 0;
    while (n < this.entries.length && n < count) {
      bytes += bytesOf(this.entries[n]!);
      if (bytes > maxBytes && n > 0) break;
      n += 1;
    }
    return this.entries.splice(0, n);
  }

  /** A batch that could not be sent goes back in front; the limit still applies (oldest first out). */
  giveBack(batch: readonly LogEntry[]): void {
    this.entries.unshift(...batch);
    this.trim();
  }

  private trim(): void {
    const over = this.entries.length - this.max;
    if (over > 0) {
      this.entries.splice(0, over);
      this.dropped += over;
    }
  }
}

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export function createLogger(buffer: LogBuffer, echo = true): Logger {
  const write = (level: Level) => (message: string) => {
    buffer.add(level, message);
    if (echo && typeof console !== 'undefined') {
      // The developer tools of a kiosk are the only other place these lines can be read.
      // eslint-disable-next-line no-console
      console[level === 'debug' ? 'debug' : level](`[vitrine] ${message}`);
    }
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

/** Failures that mean the batch itself is wrong: sending it again cannot help. */
export class RejectedBatchError extends Error {}

export class LogShipper {
  private busy = false;

  constructor(
    private readonly buffer: LogBuffer,
    private readonly send: (entries: LogEntry[], keepalive: boolean) => Promise<void>,
    private readonly canSend: () => boolean,
  ) {}

  /** Sends everything buffered, batch by batch; stops at the first failure and keeps that batch. */
  async flush(): Promise<void> {
    if (this.busy || !this.canSend()) return;
    this.busy = true;
    try {
      // A bound on batches per flush keeps a chatty page from looping here forever.
      for (let i = 0; i < 10 && this.buffer.size > 0 && this.canSend(); i += 1) {
        const batch = this.buffer.take(LOG_BATCH);
        try {
          await this.send(batch, false);
        } catch (error) {
          if (!(error instanceof RejectedBatchError)) this.buffer.giveBack(batch);
          return;
        }
      }
    } finally {
      this.busy = false;
    }
  }

  /** On pagehide: one keepalive call, small enough for the browser to accept. */
  flushOnHide(): void {
    if (this.busy || !this.canSend() || this.buffer.size === 0) return;
    const batch = this.buffer.take(LOG_BATCH, KEEPALIVE_BYTES);
    this.send(batch, true).catch((error: unknown) => {
      // The page may come back from the back/forward cache: keep the lines for the next flush.
      if (!(error instanceof RejectedBatchError)) this.buffer.giveBack(batch);
    });
  }
}
