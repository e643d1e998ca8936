import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock.js';

const dirs: string[] = [];
const dataDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** The pid of a process that has ended (and so cannot be holding anything). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

/** A process that holds DATA_DIR's lock the way a server would, until it is killed. */
async function holder(dir: string): Promise<{ pid: number; kill(): Promise<void> }> {
  const lockModule = new URL('./data-dir-lock.ts', import.meta.url).pathname;
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import(${JSON.stringify(lockModule)}).then((m) => { m.lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000); });`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.once('exit', () => reject(new Error('lock holder exited')));
  });
  return {
    pid: child.pid!,
    kill: async () => {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await gone;
    },
  };
}

describe('the embedded database lock', () => {
  it('refuses a second holder while the first lives, saying why and what to use instead', async () => {
    const dir = await dataDir();
    const other = await holder(dir);
    try {
      let refusal: unknown;
      try {
        lockDataDir(dir);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(DataDirLockedError);
      const message = (refusal as Error).message;
      expect(message).toContain(`process ${other.pid} on host ${hostname()}`);
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('serves one process only');
      // The holder's lock is untouched.
      expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(other.pid);
    } finally {
      await other.kill();
    }
  });

  it('takes over the lock a killed process left, and gives it back on release', async () => {
    const dir = await dataDir();
    const other = await holder(dir);
    await other.kill();
    // SIGKILL runs no exit handler: the lock file stays behind.
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
    const lock = lockDataDir(dir);
    expect(lock.tookOver?.pid).toBe(other.pid);
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    // Held by this (living) process now: another taker is refused.
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    lockDataDir(dir).release();
  });

  it("never takes over another host's lock, whose process it cannot see", async () => {
    const dir = await dataDir();
    const path = join(dir, LOCK_FILE);
    writeFileSync(path, JSON.stringify({ pid: await deadPid(), host: 'elsewhere', startedAt: 'then' }));
    expect(() => lockDataDir(dir)).toThrow(
      /on host elsewhere[\s\S]*If host elsewhere no longer runs Vitrine/,
    );
    expect(JSON.parse(readFileSync(path, 'utf8')).host).toBe('elsewhere');
  });

  it('lets one of several takers have a stale lock', async () => {
    const dir = await dataDir();
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: await deadPid(), host: hostname(), startedAt: 'then' }),
    );
    const first = lockDataDir(dir);
    expect(first.tookOver).not.toBeNull();
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    first.release();
  });
});
