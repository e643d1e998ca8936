import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer } from './server-process.js';

export interface RunningServer {
  url: string;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

/** A port nothing listens on right now (the benchmarks use it too). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts the built server as `npm start` would, on a free port with its own data directory. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'vitrine-e2e-'));
  const server = await spawnServer({
    port,
    dataDir,
    // A busy test machine may take a while to plan a dashboard's fullness: its figures come whole.
    // Billing's limits and the bot check are off but in their own browser tests, which turn them on.
    env: { FULLNESS_WAIT_MS: '20000', FULLNESS_WORKERS: '1', BILLING: 'off', BOT_CHECK: 'off', ...env },
  });
  return {
    url: server.url,
    dataDir,
    output: server.output,
    async stop() {
      await server.kill('SIGTERM');
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
