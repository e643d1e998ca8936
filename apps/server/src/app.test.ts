import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, ROLES, can, type Role, type RouteContract } from '@vitrine/core';
import { buildTestApp, call, type TestApp } from './test/build.js';
import { createTeam, createUser } from './test/factories.js';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;
beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeam(t);
});
afterAll(() => t.close());

/** A harmless call to a route: the largest id, an empty body. Enough to pass or fail the access check. */
const probe = (method: string, url: string, token?: string) =>
  call(t.app, method as 'GET', url.replace(/:id/g, '2147483647'), {
    ...(token ? { token } : {}),
    ...(method === 'GET' ? {} : { body: {} }),
  });

describe('the API surface', () => {
  it('every route declares its access, and the registry sees them all', () => {
    const urls = t.routes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain('POST /api/user/auth');
    expect(urls).toContain('PATCH /api/user/patch/:id');
    expect(t.routes.length).toBeGreaterThan(20);
  });

  it('registers exactly the routes packages/core describes, with their access keys', () => {
    const described = Object.values(API)
      .flatMap((table): RouteContract[] => Object.values(table))
      .flatMap((c) => [c.method].flat().map((m) => ({ m, c })))
      .filter(({ m }) => m !== 'HEAD')
      .map(({ m, c }) => `${m} ${c.path} ${c.access}`)
      .sort();
    const registered = t.routes
      .filter((r) => r.url.startsWith('/api/') && r.url !== '/api/docs' && !r.url.startsWith('/api/docs/'))
      .map((r) => `${r.method} ${r.url} ${r.access}`)
      .sort();
    expect(registered).toEqual(described);
  });

  it(
    'the role matrix: a key the role lacks answers 403, a key it holds never does (spec §6)',
    // Walks every route: it grows with the product, and a busy two-core machine was seen near 30 s.
    { timeout: 120_000 },
    async () => {
      const keyed = t.routes.filter(
        (r) => r.access !== 'public' && r.access !== 'user' && r.access !== 'device',
      );
      const failures: string[] = [];
      for (const route of keyed) {
        for (const role of ROLES) {
          const res = await probe(route.method, route.url, team[role as Role].token);
          const allowed = can(role, route.access as Parameters<typeof can>[1]);
          const ok = allowed ? res.statusCode !== 403 && res.statusCode !== 401 : res.statusCode === 403;
          if (!ok)
            failures.push(`${role} ${route.method} ${route.url} (${route.access}) -> ${res.statusCode}`);
          if (!allowed) expect(res.json()).toEqual({ message: 'Forbidden', code: 'FORBIDDEN' });
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it('every route but the public ones answers 401 without a token', async () => {
    for (const route of t.routes.filter((r) => r.access !== 'public')) {
      const res = await probe(route.method, route.url);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
  });

  it('answers unknown /api paths with JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await call(t.app, method, '/api/does/not/exist');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    }
  });

  it('serves the OpenAPI document with every route', async () => {
    const res = await call(t.app, 'GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as Record<string, unknown>);
    // A websocket upgrade is not an OpenAPI operation.
    for (const route of t.routes.filter((r) => r.url !== '/api/player/ws')) {
      expect(paths).toContain(route.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}'));
    }
    expect(res.json().paths['/api/user/auth'].post.requestBody).toBeDefined();
    expect((await call(t.app, 'GET', '/api/docs')).statusCode).toBeLessThan(400);
  });

  it('reports the database in /api/health', async () => {
    const res = await call(t.app, 'GET', '/api/health');
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });
});

describe('bad input never breaks anything', () => {
  const admin = () => team.admin.token;

  it('malformed JSON: 400 Invalid JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"login": "admin", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid JSON', code: 'INVALID_JSON' });
  });

  it('wrong types and unknown fields: 400 with per-field messages', async () => {
    const res = await call(t.app, 'POST', '/api/user/post', {
      token: admin(),
      body: { login: ['x'], name: 42, password: true, role: 'owner', isAdmin: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: {
        login: 'Invalid data',
        name: 'Invalid data',
        password: 'Invalid data',
        isAdmin: 'Unknown field',
      },
    });
  });

  it('bad ids and query values: 400', async () => {
    for (const url of ['/api/user/abc', '/api/user/-1', '/api/user/1.5', '/api/user/99999999999']) {
      expect((await call(t.app, 'GET', url, { token: admin() })).statusCode, url).toBe(400);
    }
    const query = await call(t.app, 'GET', '/api/user', { token: admin(), query: { limit: '100000' } });
    expect(query.statusCode).toBe(400);
    const unknown = await call(t.app, 'GET', '/api/user', { token: admin(), query: { sort: 'x' } });
    expect(unknown.json().fields).toEqual({ sort: 'Unknown field' });
  });

  it('oversized bodies: 413; a body that is not JSON: 415', async () => {
    const big = await call(t.app, 'POST', '/api/user/auth', {
      body: { login: 'a'.repeat(2 * 1024 * 1024), password: 'x' },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth',
      headers: { 'content-type': 'application/xml' },
      payload: '<login>admin</login>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('SQL and script fragments are data, not code', async () => {
    const sqlLogin = await call(t.app, 'POST', '/api/user/auth', {
      body: { login: "admin' OR '1'='1' --", password: "x' OR '1'='1" },
    });
    expect(sqlLogin.statusCode).toBe(401);
    expect(sqlLogin.json().code).toBe('USER_NOT_FOUND');

    const owner = await createUser(t, { role: 'owner' });
    const script = '<script>alert(1)</script>"; DROP TABLE users; --';
    const res = await call(t.app, 'POST', '/api/user/patch-account', {
      token: owner.token,
      body: { name: script },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe(script);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect((await call(t.app, 'GET', '/api/health')).json().database).toBe('up');
  });

  it('an unexpected failure is a bare 500, never a stack trace', async () => {
    const broken = await buildTestApp();
    const user = await createUser(broken, { role: 'owner' });
    await broken.database.close();
    const res = await call(broken.app, 'GET', '/api/user/account', { token: user.token });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL' });
    const health = await call(broken.app, 'GET', '/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'degraded', database: 'down' });
    await broken.app.close();
  });
});

describe('the web app', () => {
  it('sends what the build compressed as it is, compresses large answers, and plain bytes to who asks none', async () => {
    const webDir = await mkdtemp(join(tmpdir(), 'vitrine-web-'));
    await mkdir(join(webDir, 'assets'));
    await writeFile(join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    await writeFile(join(webDir, 'assets', 'big-9f8e.js'), script);
    await writeFile(join(webDir, 'assets', 'big-9f8e.js.br'), brotliCompressSync(script));
    await writeFile(join(webDir, 'assets', 'big-9f8e.js.gz'), gzipSync(script));
    const web = await buildTestApp({ WEB_DIR: webDir });
    try {
      const asked = (encoding?: string) =>
        web.app.inject({
          method: 'GET',
          url: '/assets/big-9f8e.js',
          headers: encoding ? { 'accept-encoding': encoding } : {},
        });
      const br = await asked('br, gzip');
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      expect(br.headers['cache-control']).toContain('immutable');
      const gz = await asked('gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
      const plain = await asked();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);

      // A large API answer: compressed when asked, the same JSON either way.
      const list = (encoding?: string) =>
        web.app.inject({
          method: 'GET',
          url: '/api/docs/json',
          headers: encoding ? { 'accept-encoding': encoding } : {},
        });
      const compressed = await list('br');
      expect(compressed.headers['content-encoding']).toBe('br');
      const identity = await list();
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(identity.json());
      expect(identity.body.length).toBeGreaterThan(4 * compressed.rawPayload.length);
    } finally {
      await web.close();
    }
  });

  it('serves index.html for every GET outside /api, locale prefixes included, and caches assets', async () => {
    const webDir = await mkdtemp(join(tmpdir(), 'vitrine-web-'));
    await mkdir(join(webDir, 'assets'));
    await writeFile(join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(join(webDir, 'assets', 'app-1a2b.js'), 'console.log(1)');
    await writeFile(join(webDir, 'assets', 'app-1a2b.js.br'), brotliCompressSync('console.log(1)'));
    await writeFile(join(webDir, 'assets', 'check.worker-3c4d.js'), 'postMessage(1)');
    const web = await buildTestApp({ WEB_DIR: webDir });
    try {
      for (const path of ['/', '/login', '/ua/login', '/it/playlist/12', '/ru/point/schedule/3']) {
        const res = await call(web.app, 'GET', path);
        expect(res.statusCode, path).toBe(200);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.body).toContain('<div id="root">');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      }
      const asset = await call(web.app, 'GET', '/assets/app-1a2b.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      // A script a page loads carries no page-only headers; a worker's script keeps its policy.
      expect(asset.headers['content-security-policy']).toBeUndefined();
      expect(asset.headers['x-frame-options']).toBeUndefined();
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
      // So does its precompressed copy, which is what a browser is sent (the build writes .br beside it).
      const brotli = await web.app.inject({
        method: 'GET',
        url: '/assets/app-1a2b.js',
        headers: { 'accept-encoding': 'br' },
      });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-security-policy']).toBeUndefined();
      expect(brotli.headers['x-frame-options']).toBeUndefined();
      expect(brotli.headers['x-content-type-options']).toBe('nosniff');
      const worker = await call(web.app, 'GET', '/assets/check.worker-3c4d.js');
      expect(worker.headers['content-security-policy']).toContain("script-src 'self'");
      expect((await call(web.app, 'GET', '/api/nothing')).statusCode).toBe(404);
      expect((await call(web.app, 'POST', '/login')).statusCode).toBe(404);
      // A new build is served at once, without a restart (the "new version" banner reloads to it).
      await writeFile(join(webDir, 'index.html'), '<!doctype html><div id="root" data-build="2"></div>');
      for (const path of ['/', '/ua/login'])
        expect((await call(web.app, 'GET', path)).body).toContain('data-build="2"');
    } finally {
      await web.close();
    }
  });
});
