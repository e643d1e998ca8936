import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverEntry = fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url));

export interface ServerProcess {
  url: string;
  pid: number;
  output: () => string;
  /** Sends the signal and waits for the process to be gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * The built server on a given port and data directory, for tests and benchmarks that stop it the hard
 * way (SIGKILL) and start it again on the same database. Resolves once it answers /api/health and has
 * printed its start-up lines.
 */
export async function spawnServer(options: {
  port: number;
  dataDir: string;
  env: Record<string, string>;
  nodeArgs?: string[];
}): Promise<ServerProcess> {
  seedDatabase(options.dataDir, options.env);
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), serverEntry], {
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: ServerProcess = {
    url: `http://127.0.0.1:${options.port}`,
    pid: child.pid!,
    output: () => output,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${server.url}/api/health`);
      if (res.ok && output.includes('Vitrine is running')) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.kill('SIGKILL');
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A new embedded database starts as a copy of the run's migrated one (e2e/support/global-setup.ts), when
 * the run made one; a database that is there already, or on PostgreSQL, is left alone.
 */
function seedDatabase(dataDir: string, env: Record<string, string>): void {
  const template = process.env.VITRINE_E2E_DB_TEMPLATE;
  const db = join(env.DATA_DIR ?? dataDir, 'db');
  if (!template || env.DATABASE_URL || existsSync(db)) return;
  cpSync(template, db, { recursive: true });
}

/** Whether a process is still there. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
