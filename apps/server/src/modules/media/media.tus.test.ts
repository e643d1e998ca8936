import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { tusCreate, uploadImage } from '../../test/media.js';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const create = (who: TestUser, name: string, length: number) => tusCreate(base, who, name, length);

const offsetOf = async (who: TestUser, location: string) =>
  Number(
    (
      await fetch(location, {
        method: 'HEAD',
        headers: { authorization: `Bearer ${who.token}`, 'tus-resumable': '1.0.0' },
      })
    ).headers.get('upload-offset'),
  );

/** Sends part of a body and then cuts the connection, as a network drop would. */
function sendAndCut(
  who: TestUser,
  location: string,
  offset: number,
  chunk: Buffer,
  totalDeclared: number,
): Promise<void> {
  return new Promise((resolve) => {
    const url = new URL(location);
    const req = httpRequest({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${who.token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(totalDeclared),
      },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(chunk, () => setTimeout(() => req.destroy(), 200));
  });
}

describe('resumable uploads (tus)', () => {
  it('resumes an upload cut mid-file and stores identical bytes', async () => {
    const owner = await createUser(t, { role: 'contentManager' });
    const body = Buffer.concat([Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]), randomBytes(256 * 1024)]);
    const created = await create(owner, 'bundle.7z', body.length);
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location')!, base).toString();

    const half = Math.floor(body.length / 2);
    await sendAndCut(owner, location, 0, body.subarray(0, half), body.length);
    const offset = await offsetOf(owner, location);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(half);

    const rest = await fetch(location, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${owner.token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: body.subarray(offset),
    });
    expect(rest.status).toBe(200);
    const file = (await rest.json()) as {
      id: number;
      url: string;
      size: number;
      name: string;
      duplicate: boolean;
    };
    expect(file).toMatchObject({ name: 'bundle.7z', size: body.length, duplicate: false });
    const stored = Buffer.from(await (await fetch(`${base}${file.url}`)).arrayBuffer());
    expect(stored.equals(body)).toBe(true);
    // The hash taken while the chunks were written is the bytes' own.
    const sha = createHash('sha256').update(body).digest('hex');
    expect((await t.repos.media.fileByHash(owner.row.cabinetId, sha))?.id).toBe(file.id);
  });

  it('refuses a bad extension and a file over the limit when the upload is created', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const exe = await create(owner, 'tool.exe', 10);
    expect(exe.status).toBe(400);
    expect(((await exe.json()) as { message: string }).message).toMatch(/^tool\.exe has invalid extension\./);
    const huge = await create(owner, 'huge.mp4', 3 * 1024 ** 3);
    expect(huge.status).toBe(413);
  });

  it('refuses a declared length too small for the format before a byte is sent', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const res = await create(owner, 'clip.webm', 40);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'clip.webm is too small, minimum file size is 64 B.',
      code: 'UPLOAD_TOO_SMALL',
    });
    // Text formats have no floor beyond not being empty.
    expect((await create(owner, 'page.html', 40)).status).toBe(201);
  });

  it('another cabinet cannot resume or probe an upload; agents cannot start one', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const stranger = await createUser(t, { role: 'owner' });
    const created = await create(owner, 'mine.7z', 100);
    const location = new URL(created.headers.get('location')!, base).toString();
    const head = await fetch(location, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${stranger.token}`, 'tus-resumable': '1.0.0' },
    });
    expect(head.status).toBe(404);
    const patch = await fetch(location, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${stranger.token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: Buffer.alloc(100),
    });
    expect(patch.status).toBe(404);
    const agent = await createUser(t, { role: 'agent' });
    expect((await create(agent, 'x.7z', 10)).status).toBe(403);
    expect(
      (
        await fetch(`${base}/api/file/tus`, {
          method: 'POST',
          headers: { 'tus-resumable': '1.0.0', 'upload-length': '5' },
        })
      ).status,
    ).toBe(401);
  });

  it('refuses a file name with control characters when the upload is created', async () => {
    const owner = await createUser(t, { role: 'owner' });
    for (const name of ['a\u0000b.png', 'tab\there.png', `${'n'.repeat(120)}.png`]) {
      const res = await create(owner, name, 100);
      expect(res.status, name).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('VALIDATION_ERROR');
    }
  });

  it('says a name taken in the folder when the upload is created, not after its last chunk', async () => {
    const owner = await createUser(t, { role: 'owner' });
    await uploadImage(t, owner, 'taken.png');
    const res = await create(owner, 'taken.png', 24 * 1024 ** 2);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: 'File already exist', code: 'FILE_EXISTS' });
    // Nothing was created to resume, and another name is taken at once.
    expect(res.headers.get('location')).toBeNull();
    expect((await create(owner, 'free.png', 24 * 1024 ** 2)).status).toBe(201);
    // A file of the taken name's size may be the same one sent again: its content decides at the end.
    const { rows } = await t.database.executeSql(`select size from files where name = 'taken.png'`);
    expect((await create(owner, 'taken.png', Number((rows[0] as { size: unknown }).size))).status).toBe(201);
  });
});
