import { describe, expect, it } from 'vitest';
import { stringsFor } from './i18n';
import { WEB_TOKEN_KEYS, loadPreview, previewId } from './preview';
import { memoryStore } from './storage';

const manifest = {
  version: 'v1',
  point: { id: 7, name: 'Hall', windows: { fullscreen: true, mirror: false, volume: 100 } },
  schedule: { screen: { id: 7 }, playlists: [] },
  files: [],
};

/** The server as the preview meets it: answers by path and the token sent, each call written down. */
function server(answers: (path: string, token: string | null, body: unknown) => [number, unknown]) {
  const calls: { path: string; token: string | null }[] = [];
  const doFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const auth = new Headers(init?.headers).get('authorization');
    const token = auth?.replace(/^Bearer /, '') ?? null;
    calls.push({ path, token });
    const [status, body] = answers(path, token, init?.body ? JSON.parse(String(init.body)) : null);
    return new Response(JSON.stringify(body), { status });
  }) as typeof fetch;
  return { calls, doFetch };
}

describe('previewId', () => {
  it('takes a positive whole id from the address, and nothing else', () => {
    expect(previewId('?id=42')).toBe(42);
    expect(previewId('?lang=it&id=7')).toBe(7);
    for (const search of [
      '',
      '?id=',
      '?id=0',
      '?id=-3',
      '?id=4.5',
      '?id=abc',
      '?id=99999999999',
      '?id=2147483648',
    ])
      expect(previewId(search), search).toBeNull();
  });
});

describe('loadPreview', () => {
  it("asks for the screen's manifest with the cabinet's session", async () => {
    const store = memoryStore();
    store.set(WEB_TOKEN_KEYS.token, 'access-1');
    const { calls, doFetch } = server(() => [200, manifest]);
    expect(await loadPreview(7, store, doFetch)).toEqual({ ok: true, manifest });
    expect(calls).toEqual([{ path: '/api/point/player-manifest/7', token: 'access-1' }]);
  });

  it('renews an expired access token once and keeps the new pair for the web app', async () => {
    const store = memoryStore();
    store.set(WEB_TOKEN_KEYS.token, 'old');
    store.set(WEB_TOKEN_KEYS.refresh, 'refresh-1');
    const { calls, doFetch } = server((path, token, body) => {
      if (path === '/api/user/refresh')
        return (body as { refreshToken: string }).refreshToken === 'refresh-1'
          ? [200, { token: 'new', refreshToken: 'refresh-2' }]
          : [401, {}];
      return token === 'new' ? [200, manifest] : [401, {}];
    });
    expect(await loadPreview(7, store, doFetch)).toEqual({ ok: true, manifest });
    expect(calls.map((c) => c.path)).toEqual([
      '/api/point/player-manifest/7',
      '/api/user/refresh',
      '/api/point/player-manifest/7',
    ]);
    expect(store.get(WEB_TOKEN_KEYS.token)).toBe('new');
    expect(store.get(WEB_TOKEN_KEYS.refresh)).toBe('refresh-2');
  });

  it('says why it cannot: no session, a screen not to be seen, a failure', async () => {
    const signedOut = memoryStore();
    expect(await loadPreview(7, signedOut, server(() => [200, manifest]).doFetch)).toEqual({
      ok: false,
      reason: 'signIn',
    });
    const store = memoryStore();
    store.set(WEB_TOKEN_KEYS.token, 'access');
    expect(await loadPreview(7, store, server(() => [401, {}]).doFetch)).toEqual({
      ok: false,
      reason: 'signIn',
    });
    expect(await loadPreview(7, store, server(() => [404, {}]).doFetch)).toEqual({
      ok: false,
      reason: 'notFound',
    });
    expect(await loadPreview(7, store, server(() => [403, {}]).doFetch)).toEqual({
      ok: false,
      reason: 'notFound',
    });
    expect(await loadPreview(7, store, server(() => [500, {}]).doFetch)).toEqual({
      ok: false,
      reason: 'failed',
    });
    expect(await loadPreview(7, store, server(() => [200, { nope: 1 }]).doFetch)).toEqual({
      ok: false,
      reason: 'failed',
    });
  });

  it('has its sentences in every language', () => {
    for (const locale of ['en', 'ua', 'it', 'ru'] as const) {
      const s = stringsFor(locale);
      expect(s.previewOf).toContain('{name}');
      for (const text of [s.previewSignIn, s.signIn, s.previewNotFound, s.previewFailed])
        expect(text).toBeTruthy();
    }
    expect(stringsFor('it').previewSignIn).not.toBe(stringsFor('en').previewSignIn);
  });
});
