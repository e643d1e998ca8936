import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FolderContents } from '@vitrine/core';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createTeam, type TestUser } from '../../test/factories.js';

/**
 * An advertising agent edits playlists but may not open the gallery (spec §6): it brings its creatives
 * through the playlist editor, into the cabinet's Creatives folder, and its changes wait for approval when
 * the cabinet asks for it.
 */
let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;
beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeam(t);
});
afterAll(() => t.close());

const page = (text: string) => `<!doctype html><p>${text}</p>`;
const uploadCreative = (who: TestUser, name: string, body: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/file/creatives/upload',
    headers: {
      authorization: `Bearer ${who.token}`,
      'x-file-name': encodeURIComponent(name),
      'content-type': 'application/octet-stream',
    },
    payload: body,
  });

describe('creatives', () => {
  it('an agent uploads into the Creatives folder and lists it, never the gallery', async () => {
    const res = await uploadCreative(team.agent, 'spring-sale.html', page('spring'));
    expect(res.statusCode).toBe(200);
    const listed = (
      await call(t.app, 'GET', '/api/file/creatives', { token: team.agent.token })
    ).json() as FolderContents;
    expect(listed.data.map((item) => item.name)).toEqual(['spring-sale.html']);
    expect(listed.breadcrumbs.map((b) => b.name)).toEqual(['Creatives']);
    // The gallery stays closed to the agent; the owner sees the folder in it.
    expect((await call(t.app, 'GET', '/api/folder', { token: team.agent.token })).statusCode).toBe(403);
    const root = (
      await call(t.app, 'GET', '/api/folder/0', { token: team.owner.token })
    ).json() as FolderContents;
    expect(root.data.filter((item) => item.name === 'Creatives')).toHaveLength(1);
    // A second creative goes to the same folder.
    await uploadCreative(team.agent, 'summer.html', page('summer'));
    const again = (
      await call(t.app, 'GET', '/api/file/creatives', { token: team.agent.token })
    ).json() as FolderContents;
    expect(again.data.map((item) => item.name).sort()).toEqual(['spring-sale.html', 'summer.html']);
  });

  it('a creative the library already holds elsewhere is that file, said plainly, not a silent success', async () => {
    const owned = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      headers: {
        authorization: `Bearer ${team.owner.token}`,
        'x-file-name': 'winter-sale.html',
        'content-type': 'application/octet-stream',
      },
      payload: page('winter'),
    });
    expect(owned.statusCode).toBe(200);
    const res = await uploadCreative(team.agent, 'my-winter.html', page('winter'));
    expect(res.statusCode).toBe(200);
    // The picker shows and selects the file it names; the message says why nothing new was stored.
    expect(res.json()).toMatchObject({
      id: (owned.json() as { id: number }).id,
      name: 'winter-sale.html',
      duplicate: true,
      message: 'File already uploaded. Used exist',
    });
    const fresh = await uploadCreative(team.agent, 'new-spot.html', page('new spot'));
    expect(fresh.json()).toMatchObject({ duplicate: false });
    expect(fresh.json()).not.toHaveProperty('message');
  });

  it("the agent's playlist takes its creative, waiting for the owner when the cabinet asks for approval", async () => {
    await call(t.app, 'POST', '/api/cabinet/approval', {
      token: team.owner.token,
      body: { approvalRequired: true },
    });
    const file = (await uploadCreative(team.agent, 'autumn.html', page('autumn'))).json() as { id: number };
    const playlist = (
      await call(t.app, 'POST', '/api/playlist/post', { token: team.owner.token, body: { name: 'Ads' } })
    ).json() as { id: number };
    const patched = await call(t.app, 'POST', `/api/playlist/patch/${playlist.id}`, {
      token: team.agent.token,
      body: { files: [{ fileId: file.id, duration: 10 }] },
    });
    expect(patched.json()).toMatchObject({ notice: 'Approve requested', files: [] });
    await call(t.app, 'POST', `/api/playlist/approve/${playlist.id}`, { token: team.owner.token });
    const approved = (
      await call(t.app, 'GET', `/api/playlist/${playlist.id}`, { token: team.owner.token })
    ).json() as {
      files: { fileId: number }[];
    };
    expect(approved.files.map((f) => f.fileId)).toEqual([file.id]);
  });

  it('roles without playlist editing may not use it; bad uploads are refused as anywhere', async () => {
    expect((await call(t.app, 'GET', '/api/file/creatives', { token: team.observer.token })).statusCode).toBe(
      403,
    );
    expect((await uploadCreative(team.observer, 'x.html', page('x'))).statusCode).toBe(403);
    const wrong = await uploadCreative(team.agent, 'notes.exe', 'MZ');
    expect(wrong.statusCode).toBe(400);
  });
});
