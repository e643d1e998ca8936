import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { byteRange } from './downloads.routes.js';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A build folder as `npm run build:players` leaves it, plus a file beside it nobody listed. */
async function makeBuilds() {
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-players-'));
  const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4000, 7)]);
  const appImage = Buffer.alloc(3000, 1);
  const apk = Buffer.alloc(2000, 2);
  await writeFile(join(dir, 'Vitrine-Player-0.1.0-x64.exe'), exe);
  await writeFile(join(dir, 'Vitrine-Player-0.1.0-x86_64.AppImage'), appImage);
  // Listed with a size it does not have (a copy cut short): not offered.
  await writeFile(join(dir, 'Vitrine-Player-0.1.0.apk'), apk.subarray(0, 1000));
  await writeFile(join(dir, 'secret.txt'), 'not for you');
  const builds = [
    { platform: 'windows', file: 'Vitrine-Player-0.1.0-x64.exe', bytes: exe },
    { platform: 'linux', file: 'Vitrine-Player-0.1.0-x86_64.AppImage', bytes: appImage },
    { platform: 'android', file: 'Vitrine-Player-0.1.0.apk', bytes: apk },
  ].map(({ platform, file, bytes }) => ({
    platform,
    file,
    version: '0.1.0',
    size: bytes.length,
    sha256: sha(bytes),
  }));
  await writeFile(join(dir, 'manifest.json'), JSON.stringify({ version: '0.1.0', builtAt: '', builds }));
  return { dir, exe, appImage, builds };
}

describe('the native players this server built', () => {
  let t: TestApp;
  let built: Awaited<ReturnType<typeof makeBuilds>>;
  beforeAll(async () => {
    built = await makeBuilds();
    t = await buildTestApp({
      PLAYERS_DIR: built.dir,
      PLAYER_DOWNLOAD_ARM: 'https://cdn.example.test/vitrine-arm.AppImage',
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(built.dir, { recursive: true, force: true });
  });

  it('lists the files that are there whole, without signing in', async () => {
    const res = await call(t.app, 'GET', '/api/player/downloads');
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      { ...built.builds[0], url: '/downloads/Vitrine-Player-0.1.0-x64.exe' },
      { ...built.builds[1], url: '/downloads/Vitrine-Player-0.1.0-x86_64.AppImage' },
    ]);
  });

  it('serves a listed file whole or in part, typed, with its digest as ETag', async () => {
    const res = await call(t.app, 'GET', '/downloads/Vitrine-Player-0.1.0-x64.exe');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(built.exe)).toBe(true);
    expect(res.headers['content-type']).toBe('application/vnd.microsoft.portable-executable');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Vitrine-Player-0.1.0-x64.exe"');
    expect(res.headers['etag']).toBe(`"${built.builds[0]!.sha256}"`);
    const part = await call(t.app, 'GET', '/downloads/Vitrine-Player-0.1.0-x86_64.AppImage', {
      headers: { range: 'bytes=1000-' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 1000-2999/3000');
    expect(part.rawPayload.length).toBe(2000);
    const cached = await call(t.app, 'GET', '/downloads/Vitrine-Player-0.1.0-x64.exe', {
      headers: { 'if-none-match': String(res.headers['etag']) },
    });
    expect(cached.statusCode).toBe(304);
  });

  it('serves nothing the manifest does not name whole', async () => {
    for (const path of [
      '/downloads/secret.txt',
      '/downloads/manifest.json',
      '/downloads/Vitrine-Player-0.1.0.apk',
      '/downloads/..%2Fsecret.txt',
      '/downloads/sub/Vitrine-Player-0.1.0-x64.exe',
    ]) {
      const res = await call(t.app, 'GET', path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).not.toContain('not for you');
    }
  });

  it('gives the brand the built files, and a configured address wins over a build', async () => {
    const brand = (await call(t.app, 'GET', '/api/brand')).json();
    expect(brand.playerDownloads).toEqual({
      windows: '/downloads/Vitrine-Player-0.1.0-x64.exe',
      linux: '/downloads/Vitrine-Player-0.1.0-x86_64.AppImage',
      arm: 'https://cdn.example.test/vitrine-arm.AppImage',
    });
    expect(brand.playerFiles.linux).toEqual({
      file: 'Vitrine-Player-0.1.0-x86_64.AppImage',
      version: '0.1.0',
      size: 3000,
      sha256: built.builds[1]!.sha256,
    });
    expect(brand.playerFiles.arm).toBeUndefined();
    expect(brand.playerFiles.android).toBeUndefined();
  });

  it('follows a new build without a restart', async () => {
    await rm(join(built.dir, 'manifest.json'));
    expect((await call(t.app, 'GET', '/api/player/downloads')).json().items).toEqual([]);
    expect((await call(t.app, 'GET', '/downloads/Vitrine-Player-0.1.0-x64.exe')).statusCode).toBe(404);
    await writeFile(
      join(built.dir, 'manifest.json'),
      JSON.stringify({ version: '0.1.0', builtAt: '', builds: built.builds.slice(0, 1) }),
    );
    expect((await call(t.app, 'GET', '/api/player/downloads')).json().items).toHaveLength(1);
  });
});

describe('download ranges', () => {
  it('reads one range of bytes, and nothing else', () => {
    expect(byteRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(byteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    for (const bad of ['bytes=100-', 'bytes=9-3', 'bytes=0-1,5-6', 'items=0-1', 'bytes=-', 'bytes=-0'])
      expect(byteRange(bad, 100), bad).toBeNull();
  });
});
