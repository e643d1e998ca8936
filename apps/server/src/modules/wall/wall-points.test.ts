import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALL_MESSAGES, type Wall } from '@vitrine/core';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createPoint, createTeam } from '../../test/factories.js';

/**
 * Spec §3 Wall `points`: the wall input takes the screens as `points` (ids along the rows, left to right and
 * top to bottom; null leaves a cell empty) as well as `cells`, never both at once.
 */
let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;
let ids: number[];

const post = (body: object) => call(t.app, 'POST', '/api/wall/post', { token: team.owner.token, body });
const total = async () =>
  (await call(t.app, 'GET', '/api/wall', { token: team.owner.token })).json<{ total: number }>().total;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeam(t);
  ids = [];
  for (let i = 0; i < 5; i++) ids.push((await createPoint(t, team.cabinet.id, `Points ${i}`)).id);
});
afterAll(() => t.close());

describe('a wall given by points', () => {
  it('lays the points along the rows, an empty cell for null', async () => {
    const res = await post({
      name: 'By points',
      width: 2,
      height: 2,
      points: [ids[0], ids[1], null, ids[2]],
    });
    expect(res.statusCode, res.body).toBe(200);
    const wall = res.json<Wall>();
    expect(wall.cells).toEqual([
      { column: 0, row: 0, pointId: ids[0], rotation: 'NORMAL' },
      { column: 1, row: 0, pointId: ids[1], rotation: 'NORMAL' },
      { column: 1, row: 1, pointId: ids[2], rotation: 'NORMAL' },
    ]);
    expect(wall.points.map((p) => p.id)).toEqual([ids[0], ids[1], ids[2]]);
    // A patch by points replaces the cells, on the wall's grid.
    const patched = await call(t.app, 'POST', `/api/wall/patch/${wall.id}`, {
      token: team.owner.token,
      body: { points: [null, ids[2]] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<Wall>().cells).toEqual([{ column: 1, row: 0, pointId: ids[2], rotation: 'NORMAL' }]);
  });

  it('refuses cells and points at once, more points than cells, and a screen twice, storing nothing', async () => {
    const before = await total();
    const both = await post({
      name: 'Both',
      width: 1,
      height: 1,
      points: [ids[3]],
      cells: [{ column: 0, row: 0, pointId: ids[3] }],
    });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: WALL_MESSAGES.cellsOrPoints,
      fields: { points: WALL_MESSAGES.cellsOrPoints },
    });
    const many = await post({ name: 'Many', width: 1, height: 2, points: [ids[3], ids[4], null] });
    expect(many.statusCode).toBe(400);
    expect(many.json().fields).toEqual({ points: WALL_MESSAGES.tooManyPoints });
    const twice = await post({ name: 'Twice', width: 2, height: 1, points: [ids[3], ids[3]] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fields).toEqual({ 'points.1': WALL_MESSAGES.twice });
    const taken = await post({ name: 'Taken', width: 2, height: 1, points: [ids[4], ids[2]] });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields).toEqual({ 'points.1': WALL_MESSAGES.inOtherWall });
    expect(await total()).toBe(before);
  });
});
