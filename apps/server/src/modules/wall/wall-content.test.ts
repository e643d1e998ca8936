import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALL_MESSAGES, type Manifest, type Playlist, type Wall, type WallStatus } from '@vitrine/core';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createTeam, type TestUser } from '../../test/factories.js';
import { uploadAs } from '../../test/media.js';
import { pairPlayer } from '../../test/player.js';

/**
 * Playlists on video walls (docs/walls.md): a playlist targets a wall like a screen or a network; the
 * wall's screens all get the same engine input (one timeline) and their place in the wall; content whose
 * size is not the wall's canvas is refused with the spec's message and the sizes that fit, unless the item
 * says fit or fill.
 */
let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;
let tiles: { token: string; point: { id: number } }[];
let wall: Wall;
let exact: number;
let square: number;

async function image(who: TestUser, width: number, height: number, name: string): Promise<number> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
  const res = await uploadAs(t, who, `${name}-${Date.now()}.png`, bytes);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: number }>().id;
}

const manifest = async (token: string) => {
  const res = await call(t.app, 'GET', '/api/player/manifest', { token });
  expect(res.statusCode).toBe(200);
  return res.json<Manifest>();
};
const postPlaylist = (body: object) =>
  call(t.app, 'POST', '/api/playlist/post', {
    token: team.owner.token,
    body: { name: 'On the wall', ...body },
  });

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeam(t);
  tiles = [];
  for (let i = 0; i < 4; i++) tiles.push(await pairPlayer(t, team.owner, `Wall tile ${i + 1}`));
  // Four 32 × 18 screens: a 64 × 36 canvas without bezels.
  const res = await call(t.app, 'POST', '/api/wall/post', {
    token: team.owner.token,
    body: {
      name: 'Foyer',
      width: 2,
      height: 2,
      screen: { widthPx: 32, heightPx: 18 },
      cells: tiles.map((tile, i) => ({
        column: i % 2,
        row: Math.floor(i / 2),
        pointId: tile.point.id,
        rotation: i === 3 ? 'UPSIDE_DOWN' : 'NORMAL',
      })),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  wall = res.json<Wall>();
  exact = await image(team.owner, 64, 36, 'exact');
  square = await image(team.owner, 30, 30, 'square');
});
afterAll(() => t.close());

describe('playlists on walls', () => {
  it('offers walls as targets and keeps them on the playlist', async () => {
    const options = await call(t.app, 'GET', '/api/playlist/targets', {
      token: team.owner.token,
      query: { search: 'foy' },
    });
    expect(options.json()).toMatchObject({ walls: [{ id: wall.id, name: 'Foyer' }] });
    const res = await postPlaylist({ walls: [wall.id], files: [{ fileId: exact, duration: 5 }] });
    expect(res.statusCode, res.body).toBe(200);
    const playlist = res.json<Playlist>();
    expect(playlist.walls).toEqual([{ id: wall.id, name: 'Foyer' }]);
    expect(playlist.files[0]).toMatchObject({ fileId: exact, wallFit: null });
    expect(playlist.pointsTotal).toBe(4);
    // A tile also in a network the playlist targets, and one targeted directly, still count once each.
    const net = await call(t.app, 'POST', '/api/net/post', {
      token: team.owner.token,
      body: { name: 'Foyer tiles', points: [tiles[0]!.point.id, tiles[1]!.point.id] },
    });
    expect(net.statusCode, net.body).toBe(200);
    const both = await postPlaylist({
      walls: [wall.id],
      nets: [net.json<{ id: number }>().id],
      points: [tiles[0]!.point.id],
      files: [{ fileId: exact, duration: 5 }],
    });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json<Playlist>().pointsTotal).toBe(4);
    // Gone again: the tests below count the wall's own playlists.
    const owner = { token: team.owner.token };
    expect(
      (await call(t.app, 'POST', `/api/playlist/remove/${both.json<Playlist>().id}`, owner)).statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, 'POST', `/api/net/remove/${net.json<{ id: number }>().id}`, owner)).statusCode,
    ).toBe(200);
  });

  it("gives every tile the wall's one timeline and its own place in the wall", async () => {
    const manifests = await Promise.all(tiles.map((tile) => manifest(tile.token)));
    const first = manifests[0]!;
    expect(first.schedule.playlists.map((p) => p.items.map((i) => i.fileId))).toContainEqual([exact]);
    for (const m of manifests) expect(m.schedule).toEqual(first.schedule);
    expect(manifests.map((m) => m.wall)).toEqual(
      [0, 1, 2, 3].map((i) => ({
        id: wall.id,
        name: 'Foyer',
        columns: 2,
        rows: 2,
        column: i % 2,
        row: Math.floor(i / 2),
        rotation: i === 3 ? 'UPSIDE_DOWN' : 'NORMAL',
        tile: { x: (i % 2) * 32, y: Math.floor(i / 2) * 18, width: 32, height: 18 },
        canvas: { width: 64, height: 36 },
        placements: [{ fileId: exact, x: 0, y: 0, width: 64, height: 36 }],
      })),
    );
  });

  it("refuses content of another size with the spec's message and the sizes that fit, unless fit or fill", async () => {
    const refused = await postPlaylist({
      walls: [wall.id],
      files: [
        { fileId: exact, duration: 5 },
        { fileId: square, duration: 5 },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: WALL_MESSAGES.sizeMismatch,
      fields: { 'files.1.wallFit': WALL_MESSAGES.sizeMismatch },
      hint: 'Foyer: 64×36, 32×18',
    });

    const fitted = await postPlaylist({
      walls: [wall.id],
      files: [{ fileId: square, duration: 5, wallFit: 'fit' }],
    });
    expect(fitted.statusCode, fitted.body).toBe(200);
    const placed = (await manifest(tiles[1]!.token)).wall!.placements.find((p) => p.fileId === square);
    // 30 × 30 shown whole on 64 × 36: 36 × 36, centred.
    expect(placed).toEqual({ fileId: square, x: 14, y: 0, width: 36, height: 36 });
  });

  it("shows the wall's playlists, day and tiles, and finds the wall of a screen", async () => {
    const token = team.observer.token;
    const status = await call(t.app, 'GET', `/api/wall/status/${wall.id}`, { token });
    expect(status.statusCode, status.body).toBe(200);
    const body = status.json<WallStatus>();
    expect(body.playlists.map((p) => p.name)).toEqual(['On the wall', 'On the wall']);
    expect(body.tiles.map((tile) => [tile.pointId, tile.column, tile.row])).toEqual(
      tiles.map((tile, i) => [tile.point.id, i % 2, Math.floor(i / 2)]),
    );
    // No player connected: offline, never reported, not in step.
    expect(body.tiles[0]).toMatchObject({
      synchronized: false,
      p95: null,
      reportedAt: null,
      screenshotUrl: null,
    });

    const day = await call(t.app, 'GET', `/api/wall/schedule/${wall.id}`, { token });
    expect(day.statusCode, day.body).toBe(200);
    const tileDay = await call(t.app, 'GET', '/api/point/get-daily-schedule', {
      token: team.owner.token,
      query: { id: String(tiles[3]!.point.id), date: day.json<{ date: string }>().date },
    });
    // Every tile's schedule tab shows the wall's one day.
    expect(tileDay.json<{ segments: unknown }>().segments).toEqual(
      day.json<{ segments: unknown }>().segments,
    );
    expect(
      day
        .json<{ files: { fileId: number }[] }>()
        .files.map((f) => f.fileId)
        .sort(),
    ).toEqual([exact, square].sort());

    const mine = await call(t.app, 'GET', '/api/wall', {
      token,
      query: { point: String(tiles[2]!.point.id) },
    });
    expect(mine.json()).toMatchObject({ items: [{ id: wall.id }], total: 1 });
    const foreign = await createTeam(t);
    const hidden = await call(t.app, 'GET', `/api/wall/status/${wall.id}`, { token: foreign.owner.token });
    expect(hidden.statusCode).toBe(404);
  });

  it("frees the tiles when the wall goes: each plays its own screen's content again", async () => {
    const before = await manifest(tiles[0]!.token);
    const res = await call(t.app, 'POST', `/api/wall/remove/${wall.id}`, {
      token: team.owner.token,
      body: {},
    });
    expect(res.statusCode).toBe(200);
    const after = await manifest(tiles[0]!.token);
    expect(after.wall).toBeUndefined();
    expect(after.version).not.toBe(before.version);
    expect(after.schedule.playlists).toEqual([]);
  });
});
