import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/sql.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createPoint, createTeam } from '../../test/factories.js';

/**
 * A command's screen is kept by statement, not by a foreign key (migration 0036): the insert locks the
 * screens it reads, and a screen's removal takes its commands. No command outlives its screen, also when
 * commands and removals of the same screens run at once (on PostgreSQL, where requests run in parallel).
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const commandsOf = async (ids: number[]) =>
  (
    await rowsOf<{ point_id: number }>(
      t.database.db,
      sql`select point_id from point_commands where point_id = any(${`{${ids.join(',')}}`}::int[])`,
    )
  ).map((r) => Number(r.point_id));

const orphans = async () =>
  Number(
    (
      await rowsOf<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from point_commands c where not exists (select 1 from points p where p.id = c.point_id)`,
      )
    )[0]!.n,
  );

describe('a command’s screen', () => {
  it('takes its commands with it when removed, one screen or many in one statement', async () => {
    const team = await createTeam(t);
    const screens: number[] = [];
    for (let i = 0; i < 5; i++) screens.push((await createPoint(t, team.cabinet.id)).id);
    const sent = await call(t.app, 'POST', '/api/point/send-reload', {
      token: team.owner.token,
      body: { ids: screens },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await commandsOf(screens)).sort()).toEqual([...screens].sort());

    const removed = await call(t.app, 'POST', `/api/point/remove/${screens[0]}`, { token: team.owner.token });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await commandsOf(screens)).sort()).toEqual(screens.slice(1).sort());

    // A statement removing several screens at once (as a cabinet's removal cascades to its screens).
    await t.database.db.execute(
      sql`delete from points where id = any(${`{${screens.slice(1).join(',')}}`}::int[])`,
    );
    expect(await commandsOf(screens)).toEqual([]);
    expect(await orphans()).toBe(0);
  });

  it('never leaves a command behind when commands and removals of the same screens run at once', async () => {
    const team = await createTeam(t);
    for (let round = 0; round < 4; round++) {
      const screens: number[] = [];
      for (let i = 0; i < 12; i++) screens.push((await createPoint(t, team.cabinet.id)).id);
      const [sends, removals] = await Promise.all([
        Promise.all(
          [0, 1, 2].map(() =>
            call(t.app, 'POST', '/api/point/send-reload', {
              token: team.owner.token,
              body: { ids: screens },
            }),
          ),
        ),
        Promise.all(
          screens.map((id) => call(t.app, 'POST', `/api/point/remove/${id}`, { token: team.owner.token })),
        ),
      ]);
      // A command sent after every screen went finds none of them.
      for (const answer of sends) expect([200, 404], answer.body).toContain(answer.statusCode);
      for (const answer of removals) expect(answer.statusCode, answer.body).toBe(200);
      expect(await commandsOf(screens)).toEqual([]);
    }
    expect(await orphans()).toBe(0);
  });
});
