import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Manifest, Point, ServerMessage } from '@vitrine/core';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createTeam, type TestUser } from '../../test/factories.js';
import { createPlaylist, uploadImage } from '../../test/media.js';
import { pairPlayer, playerReport } from '../../test/player.js';

/**
 * Synchronised means the screen plays its current content: the version the server works out whenever
 * something the screen plays changes, compared with the version the player reports.
 */
let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;
let base: string;

beforeAll(async () => {
  t = await buildTestApp({ FLEET_FLUSH_MS: '100' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  team = await createTeam(t);
});
afterAll(() => t.close());

/** A player: its socket, the commands it got, and what it reports playing. */
async function player(token: string) {
  const socket = new WebSocket(`ws://${base}/api/player/ws?token=${encodeURIComponent(token)}`);
  const commands: ServerMessage[] = [];
  socket.on('message', (data) => commands.push(JSON.parse(data.toString()) as ServerMessage));
  await new Promise((resolve) => socket.once('open', resolve));
  const fetchManifest = async () =>
    (
      await call(t.app, 'GET', '/api/player/manifest', { headers: { authorization: `Bearer ${token}` } })
    ).json() as Manifest;
  const plays = (contentVersion: string | null, currentItem: string | null = 'poster.png') =>
    socket.send(JSON.stringify({ type: 'heartbeat', status: playerReport({ contentVersion, currentItem }) }));
  return { socket, commands, fetchManifest, plays };
}

const getPoint = async (who: TestUser, id: number) =>
  (await call(t.app, 'GET', `/api/point/${id}`, { token: who.token })).json() as Point;

const until = (who: TestUser, id: number, status: Point['syncStatus']) =>
  expect.poll(async () => (await getPoint(who, id)).syncStatus).toBe(status);

describe('synchronisation', () => {
  it('is a fact: the screen plays the current version, or what waits is said with since when', async () => {
    const owner = team.owner;
    const { token, point } = await pairPlayer(t, owner, 'Lobby');
    const screen = await player(token);
    const first = await screen.fetchManifest();
    screen.plays(first.version);
    await until(owner, point.id, 'SYNCHRONIZED');
    expect((await getPoint(owner, point.id)).syncPending).toBeNull();

    // A PASSIVE playlist: the screen still plays the old version, and the cabinet says so.
    const file = await uploadImage(t, owner);
    const before = Date.now();
    const playlistId = await createPlaylist(t, owner, 'Morning', file);
    await call(t.app, 'POST', `/api/playlist/patch/${playlistId}`, {
      token: owner.token,
      body: { points: [point.id], influence: 'PASSIVE' },
    });
    const waiting = await getPoint(owner, point.id);
    expect(waiting.syncStatus).toBe('NOT_SYNCHRONIZED');
    expect(waiting.sync_time).toBeNull();
    expect(waiting.syncPending!.change).toEqual({ kind: 'playlist', name: 'Morning' });
    expect(Date.parse(waiting.syncPending!.since)).toBeGreaterThanOrEqual(before - 1000);
    // Its next regular fetch: five minutes (the default) after the last one.
    expect(
      Date.parse(waiting.syncPending!.expectedBy!) - Date.parse(waiting.syncPending!.since),
    ).toBeLessThanOrEqual(5 * 60_000);
    expect(screen.commands).toEqual([]);

    // The regular fetch brings it; the screen reports playing it: synchronised again.
    const second = await screen.fetchManifest();
    expect(second.version).not.toBe(first.version);
    expect(second.schedule.playlists.map((p) => p.id)).toEqual([playlistId]);
    screen.plays(second.version);
    await until(owner, point.id, 'SYNCHRONIZED');
    expect((await getPoint(owner, point.id)).sync_time).not.toBeNull();

    // A save that changes nothing the screen plays keeps it synchronised.
    await call(t.app, 'POST', `/api/playlist/patch/${playlistId}`, {
      token: owner.token,
      body: { name: 'Morning show' },
    });
    expect((await getPoint(owner, point.id)).syncStatus).toBe('SYNCHRONIZED');

    // A setting reaches the player at once; until it reports the new version, it is not synchronised.
    await call(t.app, 'POST', `/api/point/patch/${point.id}`, {
      token: owner.token,
      body: { syncInterval: 2 },
    });
    const changed = await getPoint(owner, point.id);
    expect(changed.syncStatus).toBe('NOT_SYNCHRONIZED');
    expect(changed.syncPending!.change).toEqual({ kind: 'settings', name: null });
    await expect.poll(() => screen.commands.map((c) => c.name)).toEqual(['config']);
    const third = await screen.fetchManifest();
    expect(third.point.syncInterval).toBe(2);
    screen.plays(third.version);
    await until(owner, point.id, 'SYNCHRONIZED');
    screen.socket.close();
  });

  it('a network change reaches the screens that join or leave it', async () => {
    const owner = team.owner;
    const { token, point } = await pairPlayer(t, owner, 'Hall');
    const screen = await player(token);
    screen.plays((await screen.fetchManifest()).version);
    await until(owner, point.id, 'SYNCHRONIZED');
    const net = (
      await call(t.app, 'POST', '/api/net/post', { token: owner.token, body: { name: 'Halls', points: [] } })
    ).json() as { id: number };
    const file = await uploadImage(t, owner);
    const playlistId = await createPlaylist(t, owner, 'For halls', file);
    await call(t.app, 'POST', `/api/playlist/patch/${playlistId}`, {
      token: owner.token,
      body: { nets: [net.id] },
    });
    expect((await getPoint(owner, point.id)).syncStatus).toBe('SYNCHRONIZED');
    await call(t.app, 'POST', `/api/net/patch/${net.id}`, {
      token: owner.token,
      body: { points: [point.id] },
    });
    const joined = await getPoint(owner, point.id);
    expect(joined.syncStatus).toBe('NOT_SYNCHRONIZED');
    expect(joined.syncPending!.change).toEqual({ kind: 'network', name: 'Halls' });
    screen.plays((await screen.fetchManifest()).version);
    await until(owner, point.id, 'SYNCHRONIZED');
    await call(t.app, 'POST', `/api/net/remove/${net.id}`, { token: owner.token });
    expect((await getPoint(owner, point.id)).syncStatus).toBe('NOT_SYNCHRONIZED');
    screen.socket.close();
  });

  it('a change no hook saw is caught when the screen fetches its content', async () => {
    const owner = team.owner;
    const { token, point } = await pairPlayer(t, owner, 'Stairs');
    const screen = await player(token);
    screen.plays((await screen.fetchManifest()).version);
    await until(owner, point.id, 'SYNCHRONIZED');
    // Behind every service's back: the screen's working hours change in the database.
    await t.repos.points.update(team.cabinet.id, [point.id], { workFrom: '09:00:00' });
    const fetched = await screen.fetchManifest();
    expect(fetched.point.workFrom).toBe('09:00:00');
    expect((await getPoint(owner, point.id)).syncStatus).toBe('NOT_SYNCHRONIZED');
    screen.plays(fetched.version);
    await until(owner, point.id, 'SYNCHRONIZED');
    screen.socket.close();
  });
});
