import type { ErrorBody, TokenPair } from '@vitrine/core';

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
  set(pair: TokenPair): void {
    localStorage.setItem(TOKEN_KEY, pair.token);
    localStorage.setItem(REFRESH_KEY, pair.refreshToken);
  },
  clear(): void {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(REFRESH_KEY);
  },
  get refreshToken(): string | null {
    return localStorage.getItem(REFRESH_KEY);
  },
};

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

export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const send = (): Promise<Response> =>
    fetch(`/api${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(session.token ? { authorization: `Bearer ${session.token}` } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  let response = await send();
  if (response.status === 401 && session.token && (await refresh())) response = await send();
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw new ApiError(response.status, (data ?? {}) as Partial<ErrorBody>);
  return data as T;
}
