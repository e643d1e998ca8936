/**
 * Measured audience: a native shell that wraps the player (an Android or desktop wrapper with a people
 * counter, an anonymous camera count, a sensor) says how many people saw one show, on average, in each hour.
 * The queue polls the shell (`window.vitrineNative.audience()`), keeps what it heard in the KeyValue store
 * (localStorage) until the server acknowledges it, and sends it to POST /api/player/audience. The server
 * files each sample under the screen's local hour and a later report of an hour replaces the earlier one,
 * so sending a sample twice is harmless.
 *
 * Pending samples are keyed by their instant (the hour as an ISO date in UTC): a later sample of the same
 * instant replaces the earlier one. Instants are not rounded to the hour here: the screen's zone (which
 * may be half an hour off UTC) is the server's business; samples are sent in the order they were last
 * reported, so of two instants in one local hour the server keeps the newer report.
 *
 * Usage: `const audience = createAudienceQueue({ send: audienceSender('', token), store, key, log })`,
 * `audience.start()`, and `close()` when the session ends.
 */
import {
  AUDIENCE_BATCH_MAX,
  AUDIENCE_MAX_VIEWERS,
  audienceSampleOf,
  type AudienceAck,
  type AudienceSample,
} from '@vitrine/core';
import { OutboxRejectedError, OutboxSendError, createOutbox, outboxSender } from './outbox';
import type { OutboxLog, OutboxSettings, Outcome } from './outbox';
import { KEYS, memoryStore, type KeyValue } from './storage';
import { bridged } from './util';

/** How often the shell is asked for what it measured. */
export const AUDIENCE_POLL_MS = 5 * 60_000;
/** How often pending samples are sent again when nothing else triggered a send. */
export const AUDIENCE_FLUSH_MS = 60_000;
/** Two full batches: 62 days of hours. Beyond it the oldest hours go. */
export const AUDIENCE_MAX_STORED = AUDIENCE_BATCH_MAX * 2;

/** The server refused the batch itself (400, 413): sending it again unchanged cannot help. */
export class AudienceRejectedError extends OutboxRejectedError {
  override name = 'AudienceRejectedError';
}

/** Any other failed send (offline, 5xx, 401, 429): the batch is kept and sent again later. */
export class AudienceSendError extends OutboxSendError {
  override name = 'AudienceSendError';
}

export type AudienceLog = OutboxLog;

/** What `add` and `poll` took in: samples stored, and items refused as invalid. */
export interface AudienceAdded {
  added: number;
  ignored: number;
}

export interface AudienceQueueOptions extends OutboxSettings {
  /** Sends one batch; resolves once the server stored it. */
  send: (samples: AudienceSample[]) => Promise<AudienceAck>;
  /** Where pending samples are kept across reloads; default: memory only. */
  store?: KeyValue;
  /** Their key in `store` (one per pairing); default `KEYS.audience`. */
  key?: string;
  /** What the shell measured since the last call (or a promise of it); default: `nativeAudience`. */
  source?: () => unknown;
  /** Milliseconds: the retry schedule and the "a day ahead" check. */
  now?: () => number;
  batchSize?: number;
  maxStored?: number;
  pollIntervalMs?: number;
  log?: AudienceLog;
}

export interface AudienceQueue {
  /**
   * Takes samples (a list of `{ hour, viewers }`, or its JSON text): valid ones are kept, replacing a
   * pending sample of the same instant; invalid ones are ignored with one log line. A started queue then
   * sends them.
   */
  add(samples: unknown): AudienceAdded;
  /** Asks the source once and adds what it answers. Never rejects. */
  poll(): Promise<AudienceAdded>;
  /**
   * Sends everything pending, batch by batch, until done or a batch fails (then a retry is scheduled). A
   * call while a flush runs joins it (and makes it look once more before it ends).
   */
  flush(): Promise<void>;
  /** Polls now and every `pollIntervalMs`; sends what is pending now, every `flushIntervalMs` and when online. */
  start(): void;
  stop(): void;
  /** Stops and waits for a running flush. */
  close(): Promise<void>;
  /** The samples waiting for the server, in the order they go. */
  pending(): AudienceSample[];
  /** When the next automatic attempt may run after failures (ms, `now()` clock), or null. */
  readonly retryAt: number | null;
}

/**
 * The shell's `window.vitrineNative.audience()`, looked up at each call (a shell may add it after the page
 * loaded); undefined when there is none, so a browser without a shell is never asked anything.
 */
export function nativeAudience(): unknown {
  const native = (globalThis as { vitrineNative?: VitrineNative | null }).vitrineNative;
  return native && typeof native.audience === 'function' ? native.audience() : undefined;
}

/** A list, or its JSON text; else null. */
function listOf(answer: unknown): unknown[] | null {
  const value = bridged(answer);
  return Array.isArray(value) ? value : null;
}

/**
 * Pending samples by instant, in the order they were last reported, kept in the store between pages. A
 * replaced sample is a new object: an ack removes a sample only if it is still the very object that was sent.
 */
class PendingSamples {
  readonly entries = new Map<string, AudienceSample>();

  constructor(
    private readonly store: KeyValue,
    private readonly key: string,
    private readonly maxStored: number,
    private readonly log: AudienceLog,
    private readonly now: () => number,
  ) {}

  save(): void {
    try {
      if (this.entries.size === 0) this.store.remove(this.key);
      else this.store.set(this.key, JSON.stringify([...this.entries.values()]));
    } catch (error) {
      this.log.warn(`audience: pending samples not saved (${String(error)})`);
    }
  }

  /** Keeps at most `maxStored` samples: the earliest hours go first. */
  cap(): void {
    const over = this.entries.size - this.maxStored;
    if (over <= 0) return;
    const earliest = [...this.entries.keys()].sort((a, b) => Date.parse(a) - Date.parse(b)).slice(0, over);
    for (const k of earliest) this.entries.delete(k);
    this.log.warn(`audience: ${this.maxStored} hours waiting already; the ${over} oldest dropped`);
  }

  /** Stores the valid items; answers the counts (no log, no save). */
  take(items: readonly unknown[]): AudienceAdded {
    const at = this.now();
    let added = 0;
    for (const item of items) {
      const sample = audienceSampleOf(item, at);
      if (!sample) continue;
      // Deleted first, so that the sample moves to the end: the newest report of an hour goes last.
      this.entries.delete(sample.hour);
      this.entries.set(sample.hour, sample);
      added += 1;
    }
    return { added, ignored: items.length - added };
  }

  /** What a previous page left behind. */
  load(): void {
    const saved = this.store.get(this.key);
    if (saved === null) return;
    const list = listOf(saved);
    if (list) {
      const { ignored } = this.take(list);
      if (ignored > 0) this.log.warn(`audience: ${ignored} saved samples no longer valid; dropped`);
      this.cap();
      if (ignored > 0 || this.entries.size !== list.length) this.save();
    } else {
      this.log.warn('audience: the saved samples could not be read; dropped');
      this.store.remove(this.key);
    }
  }

  /** Forgets the samples of a batch that are still the ones sent (not replaced meanwhile). */
  forget(batch: readonly AudienceSample[]): void {
    for (const sample of batch) {
      if (this.entries.get(sample.hour) === sample) this.entries.delete(sample.hour);
    }
    this.save();
  }
}

/** Sends the oldest batch of samples; a batch the server refuses is dropped like a sent one. */
async function sendOldest(
  waiting: PendingSamples,
  batchSize: number,
  send: AudienceQueueOptions['send'],
  log: AudienceLog,
): Promise<Outcome> {
  const batch = [...waiting.entries.values()].slice(0, batchSize);
  if (batch.length === 0) return 'empty';
  try {
    await send(batch);
  } catch (error) {
    if (!(error instanceof AudienceRejectedError)) {
      log.info(`audience: ${batch.length} hours not sent (${String(error)}); will retry`);
      return 'failed';
    }
    log.warn(`audience: the server refused ${batch.length} hours (${error.message}); dropped`);
  }
  waiting.forget(batch);
  return 'done';
}

export function createAudienceQueue(options: AudienceQueueOptions): AudienceQueue {
  const now = options.now ?? (() => Date.now());
  const batchSize = Math.max(1, Math.min(options.batchSize ?? AUDIENCE_BATCH_MAX, AUDIENCE_BATCH_MAX));
  const maxStored = Math.max(1, options.maxStored ?? AUDIENCE_MAX_STORED);
  const pollMs = options.pollIntervalMs ?? AUDIENCE_POLL_MS;
  const log = options.log ?? { info: () => undefined, warn: () => undefined };
  const source = options.source ?? nativeAudience;
  const store = options.store ?? memoryStore();
  const key = options.key ?? KEYS.audience;

  const waiting = new PendingSamples(store, key, maxStored, log, now);
  waiting.load();
  const entries = waiting.entries;

  let pollTimer: ReturnType<typeof setInterval> | null = null;

  const outbox = createOutbox({
    ...options,
    flushIntervalMs: options.flushIntervalMs ?? AUDIENCE_FLUSH_MS,
    pending: () => entries.size > 0,
    next: () => sendOldest(waiting, batchSize, options.send, log),
  });

  function add(samples: unknown): AudienceAdded {
    const list = listOf(samples);
    if (!list) {
      log.warn(`audience: the samples are ${typeof samples}, not a list; ignored`);
      return { added: 0, ignored: 0 };
    }
    const result = waiting.take(list);
    if (result.ignored > 0) {
      log.warn(
        `audience: ${result.ignored} of ${list.length} samples ignored (the hour must be a date from 2000 ` +
          `to a day ahead, viewers a number from 0 to ${AUDIENCE_MAX_VIEWERS})`,
      );
    }
    if (result.added > 0) {
      waiting.cap();
      waiting.save();
      outbox.nudge();
    }
    return result;
  }

  async function poll(): Promise<AudienceAdded> {
    let answer: unknown;
    try {
      answer = await source();
    } catch (error) {
      log.warn(`audience: the shell's audience() failed (${String(error)})`);
      return { added: 0, ignored: 0 };
    }
    // Nothing measured (or no shell).
    if (answer === undefined || answer === null) return { added: 0, ignored: 0 };
    return add(answer);
  }

  function stop(): void {
    outbox.stop();
    if (pollTimer !== null) clearInterval(pollTimer);
    pollTimer = null;
  }

  return {
    add,
    poll,
    flush: outbox.flush,
    start() {
      if (outbox.started) return;
      // Whatever a previous page left behind goes out now, and so does the shell's backlog.
      outbox.start();
      pollTimer = setInterval(() => void poll(), pollMs);
      void poll();
    },
    stop,
    async close() {
      stop();
      await outbox.close();
    },
    pending: () => [...entries.values()].map((s) => ({ ...s })),
    get retryAt() {
      return outbox.retryAt;
    },
  };
}

// ---- sending over HTTP ----

export type { SenderOptions as AudienceSenderOptions } from './outbox';

/** `send` for the queue: POST {base}/api/player/audience with the screen's device token. */
export const audienceSender = outboxSender({
  path: '/api/player/audience',
  body: (samples: AudienceSample[]) => ({ hours: samples }),
  answer(answer) {
    const { hours, shows } = answer as { hours?: unknown; shows?: unknown };
    return typeof hours === 'number' && typeof shows === 'number' ? { hours, shows } : null;
  },
  invalid: 'The answer has no hours and shows counts',
  rejected: AudienceRejectedError,
  failed: AudienceSendError,
});
