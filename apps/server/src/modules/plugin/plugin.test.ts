import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PLUGIN_MIME,
  PLUGIN_ONLINE_MIME,
  PluginInstanceContent,
  type Feed,
  type FileList,
  type Manifest,
  type PluginInstance,
  type PluginItem,
  type PluginList,
} from '@vitrine/core';
import { isPrivateAddress } from '../../lib/safe-fetch.js';
import { storageRoot } from '../../lib/storage.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createTeam, type TestUser } from '../../test/factories.js';
import { changedTables, Fingerprint } from '../../test/fingerprint.js';
import { uploadImage, zipOf } from '../../test/media.js';
import { pairPlayer } from '../../test/player.js';

/**
 * Plugins over HTTP (spec §3, §6, §7 Plugin; docs/studio.md, "Plugins"): the list with the built-in ones,
 * uploads of a zip, instances as library files a screen plays, the roles that may and may not, another
 * cabinet's plugins, bad manifests and zips refused (400) with nothing stored, and the feed for screens.
 */
let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;
let other: Awaited<ReturnType<typeof createTeam>>;
let web: Server;
let port: number;

const RSS = `<?xml version="1.0"?><rss version="2.0"><channel><title>Local news</title>
<item><title>First &amp; foremost</title><link>https://example.com/1</link></item>
<item><title><![CDATA[Second <b>story</b>]]></title></item></channel></rss>`;

beforeAll(async () => {
  web = createServer((req, res) => {
    res.writeHead(req.url === '/feed.xml' ? 200 : 404, { 'content-type': 'application/rss+xml' });
    res.end(req.url === '/feed.xml' ? RSS : '');
  });
  await new Promise<void>((resolve) => web.listen(0, '0.0.0.0', resolve));
  port = (web.address() as AddressInfo).port;
  // 127.0.0.2 plays a public web host; every other private address stays refused.
  t = await buildTestApp({}, { fetchPolicy: { isBlocked: (a) => a !== '127.0.0.2' && isPrivateAddress(a) } });
  team = await createTeam(t);
  other = await createTeam(t);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => web.close(resolve));
});

const get = (who: TestUser, url: string, query?: Record<string, string>) =>
  call(t.app, 'GET', url, { token: who.token, ...(query ? { query } : {}) });
const post = (who: TestUser, url: string, body?: unknown) =>
  call(t.app, 'POST', url, { token: who.token, body: body ?? {} });
const uploadPlugin = (who: TestUser, zip: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: '/api/plugin/post',
    headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/zip' },
    payload: zip,
  });

const PAGE =
  '<!doctype html><body><p id="m"></p><script>m.textContent=vitrine.settings.message;vitrine.ready()</script></body>';
const manifest = (changes: Record<string, unknown> = {}) => ({
  id: 'acme.hello',
  name: 'Hello board',
  version: '1.2.0',
  entry: 'index.html',
  offline: true,
  origins: ['https://api.example.com'],
  settings: [
    { key: 'message', type: 'string', title: 'Message', default: 'Hi' },
    { key: 'size', type: 'number', title: 'Size', default: 10, min: 1, max: 100 },
  ],
  ...changes,
});
const pluginZip = (m: unknown = manifest(), extra: Record<string, string> = {}) =>
  zipOf({ 'manifest.json': JSON.stringify(m), 'index.html': PAGE, ...extra });

describe('plugins', () => {
  it('lists the built-in plugins, 25 a page, with search', async () => {
    const res = await get(team.owner, '/api/plugin');
    expect(res.statusCode).toBe(200);
    const list = res.json() as PluginList;
    expect(list.plugins.map((p) => p.key)).toEqual(
      expect.arrayContaining([
        'vitrine.clock',
        'vitrine.countdown',
        'vitrine.webpage',
        'vitrine.rss',
        'vitrine.qr',
      ]),
    );
    expect(list.plugins[0]).toMatchObject({ id: null, builtin: true, createdAt: null });
    const found = (await get(team.owner, '/api/plugin', { search: 'qr' })).json() as PluginList;
    expect(found.plugins.map((p) => p.key)).toEqual(['vitrine.qr']);
    const page2 = (await get(team.owner, '/api/plugin', { page: '2', limit: '2' })).json() as PluginList;
    expect(page2.plugins).toHaveLength(2);
    expect(page2.total).toBe(list.total);
  });

  it('uploads a plugin, makes an instance with its settings, and a screen gets it as a file', async () => {
    const up = await uploadPlugin(team.owner, await pluginZip());
    expect(up.statusCode, up.body).toBe(200);
    const plugin = up.json() as PluginItem;
    expect(plugin).toMatchObject({
      key: 'acme.hello',
      name: 'Hello board',
      version: '1.2.0',
      builtin: false,
      offline: true,
    });
    expect(typeof plugin.id).toBe('number');
    // The same id again is a conflict; the other cabinet may have its own.
    expect((await uploadPlugin(team.owner, await pluginZip())).statusCode).toBe(409);
    expect((await get(other.owner, '/api/plugin', { search: 'Hello' })).json()).toMatchObject({ total: 0 });

    const made = await post(team.contentManager, '/api/plugin/instance', {
      plugin: 'acme.hello',
      name: 'Lobby hello',
      settings: { message: 'Welcome' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const instance = made.json() as PluginInstance;
    expect(instance).toMatchObject({
      name: 'Lobby hello',
      plugin: 'acme.hello',
      settings: { message: 'Welcome', size: 10 },
    });

    // A library file of kind plugin, played from a playlist by a paired screen.
    const files = (await get(team.owner, '/api/file', { search: 'Lobby hello' })).json() as FileList;
    const file = files.files.find((f) => f.id === instance.fileId)!;
    expect(file).toMatchObject({ kind: 'plugin', mime: PLUGIN_MIME });
    const { token, point } = await pairPlayer(t, team.owner);
    const playlist = await post(team.owner, '/api/playlist/post', {
      name: 'Plugin list',
      influence: 'ACTIVE',
      points: [point.id],
      files: [{ fileId: instance.fileId, duration: 30 }],
    });
    expect(playlist.statusCode, playlist.body).toBe(200);
    const m = (await call(t.app, 'GET', '/api/player/manifest', { token })).json() as Manifest;
    const sent = m.files.find((f) => f.fileId === instance.fileId)!;
    expect(sent).toMatchObject({ kind: 'plugin', mime: PLUGIN_MIME });
    const content = await t.app.inject({ method: 'GET', url: sent.url.replace(/^https?:\/\/[^/]+/, '') });
    expect(content.statusCode).toBe(200);
    const parsed = PluginInstanceContent.parse(content.json());
    expect(parsed.settings).toEqual({ message: 'Welcome', size: 10 });
    expect(parsed.html).toBe(PAGE);
    expect(parsed.plugin.origins).toEqual(['https://api.example.com']);

    // Removing the plugin leaves its instances playing.
    expect((await post(team.owner, `/api/plugin/remove/${plugin.id}`)).json()).toEqual({ ok: true });
    const after = await t.app.inject({ method: 'GET', url: sent.url.replace(/^https?:\/\/[^/]+/, '') });
    expect(after.statusCode).toBe(200);
  });

  it('makes instances of built-in plugins; one that needs the network is typed so', async () => {
    const made = await post(team.owner, '/api/plugin/instance', {
      plugin: 'vitrine.webpage',
      name: 'Intranet',
      settings: { url: 'https://intranet.example.com/', reload: 5 },
    });
    expect(made.statusCode, made.body).toBe(200);
    const instance = made.json() as PluginInstance;
    const files = (await get(team.owner, '/api/file', { search: 'Intranet' })).json() as FileList;
    expect(files.files.find((f) => f.id === instance.fileId)).toMatchObject({
      kind: 'plugin',
      mime: PLUGIN_ONLINE_MIME,
    });
    // Settings the plugin does not type, or out of their range, are refused.
    for (const settings of [{ url: 'ftp://x' }, { reload: -1 }, { nope: 'x' }, { reload: 'five' }]) {
      const res = await post(team.owner, '/api/plugin/instance', {
        plugin: 'vitrine.webpage',
        name: 'Bad',
        settings,
      });
      expect(res.statusCode, JSON.stringify(settings)).toBe(400);
    }
  });

  it('reads and changes an instance: its name and settings, checked against its plugin', async () => {
    const made = (
      await post(team.owner, '/api/plugin/instance', { plugin: 'vitrine.countdown', name: 'Launch' })
    ).json() as PluginInstance;
    expect(made.settings).toMatchObject({ title: '', target: '' });
    const read = await get(team.owner, `/api/plugin/instance/${made.fileId}`);
    expect(read.json()).toEqual(made);

    const changed = await post(team.moderator, `/api/plugin/instance/${made.fileId}`, {
      name: 'Launch day',
      settings: { title: 'Launch in', target: '2026-12-31T12:00' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      fileId: made.fileId,
      name: 'Launch day',
      settings: { title: 'Launch in', target: '2026-12-31T12:00', color: '#ffffff' },
    });
    expect((await get(team.owner, `/api/plugin/instance/${made.fileId}`)).json()).toEqual(changed.json());

    // Bad settings store nothing; another cabinet's instance and a file that is no instance are not found.
    const image = await uploadImage(t, team.owner, 'not-a-plugin.png');
    const fingerprint = new Fingerprint(t.database);
    const before = await fingerprint.take();
    const bad = await post(team.owner, `/api/plugin/instance/${made.fileId}`, {
      settings: { target: 'soon' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { 'settings.target': expect.any(String) } });
    expect((await get(other.owner, `/api/plugin/instance/${made.fileId}`)).statusCode).toBe(404);
    expect(
      (await post(other.owner, `/api/plugin/instance/${made.fileId}`, { name: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await get(team.owner, `/api/plugin/instance/${image}`)).statusCode).toBe(404);
    expect((await post(team.owner, `/api/plugin/instance/${image}`, { name: 'X' })).statusCode).toBe(404);
    expect(changedTables(before, await fingerprint.take())).toEqual([]);
  });

  it('lets the roles of the files route in and keeps the others out', async () => {
    for (const role of ['admin', 'owner', 'moderator', 'contentManager'] as const)
      expect((await get(team[role], '/api/plugin')).statusCode, role).toBe(200);
    for (const role of ['agent', 'observer'] as const) {
      expect((await get(team[role], '/api/plugin')).statusCode, role).toBe(403);
      expect(
        (await uploadPlugin(team[role], await pluginZip(manifest({ id: 'acme.role' })))).statusCode,
        role,
      ).toBe(403);
      const res = await post(team[role], '/api/plugin/instance', { plugin: 'vitrine.clock', name: 'No' });
      expect(res.statusCode, role).toBe(403);
    }
  });

  it("answers 404 for another cabinet's plugin", async () => {
    const up = await uploadPlugin(team.owner, await pluginZip(manifest({ id: 'acme.mine' })));
    const mine = up.json() as PluginItem;
    const fingerprint = new Fingerprint(t.database);
    const before = await fingerprint.take();
    expect((await post(other.owner, `/api/plugin/remove/${mine.id}`)).statusCode).toBe(404);
    const res = await post(other.owner, '/api/plugin/instance', { plugin: 'acme.mine', name: 'Theirs' });
    expect(res.statusCode).toBe(404);
    expect(changedTables(before, await fingerprint.take())).toEqual([]);
  });

  it('refuses bad manifests and zips with 400 and stores nothing', async () => {
    const owner = team.moderator;
    const bad: [string, Promise<Buffer>][] = [
      ['not a zip', Promise.resolve(Buffer.from('plain text, not a zip at all'))],
      ['no manifest', zipOf({ 'index.html': PAGE })],
      ['manifest not JSON', zipOf({ 'manifest.json': '{nope', 'index.html': PAGE })],
      ['no entry', zipOf({ 'manifest.json': JSON.stringify(manifest()) })],
      ['bad id', pluginZip(manifest({ id: 'Bad Id!' }))],
      ['built-in id', pluginZip(manifest({ id: 'vitrine.clock' }))],
      ['bad version', pluginZip(manifest({ version: 'latest' }))],
      ['entry outside the root', pluginZip(manifest({ entry: '../index.html' }))],
      ['unknown setting type', pluginZip(manifest({ settings: [{ key: 'a', type: 'file', title: 'A' }] }))],
      [
        'duplicate keys',
        pluginZip(
          manifest({
            settings: [
              { key: 'a', type: 'string', title: 'A' },
              { key: 'a', type: 'boolean', title: 'B' },
            ],
          }),
        ),
      ],
      [
        'bad default',
        pluginZip(manifest({ settings: [{ key: 'c', type: 'color', title: 'C', default: 'red' }] })),
      ],
      ['bad origin', pluginZip(manifest({ origins: ['https://example.com/path'] }))],
      ['unknown field', pluginZip(manifest({ secret: true }))],
      ['extra files', pluginZip(manifest(), { 'other.js': 'alert(1)' })],
      [
        'path escape',
        // Named inside, then renamed in the finished bytes (same length), as a hostile archive would be.
        zipOf({ 'manifest.json': JSON.stringify(manifest()), 'index.html': PAGE, 'zz/evil.html': PAGE }).then(
          (zip) => Buffer.from(zip.toString('latin1').replaceAll('zz/evil', '../evil'), 'latin1'),
        ),
      ],
    ];
    const root = storageRoot(t.config.dataDir);
    const stored = async () => (await readdir(root, { recursive: true }).catch(() => [])).length;
    const fingerprint = new Fingerprint(t.database);
    const before = await fingerprint.take();
    const objects = await stored();
    for (const [what, zip] of bad) {
      const res = await uploadPlugin(owner, await zip);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
    }
    expect(changedTables(before, await fingerprint.take())).toEqual([]);
    expect(await stored()).toBe(objects);
  });

  it('fetches a feed for a screen with the address checks of imports', async () => {
    const { token } = await pairPlayer(t, team.owner);
    const feed = await call(t.app, 'GET', '/api/plugin/feed', {
      token,
      query: { url: `http://127.0.0.2:${port}/feed.xml` },
    });
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.json()).toEqual({
      title: 'Local news',
      items: [
        { title: 'First & foremost', link: 'https://example.com/1', date: null },
        { title: 'Second story', link: null, date: null },
      ],
    } satisfies Feed);
    const blocked = await call(t.app, 'GET', '/api/plugin/feed', {
      token,
      query: { url: `http://127.0.0.1:${port}/feed.xml` },
    });
    expect(blocked.statusCode).toBe(400);
    // Only screens ask for feeds.
    expect(
      (await get(team.owner, '/api/plugin/feed', { url: `http://127.0.0.2:${port}/feed.xml` })).statusCode,
    ).toBe(401);
  });

  it('serves the host page sandboxed, allowed the origins asked for only', async () => {
    const res = await call(t.app, 'GET', '/api/plugin/host', {
      query: { origins: 'https://api.example.com' },
    });
    expect(res.statusCode).toBe(200);
    const policy = res.headers['content-security-policy'] as string;
    expect(policy).toContain('sandbox allow-scripts');
    expect(policy).toContain('connect-src https://api.example.com');
    expect(res.body).toContain('vitrine:host');
    // One script, not cut short by a `</script>` inside it.
    expect(res.body.match(/<\/script>/g)).toHaveLength(1);
    expect((await call(t.app, 'GET', '/api/plugin/host')).headers['content-security-policy']).toContain(
      "connect-src 'none'",
    );
    const bad = await call(t.app, 'GET', '/api/plugin/host', {
      query: { origins: "https://a.com 'unsafe-eval'" },
    });
    expect(bad.statusCode).toBe(400);
  });
});
