import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { apiCall, signInToken } from './support/api.js';
import { createDatabase, testDatabaseUrl } from './support/database.js';
import { startProxy, type RunningProxy } from './support/nginx.js';
import { freePort } from './support/server.js';
import { spawnServer, type ServerProcess } from './support/server-process.js';

/**
 * An installation as docs/deploying.md sets it up, all processes sharing their processes to keep the
 * suite's time: three server processes start at the same moment on an empty PostgreSQL database; two
 * share one DATA_DIR behind nginx running the shipped configuration (docs/deploying/nginx.conf), the
 * third has a DATA_DIR of its own and must say so. Through the proxy: the cabinet loads, a 50 MB
 * resumable upload arrives whole, a paired screen's websocket takes commands sent through either
 * process, and a rate limit holds for both processes together. Timed work ran once, not once a process.
 */
const ADMIN_PASSWORD = 'Admin-pass-1!';
const FORM_RATE = 6;
const MiB = 1024 * 1024;
const run = testDatabaseUrl ? describe : describe.skip;

let database: { url: string; drop(): Promise<void> };
let sharedDir: string;
let otherDir: string;
let proxyDir: string;
let servers: ServerProcess[] = [];
let proxy: RunningProxy;
let base: string;
let ownerToken: string;

beforeAll(async () => {
  if (!testDatabaseUrl) return;
  database = await createDatabase('vt_deploy');
  sharedDir = await mkdtemp(join(tmpdir(), 'vitrine-deploy-shared-'));
  otherDir = await mkdtemp(join(tmpdir(), 'vitrine-deploy-other-'));
  proxyDir = await mkdtemp(join(tmpdir(), 'vitrine-deploy-nginx-'));
  const proxyPort = await freePort();
  base = `http://127.0.0.1:${proxyPort}`;
  const env = {
    DATABASE_URL: database.url,
    ADMIN_PASSWORD,
    TRUST_PROXY: 'true',
    PUBLIC_URL: base,
    PUBLIC_FORM_RATE: String(FORM_RATE),
    BILLING: 'off',
    BOT_CHECK: 'off',
    LOG_LEVEL: 'warn',
    PASSWORD_MEMORY_COST: '1024',
    PASSWORD_TIME_COST: '1',
    FULLNESS_WORKERS: '1',
  };
  // The start race: all three at the same moment, on a database nobody has migrated.
  servers = await Promise.all(
    [sharedDir, sharedDir, otherDir].map(async (dataDir) =>
      spawnServer({ port: await freePort(), dataDir, env }),
    ),
  );
  proxy = await startProxy(
    proxyDir,
    servers.slice(0, 2).map((s) => s.url.replace('http://', '')),
    proxyPort,
  );
  const adminToken = await signInToken(base, 'admin', ADMIN_PASSWORD);
  await apiCall(base, '/user/post', {
    token: adminToken,
    body: { login: 'deployowner', name: 'Owner', password: 'secret-pass-1', role: 'owner' },
  });
  ownerToken = await signInToken(base, 'deployowner', 'secret-pass-1');
});

afterAll(async () => {
  if (!testDatabaseUrl) return;
  await proxy?.stop();
  await Promise.all(servers.map((s) => s.kill('SIGTERM')));
  await database?.drop();
  for (const dir of [sharedDir, otherDir, proxyDir]) if (dir) await rm(dir, { recursive: true, force: true });
});

async function query<T>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

run('an installation of several processes', () => {
  it('comes up whole when three processes start at once on an empty database', async () => {
    for (const server of servers) {
      expect(server.output()).toContain('Vitrine is running');
      expect(server.output()).not.toContain('pg-boss could not start');
      expect((await fetch(`${server.url}/api/health`)).ok).toBe(true);
    }
    // One admin, one stock cabinet, one set of tariffs, whoever made them.
    expect(await query(`select id from users where login = 'admin'`)).toHaveLength(1);
    expect(await query(`select key from app_settings where key = 'stock_cabinet_id'`)).toHaveLength(1);
    // pg-boss's schema was made once, its queue is there for every process.
    expect(await query(`select name from pgboss.queue where name = 'statistic-export'`)).toHaveLength(1);
  });

  it('does timed work once for the installation, not once a process', async () => {
    const jobs = await query<{ name: string; runs: number }>(`select name, runs from timed_jobs`);
    const runs = Object.fromEntries(jobs.map((j) => [j.name, j.runs]));
    // Three processes each looked at start: the hourly sweep and the export cleanup ran once.
    expect(runs.maintenance).toBe(1);
    expect(runs['export-cleanup']).toBe(1);
  });

  it('says loudly when a process does not share the installation’s files', async () => {
    // Whichever DATA_DIR's process got through the start first holds the installation's files; the
    // processes on the other say so (with the shared DATA_DIR first, that is the third process alone).
    const [installation] = await query<{ value: string }>(
      `select value from app_settings where key = 'storage_id'`,
    );
    // (A DATA_DIR that was not the first has no id of its own: it is told instead.)
    const sharedId = await readFile(join(sharedDir, 'media', 'vitrine-storage-id'), 'utf8').catch(() => '');
    const notShared = "is not the one the installation's files are in";
    const told = (i: number) => servers[i]!.output().includes(notShared);
    const dirOf = [sharedDir, sharedDir, otherDir];
    const losers = installation!.value === sharedId.trim() ? [2] : [0, 1];
    for (const i of [0, 1, 2]) expect(told(i), `process ${i}`).toBe(losers.includes(i));
    const loser = losers[0]!;
    expect(servers[loser]!.output()).toContain(
      `!!! WARNING\n!!! This process's DATA_DIR (${dirOf[loser]}) ${notShared}`,
    );
  });

  it('serves the cabinet through the proxy', async () => {
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect((await fetch(`${base}${asset}`)).status, asset).toBe(200);
    expect((await fetch(`${base}/player/`)).status).toBe(200);
    const info = await apiCall<{ user: { login: string } }>(base, '/user/info', { token: ownerToken });
    expect(info.user.login).toBe('deployowner');
  });

  it('takes a 50 MB resumable upload through the proxy, its chunks on either process', async () => {
    const png = await sharp({
      create: {
        width: 4096,
        height: 4096,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 64 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(50_000_000);
    const tus = { 'tus-resumable': '1.0.0', authorization: `Bearer ${ownerToken}` };
    const b64 = (value: string) => Buffer.from(value).toString('base64');
    const created = await fetch(`${base}/api/file/tus`, {
      method: 'POST',
      headers: {
        ...tus,
        'upload-length': String(png.length),
        'upload-metadata': `filename ${b64('noise.png')},folderId ${b64('0')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location')!, base).toString();
    expect(location.startsWith(`${base}/api/file/tus/`)).toBe(true);
    let offset = 0;
    let last: Response | undefined;
    while (offset < png.length) {
      const chunk = png.subarray(offset, offset + 8 * MiB);
      last = await fetch(location, {
        method: 'PATCH',
        headers: {
          ...tus,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: chunk,
      });
      expect(last.status, await last.clone().text()).toBeLessThan(300);
      offset += chunk.length;
    }
    const file = (await last!.json()) as { id: number; size: number; url: string };
    expect(file.size).toBe(png.length);
    // Served whole by either process behind the proxy.
    const digest = createHash('sha256').update(png).digest('hex');
    for (let i = 0; i < 2; i += 1) {
      const bytes = Buffer.from(await (await fetch(`${base}${file.url}`)).arrayBuffer());
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(digest);
    }
  });

  it('carries a paired screen’s websocket, and commands sent through either process reach it', async () => {
    const deviceKey = randomBytes(32).toString('hex');
    const { code } = await apiCall<{ code: string }>(base, '/player/pair', { body: { deviceKey } });
    const point = await apiCall<{ id: number }>(base, `/point/bind-by-code/${code}`, {
      token: ownerToken,
      body: {},
    });
    const { token } = await apiCall<{ token: string }>(base, '/player/claim', { body: { deviceKey, code } });
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/player/ws?token=${token}`);
    const commands: { name?: string }[] = [];
    socket.on('message', (data) => commands.push(JSON.parse(data.toString()) as { name?: string }));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    try {
      // Round robin: these reach the two processes in turn; the screen is on one of them.
      for (let i = 0; i < 4; i += 1) {
        await apiCall(base, '/point/send-reload', { token: ownerToken, body: { ids: [point.id] } });
      }
      await expect.poll(() => commands.filter((c) => c.name === 'reload').length).toBe(4);
    } finally {
      socket.close();
    }
  });

  it('holds a rate limit for both processes together', async () => {
    const ask = () =>
      fetch(`${base}/api/user/verify-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: 'x'.repeat(43) }),
      });
    const statuses: number[] = [];
    // Twice the rate, alternating between the processes: the rate holds overall, not per process.
    for (let i = 0; i < FORM_RATE * 2; i += 1) statuses.push((await ask()).status);
    expect(statuses.slice(0, FORM_RATE)).not.toContain(429);
    expect(statuses.slice(FORM_RATE)).toEqual(Array(FORM_RATE).fill(429));
  });
});
