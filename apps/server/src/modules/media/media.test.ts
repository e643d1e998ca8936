import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileItem, FolderContents } from '@vitrine/core';
import { storageRoot } from '../../lib/storage.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { uploadAs } from '../../test/media.js';
import { createTeam, createUser, type TestUser } from '../../test/factories.js';

let t: TestApp;
let png: Buffer;
let otherPng: Buffer;
let mp4: Buffer | undefined;

beforeAll(async () => {
  t = await buildTestApp({ CABINET_QUOTA: String(2 * 1024 * 1024), MAX_UPLOAD_SIZE: String(1024 * 1024) });
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  otherPng = await sharp({ create: { width: 10, height: 20, channels: 3, background: '#00ff00' } })
    .png()
    .toBuffer();
  try {
    const out = join(t.config.dataDir, 'clip.mp4');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x120:rate=10',
      '-t',
      '2',
      '-pix_fmt',
      'yuv420p',
      out,
      '-y',
    ]);
    mp4 = await readFile(out);
  } catch {
    mp4 = undefined;
  }
});
afterAll(() => t.close());

const upload = (
  who: TestUser,
  name: string,
  body: Buffer | string,
  folderId = 0,
  headers: Record<string, string> = {},
) => uploadAs(t, who, name, body, folderId, headers);

describe('uploads', () => {
  it('stores an image with its dimensions and a thumbnail, served only behind a signed address', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const res = await upload(owner, 'red.png', png);
    expect(res.statusCode).toBe(200);
    const file = res.json() as FileItem & { duplicate: boolean };
    expect(file).toMatchObject({
      name: 'red.png',
      mime: 'image/png',
      kind: 'image',
      width: 64,
      height: 48,
      size: png.length,
      measuredBy: 'server',
      duplicate: false,
      source: 'HOME',
      path: 0,
    });
    expect(file.thumbUrl).toMatch(/^\/api\/file\/\d+\/thumb\?exp=\d+&sig=/);

    const bytes = await t.app.inject({ method: 'GET', url: file.url });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.equals(png)).toBe(true);
    expect(bytes.headers['accept-ranges']).toBe('bytes');
    const thumb = await t.app.inject({ method: 'GET', url: file.thumbUrl! });
    expect(thumb.headers['content-type']).toBe('image/webp');

    const part = await t.app.inject({ method: 'GET', url: file.url, headers: { range: 'bytes=8-15' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 8-15/${png.length}`);
    expect(part.rawPayload.equals(png.subarray(8, 16))).toBe(true);
    const beyond = await t.app.inject({
      method: 'GET',
      url: file.url,
      headers: { range: `bytes=${png.length + 5}-` },
    });
    expect(beyond.statusCode).toBe(416);

    const forged = file.url.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    const expired = file.url.replace(/exp=\d+/, 'exp=1000');
    expect((await t.app.inject({ method: 'GET', url: expired })).statusCode).toBe(404);
  });

  it.runIf(existsSync('/usr/bin/ffprobe'))(
    'measures a video with ffprobe and takes a poster frame',
    async () => {
      expect(mp4).toBeDefined();
      const owner = await createUser(t, { role: 'contentManager' });
      const res = await upload(owner, 'clip.mp4', mp4!);
      expect(res.json()).toMatchObject({ kind: 'video', width: 160, height: 120, measuredBy: 'server' });
      expect(res.json().duration).toBeCloseTo(2, 0);
      expect(res.json().thumbUrl).not.toBeNull();
    },
  );

  it('stores the same content once: "File already uploaded. Used exist"', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const first = (await upload(owner, 'one.png', png)).json();
    const again = await upload(owner, 'two.png', png);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.id, name: 'one.png', duplicate: true });
    const root = (await call(t.app, 'GET', '/api/folder/0', { token: owner.token })).json() as FolderContents;
    expect(root.data).toHaveLength(1);
  });

  it('"File already exist" for the same name in one folder, but not in another', async () => {
    const owner = await createUser(t, { role: 'owner' });
    await upload(owner, 'logo.png', png);
    const clash = await upload(owner, 'LOGO.png', otherPng);
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ message: 'File already exist', code: 'FILE_EXISTS' });
    const folder = (
      await call(t.app, 'POST', '/api/folder/post', { token: owner.token, body: { name: 'Other', path: 0 } })
    ).json();
    expect((await upload(owner, 'logo.png', otherPng, folder.id)).statusCode).toBe(200);
  });

  it("answers with the uploader's messages word for word", async () => {
    const owner = await createUser(t, { role: 'owner' });
    const bad = await upload(owner, 'virus.exe', 'MZ');
    expect(bad.json().message).toBe(
      'virus.exe has invalid extension. Only gif, jpg, jpeg, png, svg, webm, ogg, wav, avi, mov, mkv, mp3, mp4, swf, html, zip, 7z, ttf, otf, woff, woff2 are allowed.',
    );
    const empty = await upload(owner, 'empty.png', Buffer.alloc(0));
    expect(empty.json().message).toBe('empty.png is empty, please select files again without it.');
    const big = await upload(owner, 'big.mp4', Buffer.alloc(1024 * 1024 + 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('big.mp4 is too large, maximum file size is 1 MB.');
  });

  it('refuses content that does not match its extension', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const res = await upload(owner, 'photo.jpg', png);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('photo.jpg is not what its extension says.');
    const html = await upload(owner, 'page.png', '<html><script>alert(1)</script></html>');
    expect(html.statusCode).toBe(400);
  });

  it('keeps each cabinet within its quota, counting shared content once', async () => {
    const owner = await createUser(t, { role: 'owner' });
    // 7z archives are stored as they are, so their size is exactly what counts against the quota.
    const noise = (seed: number) =>
      Buffer.concat([Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]), Buffer.alloc(900 * 1024, seed)]);
    expect((await upload(owner, 'a.7z', noise(1))).statusCode).toBe(200);
    expect((await upload(owner, 'b.7z', noise(2))).statusCode).toBe(200);
    expect((await upload(owner, 'again.7z', noise(2))).json().duplicate).toBe(true);
    const over = await upload(owner, 'c.7z', noise(3));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ message: 'Not enough space in the library', code: 'QUOTA_EXCEEDED' });
    // Another cabinet has its own quota.
    const other = await createUser(t, { role: 'owner' });
    expect((await upload(other, 'c.7z', noise(3))).statusCode).toBe(200);
  });

  it('strips scripts from SVG and serves it with a script-free policy', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10"/></svg>';
    const res = await upload(owner, 'icon.svg', svg);
    expect(res.statusCode).toBe(200);
    const bytes = await t.app.inject({ method: 'GET', url: res.json().url });
    expect(bytes.body).not.toMatch(/script|onload|alert/);
    expect(bytes.body).toContain('<rect');
    expect(bytes.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('uses the browser’s measurements for video only when the server cannot measure', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64, 7)]);
    const res = await upload(owner, 'tiny.webm', webm, 0, {
      'x-media-duration': '12.5',
      'x-media-width': '640',
      'x-media-height': '360',
    });
    if (existsSync('/usr/bin/ffprobe')) {
      // ffprobe is here and refuses the fake: the upload fails cleanly rather than trusting the browser.
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Failed');
    } else {
      expect(res.json()).toMatchObject({ duration: 12.5, width: 640, height: 360, measuredBy: 'browser' });
    }
  });
});

describe('folders and files', () => {
  it('creates, nests, renames, favorites and lists folders with breadcrumbs', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const post = (name: string, path: number) =>
      call(t.app, 'POST', '/api/folder/post', { token: owner.token, body: { name, path } }).then((r) =>
        r.json(),
      );
    const a = await post('Summer', 0);
    const b = await post('Beach', a.id);
    expect(b).toMatchObject({ name: 'Beach', path: a.id, favorite: false });
    const dup = await call(t.app, 'POST', '/api/folder/post', {
      token: owner.token,
      body: { name: 'summer', path: 0 },
    });
    expect(dup.json().code).toBe('FOLDER_EXISTS');
    await upload(owner, 'sun.png', png, b.id);
    const contents = (
      await call(t.app, 'GET', `/api/folder/${b.id}`, { token: owner.token })
    ).json() as FolderContents;
    expect(contents.breadcrumbs).toEqual([
      { id: a.id, name: 'Summer' },
      { id: b.id, name: 'Beach' },
    ]);
    expect(contents.data.map((i) => i.name)).toEqual(['sun.png']);
    expect('mime' in contents.data[0]!).toBe(true);

    const fav = await call(t.app, 'POST', `/api/folder/patch/${a.id}`, {
      token: owner.token,
      body: { toggleFavorite: true },
    });
    expect(fav.json().favorite).toBe(true);
    const renamed = await call(t.app, 'PATCH', `/api/folder/patch/${a.id}`, {
      token: owner.token,
      body: { name: 'Winter' },
    });
    expect(renamed.json().name).toBe('Winter');
  });

  it('moves: a target below 0 is ignored, a folder never goes into itself or below itself', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const post = (name: string, path: number) =>
      call(t.app, 'POST', '/api/folder/post', { token: owner.token, body: { name, path } }).then((r) =>
        r.json(),
      );
    const a = await post('A', 0);
    const b = await post('B', a.id);
    const c = await post('C', 0);
    const move = (ids: number[], path: number) =>
      call(t.app, 'POST', '/api/folder/patch-many', { token: owner.token, body: { ids, path } });
    expect((await move([a.id], -1)).json()).toEqual([]);
    expect((await move([a.id], a.id)).json().code).toBe('FOLDER_MOVE_INVALID');
    expect((await move([a.id], b.id)).json().code).toBe('FOLDER_MOVE_INVALID');
    expect((await move([a.id], c.id)).json()).toEqual([expect.objectContaining({ id: a.id, path: c.id })]);
    const file = (await upload(owner, 'x.png', png)).json();
    const moved = await call(t.app, 'POST', '/api/file/patch-many', {
      token: owner.token,
      body: { ids: [file.id], path: b.id },
    });
    expect(moved.json()[0].path).toBe(b.id);
    expect(
      (
        await call(t.app, 'POST', '/api/file/patch-many', {
          token: owner.token,
          body: { ids: [file.id], path: -5 },
        })
      ).json(),
    ).toEqual([]);
  });

  it('favorites list files before folders; recent and search by name or tag', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const folder = (
      await call(t.app, 'POST', '/api/folder/post', {
        token: owner.token,
        body: { name: 'Fav folder', path: 0 },
      })
    ).json();
    const file = (await upload(owner, 'poster.png', png)).json();
    await call(t.app, 'POST', `/api/folder/patch/${folder.id}`, {
      token: owner.token,
      body: { toggleFavorite: true },
    });
    await call(t.app, 'POST', `/api/file/patch/${file.id}`, {
      token: owner.token,
      body: { toggleFavorite: true, tags: ['promo', 'summer'] },
    });
    const favorites = (
      await call(t.app, 'GET', '/api/folder/favorite', { token: owner.token })
    ).json() as FolderContents;
    expect(favorites.data.map((i) => i.name)).toEqual(['poster.png', 'Fav folder']);
    expect(favorites.tags).toEqual(['promo', 'summer']);
    const recent = (await call(t.app, 'GET', '/api/folder', { token: owner.token })).json() as FolderContents;
    expect(recent.data[0]).toMatchObject({ id: file.id });
    const byTag = (
      await call(t.app, 'GET', '/api/folder/search', { token: owner.token, query: { search: 'promo' } })
    ).json();
    expect(byTag.data.map((i: { name: string }) => i.name)).toEqual(['poster.png']);
    const byName = (
      await call(t.app, 'GET', '/api/folder/search', { token: owner.token, query: { search: 'fav' } })
    ).json();
    expect(byName.data.map((i: { name: string }) => i.name)).toEqual(['Fav folder']);
  });

  it('removes a folder with its contents and frees the stored bytes', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const folder = (
      await call(t.app, 'POST', '/api/folder/post', { token: owner.token, body: { name: 'Old', path: 0 } })
    ).json();
    const inner = (
      await call(t.app, 'POST', '/api/folder/post', {
        token: owner.token,
        body: { name: 'Older', path: folder.id },
      })
    ).json();
    const file = (await upload(owner, 'gone.png', otherPng, inner.id)).json();
    const stored = join(
      storageRoot(t.config.dataDir),
      String(owner.row.cabinetId),
      file.hash.slice(0, 2),
      `${file.hash}.png`,
    );
    expect(existsSync(stored)).toBe(true);
    expect(
      (await call(t.app, 'POST', `/api/folder/remove/${folder.id}`, { token: owner.token })).statusCode,
    ).toBe(200);
    expect((await call(t.app, 'GET', `/api/folder/${inner.id}`, { token: owner.token })).statusCode).toBe(
      404,
    );
    expect((await call(t.app, 'GET', `/api/file/${file.id}`, { token: owner.token })).statusCode).toBe(404);
    expect(existsSync(stored)).toBe(false);
  });

  it('adds remote files, refusing a URL that is not one', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const ok = await call(t.app, 'POST', '/api/file/post', {
      token: owner.token,
      body: {
        folderId: 0,
        files: [{ url: 'https://cdn.example.com/spots/clip.mp4', width: 1920, height: 1080, duration: 15 }],
      },
    });
    expect(ok.json()[0]).toMatchObject({
      name: 'clip.mp4',
      source: 'REMOTE',
      kind: 'video',
      url: 'https://cdn.example.com/spots/clip.mp4',
      duration: 15,
    });
    const bad = await call(t.app, 'POST', '/api/file/post', {
      token: owner.token,
      body: { folderId: 0, files: [{ url: 'cdn/clip.mp4', width: 1, height: 1, duration: 1 }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Not valid. Should be smth like https://example.com/file.mp4');
  });
});

describe('cabinets never see each other’s library', () => {
  it("another cabinet's files and folders are not found", async () => {
    const mine = await createTeam(t);
    const theirs = await createTeam(t);
    const folder = (
      await call(t.app, 'POST', '/api/folder/post', {
        token: theirs.owner.token,
        body: { name: 'Private', path: 0 },
      })
    ).json();
    const file = (await upload(theirs.owner, 'secret.png', otherPng)).json();
    const token = mine.owner.token;
    const attempts = [
      call(t.app, 'GET', `/api/folder/${folder.id}`, { token }),
      call(t.app, 'GET', `/api/file/${file.id}`, { token }),
      call(t.app, 'POST', `/api/folder/patch/${folder.id}`, { token, body: { toggleFavorite: true } }),
      call(t.app, 'POST', `/api/file/patch/${file.id}`, { token, body: { name: 'mine.png' } }),
      call(t.app, 'POST', '/api/file/patch-many', { token, body: { ids: [file.id], path: 0 } }),
      call(t.app, 'POST', '/api/folder/patch-many', { token, body: { ids: [folder.id], path: 0 } }),
      call(t.app, 'POST', `/api/folder/remove/${folder.id}`, { token }),
      call(t.app, 'POST', `/api/file/remove/${file.id}`, { token }),
      call(t.app, 'POST', '/api/file/remove-many', { token, body: { ids: [file.id] } }),
      call(t.app, 'POST', '/api/folder/post', { token, body: { name: 'Inside theirs', path: folder.id } }),
      upload(mine.owner, 'into-theirs.png', png, folder.id),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(404);
    expect(
      (await call(t.app, 'GET', `/api/file/${file.id}`, { token: theirs.owner.token })).json().name,
    ).toBe('secret.png');
    const search = (
      await call(t.app, 'GET', '/api/folder/search', { token, query: { search: 'secret' } })
    ).json();
    expect(search.data).toEqual([]);
  });

  it('agents and observers have no gallery (spec §6)', async () => {
    const team = await createTeam(t);
    for (const who of [team.agent, team.observer]) {
      expect((await call(t.app, 'GET', '/api/folder/0', { token: who.token })).statusCode).toBe(403);
      expect((await upload(who, 'x.png', png)).statusCode).toBe(403);
    }
  });
});
