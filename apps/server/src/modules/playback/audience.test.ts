import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIENCE_MESSAGES,
  type AudienceAck,
  type AudienceReport,
  type AudienceSample,
  type PlaybackEvent,
} from '@vitrine/core';
import { points } from '../../db/schema.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createTeam, createUser } from '../../test/factories.js';
import { uploadImage } from '../../test/media.js';
import { pairPlayer } from '../../test/player.js';
import { rowsOf } from '../../db/sql.js';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeam(t);
});
afterAll(() => t.close());

function show(start: string, fileId: number): PlaybackEvent {
  const at = Date.parse(start);
  return {
    eventId: randomUUID(),
    fileId,
    playlistId: null,
    startedAt: new Date(at).toISOString(),
    endedAt: new Date(at + 10_000).toISOString(),
    duration: 10,
  };
}

const sendShows = async (token: string, events: PlaybackEvent[]) =>
  expect((await call(t.app, 'POST', '/api/player/playback', { token, body: { events } })).statusCode).toBe(
    200,
  );
const report = (token: string | undefined, hours: unknown) =>
  call(t.app, 'POST', '/api/player/audience', { token, body: { hours } });
const setPoint = (id: number, changes: Partial<typeof points.$inferInsert>) =>
  t.database.db.update(points).set(changes).where(eq(points.id, id));

/** Each show's start and impressions, oldest first. */
async function impressions(pointId: number): Promise<[string, number | null][]> {
  const result = await rowsOf<{ at: string; impressions: unknown }>(
    t.database.db,
    sql`
    select to_char(started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as at, impressions
    from playbacks where point_id = ${pointId} order by started_at, id`,
  );
  return result.map((r) => [r.at, r.impressions === null ? null : Number(r.impressions)]);
}

/** The rollup's impressions per hour (UTC start), next to the sum of the raw rows of that hour. */
async function rollupAgainstRows(pointId: number): Promise<{ hour: string; rollup: number; rows: number }[]> {
  const result = await rowsOf<{ hour: string; rollup: unknown; rows: unknown }>(
    t.database.db,
    sql`
    select to_char(h.hour_utc at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as hour, sum(h.impressions) as rollup,
      (select coalesce(sum(p.impressions), 0) from playbacks p where p.point_id = h.point_id
        and p.started_at >= h.hour_utc and p.started_at < h.hour_utc + interval '1 hour') as rows
    from playback_hourly h where h.point_id = ${pointId}
    group by h.point_id, h.hour_utc order by h.hour_utc`,
  );
  return result.map((r) => ({ hour: r.hour, rollup: Number(r.rollup), rows: Number(r.rows) }));
}

async function measuredHours(pointId: number): Promise<[string, string, number][]> {
  const result = await rowsOf<{ utc: string; local: string; viewers: unknown }>(
    t.database.db,
    sql`
    select to_char(hour_utc at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as utc,
      to_char(hour_local, 'YYYY-MM-DD HH24:MI') as local, viewers
    from audience_hourly where point_id = ${pointId} order by hour_utc`,
  );
  return result.map((r) => [r.utc, r.local, Number(r.viewers)]);
}

describe('POST /api/player/audience', () => {
  it('gives the shows of a measured hour that audience as impressions, and keeps the rollup equal to the rows', async () => {
    const { token, point } = await pairPlayer(t, team.owner, 'Measured lobby');
    const fileId = await uploadImage(t, team.owner);
    await setPoint(point.id, { audience: { viewers: 3, perHour: null } });
    await sendShows(token, [
      show('2026-04-01T09:05:00Z', fileId),
      show('2026-04-01T09:40:00Z', fileId),
      show('2026-04-01T10:10:00Z', fileId),
    ]);
    expect(await impressions(point.id)).toEqual([
      ['2026-04-01T09:05', 3],
      ['2026-04-01T09:40', 3],
      ['2026-04-01T10:10', 3],
    ]);

    // Any instant inside the hour names it.
    const res = await report(token, [{ hour: '2026-04-01T09:59:59.999Z', viewers: 7.5 }]);
    expect(res.statusCode).toBe(200);
    expect(res.json() as AudienceAck).toEqual({ hours: 1, shows: 2 });
    expect(await impressions(point.id)).toEqual([
      ['2026-04-01T09:05', 7.5],
      ['2026-04-01T09:40', 7.5],
      ['2026-04-01T10:10', 3],
    ]);
    for (const h of await rollupAgainstRows(point.id)) expect(h.rollup).toBe(h.rows);

    // A later report of the hour replaces the earlier one; the same report again changes no show.
    expect((await report(token, [{ hour: '2026-04-01T09:00:00Z', viewers: 2 }])).json()).toEqual({
      hours: 1,
      shows: 2,
    });
    expect((await report(token, [{ hour: '2026-04-01T09:30:00Z', viewers: 2 }])).json()).toEqual({
      hours: 1,
      shows: 0,
    });
    expect(await measuredHours(point.id)).toEqual([['2026-04-01T09:00', '2026-04-01 09:00', 2]]);

    // A show arriving after its hour was measured gets the measured audience at once.
    await sendShows(token, [show('2026-04-01T09:50:00Z', fileId)]);
    expect((await impressions(point.id))[2]).toEqual(['2026-04-01T09:50', 2]);
    // Two samples of one hour in a batch: the later one counts. An hour with no shows is kept for later.
    expect(
      (
        await report(token, [
          { hour: '2026-04-01T10:15:00Z', viewers: 4 },
          { hour: '2026-04-01T10:45:00Z', viewers: 5 },
          { hour: '2026-04-01T11:00:00Z', viewers: 6 },
        ])
      ).json(),
    ).toEqual({ hours: 2, shows: 1 });
    expect((await impressions(point.id))[3]).toEqual(['2026-04-01T10:10', 5]);
    await sendShows(token, [show('2026-04-01T11:20:00Z', fileId)]);
    expect((await impressions(point.id))[4]).toEqual(['2026-04-01T11:20', 6]);
    for (const h of await rollupAgainstRows(point.id)) expect(h.rollup).toBe(h.rows);
  });

  it("files samples under the screen's local hour: half-hour zones and the repeated hour of a DST change", async () => {
    const { token, point } = await pairPlayer(t, team.owner);
    const fileId = await uploadImage(t, team.owner);
    await setPoint(point.id, { timezone: 'Asia/Kolkata', audience: { viewers: 1, perHour: null } });
    // 09:29:59Z is 14:59:59 in Kolkata: the 14:00 hour, which began at 08:30Z.
    await sendShows(token, [show('2026-04-02T08:45:00Z', fileId), show('2026-04-02T09:35:00Z', fileId)]);
    expect((await report(token, [{ hour: '2026-04-02T09:29:59Z', viewers: 9 }])).json()).toEqual({
      hours: 1,
      shows: 1,
    });
    expect(await measuredHours(point.id)).toEqual([['2026-04-02T08:30', '2026-04-02 14:00', 9]]);
    expect(await impressions(point.id)).toEqual([
      ['2026-04-02T08:45', 9],
      ['2026-04-02T09:35', 1],
    ]);

    // Kyiv, 25 October 2026: 03:00-04:00 local happens twice (00:00Z and 01:00Z); each is its own hour.
    const kyiv = await pairPlayer(t, team.owner);
    await setPoint(kyiv.point.id, { timezone: 'Europe/Kyiv', audience: { viewers: 1, perHour: null } });
    await sendShows(kyiv.token, [show('2026-10-25T00:15:00Z', fileId), show('2026-10-25T01:15:00Z', fileId)]);
    await report(kyiv.token, [
      { hour: '2026-10-25T00:20:00Z', viewers: 11 },
      { hour: '2026-10-25T01:20:00Z', viewers: 12 },
    ]);
    expect(await measuredHours(kyiv.point.id)).toEqual([
      ['2026-10-25T00:00', '2026-10-25 03:00', 11],
      ['2026-10-25T01:00', '2026-10-25 03:00', 12],
    ]);
    expect(await impressions(kyiv.point.id)).toEqual([
      ['2026-10-25T00:15', 11],
      ['2026-10-25T01:15', 12],
    ]);
    for (const h of await rollupAgainstRows(kyiv.point.id)) expect(h.rollup).toBe(h.rows);
  });

  it("an admin's correction of a show's impressions outlives a later measured audience", async () => {
    const { token, point } = await pairPlayer(t, team.owner);
    const fileId = await uploadImage(t, team.owner);
    await sendShows(token, [show('2026-04-03T12:00:00Z', fileId), show('2026-04-03T12:30:00Z', fileId)]);
    const list = (
      await call(t.app, 'GET', '/api/statistic', {
        token: team.owner.token,
        query: { from: '2026-04-03', to: '2026-04-03', points: String(point.id) },
      })
    ).json() as { list: { id: number; datetime: string }[] };
    const corrected = list.list.find((r) => r.datetime.startsWith('2026-04-03T12:00'))!;
    const patched = await call(t.app, 'PATCH', '/api/statistic/patch', {
      token: team.admin.token,
      body: { ids: [corrected.id], patch: { impressions: 40 } },
    });
    expect(patched.statusCode).toBe(200);
    expect((await report(token, [{ hour: '2026-04-03T12:10:00Z', viewers: 8 }])).json()).toEqual({
      hours: 1,
      shows: 1,
    });
    expect(await impressions(point.id)).toEqual([
      ['2026-04-03T12:00', 40],
      ['2026-04-03T12:30', 8],
    ]);
    for (const h of await rollupAgainstRows(point.id)) expect(h.rollup).toBe(h.rows);
  });

  it('GET /api/audience: impressions as the list has them, and the hours whose audience was measured', async () => {
    const { token, point } = await pairPlayer(t, team.owner, 'Audience report screen');
    const fileId = await uploadImage(t, team.owner);
    await setPoint(point.id, {
      timezone: 'Europe/Rome',
      audience: { viewers: 2, perHour: Array.from({ length: 24 }, (_, h) => h) },
    });
    // 08:xxZ is 10:xx in Rome (UTC+2 in April); the 10:00 hour of two days, one of them measured.
    await sendShows(token, [
      show('2026-04-06T08:05:00Z', fileId),
      show('2026-04-06T08:35:00Z', fileId),
      show('2026-04-07T08:05:00Z', fileId),
      show('2026-04-07T09:05:00Z', fileId),
    ]);
    await report(token, [{ hour: '2026-04-06T08:00:00Z', viewers: 25 }]);
    const res = await call(t.app, 'GET', '/api/audience', {
      token: team.moderator.token,
      query: { from: '2026-04-06', to: '2026-04-07', points: String(point.id) },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as AudienceReport).rows).toEqual([
      {
        pointId: point.id,
        name: 'Audience report screen',
        hour: 10,
        shows: 3,
        viewers: 20,
        impressions: 60,
        measuredHours: 1,
      },
      {
        pointId: point.id,
        name: 'Audience report screen',
        hour: 11,
        shows: 1,
        viewers: 11,
        impressions: 11,
        measuredHours: 0,
      },
    ]);
    // Another cabinet names our screen and sees nothing.
    const stranger = await createUser(t, { role: 'owner' });
    const theirs = await call(t.app, 'GET', '/api/audience', {
      token: stranger.token,
      query: { from: '2026-04-06', to: '2026-04-07', points: String(point.id) },
    });
    expect((theirs.json() as AudienceReport).rows).toEqual([]);
  });

  it('GET /api/audience over whole weeks and the days around them: the sums of its hours', async () => {
    const { token, point } = await pairPlayer(t, team.owner, 'Weeks screen');
    const fileId = await uploadImage(t, team.owner);
    // Rome changes to summer time on 29 March 2026: local hours move against UTC inside the weeks.
    await setPoint(point.id, { timezone: 'Europe/Rome', audience: { viewers: 2, perHour: null } });
    const start = Date.parse('2026-03-19T00:20:00Z');
    const hours = Array.from({ length: 21 * 24 }, (_, i) => start + i * 3_600_000);
    const shown = hours.filter((_, i) => i % 5 !== 3);
    for (let i = 0; i < shown.length; i += 100) {
      await sendShows(
        token,
        shown.slice(i, i + 100).map((at) => show(new Date(at).toISOString(), fileId)),
      );
    }
    const measured = hours
      .filter((_, i) => i % 7 === 1)
      .map((at) => ({ hour: new Date(at).toISOString(), viewers: 4 }));
    for (let i = 0; i < measured.length; i += 24) {
      expect((await report(token, measured.slice(i, i + 24))).statusCode).toBe(200);
    }

    // Whole weeks with days on either side, exactly two weeks, days inside one week, one day.
    for (const [from, to] of [
      ['2026-03-20', '2026-04-07'],
      ['2026-03-23', '2026-04-05'],
      ['2026-03-24', '2026-03-28'],
      ['2026-03-29', '2026-03-29'],
    ] as const) {
      const res = await call(t.app, 'GET', '/api/audience', {
        token: team.moderator.token,
        query: { from, to, points: String(point.id) },
      });
      expect(res.statusCode).toBe(200);
      const got = (res.json() as AudienceReport).rows.map((r) => [
        r.hour,
        r.shows,
        r.impressions,
        r.measuredHours,
      ]);
      // Hour by hour: the hourly rollup and the measured hours of the period's local days.
      const expected = await rowsOf<{ hour: number; shows: number; impressions: number; measured: number }>(
        t.database.db,
        sql`
        select h.hour, h.shows, h.impressions, coalesce(m.hours, 0)::int as measured
        from (
          select extract(hour from hour_local)::int as hour, sum(shows)::int as shows, sum(impressions) as impressions
          from playback_hourly
          where point_id = ${point.id} and hour_local >= ${from}::timestamp
            and hour_local < ${to}::timestamp + interval '1 day'
          group by 1
        ) h
        left join (
          select extract(hour from hour_local)::int as hour, count(*) as hours
          from audience_hourly
          where point_id = ${point.id} and hour_local >= ${from}::timestamp
            and hour_local < ${to}::timestamp + interval '1 day'
          group by 1
        ) m on m.hour = h.hour
        order by 1`,
      );
      expect(expected.length, `${from}..${to}`).toBeGreaterThan(0);
      expect(got, `${from}..${to}`).toEqual(
        expected.map((e) => [e.hour, Number(e.shows), Number(e.impressions), Number(e.measured)]),
      );
    }
  });

  it("refuses a person's token, bad bodies and a clock far ahead, storing nothing of them", async () => {
    const { token, point } = await pairPlayer(t, team.owner);
    for (const who of [undefined, team.owner.token, team.admin.token]) {
      expect((await report(who, [{ hour: '2026-04-04T10:00:00Z', viewers: 1 }])).statusCode).toBe(401);
    }
    const future = new Date(Date.now() + 2 * 86400_000).toISOString();
    const ahead = await report(token, [
      { hour: '2026-04-04T10:00:00Z', viewers: 1 },
      { hour: future, viewers: 1 },
    ]);
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: AUDIENCE_MESSAGES.future,
      fields: { 'hours.1.hour': AUDIENCE_MESSAGES.future },
    });
    const good: AudienceSample = { hour: '2026-04-04T10:00:00Z', viewers: 1 };
    const bad: [string, unknown][] = [
      ['no hours', []],
      ['too many', Array.from({ length: 745 }, () => good)],
      ['negative', [{ ...good, viewers: -1 }]],
      ['too large', [{ ...good, viewers: 1_000_001 }]],
      ['not a number', [{ ...good, viewers: '5' }]],
      ['not a date', [{ ...good, hour: 'noon' }]],
      ['clock never set', [{ ...good, hour: '1970-01-01T00:00:00Z' }]],
      ['a screen id of its own', [{ ...good, pointId: point.id }]],
    ];
    for (const [what, hours] of bad) {
      const res = await report(token, hours);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().code, what).toBe('VALIDATION_ERROR');
    }
    expect(await measuredHours(point.id)).toEqual([]);
    // 744 hours (31 days) in one call.
    const month = Array.from({ length: 744 }, (_, h) => ({
      hour: new Date(Date.UTC(2026, 4, 1) + h * 3600_000).toISOString(),
      viewers: h % 50,
    }));
    expect((await report(token, month)).json()).toEqual({ hours: 744, shows: 0 });
  });

  it('a screen of another cabinet measures only its own shows', async () => {
    const mine = await pairPlayer(t, team.owner);
    const fileId = await uploadImage(t, team.owner);
    const stranger = await createUser(t, { role: 'owner' });
    const theirs = await pairPlayer(t, stranger);
    await sendShows(mine.token, [show('2026-04-05T10:00:00Z', fileId)]);
    await sendShows(theirs.token, [show('2026-04-05T10:00:00Z', fileId)]);
    expect((await report(theirs.token, [{ hour: '2026-04-05T10:00:00Z', viewers: 99 }])).json()).toEqual({
      hours: 1,
      shows: 1,
    });
    expect(await impressions(mine.point.id)).toEqual([['2026-04-05T10:00', null]]);
    expect(await impressions(theirs.point.id)).toEqual([['2026-04-05T10:00', 99]]);
    expect(await measuredHours(mine.point.id)).toEqual([]);
  });
});
