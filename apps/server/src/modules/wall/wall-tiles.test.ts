import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DailySchedule, Manifest, Playlist, Point, Wall } from '@vitrine/core';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createTeam } from '../../test/factories.js';
import { uploadAs } from '../../test/media.js';
import { pairPlayer } from '../../test/player.js';

/**
 * A screen that is a wall's tile (docs/walls.md): it plays the wall only while an approved playlist targets
 * the wall, and plays its own playlists until then (a new wall blanks nothing); while it plays the wall it
 * counts as a screen with content, and its day lists its own playlists as replaced by the wall (WALL_TILE).
 */
let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;
let tiles: { token: string; point: Point }[];
let single: { token: string; point: Point };
let own: Playlist;
let wall: Wall;
let wide: number;

const owner = () => ({ token: team.owner.token });
const manifest = async (token: string) => {
  const res = await call(t.app, 'GET', '/api/player/manifest', { token });
  expect(res.statusCode).toBe(200);
  return res.json<Manifest>();
};
const day = async (pointId: number) => {
  const res = await call(t.app, 'GET', '/api/point/get-daily-schedule', {
    ...owner(),
    query: { id: String(pointId) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DailySchedule>();
};
const wallDay = async () => {
  const res = await call(t.app, 'GET', `/api/wall/schedule/${wall.id}`, owner());
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DailySchedule>();
};
const withoutContent = async () => {
  const res = await call(t.app, 'GET', '/api/dashboard', owner());
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ points: { total: number; withoutContent: number } }>().points;
};
const hasContent = async (pointId: number) =>
  (await call(t.app, 'GET', `/api/point/${pointId}`, owner())).json<Point>().hasContent;

async function image(width: number, height: number, name: string): Promise<number> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#33aa66' } })
    .png()
    .toBuffer();
  const res = await uploadAs(t, team.owner, `${name}-${Date.now()}.png`, bytes);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: number }>().id;
}

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeam(t);
  tiles = [await pairPlayer(t, team.owner, 'Tile A'), await pairPlayer(t, team.owner, 'Tile B')];
  single = await pairPlayer(t, team.owner, 'Alone');
  wide = await image(64, 18, 'wide');
  const mine = await call(t.app, 'POST', '/api/playlist/post', {
    ...owner(),
    body: { name: 'Tile A own', points: [tiles[0]!.point.id], files: [{ fileId: wide, duration: 5 }] },
  });
  expect(mine.statusCode, mine.body).toBe(200);
  own = mine.json<Playlist>();
  const res = await call(t.app, 'POST', '/api/wall/post', {
    ...owner(),
    body: {
      name: 'Lobby',
      width: 2,
      height: 1,
      screen: { widthPx: 32, heightPx: 18 },
      cells: tiles.map((tile, i) => ({ column: i, row: 0, pointId: tile.point.id, rotation: 'NORMAL' })),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  wall = res.json<Wall>();
});
afterAll(() => t.close());

describe('a wall without playlists', () => {
  it('leaves its screens on their own content', async () => {
    const first = await manifest(tiles[0]!.token);
    expect(first.wall ?? null).toBeNull();
    expect(first.schedule.playlists.map((p) => p.id)).toEqual([own.id]);
    expect((await day(tiles[0]!.point.id)).unplanned.map((u) => u.reason)).not.toContain('WALL_TILE');
    expect(await hasContent(tiles[0]!.point.id)).toBe(true);
    expect(await hasContent(tiles[1]!.point.id)).toBe(false);
    expect(await withoutContent()).toMatchObject({ total: 3, withoutContent: 2 });
    // The wall's own day is empty: the first tile's playlists are its own, not the wall's.
    expect(await wallDay()).toMatchObject({ files: [], segments: [], unplanned: [] });
  });
});

describe('a wall with an approved playlist', () => {
  it('plays on every tile, counts them as having content and says what it replaces', async () => {
    const res = await call(t.app, 'POST', '/api/playlist/post', {
      ...owner(),
      body: { name: 'Lobby loop', walls: [wall.id], files: [{ fileId: wide, duration: 5 }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const onWall = res.json<Playlist>();
    for (const tile of tiles) {
      const m = await manifest(tile.token);
      expect(m.wall?.id).toBe(wall.id);
      expect(m.schedule.playlists.map((p) => p.id)).toEqual([onWall.id]);
    }
    expect(await hasContent(tiles[1]!.point.id)).toBe(true);
    expect(await withoutContent()).toMatchObject({ total: 3, withoutContent: 1 });
    const list = await call(t.app, 'GET', '/api/point', { ...owner(), query: { hasContent: 'false' } });
    expect(list.json<{ points: Point[] }>().points.map((p) => p.id)).toEqual([single.point.id]);
    const replaced = (await day(tiles[0]!.point.id)).unplanned.filter((u) => u.reason === 'WALL_TILE');
    expect(replaced).toEqual([
      {
        playlistId: own.id,
        playlistName: 'Tile A own',
        fileId: null,
        fileName: null,
        reason: 'WALL_TILE',
        shows: 0,
      },
    ]);
    expect((await day(tiles[1]!.point.id)).unplanned.map((u) => u.reason)).not.toContain('WALL_TILE');
    const ofWall = await wallDay();
    expect(new Set(ofWall.files.map((f) => f.playlistId))).toEqual(new Set([onWall.id]));
    expect(ofWall.unplanned).toEqual([]);
  });
});
