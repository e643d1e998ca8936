import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { points } from '../../db/schema.js';
import { type Dashboard } from '@vitrine/core';
import { asCabinetId } from '../../db/cabinet-id.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createPoint, createTeam, type TestUser } from '../../test/factories.js';
import { uploadAs } from '../../test/media.js';

let t: TestApp;
/** A server that never waits for planning (FULLNESS_WAIT_MS=0). */
let quick: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  quick = await buildTestApp({ FULLNESS_WAIT_MS: '0' });
});
afterAll(async () => {
  await quick.close();
  await t.close();
});

const year = new Date().getUTCFullYear();
const always = { fromDate: `${year - 1}-01-01 00:00:00`, toDate: `${year + 1}-12-31 23:59:59` };

async function image(app: TestApp, who: TestUser): Promise<number> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#204080' } })
    .png()
    .toBuffer();
  const res = await uploadAs(app, who, `f-${Date.now()}-${Math.random()}.png`, png);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: number }).id;
}

async function advert(app: TestApp, who: TestUser, points: number[], fileId: number, periodicity = 300) {
  const res = await call(app.app, 'POST', '/api/playlist/post', {
    token: who.token,
    body: {
      ...always,
      name: `Spot ${periodicity}`,
      type: 'ADVERTISING',
      periodicity,
      points,
      files: [{ fileId, duration: 30 }],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: number }).id;
}

async function dashboard(app: TestApp, who: TestUser, range = '1d'): Promise<Dashboard> {
  const res = await call(app.app, 'GET', `/api/dashboard?range=${range}`, { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Dashboard;
}

async function board(app: TestApp, who: TestUser, range = '1d'): Promise<Dashboard['fullness']> {
  return (await dashboard(app, who, range)).fullness;
}

/** When each screen's stored fullness was planned, by screen. */
async function plannedAt(app: TestApp, cabinetId: number): Promise<Map<number, string>> {
  const { rows } = await app.database.executeSql(
    'select point_id, computed_at::text as computed_at from point_fullness where cabinet_id = $1',
    [cabinetId],
  );
  return new Map(
    (rows as { point_id: number; computed_at: string }[]).map((r) => [Number(r.point_id), r.computed_at]),
  );
}

describe('broadcast fullness, stored and planned off the event loop', () => {
  it('plans each screen once per content version: a change replans only the screens it reaches', async () => {
    const team = await createTeam(t);
    const [a, b, c] = [
      await createPoint(t, team.cabinet.id, 'A'),
      await createPoint(t, team.cabinet.id, 'B'),
      await createPoint(t, team.cabinet.id, 'C'),
    ];
    const file = await image(t, team.owner);
    await advert(t, team.owner, [a.id, b.id], file);

    const first = await board(t, team.owner);
    expect(first.pending).toBe(0);
    expect(first.points.map((p) => p.name)).toEqual(['A', 'B', 'C']);
    expect(first.points.find((p) => p.id === a.id)!.fullness).toBeCloseTo(0.1, 6);
    expect(first.points.find((p) => p.id === c.id)!.fullness).toBe(0);
    const before = await plannedAt(t, team.cabinet.id);
    expect([...before.keys()].sort()).toEqual([a.id, b.id, c.id].sort());

    // Asking again plans nothing: every row is current.
    await board(t, team.owner, '2w');
    expect(await plannedAt(t, team.cabinet.id)).toEqual(before);

    // A second playlist on C alone: C is planned again, A and B keep their rows.
    await advert(t, team.owner, [c.id], file, 150);
    const after = await board(t, team.owner);
    expect(after.points.find((p) => p.id === c.id)!.fullness).toBeCloseTo(0.2, 6);
    expect(after.points.find((p) => p.id === a.id)!.fullness).toBeCloseTo(0.1, 6);
    const planned = await plannedAt(t, team.cabinet.id);
    expect(planned.get(a.id)).toBe(before.get(a.id));
    expect(planned.get(b.id)).toBe(before.get(b.id));
    expect(planned.get(c.id)).not.toBe(before.get(c.id));
  });

  it('answers from what it worked out last time only while the screens and their rows are the same', async () => {
    const team = await createTeam(t);
    const [a, b] = [
      await createPoint(t, team.cabinet.id, 'Hall'),
      await createPoint(t, team.cabinet.id, 'Kiosk'),
    ];
    const file = await image(t, team.owner);
    await advert(t, team.owner, [a.id], file);
    const first = await board(t, team.owner);
    expect(first.points.map((p) => p.name)).toEqual(['Hall', 'Kiosk']);
    expect(await board(t, team.owner)).toEqual(first);

    // A new name is shown at once.
    const renamed = await call(t.app, 'POST', `/api/point/patch/${b.id}`, {
      token: team.owner.token,
      body: { name: 'Atrium' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await board(t, team.owner)).points.map((p) => p.name)).toEqual(['Atrium', 'Hall']);
    // So is a row planned again behind the dashboard's back (another process, the sweep).
    await t.database.executeSql(
      `update point_fullness set spans = '[{"offset":0,"days":40,"capacity":1000,"advertising":500}]', computed_at = now() + interval '1 second' where point_id = $1`,
      [a.id],
    );
    expect((await board(t, team.owner)).points.find((p) => p.id === a.id)!.fullness).toBe(0.5);
    // And a screen removed is gone.
    const removed = await call(t.app, 'POST', `/api/point/remove/${b.id}`, { token: team.owner.token });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await board(t, team.owner)).points.map((p) => p.id)).toEqual([a.id]);
  });

  it('gives a screen without a version the one content sync works out, and plans it from the same reading', async () => {
    const team = await createTeam(t);
    const [a, b, c] = [
      await createPoint(t, team.cabinet.id, 'Gate'),
      await createPoint(t, team.cabinet.id, 'Lobby'),
      await createPoint(t, team.cabinet.id, 'Stairs'),
    ];
    const file = await image(t, team.owner);
    await advert(t, team.owner, [a.id, b.id], file);
    await advert(t, team.owner, [b.id, c.id], file, 600);
    const versions = async (table: 'points' | 'point_fullness') => {
      const id = table === 'points' ? 'id' : 'point_id';
      const { rows } = await t.database.executeSql(
        `select ${id} as id, ${table === 'points' ? 'current_version' : 'version'} as version from ${table}
         where cabinet_id = $1 order by 1`,
        [team.cabinet.id],
      );
      return (rows as { id: number; version: string | null }[]).map((r) => [Number(r.id), r.version]);
    };
    // As content sync worked them out when the playlists were saved.
    const expected = await versions('points');
    expect(expected.every(([, version]) => typeof version === 'string')).toBe(true);

    // Screens from before versions existed (two of three: a batch with and without), nothing planned yet.
    await t.database.executeSql('delete from point_fullness where cabinet_id = $1', [team.cabinet.id]);
    await t.database.executeSql('update points set current_version = null where id = any($1)', [
      [a.id, c.id],
    ]);
    const fullness = await board(t, team.owner);
    expect(fullness.pending).toBe(0);
    expect(fullness.points.map((p) => p.fullness > 0)).toEqual([true, true, true]);
    expect(await versions('points')).toEqual(expected);
    expect(await versions('point_fullness')).toEqual(expected);
  });

  it('answers at once with the screens still being planned, and whole once they are', async () => {
    const team = await createTeam(quick);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await createPoint(quick, team.cabinet.id, `S${i}`)).id);
    const file = await image(quick, team.owner);
    await advert(quick, team.owner, ids, file);

    const first = await board(quick, team.owner, '31d');
    // Whatever was planned in no time is shown; the rest is counted, never shown as empty.
    expect(first.pending + first.points.length).toBe(12);
    await expect
      .poll(async () => (await board(quick, team.owner, '31d')).pending, { timeout: 60_000 })
      .toBe(0);
    const whole = await board(quick, team.owner, '31d');
    expect(whole.points).toHaveLength(12);
    expect(whole.average).toBeCloseTo(0.1, 6);
  });

  it('the background sweep plans stale screens before anyone asks, and forgets removed ones', async () => {
    const team = await createTeam(quick);
    const one = await createPoint(quick, team.cabinet.id, 'One');
    const two = await createPoint(quick, team.cabinet.id, 'Two');
    await advert(quick, team.owner, [one.id, two.id], await image(quick, team.owner));
    expect(await quick.services.fullness.sweep()).toBeGreaterThanOrEqual(2);
    // Everything current: the dashboard answers from stored rows with nothing pending.
    const now = await board(quick, team.owner, '2w');
    expect(now.pending).toBe(0);
    expect(now.points).toHaveLength(2);
    expect((await plannedAt(quick, team.cabinet.id)).size).toBe(2);

    const res = await call(quick.app, 'POST', `/api/point/remove/${two.id}`, { token: team.owner.token });
    expect(res.statusCode, res.body).toBe(200);
    expect([...(await plannedAt(quick, team.cabinet.id)).keys()]).toEqual([one.id]);
    // Another cabinet's rows are its own.
    expect(await plannedAt(quick, asCabinetId(team.cabinet.id + 100_000))).toEqual(new Map());
  });
});

describe('reading a fleet page by page', () => {
  it('meets every screen of the cabinet once, by name then id, across pages that split equal names', async () => {
    const team = await createTeam(t);
    const other = await createTeam(t);
    const cabinetId = team.cabinet.id;
    const made: { id: number; name: string }[] = [];
    for (const name of ['Same', 'Zed', 'Same', 'Alpha', 'Same', 'Same', 'Beta'])
      made.push(await createPoint(t, cabinetId, name));
    await createPoint(t, other.cabinet.id, 'Same');
    const pages: number[][] = [];
    for await (const page of t.repos.fullness.statesOf(asCabinetId(cabinetId), 2))
      pages.push(page.map((s) => s.id));
    expect(pages.map((p) => p.length)).toEqual([2, 2, 2, 1]);
    const byNameThenId = [...made].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
    expect(pages.flat()).toEqual(byNameThenId.map((p) => p.id));
  });
});

describe('a fleet too large to wait for', () => {
  it('is answered at once with its screens pending and fills in; a few screens are waited for', async () => {
    // This server waits up to a minute for planning (the test build's FULLNESS_WAIT_MS).
    const team = await createTeam(t);
    const cabinetId = team.cabinet.id;
    await createPoint(t, cabinetId);
    await createPoint(t, cabinetId);
    expect((await board(t, team.owner)).pending).toBe(0);

    await t.database.db
      .insert(points)
      .values(Array.from({ length: 150 }, (_, i) => ({ cabinetId, name: `Fleet ${i}` })));
    const first = await dashboard(t, team.owner);
    expect(first.fullness.pending).toBe(150);
    expect(first.fullness.points).toHaveLength(2);
    // Planning has started: its rate is known once a batch is stored, and an estimate with it.
    expect(first.planning).not.toBeNull();
    const estimates: number[] = [];
    let now = first;
    for (let i = 0; i < 600 && now.fullness.pending > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      now = await dashboard(t, team.owner);
      if (now.fullness.pending > 0 && now.planning?.estimateSeconds != null) {
        expect(now.planning.perSecond).toBeGreaterThan(0);
        estimates.push(now.planning.estimateSeconds);
      }
    }
    expect(now.fullness.pending).toBe(0);
    expect(now.fullness.points).toHaveLength(152);
    expect(now.planning).toBeNull();
    expect(estimates.every((s) => Number.isInteger(s) && s >= 1)).toBe(true);
  }, 120_000);
});
