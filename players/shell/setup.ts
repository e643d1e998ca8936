/**
 * The first start (docs/players.md): with no server address yet, the kiosk shows a small page served by the
 * shell on the loopback interface (under a random path), asks for the address, checks that a Vitrine server
 * answers there (`GET /api/health`), and remembers it.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { normalizeServer } from './config.js';
import { SETUP_STRINGS, setupLocale, setupPage } from './setup-page.js';

/** Whether a Vitrine server answers at `origin` (its health check, `{ status, database }`), within ten seconds. */
export async function isVitrine(origin: string, fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher(`${origin}/api/health`, { signal: AbortSignal.timeout(10_000) });
    // A server whose database is down answers 503 with the same body: still a Vitrine server.
    const body = (await response.json()) as { status?: unknown; database?: unknown };
    return (body.status === 'ok' || body.status === 'degraded') && typeof body.database === 'string';
  } catch {
    return false;
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) {
    text += String(chunk);
    if (text.length > 10_000) throw new Error('too long');
  }
  return text;
}

export interface SetupServer {
  url: string;
  close(): void;
}

/** Serves the page until an address is saved; `onSaved` gets the server's origin. */
export async function startSetup(options: {
  current: string | null;
  onSaved: (origin: string) => void;
  check?: (origin: string) => Promise<boolean>;
}): Promise<SetupServer> {
  const token = randomBytes(12).toString('hex');
  const check = options.check ?? ((origin: string) => isVitrine(origin));
  const server: Server = createServer((request, response) => {
    const locale = setupLocale(request.headers['accept-language']);
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, {
        'content-type': type,
        'cache-control': 'no-store',
        'content-security-policy':
          "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'",
      });
      response.end(body);
    };
    if (request.method === 'GET' && request.url === `/${token}/`) {
      send(200, 'text/html; charset=utf-8', setupPage(locale, options.current));
      return;
    }
    if (request.method !== 'POST' || request.url !== `/${token}/save`) {
      send(404, 'text/plain', 'Not found');
      return;
    }
    void (async () => {
      const strings = SETUP_STRINGS[locale];
      let origin: string | null = null;
      try {
        const body = JSON.parse(await readBody(request)) as { server?: unknown };
        origin = typeof body.server === 'string' ? normalizeServer(body.server) : null;
      } catch {
        origin = null;
      }
      if (!origin)
        return send(200, 'application/json', JSON.stringify({ ok: false, message: strings.invalid }));
      if (!(await check(origin))) {
        return send(200, 'application/json', JSON.stringify({ ok: false, message: strings.unreachable }));
      }
      send(200, 'application/json', JSON.stringify({ ok: true }));
      options.onSaved(origin);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/${token}/`, close: () => server.close() };
}
