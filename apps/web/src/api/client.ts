import type { ErrorBody, TokenPair } from '@vitrine/core';
import i18n from '../i18n';
import { notify, notifyError } from '../lib/notify';
import type { NoticeKind } from '../lib/notices';
import { translateError, translateMessage } from '../lib/messages';
import { progress } from '../lib/progress';

const TOKEN_KEY = 'vitrine.token';
const REFRESH_KEY = 'vitrine.refreshToken';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ErrorBody>,
  ) {
    super(body.message ?? 'Action failed');
  }
}

export const session = {
  get token(): string | null {
    return localStorage.getItem(TOKEN_KEY);
  },
  get refreshToken(): string | null {
    return localStorage.getItem(REFRESH_KEY);
  },
  set(pair: Partial<TokenPair> & { token: string }): void {
    localStorage.setItem(TOKEN_KEY, pair.token);
    if (pair.refreshToken) localStorage.setItem(REFRESH_KEY, pair.refreshToken);
    else localStorage.removeItem(REFRESH_KEY);
  },
  clear(): void {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(REFRESH_KEY);
  },
};

/**
 * Told when the server refuses a call because the platform admin blocked the cabinet: the layout's banner
 * says it once (with the way to the funds) instead of a red toast per refused read.
 */
export const cabinetBlockedSignal = new EventTarget();

/** Whether a failure is announced by a toast: a blocked cabinet's refused reads are said by the banner. */
export function toastsFailure(method: string, error: ApiError): boolean {
  if (error.body.code === 'TWOFA_SETUP_REQUIRED') return false;
  return !(error.body.code === 'CABINET_BLOCKED' && method === 'GET');
}

let refreshing: Promise<boolean> | undefined;

/** One refresh at a time: concurrent 401s wait for the same rotation. */
function refresh(): Promise<boolean> {
  const refreshToken = session.refreshToken;
  if (!refreshToken) return Promise.resolve(false);
  refreshing ??= fetch('/api/user/refresh', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refreshToken }),
  })
    .then(async (response) => {
      if (!response.ok) {
        session.clear();
        return false;
      }
      session.set((await response.json()) as TokenPair);
      return true;
    })
    .catch(() => false)
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** No notification, neither for success nor for failure (spec §7, §8: silenced per request). */
  silent?: boolean;
  /** Raw bytes as the body (an image), sent with their own content type instead of JSON. */
  file?: Blob;
  /** Headers of the call's own (X-File-Name of a raw upload). */
  headers?: Record<string, string>;
  /** What a success says instead ('Probe widget saved'): still one toast, the client's. */
  successText?: string;
}

/**
 * What a success says, and in which colour: a notice the server attached ('Approve requested': pending,
 * blue), a partial outcome it reported ('File is used by a playlist: ...', something kept: yellow, never
 * green), a message of its own ('Screen X created'), else 'Action performed'.
 */
function successNotice(data: unknown): { kind: NoticeKind; text: string } {
  const body = (data ?? {}) as { notice?: unknown; message?: unknown; kept?: unknown };
  if (typeof body.notice === 'string') return { kind: 'info', text: translateMessage(body.notice) };
  const partial = Array.isArray(body.kept) && body.kept.length > 0;
  if (typeof body.message === 'string') {
    return { kind: partial ? 'warning' : 'success', text: translateMessage(body.message) };
  }
  return { kind: 'success', text: i18n.t('notify.performed') };
}

/** Calls that never announce success: signing in (spec §7) and the session plumbing. */
const QUIET_SUCCESS = new Set(['/user/auth', '/user/refresh', '/user/logout']);

/**
 * The one way the cabinet talks to the server. Bearer token, one transparent refresh on 401, a
 * notification after every non-GET success (spec §7) and after every failure (spec §8) unless silenced.
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const query = options.query
    ? '?' +
      new URLSearchParams(
        Object.entries(options.query)
          .filter(([, v]) => v !== undefined && v !== '')
          .map(([k, v]) => [k, String(v)]),
      ).toString()
    : '';
  const send = (): Promise<Response> =>
    fetch(`/api${path}${query === '?' ? '' : query}`, {
      method,
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.file ? { 'content-type': options.file.type || 'application/octet-stream' } : {}),
        ...(session.token ? { authorization: `Bearer ${session.token}` } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      ...(options.file ? { body: options.file } : {}),
    });

  const done = progress.start();
  try {
    let response = await send();
    if (response.status === 401 && session.token && (await refresh())) response = await send();
    const text = await response.text();
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = undefined;
    }
    if (!response.ok) {
      const error = new ApiError(response.status, (data ?? {}) as Partial<ErrorBody>);
      if (error.body.code === 'CABINET_BLOCKED') cabinetBlockedSignal.dispatchEvent(new Event('blocked'));
      // Two-factor to set up first, or a blocked cabinet: the security page or the banner says so once.
      if (!options.silent && toastsFailure(method, error)) notifyError(failureText(error));
      throw error;
    }
    if (
      method !== 'GET' &&
      !options.silent &&
      !QUIET_SUCCESS.has(path) &&
      (response.status === 200 || response.status === 204)
    ) {
      const { kind, text } = options.successText
        ? { kind: 'success' as const, text: options.successText }
        : successNotice(data);
      notify(kind, text);
    }
    return data as T;
  } catch (error) {
    if (!(error instanceof ApiError)) {
      if (!options.silent) notifyError(failureText(error));
    }
    throw error;
  } finally {
    done();
  }
}

/**
 * Spec §8: what a failure says. A refusal from the server is translated through its stable code (and its
 * fields' keys); another error says its own message; else 'Action failed'.
 */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) return translateError(error.body);
  if (error instanceof Error && error.message) return error.message;
  return i18n.t('notify.failed');
}
