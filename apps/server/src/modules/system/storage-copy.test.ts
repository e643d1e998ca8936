import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../app.js';
import type { S3Config } from '../../config.js';
import { copyLocalToS3 } from '../../lib/storage-copy.js';
import { S3Storage } from '../../lib/storage-s3.js';
import { LocalStorage, storageRoot } from '../../lib/storage.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { uploadAs, uploadImage, zipOf } from '../../test/media.js';
import { pairPlayer } from '../../test/player.js';
import { ensureStockLibrary } from '../media/stock.js';
import { checkSharedFiles, STORAGE_ID_KEY } from './storage-identity.js';

/**
 * Switching an installation to S3 loses nothing (issue 30): `storage copy-to-s3` copies every object of
 * DATA_DIR/media into a bucket (a real S3 server here, @20minutes/s3rver) under the same keys, and a
 * process on that bucket then serves every file, the stock library, packages and screenshots included,
 * with DATA_DIR/media gone.
 */
interface S3rverApp {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  configureBuckets(): Promise<unknown>;
  logger: { close(): void };
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverApp;
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;

let t: TestApp;
let owner: TestUser;
let workDir: string;
let emulator: S3rverApp;
let server: Server;
let s3: S3Config;
const opened: S3Storage[] = [];
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const bucket = () => {
  const storage = new S3Storage(s3);
  opened.push(storage);
  return storage;
};

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'vitrine-copy-'));
  emulator = new S3rver({
    directory: join(workDir, 's3rver'),
    silent: true,
    vhostBuckets: false,
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: 'media' }],
  });
  await emulator.configureBuckets();
  server = createServer(emulator.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  s3 = {
    bucket: 'media',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forcePathStyle: true,
    prefix: 'vitrine/',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  t = await buildTestApp();
  owner = await createUser(t, { role: 'owner' });
});

afterAll(async () => {
  for (const storage of opened) storage.destroy();
  await t?.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  emulator?.logger.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('moving an installation from DATA_DIR/media to S3', () => {
  it('copies every object, resumes, verifies, and the bucket then serves every file', async () => {
    // What an installation holds: the library (a package's unpacked tree too), the stock library and
    // a screen's screenshot.
    await uploadImage(t, owner, 'poster.png');
    await uploadImage(t, owner, 'menu.png');
    const pkg = await zipOf({ 'index.html': '<h1>Hello</h1><img src="a.png">', 'a.png': 'png bytes' });
    expect((await uploadAs(t, owner, 'page.zip', pkg)).statusCode).toBe(200);
    expect(await ensureStockLibrary(t.services.media, t.repos)).toBeGreaterThan(0);
    const { token, point } = await pairPlayer(t, owner);
    await call(t.app, 'POST', '/api/point/ajax-get-point-screen', {
      token: owner.token,
      body: { ids: [point.id] },
    });
    const shot = await sharp({ create: { width: 16, height: 9, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/player/screenshot',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      payload: shot,
    });
    expect(posted.statusCode).toBe(200);
    const settings = t.repos.settings;
    const root = storageRoot(t.config.dataDir);
    // Started on local storage, as main does: the installation's storage is DATA_DIR/media.
    const shared = { s3: true, dataDir: t.config.dataDir, settings, shared: true };
    expect(await checkSharedFiles({ ...shared, s3: false, storage: new LocalStorage(root) })).toEqual([]);

    // Switched to the bucket before copying: the process says loudly that the files are not there.
    const [warning] = await checkSharedFiles({ ...shared, storage: bucket() });
    expect(warning).toContain("The bucket does not hold this installation's files");
    expect(warning).toContain('npm run storage:copy-to-s3');

    // An interrupted earlier copy left one object broken (same size, other bytes): it is found and replaced.
    const posterKey = (await t.database.executeSql(`select storage_key from files where name = 'poster.png'`))
      .rows[0] as { storage_key: string };
    const posterBytes = await readFile(join(root, posterKey.storage_key));
    await bucket().putStream(posterKey.storage_key, Readable.from([Buffer.alloc(posterBytes.length, 7)]));

    const first = await copyLocalToS3({ root, bucket: bucket() });
    expect(first.copied).toBeGreaterThan(10);
    const again = await copyLocalToS3({ root, bucket: bucket() });
    expect(again).toEqual({ copied: 0, skipped: first.copied + first.skipped, bytes: 0 });
    expect(await checkSharedFiles({ ...shared, storage: bucket() })).toEqual([]);

    // Local files gone, a process on the bucket serves every file of every cabinet.
    const files = (
      await t.database.executeSql(
        `select id, storage_key from files where storage_key is not null order by id`,
      )
    ).rows as { id: number; storage_key: string }[];
    const expected = new Map<string, string>();
    for (const f of files) expected.set(f.storage_key, sha(await readFile(join(root, f.storage_key))));
    await rm(root, { recursive: true });
    const onS3: BuiltApp = await buildApp({
      config: { ...t.config, s3 },
      database: t.database,
      storage: bucket(),
      logger: false,
    });
    try {
      await onS3.app.ready();
      const stock = await t.repos.settings.get('stock_cabinet_id');
      expect(files.some((f) => f.storage_key.startsWith(`${stock}/`))).toBe(true);
      for (const f of files) {
        const row = (await t.repos.media.platformFileById(f.id))!;
        const item = onS3.services.media.fileItem(row);
        const content = await onS3.app.inject({ method: 'GET', url: item.url });
        expect(content.statusCode, row.name).toBe(200);
        expect(sha(content.rawPayload), row.name).toBe(expected.get(f.storage_key));
        if (item.thumbUrl)
          expect((await onS3.app.inject({ method: 'GET', url: item.thumbUrl })).statusCode).toBe(200);
        if (item.packageUrl) {
          const page = await onS3.app.inject({ method: 'GET', url: item.packageUrl });
          expect(page.body).toContain('<h1>Hello</h1>');
        }
      }
      const info = (
        await call(onS3.app, 'GET', '/api/point/get-screenshot-url', {
          token: owner.token,
          query: { id: String(point.id) },
        })
      ).json() as { url: string };
      expect((await onS3.app.inject({ method: 'GET', url: info.url })).rawPayload.equals(shot)).toBe(true);
      // The storage's id went along: the bucket is the installation's.
      expect((await onS3.storage.size(STORAGE_ID_KEY)) ?? 0).toBeGreaterThan(0);
    } finally {
      await onS3.app.close();
    }
  });
});
