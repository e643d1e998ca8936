import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { asCabinetId } from '../../db/cabinet-id.js';
import { rowsOf } from '../../db/sql.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { openSecondHandle } from '../../test/database.js';
import { createPoint, createTeam } from '../../test/factories.js';
import { pairPlayer } from '../../test/player.js';
import { DeviceTokens } from './device-tokens.js';

/**
 * A device token's screen is kept in memory by each process (device-tokens.ts) and forgotten when the
 * database announces that the token stopped working (migration 0038's triggers), on every process.
 */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const manifest = (app: TestApp, token: string) => call(app.app, 'GET', '/api/player/manifest', { token });
/** Lets a NOTIFY reach its listener: on PostgreSQL it comes over another connection, a moment later. */
const heard = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 5_000, interval: 10 });

describe('device tokens kept in memory', () => {
  it('a token is asked of the database once, then kept; a removed screen stops at once', async () => {
    const team = await createTeam(t);
    const player = await pairPlayer(t, team.owner);
    const tokens = t.services.deviceTokens;
    const before = { ...tokens.counts };
    for (let i = 0; i < 3; i++) expect((await manifest(t, player.token)).statusCode).toBe(200);
    expect(tokens.counts.asked - before.asked).toBe(1);
    expect(tokens.counts.kept - before.kept).toBe(2);

    const removed = await call(t.app, 'POST', `/api/point/remove/${player.point.id}`, {
      token: team.owner.token,
    });
    expect(removed.statusCode).toBe(200);
    // No wait: the process that removed it forgets it before it answers.
    expect((await manifest(t, player.token)).statusCode).toBe(401);
  });

  it('screens removed in the database alone (600, two announcements) are forgotten', async () => {
    const team = await createTeam(t);
    const ids: number[] = [];
    for (let i = 0; i < 600; i++) ids.push((await createPoint(t, team.cabinet.id)).id);
    await t.database.db.execute(
      sql`update points set device_token_hash = md5(id::text) where cabinet_id = ${team.cabinet.id}`,
    );
    const tokens = t.services.deviceTokens;
    const callers = await Promise.all(ids.map((id) => tokens.callerOf(md5(id))));
    expect(callers.map((c) => c?.pointId)).toEqual(ids);
    const kept = tokens.size;
    expect(kept).toBeGreaterThanOrEqual(600);

    await t.database.db.execute(sql`delete from points where cabinet_id = ${team.cabinet.id}`);
    await heard(() => expect(tokens.size).toBe(kept - 600));
    const asked = tokens.counts.asked;
    expect(await tokens.callerOf(md5(ids[0]!))).toBeNull();
    expect(tokens.counts.asked).toBe(asked + 1);
  });

  it("a changed token is announced; a screen's first token is not", async () => {
    const team = await createTeam(t);
    const { id } = await createPoint(t, team.cabinet.id);
    const seen: string[] = [];
    const unlisten = await t.database.bus.subscribe('vitrine_devices', (payload) => seen.push(payload));
    try {
      await t.database.db.execute(sql`update points set device_token_hash = 'first' where id = ${id}`);
      await t.database.db.execute(sql`update points set name = 'renamed' where id = ${id}`);
      await t.database.db.execute(sql`update points set device_token_hash = 'second' where id = ${id}`);
      await heard(() => expect(seen).toEqual([`t:${id}`]));
      // Rolled back: nothing is announced.
      await t.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`delete from points where id = ${id}`);
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await t.database.db.execute(sql`delete from points where id = ${id}`);
      await heard(() => expect(seen).toEqual([`t:${id}`, `r:${id}`]));
    } finally {
      await unlisten();
    }
  });

  it('a lookup under way when its screen is forgotten is not kept', async () => {
    let answer: (value: { pointId: number; cabinetId: ReturnType<typeof asCabinetId> }) => void = () => {};
    const tokens = new DeviceTokens({
      bus: t.database.bus,
      lookup: () => new Promise((resolve) => (answer = resolve)),
    });
    await tokens.start();
    try {
      const caller = { pointId: 7, cabinetId: asCabinetId(1) };
      const first = tokens.callerOf('h7');
      tokens.forget([7]);
      answer(caller);
      expect(await first).toEqual(caller);
      expect(tokens.size).toBe(0);

      const second = tokens.callerOf('h7');
      answer(caller);
      await second;
      expect(tokens.size).toBe(1);
      await t.database.db.execute(sql`select pg_notify('vitrine_devices', 't:7')`);
      await heard(() => expect(tokens.size).toBe(0));
    } finally {
      await tokens.stop();
    }
  });
});

describe.runIf(inject('testDb').driver === 'pg')('two processes on one database', () => {
  let other: TestApp;

  beforeAll(async () => {
    other = await buildTestApp({}, { database: await openSecondHandle(t.database) });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => other.close());

  it('a screen removed on one process stops on the other, and its socket there closes', async () => {
    const team = await createTeam(t);
    const player = await pairPlayer(t, team.owner);
    expect((await manifest(other, player.token)).statusCode).toBe(200);
    expect((await manifest(other, player.token)).statusCode).toBe(200);
    const { port } = other.app.server.address() as AddressInfo;
    const socket = new WebSocket(
      `ws://127.0.0.1:${port}/api/player/ws?token=${encodeURIComponent(player.token)}`,
    );
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const closed = new Promise((resolve) => socket.once('close', resolve));

    const removed = await call(t.app, 'POST', `/api/point/remove/${player.point.id}`, {
      token: team.owner.token,
    });
    expect(removed.statusCode).toBe(200);
    await heard(async () => expect((await manifest(other, player.token)).statusCode).toBe(401));
    await closed;
  });

  it('while its listening connection is lost, a process keeps nothing and asks the database', async () => {
    const team = await createTeam(t);
    const player = await pairPlayer(t, team.owner);
    const tokens = other.services.deviceTokens;
    expect((await manifest(other, player.token)).statusCode).toBe(200);
    expect(tokens.size).toBeGreaterThan(0);

    // The database ends both processes' listening connections; each comes back by itself.
    const ended = await rowsOf<{ pid: number }>(
      t.database.db,
      sql`select pg_terminate_backend(pid) as pid from pg_stat_activity
          where datname = current_database() and query = 'LISTEN vitrine_devices'`,
    );
    expect(ended.length).toBe(2);
    // What was kept is dropped (what was announced meanwhile never arrives), then kept again once back.
    await heard(() => expect(tokens.size === 0 && tokens.listening).toBe(true));
    const asked = tokens.counts.asked;
    expect((await manifest(other, player.token)).statusCode).toBe(200);
    expect(tokens.counts.asked).toBe(asked + 1);
    expect(tokens.size).toBe(1);
  });
});

/** PostgreSQL's md5(id::text): a stand-in token hash for screens made without a player. */
function md5(id: number): string {
  return createHash('md5').update(String(id)).digest('hex');
}
