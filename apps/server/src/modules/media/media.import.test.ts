import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../../lib/safe-fetch.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createUser } from '../../test/factories.js';

let t: TestApp;
let web: Server;
let port: number;
/** Connections the dripping server holds open. */
const drips = { open: 0 };

beforeAll(async () => {
  const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  web = createServer((req, res) => {
    if (req.url?.startsWith('/drip')) {
      // Headers at once, then a byte every 100 ms: only a deadline or the caller leaving ends it.
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(png.subarray(0, 8));
      const timer = setInterval(() => res.write('x'), 100);
      drips.open += 1;
      req.socket.once('close', () => {
        clearInterval(timer);
        drips.open -= 1;
      });
      return;
    }
    if (req.url?.startsWith('/names/')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(png);
      return;
    }
    if (req.url === '/to-private') {
      res.writeHead(302, { location: `http://127.0.0.1:${port}/banner.png` });
      res.end();
      return;
    }
    if (req.url === '/banner.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(png);
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => web.listen(0, '0.0.0.0', resolve));
  port = (web.address() as AddressInfo).port;
  // 127.0.0.2 plays a public web host; every other private address stays refused.
  t = await buildTestApp(
    { IMPORT_TIMEOUT_SECONDS: '1' },
    { fetchPolicy: { isBlocked: (a) => a !== '127.0.0.2' && isPrivateAddress(a) } },
  );
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => web.close(resolve));
});

describe('importing a file from a URL', () => {
  it('fetches it into the library through the usual ingest', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const res = await call(t.app, 'POST', '/api/file/import', {
      token: owner.token,
      body: { url: `http://127.0.0.2:${port}/banner.png` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'banner.png', width: 30, height: 20, source: 'HOME' });
  });

  it('refuses loopback, private and link-local addresses, redirects included', async () => {
    const owner = await createUser(t, { role: 'owner' });
    for (const url of [
      `http://127.0.0.1:${port}/banner.png`,
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.1/file.mp4',
      'http://192.168.1.20/file.mp4',
      `http://127.0.0.2:${port}/to-private`,
    ]) {
      const res = await call(t.app, 'POST', '/api/file/import', { token: owner.token, body: { url } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: 'This address can not be fetched', code: 'URL_BLOCKED' });
    }
    expect((await call(t.app, 'GET', '/api/folder/0', { token: owner.token })).json().data).toEqual([]);
  });

  it('says so when the file is not there', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const res = await call(t.app, 'POST', '/api/file/import', {
      token: owner.token,
      body: { url: `http://127.0.0.2:${port}/missing.png` },
    });
    expect(res.json()).toEqual({ message: 'The file could not be fetched', code: 'URL_FETCH_FAILED' });
  });

  it('cuts a server that drips the file at IMPORT_TIMEOUT_SECONDS, storing nothing', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const started = Date.now();
    const res = await call(t.app, 'POST', '/api/file/import', {
      token: owner.token,
      body: { url: `http://127.0.0.2:${port}/drip/slow.png` },
    });
    expect(res.json()).toEqual({ message: 'The file could not be fetched', code: 'URL_FETCH_FAILED' });
    expect(Date.now() - started).toBeLessThan(5000);
    await expect.poll(() => drips.open).toBe(0);
    expect((await call(t.app, 'GET', '/api/folder/0', { token: owner.token })).json().data).toEqual([]);
  });

  it('stops the download when the person who asked for it goes away', async () => {
    const slow = await buildTestApp(
      { IMPORT_TIMEOUT_SECONDS: '600' },
      { fetchPolicy: { isBlocked: (a) => a !== '127.0.0.2' && isPrivateAddress(a) } },
    );
    try {
      await slow.app.listen({ port: 0, host: '127.0.0.1' });
      const owner = await createUser(slow, { role: 'owner' });
      const leaving = new AbortController();
      const request = fetch(
        `http://127.0.0.1:${(slow.app.server.address() as AddressInfo).port}/api/file/import`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ url: `http://127.0.0.2:${port}/drip/left.png` }),
          signal: leaving.signal,
        },
      ).catch(() => 'gone');
      await expect.poll(() => drips.open).toBe(1);
      leaving.abort();
      expect(await request).toBe('gone');
      // Long before the ten-minute deadline, the server let go of the other end.
      await expect.poll(() => drips.open, { timeout: 3000 }).toBe(0);
    } finally {
      await slow.close();
    }
  });

  it('names a file from an address that does not decode or decodes to control characters', async () => {
    const owner = await createUser(t, { role: 'owner' });
    for (const [path, name] of [
      ['/names/%E0%A4%A.png', '%E0%A4%A.png'],
      ['/names/a%00b%07.png', 'ab.png'],
    ] as const) {
      const res = await call(t.app, 'POST', '/api/file/import', {
        token: owner.token,
        body: { url: `http://127.0.0.2:${port}${path}` },
      });
      expect(res.statusCode, path).toBe(200);
      expect(res.json().name).toBe(name);
      await call(t.app, 'POST', `/api/file/remove/${res.json().id}`, { token: owner.token });
    }
    const remote = await call(t.app, 'POST', '/api/file/post', {
      token: owner.token,
      body: { files: [{ url: 'https://cdn.example.com/%E0%A4%A.mp4', width: 10, height: 10, duration: 5 }] },
    });
    expect(remote.statusCode).toBe(200);
    expect(remote.json()[0].name).toBe('%E0%A4%A.mp4');
  });
});
