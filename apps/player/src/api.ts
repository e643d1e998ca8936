/**
 * The player's HTTP calls. Paired calls carry the device token; a 401 on any of them means the screen was
 * removed or paired again, and `onUnauthorized` is told which token was refused.
 */
import { isManifest, type Feed, type Manifest } from '@vitrine/core';
import { RejectedBatchError, type LogEntry } from './log';
import { isAborted } from './util';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Seconds, from Retry-After; null when absent. */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export class UnauthorizedError extends HttpError {
  constructor() {
    super(401, 'The screen is no longer paired');
    this.name = 'UnauthorizedError';
  }
}

export type ClaimResult = { status: 'waiting' } | { status: 'bound'; token: string; pointId: number };

export interface ApiOptions {
  token: () => string | null;
  onUnauthorized: (refusedToken: string) => void;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

interface Call {
  method: 'GET' | 'POST';
  auth: boolean;
  json?: unknown;
  body?: Blob;
  contentType?: string;
  keepalive?: boolean;
  timeoutMs?: number;
}

const retryAfterOf = (response: Response): number | null => {
  const value = Number(response.headers.get('retry-after'));
  return Number.isFinite(value) && value > 0 ? value : null;
};

/** The `message` of a JSON error answer, else `HTTP <status>`. */
export async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON.
  }
  return `HTTP ${response.status}`;
}

/** The headers and body of a call: the device token when it needs one, its JSON or its file. */
function requestOf(spec: Call, token: string | null): { headers: Record<string, string>; body?: BodyInit } {
  const headers: Record<string, string> = {};
  if (spec.auth) {
    if (!token) throw new UnauthorizedError();
    headers.Authorization = `Bearer ${token}`;
  }
  if (spec.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    return { headers, body: JSON.stringify(spec.json) };
  }
  if (spec.body) {
    headers['Content-Type'] = spec.contentType ?? spec.body.type;
    return { headers, body: spec.body };
  }
  return { headers };
}

async function callServer(options: ApiOptions, path: string, spec: Call): Promise<Response> {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const token = spec.auth ? options.token() : null;
  const { headers, body } = requestOf(spec, token);
  // A keepalive call outlives the page: no timer would be left to stop it anyway.
  const controller = spec.keepalive ? null : new AbortController();
  const timer = controller
    ? setTimeout(() => controller.abort(), spec.timeoutMs ?? options.timeoutMs ?? 20_000)
    : null;
  try {
    const response = await doFetch(path, {
      method: spec.method,
      headers,
      body,
      cache: 'no-store',
      credentials: 'omit',
      keepalive: spec.keepalive ?? false,
      signal: controller?.signal ?? null,
    });
    if (response.status === 401 && token) {
      options.onUnauthorized(token);
      throw new UnauthorizedError();
    }
    if (!response.ok) {
      throw new HttpError(response.status, await messageOf(response), retryAfterOf(response));
    }
    return response;
  } catch (error) {
    if (isAborted(error)) {
      throw new Error(`${spec.method} ${path} timed out`);
    }
    throw error;
  } finally {
    if (timer !== null) clearTimeout(timer);
  }
}

export function createApi(options: ApiOptions) {
  const call = (path: string, spec: Call): Promise<Response> => callServer(options, path, spec);

  return {
    async pair(deviceKey: string): Promise<{ code: string; expiresAt: string }> {
      const response = await call('/api/player/pair', { method: 'POST', auth: false, json: { deviceKey } });
      return (await response.json()) as { code: string; expiresAt: string };
    },

    async claim(deviceKey: string, code: string): Promise<ClaimResult> {
      const response = await call('/api/player/claim', {
        method: 'POST',
        auth: false,
        json: { deviceKey, code },
      });
      return (await response.json()) as ClaimResult;
    },

    async manifest(): Promise<Manifest> {
      const response = await call('/api/player/manifest', { method: 'GET', auth: true });
      const value: unknown = await response.json();
      if (!isManifest(value)) throw new Error('The server sent a manifest the player cannot read');
      return value;
    },

    async screenshot(image: Blob): Promise<void> {
      await call('/api/player/screenshot', {
        method: 'POST',
        auth: true,
        body: image,
        contentType: image.type,
        timeoutMs: 60_000,
      });
    },

    /** A feed a plugin asked for, fetched by the server (docs/studio.md, "Plugins"). */
    async feed(url: string): Promise<Feed> {
      const response = await call(`/api/plugin/feed?url=${encodeURIComponent(url)}`, {
        method: 'GET',
        auth: true,
      });
      return (await response.json()) as Feed;
    },

    async log(entries: LogEntry[], keepalive: boolean): Promise<void> {
      try {
        await call('/api/player/log', { method: 'POST', auth: true, json: { entries }, keepalive });
      } catch (error) {
        // The batch itself was refused: sending it again would fail the same way.
        if (error instanceof HttpError && (error.status === 400 || error.status === 413)) {
          throw new RejectedBatchError(error.message);
        }
        throw error;
      }
    },
  };
}

export type Api = ReturnType<typeof createApi>;
