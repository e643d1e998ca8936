import sharp from 'sharp';
import { ZipFile } from 'yazl';
import { expect } from 'vitest';
import { call, type TestApp } from './build.js';
import type { TestUser } from './factories.js';

/** POST /api/file/upload as a person: the raw bytes, the name in X-File-Name. */
export const uploadAs = (
  t: TestApp,
  who: TestUser,
  name: string,
  body: Buffer | string,
  folderId = 0,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/file/upload?folderId=${folderId}`,
    headers: {
      authorization: `Bearer ${who.token}`,
      'x-file-name': encodeURIComponent(name),
      'content-type': 'application/octet-stream',
      ...headers,
    },
    payload: body,
  });

let imageSeq = 0;

/** Uploads a small PNG unlike every other one this run made (the library stores equal content once). */
export async function uploadImage(
  t: TestApp,
  who: TestUser,
  name = `image-${imageSeq + 1}.png`,
): Promise<number> {
  imageSeq += 1;
  const png = await sharp({
    create: {
      width: 8 + (imageSeq % 200),
      height: 8 + Math.floor(imageSeq / 200),
      channels: 3,
      background: { r: imageSeq % 256, g: 9, b: 99 },
    },
  })
    .png()
    .toBuffer();
  const res = await uploadAs(t, who, name, png);
  expect(res.statusCode).toBe(200);
  return (res.json() as { id: number }).id;
}

/** A background playlist of one file (10 s), through the API. */
export async function createPlaylist(
  t: TestApp,
  who: TestUser,
  name: string,
  fileId: number,
): Promise<number> {
  const res = await call(t.app, 'POST', '/api/playlist/post', {
    token: who.token,
    body: { name, files: [{ fileId, duration: 10 }] },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { id: number }).id;
}

/** A zip holding the given files (name -> content). */
export async function zipOf(entries: Record<string, string | Buffer>): Promise<Buffer> {
  const archive = new ZipFile();
  for (const [name, content] of Object.entries(entries)) archive.addBuffer(Buffer.from(content), name);
  archive.end();
  const chunks: Buffer[] = [];
  for await (const chunk of archive.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Begins a resumable upload (tus creation) of `length` bytes on a listening server. */
export function tusCreate(base: string, who: TestUser, name: string, length: number): Promise<Response> {
  const b64 = (value: string) => Buffer.from(value).toString('base64');
  return fetch(`${base}/api/file/tus`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${who.token}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': `filename ${b64(name)},folderId ${b64('0')}`,
    },
  });
}
