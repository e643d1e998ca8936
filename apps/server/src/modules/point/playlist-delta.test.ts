import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest, PlaylistInput } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import { createTransact, type Repositories } from '../../db/repositories.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createNet, createTeam, type TestUser } from '../../test/factories.js';
import { createPlaylist, uploadImage } from '../../test/media.js';
import { pairPlayer } from '../../test/player.js';
import { PlaylistDelta } from './playlist-delta.js';

/**
 * A playlist saved alone moves the versions of the screens it reaches by its own contribution
 * (playlist-delta.ts, content-version.ts) instead of reading everything they play. Whatever way a version
 * was worked out, it must be the one the screen's manifest carries: that is what every case checks.
 */
let t: TestApp;
let owner: TestUser;
let cabinetId: CabinetId;
const screens: { id: number; token: string }[] = [];
let direct: number;
let shared: number;
let other: number;

beforeAll(async () => {
  t = await buildTestApp();
  const team = await createTeam(t);
  owner = team.owner;
  cabinetId = team.cabinet.id;
  for (const name of ['Hall', 'Bar', 'Door']) {
    const { token, point } = await pairPlayer(t, owner, name);
    screens.push({ id: point.id, token });
  }
  const net = await createNet(
    t,
    cabinetId,
    screens.slice(0, 2).map((s) => s.id),
  );
  const [a, b, c] = [await uploadImage(t, owner), await uploadImage(t, owner), await uploadImage(t, owner)];
  direct = await createPlaylist(t, owner, 'Direct', a);
  shared = await createPlaylist(t, owner, 'Shared', b);
  other = await createPlaylist(t, owner, 'Other', c);
  await patch(direct, { points: screens.map((s) => s.id), influence: 'PASSIVE' });
  // A per-network count: each screen of the network has its own share of it.
  await patch(shared, { nets: [net.id], quotas: [{ kind: 'QUANTUTY_PER_NETWORK', quantity: 500 }] });
  await patch(other, { points: [screens[0]!.id] });
});
afterAll(() => t.close());

async function patch(id: number, body: Partial<PlaylistInput>) {
  const res = await call(t.app, 'POST', `/api/playlist/patch/${id}`, { token: owner.token, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { update?: { screens: number } };
}

const manifestVersion = async (token: string) =>
  (
    (
      await call(t.app, 'GET', '/api/player/manifest', { headers: { authorization: `Bearer ${token}` } })
    ).json() as Manifest
  ).version;

const stored = async () =>
  new Map(
    (
      await t.repos.points.pointsByIds(
        cabinetId,
        screens.map((s) => s.id),
      )
    ).map((row) => [row.id, row]),
  );

/** Every screen's stored version is its manifest's. */
async function expectInStep() {
  const rows = await stored();
  for (const screen of screens) {
    const row = rows.get(screen.id)!;
    expect(row.contentSum, `screen ${screen.id} keeps its sum`).not.toBeNull();
    expect(row.currentVersion, `screen ${screen.id}`).toBe(await manifestVersion(screen.token));
  }
}

describe('a playlist saved alone', () => {
  it('moves each screen it reaches to the version of its manifest, the rest untouched', async () => {
    await expectInStep();
    const before = await stored();
    const saved = await patch(direct, { periodicity: 777, blockDuration: 20 });
    expect(saved.update?.screens).toBe(3);
    const after = await stored();
    for (const s of screens)
      expect(after.get(s.id)!.currentVersion).not.toBe(before.get(s.id)!.currentVersion);
    await expectInStep();
    // A change to a per-network playlist moves each of its screens by that screen's own share.
    await patch(shared, { quotas: [{ kind: 'QUANTUTY_PER_NETWORK', quantity: 400 }] });
    expect((await stored()).get(screens[2]!.id)!.currentVersion).toBe(
      after.get(screens[2]!.id)!.currentVersion,
    );
    await expectInStep();
  });

  it('settles the screens in the save itself, by the playlist alone', async () => {
    const settle = async (write: (repos: Repositories) => Promise<unknown>) =>
      createTransact(t.database.db)(async (repos) => {
        const delta = await PlaylistDelta.begin(repos, cabinetId, direct);
        await write(repos);
        return (await delta.finish(repos, null, new Date())).settled;
      });
    const settled = await settle((repos) => repos.playlists.update(cabinetId, direct, { periodicity: 901 }));
    expect([...settled!.ids].sort()).toEqual(screens.map((s) => s.id).sort());
    expect([...settled!.moved].sort()).toEqual(screens.map((s) => s.id).sort());
    await expectInStep();
    // A save that changes which screens the playlist reaches is left to the whole working-out.
    const reach = await settle((repos) =>
      repos.playlistTargets.replaceTargets(cabinetId, direct, [screens[0]!.id], [], []),
    );
    expect(reach).toBeNull();
    await patch(direct, { points: screens.map((s) => s.id) });
    await expectInStep();
  });

  it('keeps every screen in step under saves sent together', async () => {
    // On PostgreSQL these run at once: saves of one playlist take turns on its row, and two playlists
    // reaching the same screens add to their sums in id order (no lost update, no deadlock).
    const saves = [direct, shared, direct, other, shared, direct].map((id, i) =>
      id === shared
        ? patch(id, { quotas: [{ kind: 'QUANTUTY_PER_NETWORK', quantity: 300 + i }] })
        : patch(id, { periodicity: 600 + i * 7 }),
    );
    await Promise.all(saves);
    await expectInStep();
  });

  it('starts over whole where a served manifest showed the stored sum stale', async () => {
    const screen = screens[1]!;
    // A change no hook saw: the stored version is not what the screen is served.
    await t.database.db.execute(
      sql`update points set current_version = 'stale', content_sum = 1 where id = ${screen.id}`,
    );
    await manifestVersion(screen.token);
    expect((await stored()).get(screen.id)!.contentSum).toBeNull();
    await patch(direct, { periodicity: 1234 });
    await expectInStep();
  });
});
