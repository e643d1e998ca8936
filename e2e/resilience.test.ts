import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { apiCall, signInToken } from './support/api.js';
import { createDatabase, testDatabaseUrl } from './support/database.js';
import { freePort } from './support/server.js';
import { processAlive, spawnServer, type ServerProcess } from './support/server-process.js';

/**
 * The server process under failing handlers: while its PostgreSQL database refuses every connection, a
 * screen's socket messages, presence writes, HTTP calls and background jobs all fail, and the process
 * keeps serving (a clear 500 or 503, nothing it did not already print); once the database is back, it
 * goes on as before. Its log never carries a statement's parameters, a password hash or a token.
 */
const ADMIN_PASSWORD = 'Admin-pass-1!';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let database: { url: string; drop(): Promise<void> };
let dataDir: string;
let server: ServerProcess;

const run = testDatabaseUrl ? describe : describe.skip;

beforeAll(async () => {
  if (!testDatabaseUrl) return;
  database = await createDatabase('vt_resilience');
  dataDir = await mkdtemp(join(tmpdir(), 'vitrine-resilience-'));
  server = await spawnServer({
    port: await freePort(),
    dataDir,
    env: {
      DATABASE_URL: database.url,
      ADMIN_PASSWORD,
      FLEET_FLUSH_MS: '200',
      LOG_LEVEL: 'info',
      PASSWORD_MEMORY_COST: '1024',
      PASSWORD_TIME_COST: '1',
    },
  });
});

afterAll(async () => {
  if (!testDatabaseUrl) return;
  await server?.kill('SIGTERM');
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

/** Refuses (true) or allows new connections to the test database, ending the ones it has. */
async function blockDatabase(blocked: boolean): Promise<void> {
  const name = new URL(database.url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  try {
    await admin.query(`alter database ${name} allow_connections ${blocked ? 'false' : 'true'}`);
    if (blocked) {
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
    }
  } finally {
    await admin.end();
  }
}

run('a server whose database fails', () => {
  it('keeps serving through failing socket handlers and requests, and recovers', async () => {
    const token = await signInToken(server.url, 'admin', ADMIN_PASSWORD);
    const owner = await apiCall<{ id: number }>(server.url, '/user/post', {
      token,
      body: { login: 'owner1', name: 'Owner', password: 'owner-pass-1', role: 'owner' },
    });
    expect(owner.id).toBeGreaterThan(0);
    const ownerToken = await signInToken(server.url, 'owner1', 'owner-pass-1');
    const deviceKey = randomBytes(32).toString('hex');
    const { code } = await apiCall<{ code: string }>(server.url, '/player/pair', { body: { deviceKey } });
    const point = await apiCall<{ id: number }>(server.url, `/point/bind-by-code/${code}`, {
      token: ownerToken,
      body: { name: 'Lobby' },
    });
    const claimed = await apiCall<{ token: string }>(server.url, '/player/claim', {
      body: { deviceKey, code },
    });

    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/player/ws?token=${claimed.token}`);
    const commands: { id: number }[] = [];
    socket.on('message', (data) => commands.push(JSON.parse(data.toString()) as { id: number }));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    await apiCall(server.url, '/point/send-reload', { token: ownerToken, body: { ids: [point.id] } });
    await expect.poll(() => commands.length).toBe(1);

    await blockDatabase(true);
    try {
      // The ack's write, the heartbeat's presence write and the HTTP calls all fail against the database.
      socket.send(JSON.stringify({ type: 'ack', id: commands[0]!.id, ok: true }));
      const report = {
        version: '1',
        resolution: '1920x1080',
        freeStorage: 1,
        currentItem: 'during-outage.png',
        uptime: 1,
        contentVersion: null,
        native: false,
      };
      socket.send(JSON.stringify({ type: 'heartbeat', status: report }));
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(503);
      const list = await fetch(`${server.url}/api/point`, {
        headers: { authorization: `Bearer ${ownerToken}` },
      });
      expect(list.status).toBe(500);
      expect(await list.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL' });
      await sleep(1500);
      expect(processAlive(server.pid)).toBe(true);
      expect(socket.readyState).toBe(WebSocket.OPEN);
    } finally {
      await blockDatabase(false);
    }

    // Back: the server answers again, the socket it kept works, and the presence kept for it is written.
    await expect
      .poll(async () => (await fetch(`${server.url}/api/health`)).status, { timeout: 20_000, interval: 250 })
      .toBe(200);
    socket.send(
      JSON.stringify({
        type: 'heartbeat',
        status: {
          version: '1',
          resolution: '1920x1080',
          freeStorage: 1,
          currentItem: 'after.png',
          uptime: 2,
          contentVersion: null,
          native: false,
        },
      }),
    );
    await expect
      .poll(
        async () =>
          (
            await apiCall<{ player: { currentItem: string } | null; status: string }>(
              server.url,
              `/point/${point.id}`,
              { token: ownerToken },
            )
          ).player?.currentItem,
        { timeout: 10_000, interval: 250 },
      )
      .toBe('after.png');
    socket.close();

    const log = server.output();
    expect(log).toContain('presence not written');
    expect(log).not.toMatch(/params:/);
    expect(log).not.toMatch(/\$argon2/);
    expect(log).not.toContain(claimed.token);
    expect(log).not.toMatch(/vtd_[A-Za-z0-9_-]{10,}/);
    expect(processAlive(server.pid)).toBe(true);
  });
});
