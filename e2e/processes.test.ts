import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, testDatabaseUrl } from './support/database.js';
import { acceptedOn, childrenOf, holds } from './support/procfs.js';
import { freePort } from './support/server.js';

/**
 * PROCESSES=2 (docs/deploying.md): one command starts two server processes on one port, on PostgreSQL.
 * Connections are shared between them, one that dies is replaced while the other serves, a stop ends
 * them all, and a start that cannot serve (no database) ends with an error instead of starting again.
 */
const serverEntry = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
const run = testDatabaseUrl ? describe : describe.skip;

interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

function start(databaseUrl: string, dataDir: string, port: number): Started {
  let output = '';
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      PROCESSES: '2',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ADMIN_PASSWORD: 'Admin-pass-1!',
      LOG_LEVEL: 'warn',
      BILLING: 'off',
      FULLNESS_WORKERS: '1',
      PASSWORD_MEMORY_COST: '1024',
      PASSWORD_TIME_COST: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, output: () => output, exited };
}

/** Polls `check` every 100 ms until it holds (what it waits for is named in the failure). */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const healthy = async (port: number) => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
  } catch {
    return false;
  }
};

let database: { url: string; drop(): Promise<void> };
let dataDir: string;
let server: Started;

beforeAll(async () => {
  if (!testDatabaseUrl) return;
  database = await createDatabase('vt_processes');
  dataDir = await mkdtemp(join(tmpdir(), 'vitrine-processes-'));
  server = start(database.url, dataDir, await freePort());
  await until('both processes to listen', () => server.output().includes('2 server processes share port'));
});

afterAll(async () => {
  if (!testDatabaseUrl) return;
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

run('PROCESSES=2', () => {
  it('starts two server processes that share the port and print the start-up lines once', async () => {
    const pid = server.child.pid!;
    expect(childrenOf(pid)).toHaveLength(2);
    expect(server.output().match(/Vitrine is running/g)).toHaveLength(1);
    expect(server.output()).toMatch(/server process 1 \(pid \d+\) is listening/);

    // Twenty connections held open: the supervisor hands them out in turn, so both processes hold some.
    const sockets: Socket[] = [];
    for (let i = 0; i < 20; i += 1) {
      const socket = connect(server.port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      sockets.push(socket);
    }
    try {
      let held: number[] = [];
      await until('the connections to reach the processes', () => {
        const accepted = acceptedOn(server.port);
        held = childrenOf(pid).map((child) => holds(child, accepted));
        return held.reduce((a, b) => a + b, 0) === 20;
      });
      expect(held.every((n) => n >= 5)).toBe(true);
      expect(holds(pid, acceptedOn(server.port))).toBe(0); // the supervisor keeps none
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });

  it('replaces a process that dies while the other serves', async () => {
    const pid = server.child.pid!;
    const [victim, survivor] = childrenOf(pid);
    process.kill(victim!, 'SIGKILL');
    await until('the process to be gone', () => !existsSync(`/proc/${victim}`));
    for (let i = 0; i < 10; i += 1) expect(await healthy(server.port)).toBe(true);
    await until('another process in its place', () => {
      const now = childrenOf(pid);
      return now.length === 2 && now.includes(survivor!) && !now.includes(victim!);
    });
    await until('the new process to listen', () =>
      /server process \d \(pid \d+\) is listening[\s\S]*server process \d \(pid \d+\) is listening/.test(
        server.output(),
      ),
    );
    expect(server.output()).toMatch(/ended \(signal SIGKILL\): another in 1 s/);
    expect(server.output().match(/Vitrine is running/g)).toHaveLength(1);
  });

  it('stops every process on SIGTERM and exits 0', async () => {
    const pid = server.child.pid!;
    const children = childrenOf(pid);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    for (const child of children) expect(existsSync(`/proc/${child}`)).toBe(false);
  });

  it('ends with an error when its processes cannot start, rather than start them again', async () => {
    const missing = new URL(database.url);
    missing.pathname = '/vt_processes_missing_database';
    const failed = start(missing.toString(), dataDir, await freePort());
    expect(await failed.exited).toBe(1);
    expect(failed.output()).toMatch(/server process \d ended before it listened \(code 1\): stopping/);
  });
});
