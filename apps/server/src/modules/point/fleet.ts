import { randomUUID } from 'node:crypto';
import type { RawData, WebSocket } from 'ws';
import {
  COMMAND_TTL_SECONDS,
  HEARTBEAT_SECONDS,
  PlayerMessage,
  type ClockAnswer,
  type CommandName,
  type ServerMessage,
} from '@vitrine/core';
import { CHANNELS } from '../../db/bus.js';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { DatabaseHandle } from '../../db/client.js';
import type { PointCommandRepository } from './point-command.repository.js';
import type { PointRepository } from './point.repository.js';
import { Presence, type Counted } from './presence.js';

/** A text frame's payload as a string (ws hands over a Buffer, or fragments of one). */
function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}

/** Commands for screens, announced on the bus in chunks that stay well under its payload limit. */
type BusEvent = {
  kind: 'commands';
  origin: string;
  name: CommandName;
  args: Record<string, unknown>;
  /** [pointId, commandId] pairs. */
  items: [number, number][];
};
/** 300 [pointId, commandId] pairs of int4 ids stay under the bus's PAYLOAD_LIMIT with the name and args. */
const NOTIFY_CHUNK = 300;

interface Attached extends Counted {
  socket: WebSocket;
  /** Answered the last ping. */
  alive: boolean;
}

export interface FleetOptions {
  database: DatabaseHandle;
  points: PointRepository;
  commands: PointCommandRepository;
  /** How often presence is written (one statement for all screens). */
  flushMs?: number;
  /** Server-side ping, to find sockets that died without closing. */
  pingMs?: number;
  log?: (message: string, error?: unknown) => void;
}

/**
 * The screens connected to this process, and the bus that joins all processes: a command is stored, then
 * announced with NOTIFY; whichever process holds that screen's socket sends it. What the sockets say of
 * their screens is kept and written in batches by `Presence` (presence.ts).
 */
export class Fleet {
  private readonly sockets = new Map<number, Attached>();
  private readonly presence: Presence;
  private readonly origin = randomUUID();
  private unlisten: (() => Promise<void>) | null = null;
  private timers: NodeJS.Timeout[] = [];

  constructor(private readonly options: FleetOptions) {
    this.presence = new Presence(options);
  }

  async start(): Promise<void> {
    this.unlisten = await this.options.database.bus.subscribe(CHANNELS.fleet, (payload) =>
      this.onBus(payload),
    );
    const flush = setInterval(() => void this.presence.flush(this.sockets), this.options.flushMs ?? 5000);
    // The sweep is spread over the interval: a slice of the sockets each second, never all at once.
    const ping = setInterval(
      () => this.ping(),
      Math.min(1000, this.options.pingMs ?? HEARTBEAT_SECONDS * 1000),
    );
    flush.unref();
    ping.unref();
    this.timers = [flush, ping];
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    for (const { socket } of this.sockets.values()) socket.close(1001, 'server going away');
    await this.presence.flush(this.sockets);
    // The database may be gone already (a shutdown, a test that closed it): nothing is left to undo then.
    await this.unlisten?.().catch(() => undefined);
  }

  /** Whether this process holds the screen's socket. */
  connected(pointId: number): boolean {
    return this.sockets.has(pointId);
  }

  disconnect(pointId: number): void {
    this.sockets.get(pointId)?.socket.close(4001, 'screen removed');
  }

  get size(): number {
    return this.sockets.size;
  }

  /**
   * A player connected: it replaces an older socket of the same screen, and gets what waited for it.
   * Nothing a socket sends can fail past its own handler: each message is handled (and any failure
   * logged) on its own, and a protocol error closes that socket only.
   */
  async attach(pointId: number, socket: WebSocket): Promise<void> {
    const previous = this.sockets.get(pointId);
    if (previous) previous.socket.close(4000, 'replaced by a newer connection');
    const entry: Attached = { socket, alive: true, countedAt: Date.now() };
    this.sockets.set(pointId, entry);
    this.presence.seen(pointId, null);

    socket.on('pong', () => {
      entry.alive = true;
    });
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      // A clock exchange is stamped on arrival, before any other work (docs/walls.md).
      const receivedAt = Date.now();
      this.onMessage(pointId, rawText(data), receivedAt).catch((error: unknown) =>
        this.options.log?.(`message of screen ${pointId} not handled`, error),
      );
    });
    // A malformed frame (bad UTF-8, too large, a bad opcode) makes ws emit 'error' and close the socket;
    // without a listener the error would be thrown and end the process.
    socket.on('error', (error) => this.options.log?.(`socket of screen ${pointId} failed`, error));
    socket.on('close', () => {
      // A page that reloads may open its new socket before the old one's close arrives: the old one's
      // drop still counts, but the screen is not offline.
      const current = this.sockets.get(pointId) === entry;
      if (current) this.sockets.delete(pointId);
      this.presence.count(pointId, entry);
      void this.options.points
        .platformRecordDisconnection(pointId, new Date(), current)
        .catch((error: unknown) => this.options.log?.('disconnection not recorded', error));
    });

    try {
      for (const command of await this.options.commands.platformPending(pointId, new Date())) {
        this.deliver(pointId, command.id, command.name, command.args);
      }
    } catch (error) {
      // The commands stay pending: the screen gets them at its next connection.
      this.options.log?.(`pending commands of screen ${pointId} not sent`, error);
    }
  }

  /**
   * Stores one command per screen (the cabinet's screens among `pointIds`, in one statement) and answers
   * their ids; the screens are told after the answer: those on this process at once, the others through
   * one NOTIFY per chunk to every process.
   */
  async send(
    cabinetId: CabinetId,
    pointIds: number[],
    name: CommandName,
    args: Record<string, unknown>,
    createdBy: number | null,
  ): Promise<number[]> {
    const expiresAt = new Date(Date.now() + COMMAND_TTL_SECONDS * 1000);
    const rows = await this.options.commands.insert(cabinetId, pointIds, {
      name,
      args,
      createdBy,
      expiresAt,
    });
    const items = rows.map((r): [number, number] => [r.pointId, r.id]);
    setImmediate(() => {
      this.announce(name, args, items).catch((error: unknown) =>
        // Unannounced commands stay pending: each screen gets them at its next connection.
        this.options.log?.('commands not announced to other processes', error),
      );
    });
    return rows.map((r) => r.id);
  }

  private async announce(
    name: CommandName,
    args: Record<string, unknown>,
    items: [number, number][],
  ): Promise<void> {
    for (const [pointId, id] of items) if (this.sockets.has(pointId)) this.deliver(pointId, id, name, args);
    for (let i = 0; i < items.length; i += NOTIFY_CHUNK) {
      const event: BusEvent = {
        kind: 'commands',
        origin: this.origin,
        name,
        args,
        items: items.slice(i, i + NOTIFY_CHUNK),
      };
      await this.options.database.bus.publish(CHANNELS.fleet, JSON.stringify(event));
    }
  }

  private onBus(payload: string): void {
    let event: BusEvent;
    try {
      event = JSON.parse(payload) as BusEvent;
    } catch {
      return;
    }
    // Our own NOTIFY comes back too: those were delivered already.
    if (event.kind !== 'commands' || event.origin === this.origin) return;
    for (const [pointId, id] of event.items) {
      if (this.sockets.has(pointId)) this.deliver(pointId, id, event.name, event.args);
    }
  }

  private deliver(pointId: number, id: number, name: CommandName, args: Record<string, unknown>): void {
    const entry = this.sockets.get(pointId);
    if (!entry || entry.socket.readyState !== entry.socket.OPEN) return;
    const message: ServerMessage = { type: 'command', id, name, args };
    entry.socket.send(JSON.stringify(message));
    this.markSent(id);
  }

  private sent: number[] = [];

  /**
   * Commands written to sockets become SENT in one statement per turn of the event loop (a thousand
   * screens, one UPDATE). Only a PENDING command becomes SENT: an ack that came first is never overwritten.
   */
  private markSent(id: number): void {
    this.sent.push(id);
    if (this.sent.length > 1) return;
    setImmediate(() => {
      const ids = this.sent;
      this.sent = [];
      this.options.commands
        .platformMarkSent(ids, new Date())
        .catch((error: unknown) => this.options.log?.('commands not marked sent', error));
    });
  }

  private async onMessage(pointId: number, text: string, receivedAt = Date.now()): Promise<void> {
    let parsed: PlayerMessage;
    try {
      const result = PlayerMessage.safeParse(JSON.parse(text));
      if (!result.success) return;
      parsed = result.data;
    } catch {
      return;
    }
    if (parsed.type === 'heartbeat') {
      this.presence.seen(pointId, parsed.status);
      return;
    }
    if (parsed.type === 'clock') {
      const entry = this.sockets.get(pointId);
      if (!entry || entry.socket.readyState !== entry.socket.OPEN) return;
      const answer: ClockAnswer = { type: 'clock', t0: parsed.t0, t1: receivedAt, t2: Date.now() };
      entry.socket.send(JSON.stringify(answer));
      return;
    }
    await this.options.commands.platformMark(parsed.id, pointId, {
      status: parsed.ok ? 'DONE' : 'FAILED',
      message: parsed.message ?? null,
      ackedAt: new Date(),
    });
  }

  private pingQueue: number[] = [];
  /** When the current sweep of every socket began. */
  private sweptAt = Number.NEGATIVE_INFINITY;

  /** Pings the next slice of sockets; each socket is pinged once per ping interval. */
  private ping(): void {
    const interval = this.options.pingMs ?? HEARTBEAT_SECONDS * 1000;
    const tick = Math.min(1000, interval);
    if (this.pingQueue.length === 0) {
      // A sweep starts once per interval, however few the sockets: a small fleet's sweep ends within a
      // tick, and starting the next at once pinged (and marked seen) every socket every second.
      const now = Date.now();
      // (Half a tick early is on time: the timer itself runs a little late or early.)
      if (now - this.sweptAt < interval - tick / 2) return;
      this.sweptAt = now;
      this.pingQueue = [...this.sockets.keys()];
    }
    const slice = this.pingQueue.splice(0, Math.ceil((this.sockets.size * tick) / interval));
    for (const pointId of slice) {
      const entry = this.sockets.get(pointId);
      if (!entry) continue;
      if (!entry.alive) {
        entry.socket.terminate();
        continue;
      }
      entry.alive = false;
      entry.socket.ping();
      // A socket that answers pings is seen, even between the player's own heartbeats.
      this.presence.seen(pointId, null);
    }
  }
}
