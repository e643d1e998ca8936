import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blankDocument,
  newLayer,
  type CreationList,
  type FileList,
  type Manifest,
  type StudioDocument,
  type StudioItem,
  type WidgetList,
} from '@vitrine/core';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createTeam, type TestUser } from '../../test/factories.js';
import { uploadImage } from '../../test/media.js';
import { pairPlayer } from '../../test/player.js';

/**
 * Widgets and creations over HTTP (spec §3, §6, §7; docs/studio.md): every call with its shape, paging
 * and search, partial patches and revisions, the roles that may and may not, another cabinet's ids, and
 * documents the schema or the library refuses (400, nothing stored).
 */
let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;
let other: Awaited<ReturnType<typeof createTeam>>;
let image: number;
let foreignImage: number;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeam(t);
  other = await createTeam(t);
  image = await uploadImage(t, team.owner, 'studio-picture.png');
  foreignImage = await uploadImage(t, other.owner, 'foreign-picture.png');
});
afterAll(() => t.close());

const get = (who: TestUser, url: string, query?: Record<string, string>) =>
  call(t.app, 'GET', url, { token: who.token, ...(query ? { query } : {}) });
const post = (who: TestUser, url: string, body?: unknown) =>
  call(t.app, 'POST', url, { token: who.token, body: body ?? {} });

/** A widget of text, an image and a clock over a gradient. */
function widgetDoc(fileId = image): StudioDocument {
  const doc = blankDocument(1280, 720);
  const page = doc.pages[0]!;
  page.background.gradient = { to: '#112233', angle: 90 };
  page.layers.push(
    { ...newLayer('text', 'title', doc), kind: 'text', text: 'Hello' } as never,
    newLayer('image', 'logo', doc, fileId),
    newLayer('clock', 'clock', doc),
  );
  return doc;
}

const widgetCount = async (who: TestUser) => ((await get(who, '/api/widget')).json() as WidgetList).total;

describe('widgets', () => {
  it('creates, lists, reads, patches and removes a widget, each answer in its shape', async () => {
    const owner = team.owner;
    const created = await post(owner, '/api/widget/post', { name: 'Lobby welcome', document: widgetDoc() });
    expect(created.statusCode, created.body).toBe(200);
    const widget = created.json() as StudioItem;
    expect(widget).toMatchObject({
      name: 'Lobby welcome',
      revision: 1,
      width: 1280,
      height: 720,
      duration: 10,
      fonts: ['Inter'],
      thumbnail: null,
    });
    expect(widget.document.pages[0]!.layers.map((l) => l.kind)).toEqual(['text', 'image', 'clock']);

    const list = (await get(owner, '/api/widget', { search: 'lobby' })).json() as WidgetList;
    expect(list.total).toBe(1);
    expect(list.widgets[0]!.id).toBe(widget.id);
    expect((await get(owner, `/api/widget/${widget.id}`)).json()).toEqual(widget);

    // A patch of the name keeps the document; a thumbnail comes as a data: address.
    const thumbnail = `data:image/png;base64,${Buffer.from('png').toString('base64')}`;
    const renamed = (
      await post(owner, `/api/widget/patch/${widget.id}`, { name: 'Lobby hello', thumbnail })
    ).json() as StudioItem;
    expect(renamed).toMatchObject({ name: 'Lobby hello', thumbnail, revision: 2 });
    expect(renamed.document).toEqual(widget.document);

    // A save over an older revision is told, and changes nothing.
    const stale = await post(owner, `/api/widget/patch/${widget.id}?revision=1`, { name: 'Stale' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT' });
    const current = await post(owner, `/api/widget/patch/${widget.id}?revision=2`, { name: 'Fresh' });
    expect(current.json()).toMatchObject({ name: 'Fresh', revision: 3 });

    const removed = await post(owner, `/api/widget/remove/${widget.id}`);
    expect(removed.json()).toEqual({ ok: true });
    expect((await get(owner, `/api/widget/${widget.id}`)).statusCode).toBe(404);
  });

  it('pages by 25 and removes many at once, all or nothing', async () => {
    const cm = team.contentManager;
    const before = await widgetCount(cm);
    const ids: number[] = [];
    for (let i = 0; i < 27; i += 1) {
      const res = await post(cm, '/api/widget/post', { name: `Paged ${i}`, document: blankDocument() });
      ids.push((res.json() as StudioItem).id);
    }
    const first = (await get(cm, '/api/widget')).json() as WidgetList;
    expect(first.widgets).toHaveLength(25);
    expect(first.total).toBe(before + 27);
    expect(first.widgets[0]!.id).toBe(ids.at(-1));
    const second = (await get(cm, '/api/widget', { page: '2', limit: '25' })).json() as WidgetList;
    expect(second.widgets).toHaveLength(Math.min(25, before + 2));

    const theirs = (
      (
        await post(other.owner, '/api/widget/post', { name: 'Theirs', document: blankDocument() })
      ).json() as StudioItem
    ).id;
    const mixed = await post(cm, '/api/widget/remove-many', { ids: [ids[0], theirs] });
    expect(mixed.statusCode).toBe(404);
    expect(await widgetCount(cm)).toBe(before + 27);
    expect((await post(cm, '/api/widget/remove-many', { ids })).json()).toEqual({ ok: true });
    expect(await widgetCount(cm)).toBe(before);
    expect((await get(other.owner, `/api/widget/${theirs}`)).statusCode).toBe(200);
  });

  it('answers another cabinet’s widget 404 on every call, and leaves it as it was', async () => {
    const theirs = (
      await post(other.owner, '/api/widget/post', { name: 'Private', document: blankDocument() })
    ).json() as StudioItem;
    const me = team.owner;
    expect((await get(me, `/api/widget/${theirs.id}`)).statusCode).toBe(404);
    expect((await post(me, `/api/widget/patch/${theirs.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await post(me, `/api/widget/remove/${theirs.id}`)).statusCode).toBe(404);
    expect(((await get(me, '/api/widget', { search: 'Private' })).json() as WidgetList).total).toBe(0);
    expect((await get(other.owner, `/api/widget/${theirs.id}`)).json()).toEqual(theirs);
  });

  it('is open to admin, owner, moderator and content manager only (spec §6)', async () => {
    for (const role of ['admin', 'owner', 'moderator', 'contentManager'] as const)
      expect((await get(team[role], '/api/widget')).statusCode, role).toBe(200);
    for (const role of ['agent', 'observer'] as const) {
      expect((await get(team[role], '/api/widget')).statusCode, role).toBe(403);
      const res = await post(team[role], '/api/widget/post', { name: 'No', document: blankDocument() });
      expect(res.statusCode, role).toBe(403);
      expect((await get(team[role], '/api/media-creation')).statusCode, role).toBe(403);
    }
  });

  it('refuses documents that break the schema or name files it may not show: 400, nothing stored', async () => {
    const owner = team.owner;
    const before = await widgetCount(owner);
    /** A valid widget with one change made to its first page (layers: text, image, clock). */
    type Loose = { background: Record<string, unknown>; layers: Record<string, unknown>[] };
    const bad = (mutate: (page: Loose, doc: Record<string, unknown>) => void) => {
      const doc = widgetDoc() as unknown as Record<string, unknown> & { pages: Loose[] };
      mutate(doc.pages[0]!, doc);
      return doc;
    };
    const cases: [string, unknown][] = [
      ['an unknown layer kind', bad((p) => (p.layers[0]!['kind'] = 'iframe'))],
      ['huge text', bad((p) => (p.layers[0]!['text'] = 'x'.repeat(5001)))],
      ['a bad colour', bad((p) => (p.background['color'] = 'red'))],
      [
        'a script in a colour',
        bad((p) => ((p.layers[0]!['style'] as Record<string, unknown>)['color'] = '#fff;x')),
      ],
      ['a canvas too large', bad((_, d) => (d['width'] = 100_000))],
      ['duplicate layer ids', bad((p) => (p.layers[1]!['id'] = 'title'))],
      ['an unknown field', bad((p) => (p.layers[0]!['onclick'] = 'x'))],
      ['two pages in a widget', bad((p, d) => (d['pages'] as unknown[]).push({ ...p, id: 'page-2' }))],
      ['another cabinet’s file in a layer', widgetDoc(foreignImage)],
      ['another cabinet’s file as background', bad((p) => (p.background['fileId'] = foreignImage))],
      ['a file that does not exist', widgetDoc(2_000_000_000)],
      ['a picture in a video layer', bad((p) => Object.assign(p.layers[1]!, { kind: 'video', muted: true }))],
    ];
    for (const [label, document] of cases) {
      const res = await post(owner, '/api/widget/post', { name: 'Refused', document });
      expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
      expect(res.json(), label).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    // The file checks answer the field at fault.
    const foreign = await post(owner, '/api/widget/post', {
      name: 'Refused',
      document: widgetDoc(foreignImage),
    });
    expect(foreign.json()).toMatchObject({
      fields: { 'document.pages.0.layers.1.fileId': expect.any(String) },
    });
    expect(await widgetCount(owner)).toBe(before);

    // A patch naming another cabinet's file changes nothing either.
    const widget = (
      await post(owner, '/api/widget/post', { name: 'Kept', document: widgetDoc() })
    ).json() as StudioItem;
    const patched = await post(owner, `/api/widget/patch/${widget.id}`, {
      name: 'Changed',
      document: widgetDoc(foreignImage),
    });
    expect(patched.statusCode).toBe(400);
    expect((await get(owner, `/api/widget/${widget.id}`)).json()).toEqual(widget);
    // A bad thumbnail is refused too.
    const thumb = await post(owner, `/api/widget/patch/${widget.id}`, { thumbnail: 'javascript:alert(1)' });
    expect(thumb.statusCode).toBe(400);
  });
});

describe('creations', () => {
  it('hold several pages with durations, with the same calls as widgets', async () => {
    const cm = team.contentManager;
    const doc = widgetDoc();
    doc.pages.push({ ...structuredClone(doc.pages[0]!), id: 'page-2', duration: 5 });
    const created = await post(cm, '/api/media-creation/post', { name: 'Menu board', document: doc });
    expect(created.statusCode, created.body).toBe(200);
    const creation = created.json() as StudioItem;
    expect(creation).toMatchObject({ name: 'Menu board', duration: 15, revision: 1 });

    const list = (await get(cm, '/api/media-creation', { search: 'menu' })).json() as CreationList;
    expect(list).toMatchObject({ total: 1, creations: [{ id: creation.id, name: 'Menu board' }] });
    // A creation is no widget.
    expect((await get(cm, `/api/widget/${creation.id}`)).statusCode).toBe(404);

    const patched = (
      await call(t.app, 'PATCH', `/api/media-creation/patch/${creation.id}`, {
        token: cm.token,
        body: { document: widgetDoc() },
      })
    ).json() as StudioItem;
    expect(patched).toMatchObject({ name: 'Menu board', duration: 10, revision: 2 });

    const foreign = await post(cm, '/api/media-creation/post', {
      name: 'X',
      document: widgetDoc(foreignImage),
    });
    expect(foreign.statusCode).toBe(400);
    expect((await get(other.owner, `/api/media-creation/${creation.id}`)).statusCode).toBe(404);
    expect(
      (await post(other.owner, '/api/media-creation/remove-many', { ids: [creation.id] })).statusCode,
    ).toBe(404);
    expect((await post(cm, '/api/media-creation/remove-many', { ids: [creation.id] })).json()).toEqual({
      ok: true,
    });
    expect(((await get(cm, '/api/media-creation')).json() as CreationList).total).toBe(0);
  });
});

describe('widgets as playlist content', () => {
  it('are library files a playlist plays with a duration, reaching the manifest with the pictures they show', async () => {
    const owner = team.owner;
    const widget = (
      await post(owner, '/api/widget/post', {
        name: 'Screen widget',
        document: widgetDoc(),
        thumbnail: 'data:image/webp;base64,UklGRg==',
      })
    ).json() as StudioItem;
    expect(widget.fileId).toEqual(expect.any(Number));
    // The gallery's WIDGET section: files of kind widget.
    const section = (await get(owner, '/api/file', { kind: 'widget' })).json() as FileList;
    const file = section.files.find((f) => f.id === widget.fileId)!;
    expect(file).toMatchObject({ name: 'Screen widget', kind: 'widget', width: 1280, height: 720 });
    expect(file.thumbUrl).toEqual(expect.any(String));
    const stored = await t.app.inject({ method: 'GET', url: file.url });
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toEqual(widget.document);

    const paired = await pairPlayer(t, owner, 'Widget screen');
    const playlist = await post(owner, '/api/playlist/post', {
      name: 'With a widget',
      files: [{ fileId: widget.fileId, duration: 15 }],
      points: [paired.point.id],
    });
    expect(playlist.statusCode, playlist.body).toBe(200);
    const manifest = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/player/manifest',
          headers: { authorization: `Bearer ${paired.token}` },
        })
      ).json() as Manifest;
    const first = await manifest();
    expect(first.files.map((f) => [f.fileId, f.kind])).toEqual(
      expect.arrayContaining([
        [widget.fileId, 'widget'],
        [image, 'image'],
      ]),
    );
    const item = first.schedule.playlists.flatMap((p) => p.items).find((i) => i.fileId === widget.fileId);
    expect(item?.seconds).toBe(15);

    // A saved change is new content: a new hash, so screens fetch it again.
    const before = first.files.find((f) => f.fileId === widget.fileId)!.hash;
    const doc = widgetDoc();
    doc.pages[0]!.background.color = '#445566';
    await post(owner, `/api/widget/patch/${widget.id}`, { document: doc });
    const after = (await manifest()).files.find((f) => f.fileId === widget.fileId)!;
    expect(after.hash).not.toBe(before);
    expect((await t.app.inject({ method: 'GET', url: after.url })).json()).toEqual(doc);

    // While a playlist plays it, it is kept and the playlist named.
    const refused = await post(owner, `/api/widget/remove/${widget.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain('With a widget');
    expect((await get(owner, `/api/widget/${widget.id}`)).statusCode).toBe(200);
  });
});
