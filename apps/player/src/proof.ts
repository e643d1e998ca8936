/**
 * Proof of play: every show the screen finishes is recorded here and kept in IndexedDB until the server
 * acknowledges it. Events go out in batches, oldest first; the server stores each event id once, so a batch
 * whose answer was lost is simply sent again. Nothing is forgotten before its ack, except when storage
 * holds `maxStored` events already (weeks offline): then the oldest go, with a log line saying how many.
 *
 * Usage: `const proof = createProofQueue({ send: httpSender('', () => token), log })`, `proof.start()`,
 * and `void proof.record({...}).catch(...)` when a show ends. `clear()` when the screen is unpaired: its
 * events belong to the old screen.
 */
import {
  PLAYBACK_BATCH_MAX,
  PLAYBACK_BATCH_SIZE,
  proofEventProblem,
  type PlaybackEvent,
} from '@vitrine/core';
import { OutboxRejectedError, OutboxSendError, createOutbox, outboxSender } from './outbox';
import type { OutboxLog, OutboxSettings } from './outbox';

export type ProofEvent = PlaybackEvent;
/** What the player knows when a show ends; the queue adds the id. */
export type NewProofEvent = Omit<PlaybackEvent, 'eventId'>;

export const PROOF_DB_NAME = 'vitrine-proof';
const STORE = 'events';
const BY_START = 'startedAt';
/** About 23 days of a show every 10 s; some 50 MB of IndexedDB. */
export const PROOF_MAX_STORED = 200_000;
export const PROOF_FLUSH_MS = 30_000;

/** The server refused the batch itself (400, 413): sending it again unchanged cannot help. */
export class ProofRejectedError extends OutboxRejectedError {
  override name = 'ProofRejectedError';
}

/** Any other failed send (offline, 5xx, 401, 429): the batch is kept and sent again later. */
export class ProofSendError extends OutboxSendError {
  override name = 'ProofSendError';
}

export type ProofLog = OutboxLog;

export interface ProofQueueOptions extends OutboxSettings {
  /** Sends one batch; answers the ids the server stored (now or before). */
  send: (events: ProofEvent[]) => Promise<{ acked: string[] }>;
  batchSize?: number;
  maxStored?: number;
  /** The IndexedDB to use; null keeps events in memory only (lost on reload). Default: the browser's. */
  indexedDB?: IDBFactory | null;
  dbName?: string;
  log?: ProofLog;
  newId?: () => string;
}

export interface ProofQueue {
  /** Validates and stores one event; resolves once it is durable. Rejects an event the server would refuse. */
  record(event: NewProofEvent): Promise<ProofEvent>;
  /**
   * Sends everything stored, batch by batch, until done or a batch fails (then a retry is scheduled).
   * A call while a flush runs joins it (and makes it look once more before it ends): no batch is ever
   * in flight twice.
   */
  flush(): Promise<void>;
  /** Flushes every `flushIntervalMs`, when the browser comes online, and when a full batch is waiting. */
  start(): void;
  stop(): void;
  /** Stops and closes the database (waiting for a running flush). */
  close(): Promise<void>;
  size(): Promise<number>;
  /** Forgets every stored event (the screen was unpaired). */
  clear(): Promise<void>;
  /** When the next automatic attempt may run after failures (ms, `now()` clock), or null. */
  readonly retryAt: number | null;
}

// ---- storage ----

interface EventStore {
  /** Stores the event; drops the oldest beyond `max`. Answers how many are stored and how many were dropped. */
  put(event: ProofEvent, max: number): Promise<{ stored: number; dropped: number }>;
  oldest(limit: number): Promise<ProofEvent[]>;
  remove(ids: readonly string[]): Promise<void>;
  count(): Promise<number>;
  clear(): Promise<void>;
  close(): void;
}

function memoryStore(): EventStore {
  const events = new Map<string, ProofEvent>();
  const sorted = () =>
    [...events.values()].sort(
      (a, b) => a.startedAt.localeCompare(b.startedAt) || a.eventId.localeCompare(b.eventId),
    );
  return {
    async put(event, max) {
      events.set(event.eventId, event);
      const over = Math.max(0, events.size - max);
      for (const old of sorted().slice(0, over)) events.delete(old.eventId);
      return { stored: events.size, dropped: over };
    },
    oldest: async (limit) => sorted().slice(0, limit),
    async remove(ids) {
      for (const id of ids) events.delete(id);
    },
    count: async () => events.size,
    clear: async () => events.clear(),
    close: () => undefined,
  };
}

const requestDone = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

const transactionDone = (tx: IDBTransaction): Promise<void> =>
  new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });

async function openIdb(factory: IDBFactory, name: string): Promise<EventStore> {
  const open = factory.open(name, 1);
  open.onupgradeneeded = () => {
    const store = open.result.createObjectStore(STORE, { keyPath: 'eventId' });
    // ISO dates in UTC (the queue writes them so) sort as strings in time order.
    store.createIndex(BY_START, 'startedAt');
  };
  const db = await requestDone(open);
  // Written before `record` resolves: relaxed durability could lose the last events to a power cut.
  const write = () => db.transaction(STORE, 'readwrite', { durability: 'strict' });
  return {
    async put(event, max) {
      const tx = write();
      const store = tx.objectStore(STORE);
      let stored = 0;
      let dropped = 0;
      store.put(event);
      const counted = store.count();
      counted.onsuccess = () => {
        stored = counted.result;
        const over = stored - max;
        if (over <= 0) return;
        const cursor = store.index(BY_START).openCursor();
        cursor.onsuccess = () => {
          const at = cursor.result;
          if (!at || dropped >= over) return;
          at.delete();
          dropped += 1;
          at.continue();
        };
      };
      await transactionDone(tx);
      return { stored: stored - dropped, dropped };
    },
    async oldest(limit) {
      const tx = db.transaction(STORE, 'readonly');
      return requestDone(
        tx.objectStore(STORE).index(BY_START).getAll(null, limit) as IDBRequest<ProofEvent[]>,
      );
    },
    async remove(ids) {
      if (ids.length === 0) return;
      const tx = write();
      const store = tx.objectStore(STORE);
      for (const id of ids) store.delete(id);
      await transactionDone(tx);
    },
    async count() {
      return requestDone(db.transaction(STORE, 'readonly').objectStore(STORE).count());
    },
    async clear() {
      const tx = write();
      tx.objectStore(STORE).clear();
      await transactionDone(tx);
    },
    close: () => db.close(),
  };
}

// ---- ids and checks ----

/** A v4 UUID. `crypto.randomUUID` needs a secure context, which a screen on plain http on a LAN lacks. */
export function newEventId(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The event as the server will take it (UTC ISO dates), or an error saying what is wrong. */
function checked(event: NewProofEvent, eventId: string): ProofEvent {
  const problem = proofEventProblem(event);
  if (problem) throw new RangeError(`proof of play: ${problem}`);
  return {
    eventId,
    fileId: event.fileId,
    playlistId: event.playlistId,
    startedAt: new Date(event.startedAt).toISOString(),
    endedAt: new Date(event.endedAt).toISOString(),
    duration: event.duration,
    // The SSP ad the show was (docs/ssp.md): without it the server earns nothing and calls no tracker.
    ...(event.adId === undefined ? {} : { adId: event.adId }),
  };
}

// ---- the queue ----

/** The browser's IndexedDB (or the options'), else memory: events then live until sent or the page goes. */
async function openStore(options: ProofQueueOptions, log: ProofLog): Promise<EventStore> {
  const factory =
    options.indexedDB === undefined
      ? ((globalThis as { indexedDB?: IDBFactory }).indexedDB ?? null)
      : options.indexedDB;
  if (!factory) {
    log.warn('proof of play: no IndexedDB here; events are kept in memory until sent');
    return memoryStore();
  }
  try {
    return await openIdb(factory, options.dbName ?? PROOF_DB_NAME);
  } catch (error) {
    log.warn(`proof of play: IndexedDB could not be opened (${String(error)}); events are kept in memory`);
    return memoryStore();
  }
}

export function createProofQueue(options: ProofQueueOptions): ProofQueue {
  const batchSize = Math.max(1, Math.min(options.batchSize ?? PLAYBACK_BATCH_SIZE, PLAYBACK_BATCH_MAX));
  const maxStored = Math.max(1, options.maxStored ?? PROOF_MAX_STORED);
  const log = options.log ?? { info: () => undefined, warn: () => undefined };
  const newId = options.newId ?? newEventId;
  const store = openStore(options, log);

  /** One batch; a refused batch is halved until the event the server refuses is found, and dropped. */
  async function deliver(events: ProofEvent[]): Promise<'done' | 'failed'> {
    const db = await store;
    let answer: { acked: string[] };
    try {
      answer = await options.send(events);
    } catch (error) {
      if (!(error instanceof ProofRejectedError)) {
        log.info(`proof of play: ${events.length} events not sent (${String(error)}); will retry`);
        return 'failed';
      }
      if (events.length === 1) {
        await db.remove([events[0]!.eventId]);
        log.warn(`proof of play: the server refused event ${events[0]!.eventId} (${error.message}); dropped`);
        return 'done';
      }
      const half = Math.ceil(events.length / 2);
      const first = await deliver(events.slice(0, half));
      return first === 'done' ? deliver(events.slice(half)) : 'failed';
    }
    const sent = new Set(events.map((e) => e.eventId));
    const acked = Array.isArray(answer?.acked) ? [...new Set(answer.acked.filter((id) => sent.has(id)))] : [];
    await db.remove(acked);
    // Anything unacknowledged stays for the next attempt, after a pause: never a tight loop on it.
    return acked.length === sent.size ? 'done' : 'failed';
  }

  const outbox = createOutbox({
    ...options,
    flushIntervalMs: options.flushIntervalMs ?? PROOF_FLUSH_MS,
    async next() {
      try {
        const batch = await (await store).oldest(batchSize);
        return batch.length === 0 ? 'empty' : await deliver(batch);
      } catch (error) {
        // Storage itself failed (quota, a closed database): try again later like a failed send.
        log.warn(`proof of play: storage failed (${String(error)})`);
        return 'failed';
      }
    },
  });

  return {
    async record(event) {
      const full = checked(event, newId());
      const db = await store;
      const { stored, dropped } = await db.put(full, maxStored);
      if (dropped > 0) {
        log.warn(`proof of play: ${maxStored} events stored already; the ${dropped} oldest dropped`);
      }
      if (stored >= batchSize) outbox.nudge();
      return full;
    },
    flush: outbox.flush,
    start: outbox.start,
    stop: outbox.stop,
    async close() {
      await outbox.close();
      (await store).close();
    },
    size: async () => (await store).count(),
    clear: async () => (await store).clear(),
    get retryAt() {
      return outbox.retryAt;
    },
  };
}

// ---- sending over HTTP ----

export type { SenderOptions as HttpSenderOptions } from './outbox';

/** `send` for the queue: POST {base}/api/player/playback with the screen's device token. */
export const httpSender = outboxSender({
  path: '/api/player/playback',
  body: (events: ProofEvent[]) => ({ events }),
  answer(answer) {
    const { acked } = answer as { acked?: unknown };
    return Array.isArray(acked)
      ? { acked: acked.filter((id): id is string => typeof id === 'string') }
      : null;
  },
  invalid: 'The answer has no acked list',
  rejected: ProofRejectedError,
  failed: ProofSendError,
});
