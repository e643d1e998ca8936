import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeTilesDir, loadConfig } from '../../config.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { parseTilePath } from './tiles.routes.js';

/** A tile pyramid on disk: one tile at zoom 0, one at zoom 3, and a secret beside the directory. */
async function makeTiles(ext: 'png' | 'webp'): Promise<{ root: string; dir: string; bytes: Buffer }> {
  const root = await mkdtemp(join(tmpdir(), 'vitrine-tiles-'));
  const dir = join(root, 'tiles');
  const image = sharp({ create: { width: 256, height: 256, channels: 3, background: '#a5d8ff' } });
  const bytes = await (ext === 'png' ? image.png() : image.webp()).toBuffer();
  await mkdir(join(dir, '0', '0'), { recursive: true });
  await writeFile(join(dir, '0', '0', `0.${ext}`), bytes);
  await mkdir(join(dir, '3', '4'), { recursive: true });
  await writeFile(join(dir, '3', '4', `2.${ext}`), bytes);
  await writeFile(join(root, 'secret.png'), 'not for you');
  return { root, dir, bytes };
}

describe('offline map tiles at /tiles', () => {
  let t: TestApp;
  let tiles: Awaited<ReturnType<typeof makeTiles>>;
  beforeAll(async () => {
    tiles = await makeTiles('png');
    t = await buildTestApp({ MAP_TILES_DIR: tiles.dir, MAP_TILE_ATTRIBUTION: '© Our own tiles' });
  });
  afterAll(async () => {
    await t.close();
    await rm(tiles.root, { recursive: true, force: true });
  });

  it('serves a tile with its type, length and cache headers, without signing in', async () => {
    const res = await call(t.app, 'GET', '/tiles/3/4/2.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(Number(res.headers['content-length'])).toBe(tiles.bytes.length);
    expect(res.rawPayload.equals(tiles.bytes)).toBe(true);

    const again = await call(t.app, 'GET', '/tiles/3/4/2.png', {
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 404 for a tile that is not there, never the web app', async () => {
    for (const url of ['/tiles/3/4/3.png', '/tiles/3/4/2.webp', '/tiles/5/0/0.png']) {
      const res = await call(t.app, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    }
  });

  it('refuses every path that is not z/x/y.ext inside the pyramid', async () => {
    for (const url of [
      '/tiles/../secret.png',
      '/tiles/..%2Fsecret.png',
      '/tiles/0/0/..%2F..%2F..%2Fsecret.png',
      '/tiles/%2e%2e/%2e%2e/secret.png',
      '/tiles/0/0/0.png/..',
      '/tiles/0/0/0.svg',
      '/tiles/0/0/-1.png',
      '/tiles/3/8/0.png',
      '/tiles/99/0/0.png',
      '/tiles/0/0/0.png%00.txt',
    ]) {
      const res = await call(t.app, 'GET', url);
      expect(res.statusCode, url).not.toBe(200);
      expect(res.body, url).not.toContain('not for you');
    }
  });

  it('tells the web app to draw these tiles, with the attribution and their depth', async () => {
    const res = await call(t.app, 'GET', '/api/brand');
    expect(res.json().map).toEqual({
      tileUrl: '/tiles/{z}/{x}/{y}.png',
      attribution: '© Our own tiles',
      maxNativeZoom: 3,
    });
  });
});

describe('the map in the brand answer', () => {
  it('without any tile source asks for the bundled world map and opens nothing in the CSP', async () => {
    const t = await buildTestApp();
    try {
      const res = await call(t.app, 'GET', '/api/brand');
      expect(res.json().map).toEqual({ tileUrl: null, attribution: null, maxNativeZoom: 19 });
      expect(String(res.headers['content-security-policy'])).toContain(
        "img-src 'self' data: blob: https: http:;",
      );
      expect((await call(t.app, 'GET', '/tiles/0/0/0.png')).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('names a remote tile origin in img-src', async () => {
    const t = await buildTestApp({
      MAP_TILE_URL: 'https://{s}.tiles.example.test/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© Example maps',
    });
    try {
      const res = await call(t.app, 'GET', '/api/brand');
      expect(res.json().map).toEqual({
        tileUrl: 'https://{s}.tiles.example.test/{z}/{x}/{y}.png',
        attribution: '© Example maps',
        maxNativeZoom: 19,
      });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/img-src [^;]*https:\/\/\*\.tiles\.example\.test/);
    } finally {
      await t.close();
    }
  });
});

describe('map configuration', () => {
  it('refuses tile templates without {z}/{x}/{y}, other schemes, and missing directories', () => {
    const base = { DATA_DIR: tmpdir() };
    expect(() => loadConfig({ ...base, MAP_TILE_URL: 'https://tiles.example.test/tile.png' })).toThrow(
      /MAP_TILE_URL must hold \{z\}/,
    );
    expect(() => loadConfig({ ...base, MAP_TILE_URL: 'ftp://tiles.example.test/{z}/{x}/{y}.png' })).toThrow(
      /MAP_TILE_URL must be an http/,
    );
    expect(() => loadConfig({ ...base, MAP_TILES_DIR: join(tmpdir(), 'no-such-tiles-here') })).toThrow(
      /MAP_TILES_DIR must be an existing directory/,
    );
    expect(() => loadConfig({ ...base, MAP_TILE_URL: '/tiles/{z}/{x}/{y}.webp' })).toThrow(
      /MAP_TILES_DIR is required/,
    );
  });

  it('finds the depth and image type of a pyramid, and MAP_TILE_URL picks another type', async () => {
    const webp = await makeTiles('webp');
    try {
      expect(describeTilesDir(webp.dir)).toEqual({ maxZoom: 3, ext: 'webp' });
      const config = loadConfig({ DATA_DIR: tmpdir(), MAP_TILES_DIR: webp.dir });
      expect(config.brandConfig.map.tileUrl).toBe('/tiles/{z}/{x}/{y}.webp');
      expect(config.tilesDir).toBe(webp.dir);
      const chosen = loadConfig({
        DATA_DIR: tmpdir(),
        MAP_TILES_DIR: webp.dir,
        MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png',
      });
      expect(chosen.brandConfig.map).toMatchObject({ tileUrl: '/tiles/{z}/{x}/{y}.png', maxNativeZoom: 3 });
    } finally {
      await rm(webp.root, { recursive: true, force: true });
    }
  });

  it('parses tile paths strictly', () => {
    expect(parseTilePath('0/0/0.png')).toEqual({ z: 0, x: 0, y: 0, ext: 'png' });
    expect(parseTilePath('12/2047/1362.webp')).toEqual({ z: 12, x: 2047, y: 1362, ext: 'webp' });
    expect(parseTilePath('1/2/0.png')).toBeNull();
    expect(parseTilePath('a/0/0.png')).toBeNull();
    expect(parseTilePath('0/0/0.PNG')).toBeNull();
    expect(parseTilePath('0/0/0.png/x')).toBeNull();
  });
});
