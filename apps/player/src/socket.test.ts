import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayerReport, ServerMessage } from '@vitrine/core';
import type { Logger } from './log';
import {
  BACKOFF_MAX_MS,
  Backoff,
  CLOSE_REMOVED,
  CLOSE_REPLACED,
  Connection,
  STABLE_MS,
  backoffDelay,
  parseServerMessage,
  type SocketLike,
} from './socket';

const quiet: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

describe('backoffDelay', () => {
  it('doubles from 1 s to at most 30 s', () => {
    const middle = [0, 1, 2, 3, 4, 5, 6, 7, 20].map((attempt) => backoffDelay(attempt, 0.5));
    expect(middle).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000]);
  });

  it('spreads each wait by ±20 % and never passes the maximum', () => {
    expect(backoffDelay(0, 0)).toBe(800);
    expect(backoffDelay(0, 1)).toBe(1200);
    expect(backoffDelay(3, 0)).toBe(6400);
    expect(backoffDelay(3, 1)).toBe(9600);
    expect(backoffDelay(10, 0)).toBe(24000);
    expect(backoffDelay(10, 1)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(Number.MAX_SAFE_INTEGER, 0.99)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(-3, 0.5)).toBe(1000);
  });

  it('Backoff walks the schedule and starts over after a reset', () => {
    const backoff = new Backoff(() => 0.5);
    expect([backoff.next(), backoff.next(), backoff.next()]).toEqual([1000, 2000, 4000]);
    expect(backoff.attempts).toBe(3);
    backoff.reset();
    expect(backoff.next()).toBe(1000);
  });
});

describe('parseServerMessage', () => {
  it('takes commands and ignores anything else', () => {
    expect(parseServerMessage('{"type":"command","id":7,"name":"reload","args":{}}')).toEqual({
      type: 'command',
      id: 7,
      name: 'reload',
      args: {},
    });
    expect(parseServerMessage('{"type":"command","id":7,"name":"reload"}')?.args).toEqual({});
    expect(parseServerMessage('{"type":"command","id":"7","name":"reload"}')).toBeNull();
    expect(parseServerMessage('{"type":"hello"}')).toBeNull();
    expect(parseServerMessage('not json')).toBeNull();
    expect(parseServerMessage(new ArrayBuffer(2))).toBeNull();
  });
});

class FakeSocket implements SocketLike {
  readyState = 0;
  bufferedAmount = 0;
  sent: string[] = [];
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(data);
  }

  close(): void {
    this.closed = true;
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.({} as Event);
  }

  drop(code = 1006, reason = ''): void {
    this.readyState = 3;
    this.onclose?.({ code, reason } as CloseEvent);
  }

  receive(data: string): void {
    this.onmessage?.({ data } as MessageEvent);
  }
}

const report: PlayerReport = {
  version: '0.1.0',
  resolution: '1920x1080',
  freeStorage: null,
  currentItem: null,
  uptime: 1,
  contentVersion: null,
  native: false,
};

describe('Connection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup() {
    const sockets: FakeSocket[] = [];
    const commands: ServerMessage[] = [];
    const opens: boolean[] = [];
    const onSuspect = vi.fn();
    const connection = new Connection({
      url: 'ws://screen/api/player/ws?token=vtd_x',
      report: () => Promise.resolve(report),
      onCommand: (message) => commands.push(message),
      onOpen: (reconnected) => opens.push(reconnected),
      onSuspect,
      log: quiet,
      random: () => 0.5,
      createSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
    });
    return { connection, sockets, commands, opens, onSuspect };
  }

  const heartbeats = (socket: FakeSocket) =>
    socket.sent.map((s) => JSON.parse(s) as { type: string }).filter((m) => m.type === 'heartbeat');

  it('sends a heartbeat at once and every 30 s', async () => {
    const { connection, sockets } = setup();
    connection.start();
    sockets[0]!.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(heartbeats(sockets[0]!)).toEqual([{ type: 'heartbeat', status: report }]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(heartbeats(sockets[0]!)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(heartbeats(sockets[0]!)).toHaveLength(4);
    connection.stop();
  });

  it('reconnects with growing waits and starts over after a stable minute', async () => {
    const { connection, sockets, opens } = setup();
    connection.start();
    sockets[0]!.open();
    sockets[0]!.drop();
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.drop();
    await vi.advanceTimersByTimeAsync(1999);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);
    sockets[2]!.open();
    expect(opens).toEqual([false, true]);
    // Open for a minute: the next drop waits 1 s again.
    await vi.advanceTimersByTimeAsync(STABLE_MS);
    sockets[2]!.drop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(4);
    connection.stop();
  });

  it('suspects the token when a socket closes before it opens or the screen was removed', async () => {
    const { connection, sockets, onSuspect } = setup();
    connection.start();
    sockets[0]!.drop();
    expect(onSuspect).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    sockets[1]!.open();
    sockets[1]!.drop(1006);
    expect(onSuspect).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    sockets[2]!.open();
    sockets[2]!.drop(CLOSE_REMOVED, 'screen removed');
    expect(onSuspect).toHaveBeenCalledTimes(2);
    connection.stop();
  });

  it('waits the longest when another page took the connection over', async () => {
    const { connection, sockets } = setup();
    connection.start();
    sockets[0]!.open();
    sockets[0]!.drop(CLOSE_REPLACED, 'replaced by a newer connection');
    await vi.advanceTimersByTimeAsync(BACKOFF_MAX_MS - 1);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    connection.stop();
  });

  it('gives up a socket stuck connecting and tries again', async () => {
    const { connection, sockets } = setup();
    connection.start();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(sockets[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(2);
    connection.stop();
  });

  it('hands commands over, and stops for good when stopped', async () => {
    const { connection, sockets, commands } = setup();
    connection.start();
    sockets[0]!.open();
    sockets[0]!.receive('{"type":"command","id":3,"name":"screenshot","args":{}}');
    expect(commands.map((c) => c.id)).toEqual([3]);
    expect(connection.send({ type: 'ack', id: 3, ok: true })).toBe(true);
    connection.stop();
    expect(sockets[0]!.closed).toBe(true);
    expect(connection.send({ type: 'ack', id: 3, ok: true })).toBe(false);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sockets).toHaveLength(1);
  });

  it('reconnects at once when the network comes back', async () => {
    const { connection, sockets } = setup();
    connection.start();
    sockets[0]!.open();
    sockets[0]!.drop();
    expect(sockets).toHaveLength(1);
    connection.reconnectNow();
    expect(sockets).toHaveLength(2);
    // The pending retry was dropped: no second socket a second later.
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(2);
    // Connected or connecting: nothing to do.
    connection.reconnectNow();
    expect(sockets).toHaveLength(2);
    connection.stop();
  });
});
