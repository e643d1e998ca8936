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

/**
 * Puts a plain-colour PNG in the library the way a script would (POST /api/file/upload); answers its id. A
 * label is written across it in white, so that a screenshot shows which image is where and at what shape.
 */
export async function uploadImage(
  base: string,
  token: string,
  name: string,
  image: { color?: string; width?: number; height?: number; label?: string } = {},
): Promise<number> {
  const width = image.width ?? 320;
  const height = image.height ?? 180;
  let picture = sharp({
    create: { width, height, channels: 3, background: image.color ?? '#1971c2' },
  });
  if (image.label) {
    const size = Math.round(Math.min((width / image.label.length) * 1.4, height * 0.5));
    const text = image.label.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="${size}" fill="#fff">${text}</text></svg>`;
    picture = picture.composite([{ input: Buffer.from(svg) }]);
  }
  const body = await picture.png().toBuffer();
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
