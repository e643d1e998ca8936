import { spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, signInToken, uploadImage } from './support/api.js';
import { createDatabase, testDatabaseUrl } from './support/database.js';
import { freePort } from './support/server.js';
import { spawnServer, type ServerProcess } from './support/server-process.js';

/**
 * Backup and restore as docs/deploying.md has them (`npm run backup`, `npm run restore`): an
 * installation's backup restored into an empty one has every user, file, playlist and proof-of-play row.
 * The embedded database is copied by its running server; a second process on its DATA_DIR is refused,
 * and the lock a killed server left is taken over. PostgreSQL goes through pg_dump and pg_restore.
 */
const ADMIN_PASSWORD = 'Admin-pass-1!';
const cliEntry = fileURLToPath(new URL('../apps/server/dist/cli.js', import.meta.url));
const serverEntry = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
const env = {
  ADMIN_PASSWORD,
  BILLING: 'off',
  BOT_CHECK: 'off',
  PASSWORD_MEMORY_COST: '1024',
  PASSWORD_TIME_COST: '1',
  FULLNESS_WORKERS: '1',
};
/** Each case starts two servers and runs the commands, each a process loading the whole server. */
const CASE_TIMEOUT = 180_000;
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function server(vars: Record<string, string>): Promise<ServerProcess & { dataDir: string }> {
  const dataDir = vars.DATA_DIR ?? (await tempDir('vitrine-backup-'));
  const started = await spawnServer({ port: await freePort(), dataDir, env: { ...env, ...vars } });
  cleanup.push(() => started.kill('SIGTERM'));
  return { ...started, dataDir };
}

/** A program with the server's environment; answers its exit code and what it printed. */
function node(entry: string, args: string[], vars: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [entry, ...args], {
      env: { ...process.env, ...env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...vars },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const today = () => new Date().toISOString().slice(0, 10);

interface Seeded {
  fileName: string;
  fileSha: string;
  playlist: string;
  shows: number;
  /** The day the shows were played (an hour before the seed: yesterday, just after midnight). */
  playedOn: string;
}

/** An owner, a file, a playlist and a screen's proof of play, made through the API. */
async function seed(base: string): Promise<Seeded> {
  const admin = await signInToken(base, 'admin', ADMIN_PASSWORD);
  await apiCall(base, '/user/post', {
    token: admin,
    body: { login: 'backupowner', name: 'Owner', password: 'secret-pass-1', role: 'owner' },
  });
  const owner = await signInToken(base, 'backupowner', 'secret-pass-1');
  const fileId = await uploadImage(base, owner, 'kept.png', { label: 'kept' });
  const file = await fileOf(base, owner, 'kept.png');
  const playlist = await apiCall<{ id: number }>(base, '/playlist/post', {
    token: owner,
    body: { name: 'Kept playlist', files: [{ fileId, duration: 10 }] },
  });
  const deviceKey = randomBytes(32).toString('hex');
  const { code } = await apiCall<{ code: string }>(base, '/player/pair', { body: { deviceKey } });
  await apiCall(base, `/point/bind-by-code/${code}`, { token: owner, body: {} });
  const { token } = await apiCall<{ token: string }>(base, '/player/claim', { body: { deviceKey, code } });
  const start = Date.now() - 3600_000;
  const events = [0, 1, 2].map((i) => ({
    eventId: randomUUID(),
    fileId,
    playlistId: playlist.id,
    startedAt: new Date(start + i * 10_000).toISOString(),
    endedAt: new Date(start + (i + 1) * 10_000).toISOString(),
    duration: 10,
  }));
  const res = await fetch(`${base}/api/player/playback`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ events }),
  });
  expect(res.status).toBe(200);
  return {
    fileName: 'kept.png',
    fileSha: file.sha,
    playlist: 'Kept playlist',
    shows: events.length,
    playedOn: new Date(start).toISOString().slice(0, 10),
  };
}

async function fileOf(base: string, token: string, name: string) {
  const { files } = await apiCall<{ files: { name: string; url: string }[] }>(base, '/file?limit=100', {
    token,
  });
  const file = files.find((f) => f.name === name);
  expect(file, name).toBeDefined();
  const bytes = Buffer.from(await (await fetch(`${base}${file!.url}`)).arrayBuffer());
  return { sha: sha(bytes) };
}

/** The restored installation has it all: the person signs in, the file is served whole, the rest listed. */
async function expectRestored(base: string, seeded: Seeded): Promise<void> {
  const owner = await signInToken(base, 'backupowner', 'secret-pass-1');
  expect((await fileOf(base, owner, seeded.fileName)).sha).toBe(seeded.fileSha);
  const playlists = await apiCall<{ items?: { name: string }[]; playlists?: { name: string }[] }>(
    base,
    '/playlist',
    { token: owner },
  );
  expect(JSON.stringify(playlists)).toContain(seeded.playlist);
  const shows = await apiCall<{ total: number }>(base, `/statistic?from=${seeded.playedOn}&to=${today()}`, {
    token: owner,
  });
  expect(shows.total).toBe(seeded.shows);
}

describe('backup and restore', () => {
  it(
    'of the embedded database: copied while it runs, restored into a new DATA_DIR',
    { timeout: CASE_TIMEOUT },
    async () => {
      const dataDir = await tempDir('vitrine-backup-a-');
      const running = await server({ DATA_DIR: dataDir });
      const seeded = await seed(running.url);

      // A second process on the same DATA_DIR is refused, saying why and what to use instead.
      const second = await node(serverEntry, [], { DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect(second.code).toBe(1);
      expect(second.output).toContain('serves one process only');
      expect(second.output).toContain('DATABASE_URL');

      const backupDir = join(await tempDir('vitrine-backup-dir-'), 'nightly');
      const backup = await node(cliEntry, ['backup', backupDir], { DATA_DIR: dataDir });
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain('the server is running');
      expect(JSON.parse(await readFile(join(backupDir, 'backup.json'), 'utf8'))).toMatchObject({
        database: 'pglite',
        files: { media: true },
      });

      // Killed: its lock stays behind, and the next taker (an offline backup here) takes it over.
      await running.kill('SIGKILL');
      const offline = await node(cliEntry, ['backup', join(backupDir, '..', 'offline')], {
        DATA_DIR: dataDir,
      });
      expect(offline.code, offline.output).toBe(0);
      expect(offline.output).toContain(`took over the lock left by process ${running.pid} (gone)`);

      const newDir = await tempDir('vitrine-backup-b-');
      const restored = await node(cliEntry, ['restore', backupDir], { DATA_DIR: newDir });
      expect(restored.code, restored.output).toBe(0);
      await expectRestored((await server({ DATA_DIR: newDir })).url, seeded);
    },
  );

  it.runIf(testDatabaseUrl)(
    'of PostgreSQL: pg_dump and the files, restored into an empty database',
    { timeout: CASE_TIMEOUT },
    async () => {
      const source = await createDatabase('vt_backup_src');
      cleanup.push(() => source.drop());
      const running = await server({ DATABASE_URL: source.url });
      const seeded = await seed(running.url);
      const backupDir = join(await tempDir('vitrine-backup-pg-'), 'nightly');
      const backup = await node(cliEntry, ['backup', backupDir], {
        DATABASE_URL: source.url,
        DATA_DIR: running.dataDir,
      });
      expect(backup.code, backup.output).toBe(0);

      const target = await createDatabase('vt_backup_dst');
      cleanup.push(() => target.drop());
      const newDir = await tempDir('vitrine-backup-pg-new-');
      const restored = await node(cliEntry, ['restore', backupDir], {
        DATABASE_URL: target.url,
        DATA_DIR: newDir,
      });
      expect(restored.code, restored.output).toBe(0);
      // Restoring over a database that holds something is refused.
      const again = await node(cliEntry, ['restore', backupDir], {
        DATABASE_URL: target.url,
        DATA_DIR: newDir,
      });
      expect(again.output).toContain('is not empty');
      await expectRestored((await server({ DATABASE_URL: target.url, DATA_DIR: newDir })).url, seeded);
    },
  );
});
