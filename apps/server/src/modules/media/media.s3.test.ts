import { mkdtemp } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileItem } from '@vitrine/core';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createUser } from '../../test/factories.js';
import { uploadAs } from '../../test/media.js';

/** The part of @20minutes/s3rver (CommonJS, no types) used here: an S3 REST server that checks SigV4. */
interface S3rverApp {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  configureBuckets(): Promise<unknown>;
}
type S3rverClass = new (options: {
  directory: string;
  silent: boolean;
  vhostBuckets: boolean;
  configureBuckets: { name: string }[];
}) => S3rverApp;
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;

let t: TestApp;
let s3: Server;
const objects: { method: string; url: string }[] = [];

beforeAll(async () => {
  const emulator = new S3rver({
    directory: await mkdtemp(join(tmpdir(), 'vitrine-media-s3-')),
    silent: true,
    vhostBuckets: false,
    configureBuckets: [{ name: 'library' }],
  });
  await emulator.configureBuckets();
  const serve = emulator.callback();
  s3 = createServer((req, res) => {
    objects.push({ method: req.method ?? '', url: req.url ?? '' });
    serve(req, res);
  });
  await new Promise<void>((resolve) => s3.listen(0, '127.0.0.1', resolve));
  t = await buildTestApp({
    S3_BUCKET: 'library',
    S3_ENDPOINT: `http://127.0.0.1:${(s3.address() as AddressInfo).port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PREFIX: 'cabinets/',
  });
});
afterAll(async () => {
  await t.close();
  s3.closeAllConnections();
  await new Promise<void>((resolve) => s3.close(() => resolve()));
});

describe('the media library on S3-compatible storage', () => {
  it('stores uploads as objects, serves them with ranges and removes them', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#228be6' } })
      .png()
      .toBuffer();
    const res = await uploadAs(t, owner, 'sky.png', png);
    expect(res.statusCode).toBe(200);
    const file = res.json() as FileItem;
    expect(file).toMatchObject({ width: 40, height: 30 });
    const puts = objects.filter((o) => o.method === 'PUT' && o.url.startsWith('/library/cabinets/'));
    expect(puts.length).toBeGreaterThanOrEqual(2); // the file and its thumbnail

    const whole = await t.app.inject({ method: 'GET', url: file.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(png)).toBe(true);
    const part = await t.app.inject({ method: 'GET', url: file.url, headers: { range: 'bytes=1-8' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(png.subarray(1, 9))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: file.thumbUrl! })).statusCode).toBe(200);

    const removed = await call(t.app, 'POST', `/api/file/remove/${file.id}`, { token: owner.token });
    expect(removed.statusCode).toBe(200);
    const key = puts[0]!.url.split('?')[0]!;
    expect(objects.some((o) => o.method === 'DELETE' && o.url.split('?')[0] === key)).toBe(true);
  });
});
