import sharp from 'sharp';

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

/** Puts a plain-colour PNG in the library the way a script would (POST /api/file/upload); answers its id. */
export async function uploadImage(
  base: string,
  token: string,
  name: string,
  image: { color?: string; width?: number; height?: number } = {},
): Promise<number> {
  const body = await sharp({
    create: {
      width: image.width ?? 320,
      height: image.height ?? 180,
      channels: 3,
      background: image.color ?? '#1971c2',
    },
  })
    .png()
    .toBuffer();
  const res = await fetch(`${base}/api/file/upload?folderId=0`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'x-file-name': name,
      'content-type': 'application/octet-stream',
    },
    body,
  });
  const data = (await res.json()) as { id?: number };
  if (!res.ok || typeof data.id !== 'number')
    throw new Error(`upload ${name}: ${res.status} ${JSON.stringify(data)}`);
  return data.id;
}
