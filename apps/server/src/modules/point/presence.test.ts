import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import { buildTestApp, type TestApp } from '../../test/build.js';
import { openSecondHandle } from '../../test/database.js';
import { createPoint, createTeam } from '../../test/factories.js';
import { Presence, type Counted } from './presence.js';

/**
 * Presence written by several processes at once (PROCESSES, or processes behind a proxy): a screen whose
 * socket moved to another process is written by both. Found by bench/fleet-node at 50,000 screens: the two
 * batches locked their rows in opposite orders, the database ended one as a deadlock, and its screens were
 * then written one statement each (12,000 statements, seconds of both cores).
 */
let t: TestApp;
let screens: number[];
beforeAll(async () => {
  t = await buildTestApp();
  const team = await createTeam(t);
  screens = [];
  for (let i = 0; i < 60; i++) screens.push((await createPoint(t, team.cabinet.id)).id);
});
afterAll(() => t.close());

const seenAt = async (ids: number[]) =>
  (
    await rowsOf<{ id: number; seen: Date | null }>(
      t.database.db,
      sql`select id, last_seen_at as seen from points where id = any(${`{${ids.join(',')}}`}::int[])`,
    )
  ).filter((r) => r.seen !== null).length;

const hoursOf = async (ids: number[]) =>
  Number(
    (
      await rowsOf<{ s: number }>(
        t.database.db,
        sql`select coalesce(sum(online_seconds), 0)::int as s from point_connection_hours
            where point_id = any(${`{${ids.join(',')}}`}::int[])`,
      )
    )[0]!.s,
  );

describe('presence', () => {
  it('counts a minute’s online seconds a slice of the sockets at each flush, each socket once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const logged: string[] = [];
      const presence = new Presence({
        database: t.database,
        points: t.repos.points,
        flushMs: 5000,
        log: (message) => logged.push(message),
      });
      const ids = screens.slice(0, 24);
      const open = new Map<number, Counted>(ids.map((id) => [id, { countedAt: Date.now() }]));
      const before = await hoursOf(ids);
      const counted: number[] = [];
      // Flushes 5 s apart: the minute's sweep starts at the twelfth (60 s after the last) and counts two
      // sockets a flush from then, the whole 24 by the twenty-third; the next sweep would start at the 24th.
      for (let flush = 1; flush <= 23; flush++) {
        vi.advanceTimersByTime(5000);
        const waiting = [...open.values()].filter((s) => s.countedAt < Date.now()).length;
        await presence.flush(open);
        counted.push(waiting - [...open.values()].filter((s) => s.countedAt < Date.now()).length);
      }
      expect(counted.slice(0, 11).every((n) => n === 0)).toBe(true);
      expect(counted.slice(11).every((n) => n === 2)).toBe(true);
      expect(counted.reduce((a, b) => a + b, 0)).toBe(24); // each socket counted once in the minute
      expect(await hoursOf(ids)).toBeGreaterThan(before);
      expect(logged).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe.runIf(inject('testDb').driver === 'pg')('presence of several processes', () => {
  let other: DatabaseHandle;
  let many: number[];
  beforeAll(async () => {
    other = await openSecondHandle(t.database);
    // A fleet's table: a batch of 600 of 3,000 screens is read by the index, in the batch's order.
    const team = await createTeam(t);
    many = (
      await rowsOf<{ id: number }>(
        t.database.db,
        sql`insert into points (cabinet_id, name, uid)
            select ${team.cabinet.id}, 'screen ' || i, 'VP-' || lpad(i::text, 6, '0') from generate_series(1, 3000) i
            returning id`,
      )
    ).map((r) => Number(r.id));
    await t.database.db.execute(sql`analyze points`);
  });
  afterAll(() => other?.close());

  it('writes the same screens from two processes at once, in any order, without a deadlock', async () => {
    const beats = (ids: number[]) =>
      ids.map((pointId) => ({ pointId, seenAt: new Date(), report: null, onlineSeconds: 1 }));
    const { PointRepository } = await import('./point.repository.js');
    const theirs = new PointRepository(other.db);
    for (let round = 0; round < 5; round++) {
      const batch = many.slice(round * 600, round * 600 + 600);
      await Promise.all([
        t.repos.points.platformRecordPresence(beats(batch)),
        theirs.platformRecordPresence(beats([...batch].reverse())),
        t.repos.points.platformRecordPresence(beats([...batch].sort(() => Math.random() - 0.5))),
      ]);
    }
    expect(await seenAt(many)).toBe(3000);
  });

  it('sends a batch the database ended as a deadlock again, whole', async () => {
    const [a, b] = screens.slice(-2) as [number, number];
    const logged: string[] = [];
    const presence = new Presence({
      database: t.database,
      points: t.repos.points,
      log: (message) => logged.push(message),
    });
    presence.seen(a, null);
    presence.seen(b, null);
    const writes = vi.spyOn(t.repos.points, 'platformRecordPresence');
    // Another process holds screen b; the batch takes a and waits for b; the other then asks for a. The
    // other waits 10 s before it looks for a deadlock, so the batch's statement is the one ended.
    let flushed: Promise<void> = Promise.resolve();
    await other.db.transaction(async (tx) => {
      await tx.execute(sql`set local deadlock_timeout = '10s'`);
      await tx.execute(sql`update points set name = name where id = ${b}`);
      flushed = presence.flush(new Map());
      for (let waited = 0; ; waited += 20) {
        const waiting = await rowsOf<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from pg_stat_activity
              where wait_event_type = 'Lock' and query like '%update "points" p set%'`,
        );
        if (Number(waiting[0]!.n) > 0) break;
        if (waited > 10_000) throw new Error('the batch never waited for screen b');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await tx.execute(sql`update points set name = name where id = ${a}`);
    });
    await flushed;
    const sent = writes.mock.calls.map((call) => call[0].length);
    writes.mockRestore();
    expect(logged).toEqual([]);
    // The batch twice (the deadlock, then whole), never screen by screen.
    expect(sent).toEqual([2, 2]);
    expect(await seenAt([a, b])).toBe(2);
  });
});
