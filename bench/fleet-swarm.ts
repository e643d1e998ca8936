import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { HEARTBEAT_SECONDS, type PlayerReport, type ServerMessage } from '@vitrine/core';
import { sleep } from './support.js';

/**
 * Simulated players for bench/fleet and bench/fleet-node: one `ws` socket each, a heartbeat at connect and
 * every 30 s (spread over the interval), each heartbeat followed by a ping on the same socket whose pong
 * times it; commands are acknowledged as a player does. `Churn` drops and reconnects 1% of them every 10 s.
 */

const HEARTBEAT_MS = HEARTBEAT_SECONDS * 1000;
/** Heartbeats at or over this are counted as slow (the fleet goal's p99). */
export const TARGET_P99_MS = 50;
/** Players connecting at once while the fleet ramps up (BENCH_FLEET_RAMP_BATCH). */
const RAMP_BATCH = Number(process.env.BENCH_FLEET_RAMP_BATCH ?? 500);
const CHURN_EVERY_MS = 10_000;
export const CHURN_FRACTION = 0.01;
export { CHURN_EVERY_MS };
const PONG_LOST_MS = 10_000;

/** Heartbeat round trips of one window, with when each heartbeat was sent (epoch ms). */
export interface Bucket {
  startedAt: number;
  rtt: number[];
  sentAt: number[];
}

/** Heartbeats at or over the target, grouped into bursts (gaps under 1 s): "+10.0 s (85), +40.1 s (171)". */
export function slowBursts(bucket: Bucket): { count: number; bursts: string } {
  const slow = bucket.sentAt
    .map((at, i) => ({ at: at - bucket.startedAt, rtt: bucket.rtt[i]! }))
    .filter((s) => s.rtt >= TARGET_P99_MS)
    .sort((a, b) => a.at - b.at);
  const bursts: { at: number; last: number; n: number }[] = [];
  for (const s of slow) {
    const last = bursts.at(-1);
    if (last && s.at - last.last < 1000) {
      last.last = s.at;
      last.n += 1;
    } else bursts.push({ at: s.at, last: s.at, n: 1 });
  }
  return {
    count: slow.length,
    bursts: bursts.map((b) => `+${(b.at / 1000).toFixed(1)} s (${b.n})`).join(', '),
  };
}

export interface Player {
  pointId: number;
  token: string;
  socket: WebSocket | null;
  timer: NodeJS.Timeout | null;
  /** The heartbeat ping waiting for its pong, and the window it counts in (null: not measured). */
  pending: { at: number; bucket: Bucket | null } | null;
  probe: ((at: number) => void) | null;
  dropping: boolean;
  seen: Set<number>;
  bootAt: number;
}

/** N players against one address; every socket in this process. */
export class Swarm {
  readonly players: Player[];
  /** Heartbeat round trips of the current window go here. */
  bucket: Bucket | null = null;
  lost = 0;
  skipped = 0;
  duplicates = 0;
  closedByServer = new Map<number, number>();
  onCommand: ((player: Player, message: ServerMessage, at: number) => void) | null = null;
  private closing = false;

  constructor(
    private readonly base: string,
    screens: { pointId: number; token: string }[],
    /** The address the sockets leave from (a process's own 127.0.0.x: each has its own ports). */
    private readonly options: { localAddress?: string; rampBatch?: number } = {},
  ) {
    this.players = screens.map((s) => ({
      ...s,
      socket: null,
      timer: null,
      pending: null,
      probe: null,
      dropping: false,
      seen: new Set(),
      bootAt: Date.now(),
    }));
  }

  get connected(): number {
    return this.players.filter((p) => p.socket).length;
  }

  connect(p: Player): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = new WebSocket(`${this.base}?token=${encodeURIComponent(p.token)}`, {
        perMessageDeflate: false,
        ...(this.options.localAddress ? { localAddress: this.options.localAddress } : {}),
      });
      let opened = false;
      const timeout = setTimeout(() => {
        socket.terminate();
        resolve(false);
      }, 15_000);
      socket.on('open', () => {
        opened = true;
        clearTimeout(timeout);
        p.socket = socket;
        p.dropping = false;
        this.heartbeat(p);
        // Spread over the interval, so the heartbeats of one ramp batch do not come together.
        p.timer = setTimeout(() => {
          if (p.socket !== socket) return;
          this.heartbeat(p);
          p.timer = setInterval(() => this.heartbeat(p), HEARTBEAT_MS);
        }, Math.random() * HEARTBEAT_MS);
        resolve(true);
      });
      socket.on('error', () => {
        if (opened) return;
        clearTimeout(timeout);
        resolve(false);
      });
      socket.on('message', (data) => this.onMessage(p, socket, String(data)));
      socket.on('pong', (data) => this.onPong(p, data));
      socket.on('close', (code) => {
        if (p.socket !== socket) return;
        p.socket = null;
        p.pending = null;
        if (p.timer) clearTimeout(p.timer);
        p.timer = null;
        if (!p.dropping && !this.closing)
          this.closedByServer.set(code, (this.closedByServer.get(code) ?? 0) + 1);
      });
    });
  }

  /** Connects players [0, n) that are not connected, RAMP_BATCH (or the swarm's own batch) at a time. */
  async rampTo(n: number): Promise<{ failed: number; seconds: number }> {
    const start = performance.now();
    const todo = this.players.slice(0, n).filter((p) => !p.socket);
    let failed = 0;
    const batch = this.options.rampBatch ?? RAMP_BATCH;
    for (let i = 0; i < todo.length; i += batch) {
      const results = await Promise.all(todo.slice(i, i + batch).map((p) => this.connect(p)));
      failed += results.filter((ok) => !ok).length;
    }
    return { failed, seconds: (performance.now() - start) / 1000 };
  }

  heartbeat(p: Player): void {
    const socket = p.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    const status: PlayerReport = {
      version: 'bench-1.0.0',
      resolution: '1920x1080',
      freeStorage: 8_000_000_000,
      currentItem: 'bench-loop.mp4',
      uptime: Math.round((Date.now() - p.bootAt) / 1000),
      contentVersion: null,
      native: false,
    };
    socket.send(JSON.stringify({ type: 'heartbeat', status }));
    const now = performance.now();
    if (p.pending && now - p.pending.at > PONG_LOST_MS) {
      if (p.pending.bucket) this.lost += 1;
      p.pending = null;
    }
    if (p.pending) {
      this.skipped += 1;
      return;
    }
    p.pending = { at: now, bucket: this.bucket };
    socket.ping();
  }

  private onPong(p: Player, data: Buffer): void {
    const at = performance.now();
    if (data.length > 0) {
      p.probe?.(at);
      return;
    }
    if (!p.pending) return;
    if (p.pending.bucket) {
      p.pending.bucket.rtt.push(at - p.pending.at);
      p.pending.bucket.sentAt.push(performance.timeOrigin + p.pending.at);
    }
    p.pending = null;
  }

  private onMessage(p: Player, socket: WebSocket, text: string): void {
    let message: { type?: unknown; id?: unknown };
    try {
      message = JSON.parse(text) as { type?: unknown; id?: unknown };
    } catch {
      return;
    }
    if (message.type !== 'command' || typeof message.id !== 'number') return;
    const at = performance.now();
    if (p.seen.has(message.id)) this.duplicates += 1;
    else {
      p.seen.add(message.id);
      this.onCommand?.(p, message as ServerMessage, at);
    }
    socket.send(JSON.stringify({ type: 'ack', id: message.id, ok: true }));
  }

  /** One ping's round trip on the player's socket, with a payload so it is not taken for a heartbeat's. */
  probe(p: Player): Promise<number> {
    return new Promise((resolve, reject) => {
      const socket = p.socket;
      if (!socket) return reject(new Error('probe: player not connected'));
      const t0 = performance.now();
      const timeout = setTimeout(() => reject(new Error('probe: no pong')), 5000);
      p.probe = (at) => {
        clearTimeout(timeout);
        p.probe = null;
        resolve(at - t0);
      };
      socket.ping(Buffer.from('probe'));
    });
  }

  /** Drops the socket as a network failure would (no close handshake). */
  drop(p: Player): void {
    p.dropping = true;
    p.socket?.terminate();
  }

  async closeAll(): Promise<void> {
    this.closing = true;
    const closed = this.players
      .filter((p) => p.socket)
      .map((p) => new Promise<void>((resolve) => p.socket!.once('close', () => resolve())));
    for (const p of this.players) {
      if (p.timer) clearTimeout(p.timer);
      p.socket?.terminate();
    }
    await Promise.race([Promise.all(closed), sleep(10_000)]);
    this.closing = false;
  }
}

/** 1% of the connected players every 10 s drop, then reconnect after 250-2000 ms (up to three tries). */
export class Churn {
  reconnects = 0;
  failed = 0;
  readonly connectTimes: number[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly inflight = new Set<Promise<void>>();

  constructor(
    private readonly swarm: Swarm,
    private readonly n: number,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.tick(), CHURN_EVERY_MS);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await Promise.all(this.inflight);
  }

  private tick(): void {
    const live = this.swarm.players.slice(0, this.n).filter((p) => p.socket && !p.dropping);
    const k = Math.ceil(this.n * CHURN_FRACTION);
    for (let i = 0; i < k && live.length > 0; i += 1) {
      const [p] = live.splice(Math.floor(Math.random() * live.length), 1);
      this.swarm.drop(p!);
      const job = (async () => {
        for (let attempt = 0; attempt < 3; attempt += 1) {
          await sleep(250 + Math.random() * 1750);
          const t0 = performance.now();
          if (await this.swarm.connect(p!)) {
            this.reconnects += 1;
            this.connectTimes.push(performance.now() - t0);
            return;
          }
        }
        this.failed += 1;
      })();
      this.inflight.add(job);
      void job.finally(() => this.inflight.delete(job));
    }
  }
}
