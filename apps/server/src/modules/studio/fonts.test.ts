import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blankDocument,
  newLayer,
  type FileItem,
  type FileList,
  type Manifest,
  type StudioDocument,
  type StudioItem,
} from '@vitrine/core';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createTeam, type TestUser } from '../../test/factories.js';
import { fontsourceFile, robotoTtf, woffToSfnt } from '../../test/fonts.js';
import { uploadAs } from '../../test/media.js';
import { pairPlayer } from '../../test/player.js';

/**
 * Fonts a cabinet uploads (docs/studio.md): ttf, otf, woff and woff2 through the gallery's upload path,
 * checked by their bytes, their family read from the font; a document names them, and the player's
 * manifest brings them; another cabinet's font answers 400.
 */
let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;
let other: Awaited<ReturnType<typeof createTeam>>;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeam(t);
  other = await createTeam(t);
});
afterAll(() => t.close());

const post = (who: TestUser, url: string, body?: unknown) =>
  call(t.app, 'POST', url, { token: who.token, body: body ?? {} });

async function uploadFont(who: TestUser, name: string, bytes: Buffer): Promise<FileItem> {
  const res = await uploadAs(t, who, name, bytes);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FileItem;
}

/** A widget whose text uses an uploaded font. */
function fontDoc(family: string, fileId: number): StudioDocument {
  const doc = blankDocument(1280, 720);
  const text = newLayer('text', 'title', doc);
  if (text.kind === 'text') text.style.fontFamily = family;
  doc.pages[0]!.layers.push(text);
  return { ...doc, fonts: [{ family, fileId }] };
}

describe('uploaded fonts', () => {
  it('are library files of kind font, their family read from the font, in each of the four formats', async () => {
    const ttf = await uploadFont(team.owner, 'my-brand.ttf', robotoTtf());
    expect(ttf).toMatchObject({ kind: 'font', mime: 'font/ttf', fontFamily: 'Roboto', name: 'my-brand.ttf' });
    const woff = await uploadFont(
      team.owner,
      'inter.woff',
      fontsourceFile('inter', 'inter-latin-400-normal.woff'),
    );
    expect(woff).toMatchObject({ kind: 'font', mime: 'font/woff', fontFamily: 'Inter' });
    const woff2 = await uploadFont(
      team.owner,
      'anything.woff2',
      fontsourceFile('inter', 'inter-latin-700-normal.woff2'),
    );
    expect(woff2).toMatchObject({ kind: 'font', mime: 'font/woff2', fontFamily: 'Inter' });
    // An OpenType name for TrueType outlines is accepted: the bytes say it is a font.
    const otf = await uploadFont(
      team.owner,
      'roboto-bold.otf',
      woffToSfnt(fontsourceFile('roboto', 'roboto-latin-700-normal.woff')),
    );
    expect(otf).toMatchObject({ kind: 'font', mime: 'font/otf', fontFamily: 'Roboto' });

    // The gallery lists them by kind, and serves the bytes behind the signed address.
    const listed = (
      await call(t.app, 'GET', '/api/file', { token: team.owner.token, query: { kind: 'font' } })
    ).json() as FileList;
    expect(listed.files.map((f) => f.id).sort()).toEqual([ttf.id, woff.id, woff2.id, otf.id].sort());
    const bytes = await t.app.inject({ method: 'GET', url: ttf.url });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toContain('font/ttf');
  });

  it('refuses a file whose bytes are not the font its extension says, or a broken font', async () => {
    const png = await uploadAs(t, team.owner, 'fake.ttf', Buffer.alloc(200, 7));
    expect(png.statusCode).toBe(400);
    expect(png.json()).toMatchObject({ message: 'fake.ttf is not what its extension says.' });
    const woffAsTtf = await uploadAs(
      t,
      team.owner,
      'renamed.ttf',
      fontsourceFile('roboto', 'roboto-latin-400-normal.woff'),
    );
    expect(woffAsTtf.statusCode).toBe(400);
    const cut = await uploadAs(
      t,
      team.owner,
      'cut.woff2',
      fontsourceFile('roboto', 'roboto-latin-400-normal.woff2').subarray(0, 300),
    );
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({ message: 'cut.woff2 is not what its extension says.' });
  });

  it('are named by documents, reach the player with them, and are the cabinet’s own', async () => {
    const font = await uploadFont(
      team.owner,
      'roboto-700.woff2',
      fontsourceFile('roboto', 'roboto-latin-700-normal.woff2'),
    );
    const created = await post(team.owner, '/api/widget/post', {
      name: 'Branded',
      document: fontDoc('Roboto', font.id),
    });
    expect(created.statusCode, created.body).toBe(200);
    const widget = created.json() as StudioItem;
    expect(widget.document.fonts).toEqual([{ family: 'Roboto', fileId: font.id }]);
    expect(widget.fonts).toEqual(['Roboto']);

    // The screen's manifest brings the font with the widget, so it plays offline.
    const paired = await pairPlayer(t, team.owner, 'Font screen');
    const playlist = await post(team.owner, '/api/playlist/post', {
      name: 'Branded playlist',
      files: [{ fileId: widget.fileId, duration: 10 }],
      points: [paired.point.id],
    });
    expect(playlist.statusCode, playlist.body).toBe(200);
    const manifest = (
      await t.app.inject({
        method: 'GET',
        url: '/api/player/manifest',
        headers: { authorization: `Bearer ${paired.token}` },
      })
    ).json() as Manifest;
    expect(manifest.files.find((f) => f.fileId === font.id)).toMatchObject({
      kind: 'font',
      mime: 'font/woff2',
    });

    // Another cabinet's font, or a file that is not a font: 400, nothing stored.
    const foreign = await post(other.owner, '/api/widget/post', {
      name: 'Borrowed',
      document: fontDoc('Roboto', font.id),
    });
    expect(foreign.statusCode).toBe(400);
    expect(JSON.stringify(foreign.json())).toContain('document.fonts.0.fileId');
    const picture = await post(team.owner, '/api/widget/post', {
      name: 'Not a font',
      document: fontDoc('Roboto', widget.fileId!),
    });
    expect(picture.statusCode).toBe(400);
    const list = (await call(t.app, 'GET', '/api/widget', { token: other.owner.token })).json() as {
      total: number;
    };
    expect(list.total).toBe(0);
  });
});
