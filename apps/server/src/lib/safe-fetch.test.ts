import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockedUrlError, isPrivateAddress, safeGet } from './safe-fetch.js';

describe('addresses the server refuses to fetch', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.5.4',
    '192.168.0.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    'not-an-ip',
  ])('refuses %s', (address) => expect(isPrivateAddress(address)).toBe(true));
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );
});

describe('safeGet', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/redirect-private') {
        res.writeHead(302, { location: `http://127.0.0.1:${port}/secret` });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`served ${req.url} via ${req.headers.host}`);
    });
    await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  // 127.0.0.2 plays a public host here; every other loopback address stays refused.
  const policy = { isBlocked: (a: string) => a !== '127.0.0.2' && isPrivateAddress(a) };

  it('refuses loopback and private addresses, by IP or by a name that resolves to one', async () => {
    await expect(safeGet(`http://127.0.0.1:${port}/x`)).rejects.toBeInstanceOf(BlockedUrlError);
    await expect(safeGet(`http://[::1]:${port}/x`)).rejects.toBeInstanceOf(BlockedUrlError);
    await expect(safeGet(`http://localhost:${port}/x`)).rejects.toBeInstanceOf(BlockedUrlError);
    await expect(
      safeGet(`http://media.example.test:${port}/x`, { resolve: async () => ['10.0.0.7'] }),
    ).rejects.toBeInstanceOf(BlockedUrlError);
    await expect(safeGet('file:///etc/passwd')).rejects.toBeInstanceOf(BlockedUrlError);
  });

  it('fetches an allowed address, connecting to the address it checked', async () => {
    const res = await safeGet(`http://cdn.example.test:${port}/clip.mp4`, {
      ...policy,
      resolve: async () => ['127.0.0.2'],
    });
    let body = '';
    for await (const chunk of res) body += chunk;
    expect(body).toBe(`served /clip.mp4 via cdn.example.test:${port}`);
  });

  it('checks every redirect: a public host that redirects to a private one is refused', async () => {
    await expect(safeGet(`http://127.0.0.2:${port}/redirect-private`, policy)).rejects.toBeInstanceOf(
      BlockedUrlError,
    );
  });
});
