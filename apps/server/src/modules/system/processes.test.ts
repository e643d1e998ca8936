import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../app.js';
import { LocalStorage } from '../../lib/storage.js';
import { repeatOnce } from '../../lib/timed-jobs.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { checkSharedFiles, STORAGE_ID_KEY } from './storage-identity.js';

/**
 * Several server processes on one database, as app instances in this test process: what one process
 * counts or does is counted or done for all (rate limits, timed work), and a process whose files are
 * not the installation's says so. The process-level run of the same is e2e/deploy.test.ts.
 */
let t: TestApp;
let second: BuiltApp;
const dirs: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_FORM_RATE: '4' });
  // Another process of the same installation: its own app over the same database.
  second = await buildApp({ config: t.config, database: t.database, logger: false });
  await second.app.ready();
});

afterAll(async () => {
  await second?.app.close();
  await t?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-processes-'));
  dirs.push(dir);
  return dir;
};

describe('rate limits across processes', () => {
  it('allow the documented rate once over all processes, not once per process', async () => {
    // A verification with a token nobody holds: refused (400), and counted all the same.
    const ask = (app: typeof t.app) =>
      call(app, 'POST', '/api/user/verify-email', { body: { token: 'x'.repeat(43) } });
    // PUBLIC_FORM_RATE=4: two calls on each process use the address's minute up.
    const answers = [await ask(t.app), await ask(second.app), await ask(t.app), await ask(second.app)];
    expect(answers.map((a) => a.statusCode)).not.toContain(429);
    const limited = [await ask(t.app), await ask(second.app)];
    expect(limited.map((a) => a.statusCode)).toEqual([429, 429]);
    expect(limited[0]!.json().code).toBe('RATE_LIMITED');
    // Counted per route: the same address may still pair a screen.
    const pair = await call(second.app, 'POST', '/api/player/pair', { body: { deviceKey: 'k'.repeat(32) } });
    expect(pair.statusCode).not.toBe(429);
  });
});

describe('timed work', () => {
  it('is done once per interval however many processes look', async () => {
    let runs = 0;
    const work = async () => {
      runs += 1;
    };
    // Three processes look at once, each as its own holder.
    const stops = ['host-a:1', 'host-b:2', 'host-c:3'].map((holder) =>
      repeatOnce(
        t.repos.timedJobs,
        'test-sweep',
        60_000,
        work,
        (error) => {
          throw error;
        },
        holder,
      ),
    );
    await expect
      .poll(async () => (await t.repos.timedJobs.all()).find((j) => j.name === 'test-sweep'))
      .toBeTruthy();
    await Promise.all(stops.map((stop) => stop()));
    expect(runs).toBe(1);
    const job = (await t.repos.timedJobs.all()).find((j) => j.name === 'test-sweep')!;
    expect(job.runs).toBe(1);
    // Not due again within its interval; a claim that ran out (the interval passed) is taken by anyone.
    const timing = { leaseMs: 120_000, everyMs: 60_000, earlyMs: 1000 };
    expect(await t.repos.timedJobs.claim('test-sweep', timing, 'host-b:2')).toBe(false);
    await t.database.executeSql(
      `update timed_jobs set next_at = now() - interval '1 second' where name = 'test-sweep'`,
    );
    expect(await t.repos.timedJobs.claim('test-sweep', timing, 'host-b:2')).toBe(true);
    expect(await t.repos.timedJobs.claim('test-sweep', timing, 'host-a:1')).toBe(false);
  });

  it('honours a shorter interval set at a restart, and never takes a run that is still going', async () => {
    // A run every hour began (and finished) ten seconds ago...
    const hourly = { leaseMs: 7_200_000, everyMs: 3_600_000, earlyMs: 1000 };
    expect(await t.repos.timedJobs.claim('test-charge', hourly, 'old:1')).toBe(true);
    await t.repos.timedJobs.finished('test-charge', hourly.everyMs, 'old:1');
    await t.database.executeSql(
      `update timed_jobs set last_at = now() - interval '10 seconds' where name = 'test-charge'`,
    );
    expect(await t.repos.timedJobs.claim('test-charge', hourly, 'new:2')).toBe(false);
    // ...and the process comes back with a run every two seconds: due now, not in an hour.
    const quick = { leaseMs: 120_000, everyMs: 2000, earlyMs: 200 };
    expect(await t.repos.timedJobs.claim('test-charge', quick, 'new:2')).toBe(true);
    // While that run goes on, no one else starts it, however short their interval.
    await t.database.executeSql(
      `update timed_jobs set last_at = now() - interval '10 seconds' where name = 'test-charge'`,
    );
    expect(await t.repos.timedJobs.claim('test-charge', quick, 'new:3')).toBe(false);
    await t.repos.timedJobs.finished('test-charge', quick.everyMs, 'new:2');
    expect(await t.repos.timedJobs.claim('test-charge', quick, 'new:3')).toBe(true);
  });
});

describe("a process whose files are not the installation's", () => {
  it('is told loudly; processes sharing the storage are not', async () => {
    const settings = t.repos.settings;
    const shared = await tempDir();
    const check = (dir: string) =>
      checkSharedFiles({
        storage: new LocalStorage(join(dir, 'media')),
        s3: false,
        dataDir: dir,
        settings,
        shared: true,
      });
    // The test app already named its own storage; start from an installation that names none.
    await t.database.executeSql(`delete from app_settings where key in ('storage_id', 'data_dir_id')`);
    expect(await check(shared)).toEqual([]);
    // A second process on the same DATA_DIR (same host, or the same network mount): all shared.
    expect(await check(shared)).toEqual([]);
    // One with its own DATA_DIR: its files would be its own.
    const other = await tempDir();
    const [warning] = await check(other);
    expect(warning).toContain(
      `This process's DATA_DIR (${other}) is not the one the installation's files are in`,
    );
    expect(warning).toContain('S3_BUCKET');
    // It stays told at every start until fixed (its storage id names another installation).
    expect(await check(other)).toHaveLength(1);
    // Files in a bucket every process shares, DATA_DIRs apart: uploads in progress are not shared.
    const bucketLike = new LocalStorage(join(shared, 'media'));
    const onBucket = (dir: string) =>
      checkSharedFiles({ storage: bucketLike, s3: true, dataDir: dir, settings, shared: true });
    expect(await onBucket(shared)).toEqual([]);
    const [tus] = await onBucket(await tempDir());
    expect(tus).toContain('resumable uploads in progress wait in DATA_DIR/tus');
    const id = await settings.get('storage_id');
    expect(warning).toContain(`write ${id} into ${join(other, 'media', STORAGE_ID_KEY)}`);
  });
});
