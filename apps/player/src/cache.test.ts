import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { PLUGIN_MIME, PLUGIN_ONLINE_MIME, type ManifestFile } from '@vitrine/core';
import { MediaCache, cacheable } from './cache';

const file = (fileId: number, kind: string, mime: string, url: string): ManifestFile => ({
  fileId,
  name: `file ${fileId}`,
  kind,
  mime,
  url,
  hash: null,
  size: null,
});

const quiet = { info: () => undefined, warn: () => undefined };

describe('the media cache', () => {
  it('keeps media, never pages or live streams', () => {
    expect(cacheable({ kind: 'image' })).toBe(true);
    expect(cacheable({ kind: 'video' })).toBe(true);
    expect(cacheable({ kind: 'audio' })).toBe(true);
    expect(cacheable({ kind: 'html' })).toBe(false);
    expect(cacheable({ kind: 'archive' })).toBe(false);
    expect(cacheable({ kind: 'text' })).toBe(false);
    expect(cacheable({ kind: 'stream' })).toBe(false);
    expect(cacheable({ kind: 'plugin', mime: PLUGIN_MIME })).toBe(true);
    expect(cacheable({ kind: 'plugin', mime: PLUGIN_ONLINE_MIME })).toBe(false);
  });

  it('fetches what it keeps, and plays a live stream from its own address', async () => {
    const doFetch = vi.fn(async (_url: RequestInfo | URL) => new Response(new Blob(['png bytes'])));
    const cache = await MediaCache.open(quiet, new IDBFactory(), doFetch as typeof fetch);
    const image = file(1, 'image', 'image/png', 'https://cabinet.example/api/content/1?sig=a');
    const page = file(2, 'html', 'text/html', 'https://cabinet.example/api/content/2/index.html');
    const stream = file(3, 'stream', 'application/vnd.apple.mpegurl', 'https://live.example/tv/index.m3u8');
    await cache.sync([image, page, stream]);
    expect(doFetch.mock.calls.map(([url]) => url)).toEqual([image.url]);
    expect(cache.has(image)).toBe(true);
    expect(cache.has(stream)).toBe(false);
    expect(await cache.source(image)).toMatch(/^blob:/);
    expect(await cache.source(stream)).toBe(stream.url);
  });
});
