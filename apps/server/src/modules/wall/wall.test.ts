import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALL_MESSAGES, type Wall, type WallList } from '@vitrine/core';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createPoint, createTeam, type TestUser } from '../../test/factories.js';
import { pairPlayer } from '../../test/player.js';

/**
 * Video walls over HTTP (spec §3, §6, §7; docs/walls.md): every call with its shape, paging and search,
 * the roles of the spec's table, another cabinet's wall or screen (404), and grids the rules refuse (400,
 * with the field at fault, changing nothing).
 */
let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;
let other: Awaited<ReturnType<typeof createTeam>>;
let screens: number[];
let foreignScreen: number;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeam(t);
  other = await createTeam(t);
  screens = [];
  for (let i = 1; i <= 6; i++) screens.push((await createPoint(t, team.cabinet.id, `Tile ${i}`)).id);
  foreignScreen = (await pairPlayer(t, other.owner, 'Foreign tile')).point.id;
});
afterAll(() => t.close());

const get = (who: TestUser, url: string, query?: Record<string, string>) =>
  call(t.app, 'GET', url, { token: who.token, ...(query ? { query } : {}) });
const post = (who: TestUser, url: string, body?: unknown) =>
  call(t.app, 'POST', url, { token: who.token, body: body ?? {} });

const grid2x2 = (ids: number[]) =>
  ids.map((pointId, i) => ({ column: i % 2, row: Math.floor(i / 2), pointId }));

async function createWall(body: Record<string, unknown>, who = team.owner): Promise<Wall> {
  const res = await post(who, '/api/wall/post', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Wall>();
}

async function wallCount(who = team.owner): Promise<number> {
  return (await get(who, '/api/wall', { limit: '1000' })).json<WallList>().total;
}

describe('walls', () => {
  it('creates a 2 × 2 wall with its cells, screens and bezel-compensated canvas; gets and lists it', async () => {
    const wall = await createWall({
      name: 'Lobby',
      width: 2,
      height: 2,
      screen: { widthPx: 1920, heightPx: 1080, widthMm: 1100, heightMm: 620, bezelMm: 17 },
      cells: grid2x2(screens.slice(0, 4)).map((c, i) => (i === 3 ? { ...c, rotation: 'LEFT' } : c)),
    });
    expect(wall).toMatchObject({
      name: 'Lobby',
      width: 2,
      height: 2,
      screen: { widthPx: 1920, heightPx: 1080, widthMm: 1100, heightMm: 620, bezelMm: 17 },
      // 1920 × 17 / 1100 ≈ 30 px and 1080 × 17 / 620 ≈ 30 px hidden by each seam (docs/walls.md).
      canvas: { width: 3870, height: 2190 },
    });
    expect(wall.cells).toEqual([
      { column: 0, row: 0, pointId: screens[0], rotation: 'NORMAL' },
      { column: 1, row: 0, pointId: screens[1], rotation: 'NORMAL' },
      { column: 0, row: 1, pointId: screens[2], rotation: 'NORMAL' },
      { column: 1, row: 1, pointId: screens[3], rotation: 'LEFT' },
    ]);
    expect(wall.points.map((p) => p.name)).toEqual(['Tile 1', 'Tile 2', 'Tile 3', 'Tile 4']);

    const one = await get(team.observer, `/api/wall/${wall.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(wall);

    const list = await get(team.contentManager, '/api/wall', { search: 'lob' });
    expect(list.statusCode).toBe(200);
    expect(list.json<WallList>()).toEqual({ items: [wall], total: 1 });
  });

  it('lists 25 a page by default, searches by name and pages', async () => {
    for (let i = 0; i < 26; i++)
      await createWall({ name: `Paged ${String(i).padStart(2, '0')}`, width: 1, height: 1 });
    const first = (await get(team.owner, '/api/wall', { search: 'paged' })).json<WallList>();
    expect(first.total).toBe(26);
    expect(first.items).toHaveLength(25);
    const second = (await get(team.owner, '/api/wall', { search: 'paged', page: '2' })).json<WallList>();
    expect(second.items.map((w) => w.name)).toEqual(['Paged 25']);
    expect(second.items[0]).toMatchObject({ points: [], cells: [], canvas: { width: 1920, height: 1080 } });
  });

  it('patches one thing at a time and replaces the cells when given', async () => {
    const wall = await createWall({ name: 'Patched', width: 1, height: 1, cells: grid2x2([screens[4]!]) });
    const renamed = await post(team.moderator, `/api/wall/patch/${wall.id}`, { name: 'Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<Wall>()).toEqual({ ...wall, name: 'Renamed' });
    const grown = await post(team.owner, `/api/wall/patch/${wall.id}`, {
      width: 2,
      cells: [
        { column: 0, row: 0, pointId: screens[4] },
        { column: 1, row: 0, pointId: screens[5], rotation: 'UPSIDE_DOWN' },
      ],
    });
    expect(grown.statusCode, grown.body).toBe(200);
    expect(grown.json<Wall>()).toMatchObject({
      name: 'Renamed',
      width: 2,
      height: 1,
      canvas: { width: 3840, height: 1080 },
      points: [
        { id: screens[4], name: 'Tile 5' },
        { id: screens[5], name: 'Tile 6' },
      ],
    });
    // Shrinking the grid under a cell is refused, and nothing changes.
    const shrunk = await post(team.owner, `/api/wall/patch/${wall.id}`, { width: 1 });
    expect(shrunk.statusCode).toBe(400);
    expect(shrunk.json()).toMatchObject({ fields: { 'cells.1.column': WALL_MESSAGES.outside } });
    expect((await get(team.owner, `/api/wall/${wall.id}`)).json()).toEqual(grown.json());
  });

  it('refuses a screen already in another wall, and frees it when that wall is removed', async () => {
    const first = (await get(team.owner, '/api/wall', { search: 'Lobby' })).json<WallList>().items[0]!;
    const before = await wallCount();
    const res = await post(team.owner, '/api/wall/post', {
      name: 'Second',
      width: 1,
      height: 1,
      cells: [{ column: 0, row: 0, pointId: screens[0] }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: WALL_MESSAGES.inOtherWall,
      fields: { 'cells.0.pointId': WALL_MESSAGES.inOtherWall },
    });
    expect(await wallCount()).toBe(before);

    expect((await post(team.observer, `/api/wall/remove/${first.id}`)).statusCode).toBe(403);
    expect((await post(team.contentManager, `/api/wall/remove/${first.id}`)).statusCode).toBe(403);
    const removed = await post(team.moderator, `/api/wall/remove/${first.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    expect((await get(team.owner, `/api/wall/${first.id}`)).statusCode).toBe(404);
    // The screens stay, free for another wall.
    const again = await createWall({ name: 'Second', width: 1, height: 1, cells: grid2x2([screens[0]!]) });
    expect(again.points).toEqual([{ id: screens[0], name: 'Tile 1' }]);
  });

  it('gives a screen two walls ask for at once to one of them, refusing the other with 400', async () => {
    const screen = (await createPoint(t, team.cabinet.id, 'Contested')).id;
    const body = (name: string) => ({ name, width: 1, height: 1, cells: grid2x2([screen]) });
    const answers = await Promise.all([
      post(team.owner, '/api/wall/post', body('Race A')),
      post(team.owner, '/api/wall/post', body('Race B')),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((a) => a.statusCode === 400)!;
    expect(refused.json()).toMatchObject({ message: WALL_MESSAGES.inOtherWall });
  });

  it('refuses bad grids with 400 and the field at fault, storing nothing', async () => {
    const before = await wallCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'W', width: 0, height: 1 }, 'width'],
      [{ name: 'W', width: -2, height: 1 }, 'width'],
      [{ name: 'W', width: 1, height: 17 }, 'height'],
      [{ name: 'W', width: 1.5, height: 1 }, 'width'],
      [{ name: '', width: 1, height: 1 }, 'name'],
      [
        { name: 'W', width: 1, height: 1, cells: [{ column: 1, row: 0, pointId: screens[1] }] },
        'cells.0.column',
      ],
      [
        { name: 'W', width: 1, height: 2, cells: [{ column: 0, row: 2, pointId: screens[1] }] },
        'cells.0.row',
      ],
      [
        {
          name: 'W',
          width: 2,
          height: 1,
          cells: [
            { column: 0, row: 0, pointId: screens[1] },
            { column: 1, row: 0, pointId: screens[1] },
          ],
        },
        'cells.1.pointId',
      ],
      [
        {
          name: 'W',
          width: 2,
          height: 1,
          cells: [
            { column: 0, row: 0, pointId: screens[1] },
            { column: 0, row: 0, pointId: screens[2] },
          ],
        },
        'cells.1.column',
      ],
      [
        {
          name: 'W',
          width: 1,
          height: 1,
          cells: [{ column: 0, row: 0, pointId: screens[1], rotation: 'SIDEWAYS' }],
        },
        'cells.0.rotation',
      ],
      [{ name: 'W', width: 1, height: 1, screen: { widthPx: 0 } }, 'screen.widthPx'],
      [{ name: 'W', width: 1, height: 1, screen: { bezelMm: -1 } }, 'screen.bezelMm'],
    ];
    for (const [body, field] of cases) {
      const res = await post(team.owner, '/api/wall/post', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json<{ fields: object }>().fields), JSON.stringify(body)).toContain(field);
    }
    expect(await wallCount()).toBe(before);
  });

  it("answers another cabinet's wall or screen 404, changing nothing", async () => {
    const foreign = await createWall({ name: 'Theirs', width: 1, height: 1 }, other.owner);
    expect((await get(team.owner, `/api/wall/${foreign.id}`)).statusCode).toBe(404);
    expect((await post(team.owner, `/api/wall/patch/${foreign.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await post(team.owner, `/api/wall/remove/${foreign.id}`)).statusCode).toBe(404);
    const before = await wallCount();
    const stolen = await post(team.owner, '/api/wall/post', {
      name: 'Stolen',
      width: 1,
      height: 1,
      cells: [{ column: 0, row: 0, pointId: foreignScreen }],
    });
    expect(stolen.statusCode).toBe(404);
    expect(await wallCount()).toBe(before);
    expect((await get(other.owner, `/api/wall/${foreign.id}`)).json()).toEqual(foreign);
    expect((await get(team.owner, '/api/wall', { search: 'Theirs' })).json()).toEqual({
      items: [],
      total: 0,
    });
  });

  it('follows the role table: observers and content managers read, admin, owner and moderator build', async () => {
    const body = { name: 'Roles', width: 1, height: 1 };
    expect((await post(team.contentManager, '/api/wall/post', body)).statusCode).toBe(403);
    expect((await post(team.observer, '/api/wall/post', body)).statusCode).toBe(403);
    expect((await post(team.agent, '/api/wall/post', body)).statusCode).toBe(403);
    expect((await get(team.agent, '/api/wall')).statusCode).toBe(403);
    const wall = await createWall(body, team.moderator);
    expect((await post(team.observer, `/api/wall/patch/${wall.id}`, { name: 'X' })).statusCode).toBe(403);
    expect((await get(team.observer, '/api/wall')).statusCode).toBe(200);
  });
});
