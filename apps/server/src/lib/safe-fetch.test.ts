import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockedUrlError, isHostAddress, isPrivateAddress, safeGet } from './safe-fetch.js';

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

describe("the host's own addresses", () => {
  const interfaces = {
    lo: [
      {
        address: '127.0.0.1',
        netmask: '255.0.0.0',
        family: 'IPv4',
        mac: '00:00:00:00:00:00',
        internal: true,
        cidr: null,
      },
    ],
    eth0: [
      {
        address: '203.0.113.7',
        netmask: '255.255.255.0',
        family: 'IPv4',
        mac: '02:00:00:00:00:01',
        internal: false,
        cidr: null,
      },
      {
        address: '2001:db8::7',
        netmask: 'ffff:ffff::',
        family: 'IPv6',
        mac: '02:00:00:00:00:01',
        internal: false,
        cidr: null,
        scopeid: 0,
      },
    ],
  } as unknown as Parameters<typeof isHostAddress>[1];

  it('refuses a public address the server itself answers on, in any spelling', () => {
    expect(isHostAddress('203.0.113.7', interfaces)).toBe(true);
    expect(isHostAddress('::ffff:203.0.113.7', interfaces)).toBe(true);
    expect(isHostAddress('2001:DB8::7', interfaces)).toBe(true);
    expect(isHostAddress('203.0.113.8', interfaces)).toBe(false);
  });
});

describe('safeGet', () => {
  let server: Server;
  let port: number;
  let dripClosed = false;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/drip') {
        // Headers at once, then a byte every 100 ms, forever: only a deadline ends it.
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        const timer = setInterval(() => res.write('x'), 100);
        req.socket.once('close', () => {
          clearInterval(timer);
          dripClosed = true;
        });
        return;
      }
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

  it('cuts a server that drips its body at the deadline, whatever the idle timeout', async () => {
    dripClosed = false;
    const started = Date.now();
    const res = await safeGet(`http://127.0.0.2:${port}/drip`, { ...policy, deadlineMs: 700 });
    await expect(
      (async () => {
        for await (const _ of res) void _;
      })(),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3000);
    await expect.poll(() => dripClosed).toBe(true);
  });

  it('stops when its caller aborts, body included', async () => {
    dripClosed = false;
    const caller = new AbortController();
    const res = await safeGet(`http://127.0.0.2:${port}/drip`, { ...policy, signal: caller.signal });
    setTimeout(() => caller.abort(), 200);
    await expect(
      (async () => {
        for await (const _ of res) void _;
      })(),
    ).rejects.toThrow();
    await expect.poll(() => dripClosed).toBe(true);
    await expect(
      safeGet(`http://127.0.0.2:${port}/x`, { ...policy, signal: caller.signal }),
    ).rejects.toThrow();
  });
});
