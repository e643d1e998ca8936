/**
 * The screen's one websocket: heartbeats out, commands in, acks out. It reconnects by itself with
 * exponential backoff and jitter, and tells its owner when the token may have stopped working.
 */
import {
  HEARTBEAT_SECONDS,
  backoffMs,
  type PlayerMessage,
  type PlayerReport,
  type ServerMessage,
} from '@vitrine/core';
import type { Logger } from './log';
import { errorText } from './util';

export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;
/** Attempts beyond this one all wait the maximum (and 2 ** attempt stays a small number). */
const BACKOFF_LAST_ATTEMPT = 16;
/** A connection open this long counts as stable: the next drop starts again from BACKOFF_BASE_MS. */
export const STABLE_MS = 60_000;
/** A socket still connecting after this long is given up and tried again. */
export const CONNECT_TIMEOUT_MS = 15_000;

/** Close codes the server uses. */
export const CLOSE_REPLACED = 4000;
export const CLOSE_REMOVED = 4001;

/**
 * The wait before reconnect attempt `attempt` (0 first): 1 s doubling up to 30 s, each spread ±20 % so that
 * screens cut off together do not all come back in the same instant.
 */
export function backoffDelay(attempt: number, random: number): number {
  const capped = Math.max(0, Math.min(attempt, BACKOFF_LAST_ATTEMPT));
  return backoffMs(
    { baseMs: BACKOFF_BASE_MS, maxMs: BACKOFF_MAX_MS, jitter: [0.8, 1.2] },
    capped + 1,
    random,
  );
}

export class Backoff {
  private attempt = 0;

  constructor(private readonly random: () => number = Math.random) {}

  get attempts(): number {
    return this.attempt;
  }

  next(): number {
    const delay = backoffDelay(this.attempt, this.random());
    this.attempt += 1;
    return delay;
  }

  reset(): void {
    this.attempt = 0;
  }
}

/** The part of the browser's WebSocket the connection uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  readonly bufferedAmount: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

const OPEN = 1;

export type ConnectionState = 'connecting' | 'open' | 'closed';

export interface ConnectionOptions {
  url: string;
  report: () => Promise<PlayerReport>;
  onCommand: (message: ServerMessage) => void;
  /** Any other message (a clock exchange's answer), as received. */
  onOther?: (data: unknown) => void;
  /** Every time a socket opens; `reconnected` is false the first time. */
  onOpen?: (reconnected: boolean) => void;
  onState?: (state: ConnectionState, detail: string) => void;
  /**
   * A socket closed before it opened, or the server said the screen was removed: a browser never sees the
   * 401 of a refused upgrade, so the owner checks the token with an HTTP call.
   */
  onSuspect?: () => void;
  log: Logger;
  createSocket?: (url: string) => SocketLike;
  random?: () => number;
  heartbeatMs?: number;
}

export function parseServerMessage(data: unknown): ServerMessage | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const m = value as Record<string, unknown>;
  if (m.type !== 'command' || typeof m.id !== 'number' || typeof m.name !== 'string') return null;
  const args = typeof m.args === 'object' && m.args !== null ? (m.args as Record<string, unknown>) : {};
  return { type: 'command', id: m.id, name: m.name as ServerMessage['name'], args };
}

export class Connection {
  private socket: SocketLike | null = null;
  private readonly backoff: Backoff;
  private stopped = true;
  private everOpened = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private stableTimer: ReturnType<typeof setTimeout> | null = null;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: ConnectionOptions) {
    this.backoff = new Backoff(options.random);
  }

  get isOpen(): boolean {
    return this.socket?.readyState === OPEN;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.clearTimers();
    this.clearRetry();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onclose = socket.onmessage = socket.onerror = null;
      try {
        socket.close(1000, 'player stopped');
      } catch {
        // Already closed.
      }
    }
  }

  /** The network came back: try now instead of waiting out the backoff. */
  reconnectNow(): void {
    if (this.stopped || this.socket) return;
    this.clearRetry();
    this.connect();
  }

  /** An extra heartbeat now, e.g. when new content is applied, so the cabinet sees it in sync at once. */
  heartbeatNow(): void {
    if (this.isOpen) this.heartbeat();
  }

  /** Sends when open; false otherwise (the server redelivers unacknowledged commands on reconnect). */
  send(message: PlayerMessage): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return false;
    try {
      socket.send(JSON.stringify(message));
      return true;
    } catch {
      return false;
    }
  }

  /** Waits (up to `maxMs`) until what was sent has left the browser, e.g. an ack before a reload. */
  async flush(maxMs = 2000): Promise<void> {
    const until = Date.now() + maxMs;
    while (this.socket && this.socket.bufferedAmount > 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  private connect(): void {
    const { log } = this.options;
    this.options.onState?.('connecting', '');
    let socket: SocketLike;
    try {
      socket = this.options.createSocket
        ? this.options.createSocket(this.options.url)
        : (new WebSocket(this.options.url) as SocketLike);
    } catch (error) {
      log.error(`Cannot open the connection: ${errorText(error)}`);
      this.scheduleRetry(this.backoff.next(), false, 1006);
      return;
    }
    this.socket = socket;
    let opened = false;
    this.connectTimer = setTimeout(() => {
      if (!opened) {
        log.warn('The connection did not open in time');
        socket.close();
        // Some browsers never fire close for a socket stuck connecting.
        this.onClosed(socket, false, 1006, 'connect timeout');
      }
    }, CONNECT_TIMEOUT_MS);

    socket.onopen = () => {
      opened = true;
      if (this.connectTimer) clearTimeout(this.connectTimer);
      this.connectTimer = null;
      log.info(this.everOpened ? 'Connection restored' : 'Connected');
      const reconnected = this.everOpened;
      this.everOpened = true;
      this.options.onState?.('open', '');
      this.stableTimer = setTimeout(() => this.backoff.reset(), STABLE_MS);
      this.heartbeat();
      this.heartbeatTimer = setInterval(
        () => this.heartbeat(),
        this.options.heartbeatMs ?? HEARTBEAT_SECONDS * 1000,
      );
      this.options.onOpen?.(reconnected);
    };
    socket.onmessage = (event) => {
      const message = parseServerMessage(event.data);
      if (message) this.options.onCommand(message);
      else this.options.onOther?.(event.data);
    };
    socket.onclose = (event) => this.onClosed(socket, opened, event.code, event.reason);
    socket.onerror = () => {
      // A close event follows; it carries what little the browser tells.
    };
  }

  private onClosed(socket: SocketLike, opened: boolean, code: number, reason: string): void {
    if (this.socket !== socket) return;
    socket.onopen = socket.onclose = socket.onmessage = socket.onerror = null;
    this.socket = null;
    this.clearTimers();
    if (this.stopped) return;
    let delay: number;
    if (code === CLOSE_REPLACED) {
      // Another page holds this screen's token: do not fight it every second.
      this.options.log.warn('Another player connected with this screen’s token');
      delay = backoffDelay(BACKOFF_LAST_ATTEMPT, this.options.random?.() ?? Math.random());
      this.backoff.next();
    } else {
      delay = this.backoff.next();
    }
    this.scheduleRetry(delay, opened, code, reason);
    if (!opened || code === CLOSE_REMOVED) this.options.onSuspect?.();
  }

  private scheduleRetry(delay: number, opened: boolean, code: number, reason = ''): void {
    const seconds = Math.max(1, Math.round(delay / 1000));
    const why = reason ? `${code} ${reason}` : String(code);
    this.options.log[opened ? 'warn' : 'info'](
      `${opened ? 'Connection lost' : 'Could not connect'} (${why}); retrying in ${seconds} s`,
    );
    this.options.onState?.('closed', `retrying in ${seconds} s`);
    this.clearRetry();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.stopped) this.connect();
    }, delay);
  }

  private heartbeat(): void {
    this.options
      .report()
      .then((status) => this.send({ type: 'heartbeat', status }))
      .catch((error: unknown) => this.options.log.warn(`Heartbeat not sent: ${errorText(error)}`));
  }

  private clearTimers(): void {
    if (this.heartbeatTimer !== null) clearInterval(this.heartbeatTimer);
    for (const timer of [this.stableTimer, this.connectTimer]) {
      if (timer !== null) clearTimeout(timer);
    }
    this.heartbeatTimer = this.stableTimer = this.connectTimer = null;
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}
