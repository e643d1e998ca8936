/**
 * What the player's outboxes (proof of play, measured audience) share: the driver that sends what waits,
 * one batch at a time, with a retry schedule after failures; and the POST that carries a batch to the
 * server with the device token.
 *
 * The retry schedule: after the n-th failure in a row the next automatic attempt waits
 * `min(retryMaxMs, retryMinMs * 2^(n-1))`, spread to between half and all of it so that screens that lost
 * the server together do not all come back at the same instant. A batch that goes (or `online`) starts
 * the count again.
 */
import { backoffMs } from '@vitrine/core';
import { messageOf } from './api';
import { isAborted } from './util';

export const OUTBOX_RETRY_MIN_MS = 2_000;
export const OUTBOX_RETRY_MAX_MS = 5 * 60_000;

export interface OutboxLog {
  info(message: string): void;
  warn(message: string): void;
}

type Events = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/** The settings a queue passes on to its outbox. */
export interface OutboxSettings {
  /** Milliseconds, for the retry schedule. */
  now?: () => number;
  flushIntervalMs?: number;
  retryMinMs?: number;
  retryMaxMs?: number;
  random?: () => number;
  /** Where `online` is heard (the window). */
  events?: Events | null;
}

/** What sending the next batch came to: nothing waited, it went (or was dropped), or it is to be retried. */
export type Outcome = 'empty' | 'done' | 'failed';

export interface OutboxOptions extends OutboxSettings {
  flushIntervalMs: number;
  /** Sends the oldest batch waiting. Never rejects: a failure is 'failed' (logged by the queue). */
  next: () => Promise<Outcome>;
  /** Whether anything waits, for the timer and `online`; default: always worth a look. */
  pending?: () => boolean;
}

export interface Outbox {
  /**
   * Sends batch after batch until nothing waits or one fails (then a retry is scheduled). A call while a
   * flush runs joins it (and makes it look once more before it ends): no batch is ever in flight twice.
   */
  flush(): Promise<void>;
  /** Something new waits: flushes, unless stopped or waiting for a retry. */
  nudge(): void;
  /** Flushes now (if anything waits), every `flushIntervalMs`, when a retry is due, and when online. */
  start(): void;
  stop(): void;
  /** Stops and waits for a running flush. */
  close(): Promise<void>;
  readonly started: boolean;
  /** When the next automatic attempt may run after failures (ms, `now()` clock), or null. */
  readonly retryAt: number | null;
}

/** `online` is heard on the window when there is one, unless the options say where. */
function onlineEvents(events: Events | null | undefined): Events | null {
  if (events !== undefined) return events;
  return typeof (globalThis as { addEventListener?: unknown }).addEventListener === 'function'
    ? (globalThis as unknown as Events)
    : null;
}

/** The retry schedule (see above): failures in a row, and when the next automatic attempt may run. */
class RetrySchedule {
  private failures = 0;
  /** When the next automatic attempt may run after failures (ms, `now()` clock), or null. */
  at: number | null = null;

  constructor(
    private readonly now: () => number,
    private readonly settings: OutboxSettings,
  ) {}

  get backingOff(): boolean {
    return this.at !== null && this.now() < this.at;
  }

  succeeded(): void {
    this.failures = 0;
    this.at = null;
  }

  /** One more failure: the wait (ms) before the next attempt. */
  failed(): number {
    this.failures += 1;
    const { retryMinMs, retryMaxMs, random } = this.settings;
    const delay = backoffMs(
      {
        baseMs: retryMinMs ?? OUTBOX_RETRY_MIN_MS,
        maxMs: retryMaxMs ?? OUTBOX_RETRY_MAX_MS,
        jitter: [0.5, 1],
      },
      this.failures,
      (random ?? Math.random)(),
    );
    this.at = this.now() + delay;
    return delay;
  }
}

/** Sends batch after batch until nothing waits or one fails; looks once more when asked to meanwhile. */
async function drain(
  next: () => Promise<Outcome>,
  retry: RetrySchedule,
  asked: { again: boolean },
): Promise<'empty' | 'failed'> {
  do {
    asked.again = false;
    for (;;) {
      const outcome = await next();
      if (outcome === 'empty') break;
      if (outcome === 'failed') return 'failed';
      retry.succeeded();
    }
  } while (asked.again);
  return 'empty';
}

export function createOutbox(options: OutboxOptions): Outbox {
  const now = options.now ?? (() => Date.now());
  const pending = options.pending ?? (() => true);
  const target = onlineEvents(options.events);
  const retry = new RetrySchedule(now, options);

  let running: Promise<void> | null = null;
  /** A flush was asked for while one ran: it looks once more before it ends. */
  const asked = { again: false };
  let started = false;
  let interval: ReturnType<typeof setInterval> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  function failed(): void {
    const delay = retry.failed();
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = started
      ? setTimeout(() => {
          retryTimer = null;
          void flush();
        }, delay)
      : null;
  }

  async function run(): Promise<void> {
    if ((await drain(options.next, retry, asked)) === 'failed') failed();
  }

  function flush(): Promise<void> {
    if (running) {
      asked.again = true;
      return running;
    }
    running = run().finally(() => {
      running = null;
    });
    return running;
  }

  const onOnline = () => {
    retry.succeeded();
    if (pending()) void flush();
  };

  function stop(): void {
    started = false;
    if (interval !== null) clearInterval(interval);
    if (retryTimer !== null) clearTimeout(retryTimer);
    interval = null;
    retryTimer = null;
    target?.removeEventListener('online', onOnline);
  }

  return {
    flush,
    nudge() {
      if (started && !retry.backingOff) void flush();
    },
    start() {
      if (started) return;
      started = true;
      interval = setInterval(() => {
        if (pending() && !retry.backingOff) void flush();
      }, options.flushIntervalMs);
      target?.addEventListener('online', onOnline);
      // Whatever a previous page left behind goes out now.
      if (pending()) void flush();
    },
    stop,
    async close() {
      stop();
      await running;
    },
    get started() {
      return started;
    },
    get retryAt() {
      return retry.at;
    },
  };
}

// ---- sending over HTTP ----

/** The server refused the batch itself (400, 413): sending it again unchanged cannot help. */
export class OutboxRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboxRejectedError';
  }
}

/** Any other failed send (offline, 5xx, 401, 429; 0 for a timeout): the batch is kept and sent again later. */
export class OutboxSendError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'OutboxSendError';
  }
}

export interface SenderOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Told which token the server refused (the screen was removed or paired again). */
  onUnauthorized?: (token: string) => void;
}

/** What a queue's sender posts where, how it reads the answer, and which errors it throws. */
export interface SenderSpec<B, T> {
  /** The route, below the server's address. */
  path: string;
  /** The JSON body that carries one batch. */
  body: (batch: B) => unknown;
  /** What the queue is told, from the server's JSON answer; null when the answer lacks it. */
  answer: (answer: unknown) => T | null;
  /** The message of the `failed` error thrown when `answer` found nothing. */
  invalid: string;
  /** Thrown on 400 and 413. */
  rejected: new (message: string) => OutboxRejectedError;
  /** Thrown on any other failure: the status (after telling `onUnauthorized` on 401), 0 for a timeout. */
  failed: new (status: number, message: string) => OutboxSendError;
}

/**
 * A queue's `send` maker: `(base, token, options)` gives the function that POSTs one batch as JSON to
 * {base}{path} with the screen's device token (a string, or a getter asked at each send). What fetch
 * throws (offline) goes through as it is.
 */
export function outboxSender<B, T>(spec: SenderSpec<B, T>) {
  return (
    baseUrl: string,
    token: string | (() => string | null),
    options: SenderOptions = {},
  ): ((batch: B) => Promise<T>) => {
    const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
    const url = `${baseUrl.replace(/\/+$/, '')}${spec.path}`;
    return async (batch) => {
      const current = typeof token === 'function' ? token() : token;
      if (!current) throw new spec.failed(401, 'The screen is not paired');
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 30_000);
      try {
        const response = await doFetch(url, {
          method: 'POST',
          headers: { Authorization: `Bearer ${current}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(spec.body(batch)),
          cache: 'no-store',
          credentials: 'omit',
          signal: controller.signal,
        });
        if (response.status === 400 || response.status === 413) {
          throw new spec.rejected(await messageOf(response));
        }
        if (response.status === 401) options.onUnauthorized?.(current);
        if (!response.ok) throw new spec.failed(response.status, await messageOf(response));
        const answer = spec.answer(await response.json());
        if (answer === null) throw new spec.failed(response.status, spec.invalid);
        return answer;
      } catch (error) {
        if (isAborted(error)) throw new spec.failed(0, `POST ${spec.path} timed out`);
        throw error;
      } finally {
        clearTimeout(timer);
      }
    };
  };
}
