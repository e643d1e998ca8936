import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** Who holds an embedded database: written into the lock file, read back by the next taker. */
export interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
}

export interface DataDirLock {
  readonly path: string;
  /** A lock a crashed process left that this one took over (its owner), if any. */
  readonly tookOver: LockOwner | null;
  /** Removes the lock file if it is still this process's. */
  release(): void;
}

export const LOCK_FILE = 'vitrine.lock';

/** Why a second process may not open the embedded database, and what to do instead. */
export class DataDirLockedError extends Error {
  constructor(
    readonly path: string,
    readonly owner: LockOwner | null,
  ) {
    const who = owner
      ? `process ${owner.pid} on host ${owner.host}, started ${owner.startedAt}`
      : 'another process (its lock file cannot be read)';
    super(
      [
        `The embedded database in this DATA_DIR is in use by ${who}.`,
        'The embedded database (PGlite) serves one process only: a second process on it would see only its own',
        'writes and lose them. Stop the other process first, or run several processes on one PostgreSQL database',
        '(set DATABASE_URL=postgres://...; see docs/deploying.md).',
        owner && owner.host !== hostname()
          ? `If host ${owner.host} no longer runs Vitrine on this DATA_DIR, remove ${path} and start again.`
          : `If no such process runs Vitrine, remove ${path} and start again.`,
      ].join('\n'),
    );
    this.name = 'DataDirLockedError';
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function readOwner(path: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>;
    if (typeof owner.pid !== 'number' || typeof owner.host !== 'string') return null;
    return { pid: owner.pid, host: owner.host, startedAt: String(owner.startedAt ?? '?') };
  } catch {
    return null;
  }
}

/** A lock whose process is gone: on this host only (another host's processes cannot be seen). */
const isStale = (owner: LockOwner | null): owner is LockOwner =>
  owner !== null && owner.host === hostname() && owner.pid !== process.pid && !alive(owner.pid);

/**
 * Creates `path` holding `owner`, atomically: the content is written to a file of this process's own and
 * hard-linked into place, so the lock either does not exist or is whole (link fails when it exists).
 */
function create(path: string, owner: LockOwner): boolean {
  const mine = `${path}.${owner.pid}.tmp`;
  writeFileSync(mine, JSON.stringify(owner));
  try {
    linkSync(mine, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(mine);
  }
}

/**
 * Takes DATA_DIR's lock for the embedded database: one process per data directory. A lock left by a
 * process that is gone (on this host) is taken over; taking it over is itself done under a second lock,
 * so two processes finding the same stale lock cannot both take it.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  let tookOver: LockOwner | null = null;
  if (!create(path, me)) {
    const owner = readOwner(path);
    if (!isStale(owner)) throw new DataDirLockedError(path, owner);
    const takeover = `${path}.takeover`;
    if (!create(takeover, me)) {
      // Someone is taking it over right now, or crashed doing so.
      const other = readOwner(takeover);
      if (!isStale(other)) throw new DataDirLockedError(path, owner);
      unlinkSync(takeover);
      if (!create(takeover, me)) throw new DataDirLockedError(path, owner);
    }
    try {
      // Still the same stale lock (nobody took it over between our look and our takeover lock)?
      const again = readOwner(path);
      if (again && (again.pid !== owner.pid || again.host !== owner.host)) {
        throw new DataDirLockedError(path, again);
      }
      if (again) unlinkSync(path);
      if (!create(path, me)) throw new DataDirLockedError(path, readOwner(path));
      tookOver = owner;
    } finally {
      unlinkSync(takeover);
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    const owner = readOwner(path);
    if (owner?.pid === me.pid && owner.host === me.host) unlinkSync(path);
  };
  // An ordinary exit (a crash included) leaves no lock; only a killed process does, found stale later.
  process.once('exit', release);
  return { path, tookOver, release };
}
