import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Churn, Swarm, type Bucket } from './fleet-swarm.js';
import { sleep } from './support.js';

/**
 * One process of bench/fleet-node's players (run by it with an IPC channel): its share of the screens,
 * its sockets leaving from its own 127.0.0.x so that the processes together are not bound by one
 * address's ephemeral ports (28,000 here), and its own limit of open files.
 *
 * Messages: `init` (the address, its screens, its ramp batch), `ramp` (connect the first n), `window`
 * (heartbeats from now on count, churn starts), `end` (the window's samples are sent back), `close`.
 */

export type ToPlayers =
  | {
      type: 'init';
      base: string;
      screens: { pointId: number; token: string }[];
      localAddress: string;
      rampBatch: number;
    }
  | { type: 'ramp'; n: number }
  | { type: 'window'; n: number; churn: boolean }
  | { type: 'end' }
  | { type: 'close' };

export interface WindowSamples {
  rtt: number[];
  sentAt: number[];
  lost: number;
  reconnects: number;
  reconnectFailed: number;
  connectTimes: number[];
  cpuSeconds: number;
  lagP99: number;
  closedByServer: Record<string, number>;
}

export type FromPlayers =
  | { type: 'ready' }
  | { type: 'ramped'; failed: number; seconds: number; connected: number }
  | ({ type: 'window' } & WindowSamples)
  | { type: 'closed' };

const send = (message: FromPlayers) => process.send!(message);

let swarm: Swarm | null = null;
let window: { bucket: Bucket; churn: Churn; lostBefore: number; cpu: NodeJS.CpuUsage } | null = null;
const lag = monitorEventLoopDelay({ resolution: 10 });

async function handle(message: ToPlayers): Promise<void> {
  switch (message.type) {
    case 'init':
      swarm = new Swarm(message.base, message.screens, {
        localAddress: message.localAddress,
        rampBatch: message.rampBatch,
      });
      return;
    case 'ramp': {
      const ramp = await swarm!.rampTo(message.n);
      send({ type: 'ramped', ...ramp, connected: swarm!.connected });
      return;
    }
    case 'window': {
      const bucket: Bucket = { startedAt: performance.timeOrigin + performance.now(), rtt: [], sentAt: [] };
      swarm!.bucket = bucket;
      swarm!.closedByServer.clear();
      const churn = new Churn(swarm!, message.n);
      if (message.churn) churn.start();
      lag.reset();
      lag.enable();
      window = { bucket, churn, lostBefore: swarm!.lost, cpu: process.cpuUsage() };
      return;
    }
    case 'end': {
      const w = window!;
      swarm!.bucket = null;
      const cpu = process.cpuUsage(w.cpu);
      lag.disable();
      await w.churn.stop();
      await sleep(2000); // late pongs still count
      const outstanding = swarm!.players.filter((p) => p.pending?.bucket === w.bucket).length;
      send({
        type: 'window',
        rtt: w.bucket.rtt,
        sentAt: w.bucket.sentAt,
        lost: outstanding + swarm!.lost - w.lostBefore,
        reconnects: w.churn.reconnects,
        reconnectFailed: w.churn.failed,
        connectTimes: w.churn.connectTimes,
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
        lagP99: lag.percentile(99) / 1e6,
        closedByServer: Object.fromEntries(swarm!.closedByServer),
      });
      window = null;
      return;
    }
    case 'close':
      await swarm?.closeAll();
      send({ type: 'closed' });
      process.exit(0);
  }
}

process.on('message', (message: ToPlayers) => {
  handle(message).catch((error: unknown) => {
    process.stderr.write(`fleet-players: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
});
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
