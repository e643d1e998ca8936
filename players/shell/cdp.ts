/**
 * The Chrome DevTools Protocol over the browser's debugging pipe (`--remote-debugging-pipe`: the shell
 * writes to the browser's fd 3 and reads its fd 4, each message JSON ended by a NUL). No port is opened, so
 * nothing else on the device can drive the kiosk.
 */
import { EventEmitter } from 'node:events';
import type { Readable, Writable } from 'node:stream';

export interface CdpEvent {
  method: string;
  params: Record<string, unknown>;
  sessionId?: string;
}

interface Waiting {
  resolve: (value: Record<string, unknown>) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class CdpError extends Error {}

/** Splits the pipe's bytes into messages at each NUL; a message may arrive in many chunks. */
export class NulSplitter {
  private pending: Buffer[] = [];

  push(chunk: Buffer): string[] {
    const messages: string[] = [];
    let start = 0;
    for (let end = chunk.indexOf(0); end !== -1; end = chunk.indexOf(0, start)) {
      this.pending.push(chunk.subarray(start, end));
      messages.push(Buffer.concat(this.pending).toString('utf8'));
      this.pending = [];
      start = end + 1;
    }
    if (start < chunk.length) this.pending.push(chunk.subarray(start));
    return messages;
  }
}

export class Cdp extends EventEmitter<{ event: [CdpEvent]; close: [] }> {
  private nextId = 0;
  private readonly waiting = new Map<number, Waiting>();
  private closed = false;

  constructor(
    private readonly output: Writable,
    input: Readable,
  ) {
    super();
    const splitter = new NulSplitter();
    input.on('data', (chunk: Buffer) => {
      for (const text of splitter.push(chunk)) this.receive(text);
    });
    const end = () => this.close('the browser closed its debugging pipe');
    input.on('close', end);
    input.on('error', end);
    output.on('error', end);
  }

  private receive(text: string): void {
    let message: {
      id?: number;
      method?: string;
      params?: Record<string, unknown>;
      sessionId?: string;
      result?: Record<string, unknown>;
      error?: { message?: string };
    };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    if (typeof message.id === 'number') {
      const waiting = this.waiting.get(message.id);
      if (!waiting) return;
      this.waiting.delete(message.id);
      clearTimeout(waiting.timer);
      if (message.error) waiting.reject(new CdpError(message.error.message ?? 'DevTools error'));
      else waiting.resolve(message.result ?? {});
      return;
    }
    if (typeof message.method === 'string') {
      this.emit('event', {
        method: message.method,
        params: message.params ?? {},
        ...(message.sessionId ? { sessionId: message.sessionId } : {}),
      });
    }
  }

  /** Sends a command; rejects on the browser's error, after `timeoutMs`, or when the pipe closes. */
  send<T = Record<string, unknown>>(
    method: string,
    params: Record<string, unknown> = {},
    sessionId?: string,
    timeoutMs = 15_000,
  ): Promise<T> {
    if (this.closed) return Promise.reject(new CdpError('The browser is gone'));
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new CdpError(`${method} timed out after ${Math.round(timeoutMs / 1000)} s`));
      }, timeoutMs);
      this.waiting.set(id, { resolve: resolve as Waiting['resolve'], reject, timer });
      this.output.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  }

  close(reason = 'closed'): void {
    if (this.closed) return;
    this.closed = true;
    for (const waiting of this.waiting.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(new CdpError(reason));
    }
    this.waiting.clear();
    this.emit('close');
  }

  get isClosed(): boolean {
    return this.closed;
  }
}
