/** Direct API calls for test set-up, as a script with a token would make them. */
export async function apiCall<T>(
  base: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<T> {
  const res = await fetch(`${base}/api${path}`, {
    method: options.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const data = (await res.json()) as T;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

export async function signInToken(base: string, login: string, password: string): Promise<string> {
  return (await apiCall<{ token: string }>(base, '/user/auth', { body: { login, password } })).token;
}
