import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PLAYLIST_MESSAGES,
  REJECT_REASON_MAX,
  type Playlist,
  type PlaylistVersions,
  type Role,
} from '@vitrine/core';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createNet, createPoint, createUser, type TestUser } from '../../test/factories.js';
import { uploadImage } from '../../test/media.js';
import { playlistChanges } from '../../db/schema.js';

/**
 * Approval that shows what changed: GET /api/playlist/versions/{id} answers the approved version, the
 * version approving would write (the same code lays the changes over), the author's own waiting version
 * and their open rejection; a rejection may carry a reason, kept until the author's next edit.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Team = Record<Exclude<Role, 'admin'>, TestUser> & { cabinetId: TestUser['row']['cabinetId'] };

/** A cabinet with approval on and one member of each role. */
async function approvalTeam(): Promise<Team> {
  const owner = await createUser(t, { role: 'owner' });
  const cabinetId = owner.row.cabinetId;
  const [moderator, contentManager, agent, observer] = await Promise.all(
    (['moderator', 'contentManager', 'agent', 'observer'] as const).map((role) =>
      createUser(t, { role, cabinetId }),
    ),
  );
  const on = await call(t.app, 'PATCH', '/api/cabinet/approval', {
    token: owner.token,
    body: { approvalRequired: true },
  });
  expect(on.statusCode).toBe(200);
  return {
    owner,
    moderator: moderator!,
    contentManager: contentManager!,
    agent: agent!,
    observer: observer!,
    cabinetId,
  };
}

const post = async (who: TestUser, body: object) => {
  const res = await call(t.app, 'POST', '/api/playlist/post', { token: who.token, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Playlist;
};
const patch = async (who: TestUser, id: number, body: object) => {
  const res = await call(t.app, 'PATCH', `/api/playlist/patch/${id}`, { token: who.token, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Playlist & { notice?: string };
};
const get = async (who: TestUser, id: number) =>
  (await call(t.app, 'GET', `/api/playlist/${id}`, { token: who.token })).json() as Playlist;
const versions = async (who: TestUser, id: number) => {
  const res = await call(t.app, 'GET', `/api/playlist/versions/${id}`, { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PlaylistVersions;
};
const reject = (who: TestUser, id: number, body?: unknown) =>
  call(t.app, 'POST', `/api/playlist/reject/${id}`, {
    token: who.token,
    ...(body !== undefined ? { body } : {}),
  });
const approve = async (who: TestUser, id: number) => {
  const res = await call(t.app, 'POST', `/api/playlist/approve/${id}`, { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Playlist;
};

/** A version without what a save moves (its time, approval marks) or signs anew (thumbnail addresses). */
function comparable(p: Playlist) {
  const { updatedDate: _u, approved: _a, pendingChange: _p, ...rest } = p;
  const item = ({ thumbUrl, ...i }: Playlist['files'][number]) => ({ ...i, thumb: thumbUrl !== null });
  return {
    ...rest,
    files: rest.files.map(item),
    sections: rest.sections.map((s) => ({ ...s, files: s.files.map(item) })),
    secondaryFile: rest.secondaryFile ? item(rest.secondaryFile) : null,
  };
}

describe('the versions of a playlist waiting for approval', () => {
  it('answer, as the pending version, exactly what approving then writes', async () => {
    const team = await approvalTeam();
    const { owner, contentManager, agent, cabinetId } = team;
    const [a, b, c] = [
      await uploadImage(t, owner, 'a.png'),
      await uploadImage(t, owner, 'b.png'),
      await uploadImage(t, owner, 'c.png'),
    ];
    const [s1, s2, s3, s4] = await Promise.all([1, 2, 3, 4].map(() => createPoint(t, cabinetId)));
    const net = await createNet(t, cabinetId, [s3!.id, s4!.id]);
    const tag = async (name: string) =>
      (
        await call(t.app, 'POST', '/api/tag-playlist/post', { token: owner.token, body: { name } })
      ).json() as { id: number };
    const [summer, autumn] = [await tag('Summer'), await tag('autumn')];
    const live = await post(owner, {
      name: 'Lobby',
      files: [
        { fileId: a, duration: 10 },
        { fileId: b, duration: 5 },
      ],
      points: [s1!.id],
      tags: [summer.id],
      weekDays: [1, 2, 3],
    });
    const before = await versions(owner, live.id);
    expect(before).toMatchObject({ pending: null, own: null, requests: [], problem: null, rejection: null });
    expect(before.approved).toEqual(await get(owner, live.id));

    // A manager changes settings, content, block sections, targets and tags in one save...
    const waiting = await patch(contentManager, live.id, {
      name: 'Lobby, spring',
      weekDays: [5, 1, 1, 3],
      fromTime: '08:00:00',
      toTime: '20:00:00',
      type: 'BLOCK',
      blockDuration: 600,
      sections: [
        { duration: 300, duplicate: null, order: 0, repeat: 1, files: [{ fileId: c, duration: 7 }] },
        { duration: 300, duplicate: true, order: 1, repeat: 2, files: [{ fileId: b, duration: 5 }] },
      ],
      files: [{ fileId: b, duration: 5 }],
      points: [s1!.id, s2!.id, s2!.id],
      nets: [net.id],
      tags: [autumn.id, summer.id],
      secondaryFileId: a,
    });
    expect(waiting).toMatchObject({ name: 'Lobby', notice: PLAYLIST_MESSAGES.approveRequested });
    // ...and an agent adds a screen in bulk.
    const applied = await call(t.app, 'POST', '/api/playlist/apply', {
      token: agent.token,
      body: { playlists: [live.id], points: [s4!.id] },
    });
    expect(applied.statusCode).toBe(200);

    const review = await versions(owner, live.id);
    expect(review.approved).toEqual(await get(owner, live.id));
    expect(review.problem).toBeNull();
    expect(review.own).toBeNull();
    expect(review.requests.map((r) => [r.userName, r.fields.sort()])).toEqual([
      [
        contentManager.row.name,
        [
          'blockDuration',
          'files',
          'fromTime',
          'name',
          'nets',
          'points',
          'secondaryFileId',
          'sections',
          'tags',
          'toTime',
          'type',
          'weekDays',
        ],
      ],
      [agent.row.name, ['points']],
    ]);
    for (const r of review.requests) expect(Date.parse(r.createdDate)).toBeGreaterThan(Date.now() - 60_000);
    const pending = review.pending!;
    // Names, not ids: what the owner compares.
    expect(pending.sections.map((s) => s.files.map((f) => f.name))).toEqual([['c.png'], ['b.png']]);
    expect(pending.points.map((p) => p.id)).toEqual([s1!.id, s2!.id, s4!.id]);
    expect(pending.nets).toEqual([{ id: net.id, name: net.name }]);
    expect(pending.tags.map((x) => x.name)).toEqual(['autumn', 'Summer']);
    expect(pending.weekDays).toEqual([1, 3, 5]);
    expect(pending.secondaryFile?.name).toBe('a.png');
    expect(pending.pointsTotal).toBe(4);

    const approved = await approve(owner, live.id);
    expect(approved).toMatchObject({ approved: true, pendingChange: null });
    expect(comparable(await get(owner, live.id))).toEqual(comparable(pending));
    expect((await versions(owner, live.id)).pending).toBeNull();
  });

  it('shows each author their own waiting version, and a later save replaces their earlier one', async () => {
    const { owner, contentManager, agent, moderator } = await approvalTeam();
    const live = await post(owner, { name: 'Menu board', pixel: null, theme: null });
    await patch(contentManager, live.id, { name: 'Menu board, lunch', theme: 'dark' });
    await patch(agent, live.id, { pixel: 'https://t.example/p.gif' });

    const mine = await versions(contentManager, live.id);
    expect(mine.own).toMatchObject({ name: 'Menu board, lunch', theme: 'dark', pixel: null });
    expect(mine.approved).toMatchObject({ name: 'Menu board', theme: null });
    expect(mine.pending).toMatchObject({
      name: 'Menu board, lunch',
      pixel: 'https://t.example/p.gif',
    });
    const agents = await versions(agent, live.id);
    expect(agents.own).toMatchObject({ name: 'Menu board', pixel: 'https://t.example/p.gif' });
    // The editor's screens stay the approved ones meanwhile: GET answers what screens play.
    expect(await get(contentManager, live.id)).toMatchObject({ name: 'Menu board' });
    // A moderator's edits never wait: nothing of theirs to show.
    expect((await versions(moderator, live.id)).own).toBeNull();

    // The manager sets the name back in their editor and saves the whole form again.
    const form = mine.own!;
    await patch(contentManager, live.id, {
      name: 'Menu board',
      theme: form.theme,
      files: form.files.map((f) => ({ fileId: f.fileId, duration: f.duration })),
      interval: 3,
    });
    const again = await versions(contentManager, live.id);
    expect(again.own).toMatchObject({ name: 'Menu board', theme: 'dark', interval: 3 });
    expect(again.requests.map((r) => r.userName)).toEqual([agent.row.name, contentManager.row.name]);
    const superseded = await t.database.db
      .select({ status: playlistChanges.status })
      .from(playlistChanges)
      .where(eq(playlistChanges.playlistId, live.id))
      .orderBy(playlistChanges.id);
    expect(superseded.map((r) => r.status)).toEqual(['SUPERSEDED', 'PENDING', 'PENDING']);
    // A patch naming one field lands on the author's version: their theme still waits.
    await patch(contentManager, live.id, { interval: 4 });
    expect((await versions(contentManager, live.id)).own).toMatchObject({ theme: 'dark', interval: 4 });

    const written = await approve(owner, live.id);
    expect(written).toMatchObject({
      name: 'Menu board',
      theme: 'dark',
      interval: 4,
      pixel: 'https://t.example/p.gif',
    });
    // Setting every field back leaves nothing waiting, and says nothing about approval.
    await patch(contentManager, live.id, { theme: 'light' });
    const undone = await patch(contentManager, live.id, { theme: 'dark' });
    expect(undone.notice).toBeUndefined();
    expect((await versions(contentManager, live.id)).own).toBeNull();
  });

  it('says when approving would be refused: a file the change names was removed since', async () => {
    const { owner, contentManager } = await approvalTeam();
    const kept = await uploadImage(t, owner, 'kept.png');
    const gone = await uploadImage(t, owner, 'gone.png');
    const live = await post(owner, { files: [{ fileId: kept, duration: 10 }] });
    await patch(contentManager, live.id, {
      files: [
        { fileId: kept, duration: 10 },
        { fileId: gone, duration: 10 },
      ],
    });
    expect((await call(t.app, 'POST', `/api/file/remove/${gone}`, { token: owner.token })).statusCode).toBe(
      200,
    );
    const review = await versions(owner, live.id);
    expect(review.problem).toBe(PLAYLIST_MESSAGES.staleChange);
    expect(review.pending!.files.map((f) => f.name)).toEqual(['kept.png']);
    const refused = await call(t.app, 'POST', `/api/playlist/approve/${live.id}`, { token: owner.token });
    expect(refused.json()).toMatchObject({ message: review.problem });
  });
});

describe('a rejection', () => {
  it('keeps the owner’s reason for the author until their next edit', async () => {
    const { owner, contentManager, agent } = await approvalTeam();
    const live = await post(owner, { name: 'Window' });
    await patch(contentManager, live.id, { name: 'Window, sale' });
    await patch(agent, live.id, { theme: '#ff0000' });

    const res = await reject(owner, live.id, { reason: '  Use the spring logo, not the sale one  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Window', pendingChange: null });
    const rows = await t.database.db
      .select()
      .from(playlistChanges)
      .where(eq(playlistChanges.playlistId, live.id))
      .orderBy(playlistChanges.id);
    expect(rows.map((r) => [r.status, r.reason, r.decidedBy])).toEqual([
      ['REJECTED', 'Use the spring logo, not the sale one', owner.row.id],
      ['REJECTED', 'Use the spring logo, not the sale one', owner.row.id],
    ]);

    const seen = await versions(contentManager, live.id);
    expect(seen).toMatchObject({
      pending: null,
      own: null,
      requests: [],
      rejection: { userName: owner.row.name, reason: 'Use the spring logo, not the sale one' },
    });
    expect(Date.parse(seen.rejection!.decidedDate)).toBeGreaterThan(Date.now() - 60_000);
    expect(seen.approved).toMatchObject({ name: 'Window' });
    // Only the authors see it; an edit by someone else does not hide it.
    expect((await versions(owner, live.id)).rejection).toBeNull();
    await patch(owner, live.id, { interval: 2 });
    expect((await versions(contentManager, live.id)).rejection).toMatchObject({ reason: expect.any(String) });
    expect((await versions(agent, live.id)).rejection).not.toBeNull();

    // The manager's next edit: their version waits again, the rejection is behind them.
    await patch(contentManager, live.id, { name: 'Window, spring' });
    const next = await versions(contentManager, live.id);
    expect(next.rejection).toBeNull();
    expect(next.own).toMatchObject({ name: 'Window, spring' });
    // The agent's next edit is a bulk apply: it counts too.
    const screen = await createPoint(t, owner.row.cabinetId);
    await call(t.app, 'POST', '/api/playlist/apply', {
      token: agent.token,
      body: { playlists: [live.id], points: [screen.id] },
    });
    expect((await versions(agent, live.id)).rejection).toBeNull();
  });

  it('takes no reason, an empty one or null; refuses control characters, line breaks and overlong text', async () => {
    const { owner, contentManager } = await approvalTeam();
    const live = await post(owner, { name: 'Reasons' });
    for (const body of [undefined, {}, { reason: null }, { reason: '   ' }]) {
      await patch(contentManager, live.id, { name: `Reasons ${JSON.stringify(body)}` });
      expect((await reject(owner, live.id, body)).statusCode).toBe(200);
      expect((await versions(contentManager, live.id)).rejection).toMatchObject({ reason: null });
    }
    await patch(contentManager, live.id, { name: 'Reasons again' });
    for (const reason of ['bell\u0007', 'two\nlines', 'nul\u0000', 'x'.repeat(REJECT_REASON_MAX + 1)]) {
      const res = await reject(owner, live.id, { reason });
      expect(res.statusCode, JSON.stringify(reason)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { reason: expect.any(String) } });
    }
    expect(await reject(owner, live.id, { reason: 'fine', extra: 1 })).toMatchObject({ statusCode: 400 });
    const pending = await t.database.db
      .select()
      .from(playlistChanges)
      .where(and(eq(playlistChanges.playlistId, live.id), eq(playlistChanges.status, 'PENDING')));
    expect(pending).toHaveLength(1);
    expect((await reject(owner, live.id, { reason: 'x'.repeat(REJECT_REASON_MAX) })).statusCode).toBe(200);
  });
});

describe('who may read the versions and decide', () => {
  it('follows the role table: authors and the owner read, the owner and admin decide', async () => {
    const team = await approvalTeam();
    const live = await post(team.owner, { name: 'Roles' });
    await patch(team.contentManager, live.id, { name: 'Roles, changed' });
    const read: Record<string, number> = {};
    for (const role of ['owner', 'moderator', 'contentManager', 'agent', 'observer'] as const) {
      read[role] = (
        await call(t.app, 'GET', `/api/playlist/versions/${live.id}`, { token: team[role].token })
      ).statusCode;
    }
    expect(read).toEqual({ owner: 200, moderator: 200, contentManager: 200, agent: 200, observer: 403 });
    for (const role of ['moderator', 'contentManager', 'agent', 'observer'] as const) {
      for (const decide of ['approve', 'reject']) {
        const res = await call(t.app, 'POST', `/api/playlist/${decide}/${live.id}`, {
          token: team[role].token,
          body: {},
        });
        expect(res.statusCode, `${role} ${decide}`).toBe(403);
      }
    }
    // The platform admin administers every cabinet through its own; a playlist elsewhere is not found.
    const admin = await createUser(t, { role: 'admin' });
    expect(
      (await call(t.app, 'GET', `/api/playlist/versions/${live.id}`, { token: admin.token })).statusCode,
    ).toBe(404);
  });

  it('answers 404 for another cabinet’s playlist, whoever asks', async () => {
    const mine = await approvalTeam();
    const theirs = await approvalTeam();
    const live = await post(mine.owner, { name: 'Private' });
    await patch(mine.contentManager, live.id, { name: 'Private, changed' });
    const calls: [string, string, object?][] = [
      ['GET', `/api/playlist/versions/${live.id}`],
      ['POST', `/api/playlist/approve/${live.id}`],
      ['POST', `/api/playlist/reject/${live.id}`, { reason: 'not mine' }],
    ];
    for (const who of [theirs.owner, theirs.contentManager, theirs.agent]) {
      for (const [method, url, body] of calls) {
        if (method === 'POST' && who !== theirs.owner) continue;
        const res = await call(t.app, method as 'GET', url, { token: who.token, ...(body ? { body } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    expect((await versions(mine.owner, live.id)).requests).toHaveLength(1);
  });
});
