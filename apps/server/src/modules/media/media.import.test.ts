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

beforeAll(async () => {
  const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  web = createServer((req, res) => {
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
  t = await buildTestApp({}, { fetchPolicy: { isBlocked: (a) => a !== '127.0.0.2' && isPrivateAddress(a) } });
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
});
