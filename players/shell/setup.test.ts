import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isVitrine, startSetup } from './setup.js';
import { setupLocale } from './setup-page.js';

/** A Vitrine server's health check on loopback, and a web server that is something else. */
let vitrine: Server;
let other: Server;
const origin = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

beforeAll(async () => {
  vitrine = createServer((request, response) => {
    response.writeHead(request.url === '/api/health' ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ status: 'ok', database: 'up' }));
  });
  other = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<html>A router</html>');
  });
  await Promise.all([vitrine, other].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', r))));
});
afterAll(() => {
  vitrine.close();
  other.close();
});

describe('the first start', () => {
  it('knows a Vitrine server by its health check', async () => {
    expect(await isVitrine(origin(vitrine))).toBe(true);
    expect(await isVitrine(origin(other))).toBe(false);
    expect(await isVitrine('http://127.0.0.1:9')).toBe(false);
  });

  it('asks in the device language, keeps a checked address, and refuses anything else', async () => {
    const saved: string[] = [];
    const setup = await startSetup({ current: null, onSaved: (o) => saved.push(o) });
    const page = await fetch(setup.url, { headers: { 'accept-language': 'uk-UA,uk;q=0.9' } });
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('lang="uk"');
    expect(html).toContain('<label for="server">Адреса сервера</label>');
    // Only under its random path.
    expect((await fetch(new URL('/', setup.url))).status).toBe(404);
    const post = (server: string, language = 'en') =>
      fetch(new URL('save', setup.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': language },
        body: JSON.stringify({ server }),
      }).then((r) => r.json() as Promise<{ ok: boolean; message?: string }>);
    expect(await post('not an address')).toEqual({ ok: false, message: 'This is not a web address.' });
    expect(await post(origin(other), 'it')).toEqual({
      ok: false,
      message: 'Nessun server Vitrine risponde a questo indirizzo.',
    });
    expect(saved).toEqual([]);
    expect(await post(`${origin(vitrine)}/player/`)).toEqual({ ok: true });
    expect(saved).toEqual([origin(vitrine)]);
    setup.close();
  });

  it('picks the first language it speaks', () => {
    expect(setupLocale('de-DE,ru;q=0.8,en;q=0.5')).toBe('ru');
    expect(setupLocale('uk')).toBe('ua');
    expect(setupLocale(undefined)).toBe('en');
  });
});
