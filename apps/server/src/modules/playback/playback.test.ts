import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYBACK_MESSAGES, type PlaybackEvent } from '@vitrine/core';
import { points } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createTeam, createUser } from '../../test/factories.js';
import { createPlaylist, uploadImage } from '../../test/media.js';
import { pairPlayer } from '../../test/player.js';
import { PLAYBACK_RATE_PER_MINUTE } from './playback.routes.js';
import { rowsOf } from '../../db/sql.js';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeam(t);
});
afterAll(() => t.close());

/** An event starting at `start` (ISO), lasting `seconds`. */
function show(
  start: string,
  seconds: number,
  fileId: number,
  playlistId: number | null = null,
): PlaybackEvent {
  const startedAt = new Date(start);
  return {
    eventId: randomUUID(),
    fileId,
    playlistId,
    startedAt: startedAt.toISOString(),
    endedAt: new Date(startedAt.getTime() + seconds * 1000).toISOString(),
    duration: seconds,
  };
}

const send = (token: string, events: unknown[]) =>
  call(t.app, 'POST', '/api/player/playback', { token, body: { events } });

interface RawRow {
  event_id: string;
  cabinet_id: number;
  file_id: number;
  playlist_id: number | null;
  file_name: string | null;
  playlist_name: string | null;
  point_name: string | null;
  started_ms: number;
  duration: number;
  impressions: number | null;
  cost: number | null;
  source: string;
}

async function rawRows(pointId: number): Promise<RawRow[]> {
  const result = await rowsOf<RawRow>(
    t.database.db,
    sql`
    select event_id, cabinet_id, file_id, playlist_id, file_name, playlist_name, point_name,
      (extract(epoch from started_at) * 1000)::float8 as started_ms, duration, impressions, cost, source
    from playbacks where point_id = ${pointId} order by started_at, event_id`,
  );
  return result.map((r) => ({ ...r, started_ms: Number(r.started_ms) }));
}

interface HourRow {
  cabinet_id: number;
  playlist_id: number;
  file_id: number;
  hour_utc: string;
  hour_local: string;
  shows: number;
  seconds: number;
  impressions: number;
  cost: number;
}

async function hourRows(pointId: number): Promise<HourRow[]> {
  const result = await rowsOf<HourRow>(
    t.database.db,
    sql`
    select cabinet_id, playlist_id, file_id,
      to_char(hour_utc at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as hour_utc,
      to_char(hour_local, 'YYYY-MM-DD HH24:MI:SS') as hour_local, shows, seconds, impressions, cost
    from playback_hourly where point_id = ${pointId}
    order by hour_utc, playlist_id, file_id`,
  );
  return result.map((r) => ({
    ...r,
    shows: Number(r.shows),
    seconds: Number(r.seconds),
    impressions: Number(r.impressions),
    cost: Number(r.cost),
  }));
}

/**
 * The rollup the raw rows call for, worked out here with Intl rather than SQL: the local hour each show
 * started in, and the instant that local hour began (the start less its local minutes and seconds).
 */
function expectedHours(rows: RawRow[], timeZone: string): HourRow[] {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const byKey = new Map<string, HourRow>();
  for (const r of rows) {
    const parts = Object.fromEntries(
      format.formatToParts(new Date(r.started_ms)).map((p) => [p.type, p.value]),
    );
    const intoHour = (Number(parts.minute) * 60 + Number(parts.second)) * 1000 + (r.started_ms % 1000);
    const hourUtc = new Date(r.started_ms - intoHour).toISOString().replace('.000Z', 'Z');
    const hourLocal = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:00:00`;
    const key = `${hourUtc}|${r.playlist_id ?? 0}|${r.file_id}`;
    const row = byKey.get(key) ?? {
      cabinet_id: r.cabinet_id,
      playlist_id: r.playlist_id ?? 0,
      file_id: r.file_id,
      hour_utc: hourUtc,
      hour_local: hourLocal,
      shows: 0,
      seconds: 0,
      impressions: 0,
      cost: 0,
    };
    row.shows += 1;
    row.seconds += r.duration;
    row.impressions += r.impressions ?? 0;
    row.cost += r.cost ?? 0;
    byKey.set(key, row);
  }
  return [...byKey.values()].sort(
    (a, b) => a.hour_utc.localeCompare(b.hour_utc) || a.playlist_id - b.playlist_id || a.file_id - b.file_id,
  );
}

const setPoint = (id: number, changes: Partial<typeof points.$inferInsert>) =>
  t.database.db.update(points).set(changes).where(eq(points.id, id));

describe('POST /api/player/playback', () => {
  it('stores a batch once and acks every id; the names are captured as they were', async () => {
    const { token, point } = await pairPlayer(t, team.owner, 'Lobby');
    const fileId = await uploadImage(t, team.owner, 'morning.png');
    const playlistId = await createPlaylist(t, team.owner, 'Morning loop', fileId);
    const events = [
      show('2026-03-02T09:00:00Z', 10, fileId, playlistId),
      show('2026-03-02T09:00:10Z', 10, fileId, playlistId),
      show('2026-03-02T09:00:20Z', 7.5, fileId, null),
    ];
    const res = await send(token, events);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { acked: string[] }).acked.sort()).toEqual(events.map((e) => e.eventId).sort());

    const rows = await rawRows(point.id);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      cabinet_id: team.cabinet.id,
      file_id: fileId,
      playlist_id: playlistId,
      file_name: 'morning.png',
      playlist_name: 'Morning loop',
      point_name: 'Lobby',
      duration: 10,
      source: 'manual',
      impressions: null,
      cost: null,
    });
    expect(rows[2]).toMatchObject({ playlist_id: null, playlist_name: null, duration: 7.5 });
    expect(await hourRows(point.id)).toEqual(expectedHours(rows, 'UTC'));
  });

  it('a resent batch stores nothing new and acks all; an overlapping one stores only the new events', async () => {
    const { token, point } = await pairPlayer(t, team.owner);
    const fileId = await uploadImage(t, team.owner);
    const events = Array.from({ length: 8 }, (_, i) =>
      show(`2026-03-03T10:${String(i * 7).padStart(2, '0')}:00Z`, 5 + i, fileId),
    );
    expect((await send(token, events.slice(0, 5))).statusCode).toBe(200);
    const hoursBefore = await hourRows(point.id);

    const again = await send(token, events.slice(0, 5));
    expect(again.statusCode).toBe(200);
    expect((again.json() as { acked: string[] }).acked).toHaveLength(5);
    expect(await rawRows(point.id)).toHaveLength(5);
    expect(await hourRows(point.id)).toEqual(hoursBefore);

    // Events 3..7: 3 and 4 were stored before.
    const overlap = await send(token, events.slice(3));
    expect((overlap.json() as { acked: string[] }).acked.sort()).toEqual(
      events
        .slice(3)
        .map((e) => e.eventId)
        .sort(),
    );
    const rows = await rawRows(point.id);
    expect(rows.map((r) => r.event_id).sort()).toEqual(events.map((e) => e.eventId).sort());
    const hours = await hourRows(point.id);
    expect(hours).toEqual(expectedHours(rows, 'UTC'));
    expect(hours.reduce((n, h) => n + h.shows, 0)).toBe(8);
    expect(hours.reduce((n, h) => n + h.seconds, 0)).toBe(events.reduce((n, e) => n + e.duration, 0));

    // The same id twice in one batch is one event.
    const twice = show('2026-03-03T12:00:00Z', 3, fileId);
    const dup = await send(token, [twice, twice]);
    expect((dup.json() as { acked: string[] }).acked).toEqual([twice.eventId]);
    expect(await rawRows(point.id)).toHaveLength(9);
  });

  it('the same batch sent five times at once is stored once', async () => {
    const { token, point } = await pairPlayer(t, team.owner);
    const fileId = await uploadImage(t, team.owner);
    const events = Array.from({ length: 300 }, (_, i) => show(`2026-03-04T08:00:00Z`, i % 30, fileId));
    events.forEach((e, i) => (e.startedAt = new Date(Date.parse(e.startedAt) + i * 37_000).toISOString()));
    events.forEach((e) => (e.endedAt = new Date(Date.parse(e.startedAt) + e.duration * 1000).toISOString()));
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(token, events)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rows = await rawRows(point.id);
    expect(rows).toHaveLength(300);
    expect(await hourRows(point.id)).toEqual(expectedHours(rows, 'UTC'));
  });

  it("rolls up by the hour in the screen's time zone: half-hour offsets, and both DST changes", async () => {
    const { token, point } = await pairPlayer(t, team.owner);
    const fileId = await uploadImage(t, team.owner);
    const otherFile = await uploadImage(t, team.owner);
    const playlistId = await createPlaylist(t, team.owner, 'Zones', fileId);

    await setPoint(point.id, { timezone: 'Asia/Kolkata' });
    const kolkata = [
      show('2026-03-05T09:29:59Z', 10, fileId), // 14:59:59 local: the 14:00 hour that began 08:30Z
      show('2026-03-05T09:30:00Z', 10, fileId), // 15:00 local
      show('2026-03-05T10:10:00Z', 20, fileId, playlistId), // 15:40 local
    ];
    expect((await send(token, kolkata)).statusCode).toBe(200);
    const kolkataRows = await rawRows(point.id);
    const kolkataHours = await hourRows(point.id);
    expect(kolkataHours).toEqual(expectedHours(kolkataRows, 'Asia/Kolkata'));
    expect(kolkataHours.map((h) => [h.hour_local, h.hour_utc])).toEqual([
      ['2026-03-05 14:00:00', '2026-03-05T08:30:00Z'],
      ['2026-03-05 15:00:00', '2026-03-05T09:30:00Z'],
      ['2026-03-05 15:00:00', '2026-03-05T09:30:00Z'],
    ]);

    // Kyiv: clocks go forward at 01:00Z on 29 March 2026 (03:00 -> 04:00 local) and back at 01:00Z on
    // 25 October 2026 (04:00 -> 03:00 local, so 03:00-04:00 local happens twice).
    const second = await pairPlayer(t, team.owner);
    await setPoint(second.point.id, { timezone: 'Europe/Kyiv' });
    const kyiv = [
      show('2026-03-29T00:59:00Z', 30, fileId), // 02:59 local (EET)
      show('2026-03-29T01:00:00Z', 30, fileId), // 04:00 local (EEST): there is no 03:00 that day
      show('2026-03-29T01:45:00Z', 30, otherFile), // 04:45 local
      show('2026-10-25T00:15:00Z', 12, fileId), // 03:15 local (EEST), the first 03:00 hour
      show('2026-10-25T00:59:59Z', 12, fileId), // 03:59:59 local (EEST)
      show('2026-10-25T01:15:00Z', 12, fileId), // 03:15 local again (EET), the second 03:00 hour
      show('2026-10-25T02:00:00Z', 12, fileId), // 04:00 local (EET)
    ];
    expect((await send(second.token, kyiv)).statusCode).toBe(200);
    const kyivRows = await rawRows(second.point.id);
    const kyivHours = await hourRows(second.point.id);
    expect(kyivHours).toEqual(expectedHours(kyivRows, 'Europe/Kyiv'));
    expect(kyivHours.map((h) => [h.hour_local, h.hour_utc, h.shows])).toEqual([
      ['2026-03-29 02:00:00', '2026-03-29T00:00:00Z', 1],
      ['2026-03-29 04:00:00', '2026-03-29T01:00:00Z', 1],
      ['2026-03-29 04:00:00', '2026-03-29T01:00:00Z', 1],
      ['2026-10-25 03:00:00', '2026-10-25T00:00:00Z', 2],
      ['2026-10-25 03:00:00', '2026-10-25T01:00:00Z', 1],
      ['2026-10-25 04:00:00', '2026-10-25T02:00:00Z', 1],
    ]);
  });

  it('captures impressions from the audience of the local hour, and the playback cost', async () => {
    const { token, point } = await pairPlayer(t, team.owner);
    const fileId = await uploadImage(t, team.owner);
    const perHour = Array.from({ length: 24 }, (_, h) => h * 10);
    await setPoint(point.id, {
      timezone: 'Europe/Rome',
      audience: { viewers: 7, perHour },
      playbackCost: '3',
    });
    // 10:30Z is 11:30 in Rome in early March (UTC+1).
    await send(token, [show('2026-03-06T10:30:00Z', 10, fileId), show('2026-03-06T10:40:00Z', 10, fileId)]);
    await setPoint(point.id, { audience: { viewers: 7, perHour: null }, playbackCost: null });
    await send(token, [show('2026-03-06T10:50:00Z', 10, fileId)]);
    const rows = await rawRows(point.id);
    expect(rows.map((r) => [r.impressions, r.cost])).toEqual([
      [110, 3],
      [110, 3],
      [7, null],
    ]);
    const hours = await hourRows(point.id);
    expect(hours).toEqual(expectedHours(rows, 'Europe/Rome'));
    expect(hours[0]).toMatchObject({
      shows: 3,
      impressions: 227,
      cost: 6,
      hour_local: '2026-03-06 11:00:00',
    });
  });

  it('keeps events whose file or playlist is gone or foreign, with a null name, and keeps names after removal', async () => {
    const { token, point } = await pairPlayer(t, team.owner);
    const kept = await uploadImage(t, team.owner, 'kept-then-removed.png');
    const other = await createUser(t, { role: 'owner' });
    const foreignFile = await uploadImage(t, other, 'secret.png');
    const foreignPlaylist = await createPlaylist(t, other, 'Secret plan', foreignFile);

    await send(token, [show('2026-03-07T10:00:00Z', 10, kept)]);
    expect(
      (await call(t.app, 'POST', `/api/file/remove/${kept}`, { token: team.owner.token })).statusCode,
    ).toBe(200);
    const res = await send(token, [
      show('2026-03-07T10:01:00Z', 10, kept), // removed by now
      show('2026-03-07T10:02:00Z', 10, foreignFile, foreignPlaylist),
      show('2026-03-07T10:03:00Z', 10, 2147483647, 2147483647),
    ]);
    expect(res.statusCode).toBe(200);
    const rows = await rawRows(point.id);
    expect(rows.map((r) => [r.file_id, r.file_name, r.playlist_id, r.playlist_name])).toEqual([
      [kept, 'kept-then-removed.png', null, null],
      [kept, null, null, null],
      [foreignFile, null, foreignPlaylist, null],
      [2147483647, null, 2147483647, null],
    ]);
    expect(rows.every((r) => r.cabinet_id === team.cabinet.id)).toBe(true);
    expect(await hourRows(point.id)).toEqual(expectedHours(rows, 'UTC'));

    // Removing the screen keeps its proof of play (and its name).
    await call(t.app, 'POST', `/api/point/remove/${point.id}`, { token: team.owner.token });
    expect((await rawRows(point.id)).map((r) => r.point_name)).toEqual(rows.map((r) => r.point_name));
    expect((await send(token, [show('2026-03-07T11:00:00Z', 1, kept)])).statusCode).toBe(401);
  });

  it("a person's token is refused, and a screen of another cabinet touches only its own rows", async () => {
    const mine = await pairPlayer(t, team.owner);
    const fileId = await uploadImage(t, team.owner);
    const event = show('2026-03-08T10:00:00Z', 10, fileId);
    for (const who of [team.owner, team.admin, team.observer]) {
      const res = await send(who.token, [event]);
      expect(res.statusCode).toBe(401);
    }
    expect(
      (await call(t.app, 'POST', '/api/player/playback', { body: { events: [event] } })).statusCode,
    ).toBe(401);

    const stranger = await createUser(t, { role: 'owner' });
    const theirs = await pairPlayer(t, stranger);
    // The same event id from another screen is another event; a cabinet id in the body is refused.
    expect((await send(theirs.token, [{ ...event, cabinetId: team.cabinet.id }])).statusCode).toBe(400);
    expect((await send(mine.token, [event])).statusCode).toBe(200);
    expect((await send(theirs.token, [event])).statusCode).toBe(200);
    const mineRows = await rawRows(mine.point.id);
    const theirRows = await rawRows(theirs.point.id);
    expect(mineRows).toHaveLength(1);
    expect(theirRows).toHaveLength(1);
    expect(theirRows[0]).toMatchObject({ cabinet_id: stranger.row.cabinetId, file_name: null });
    expect((await hourRows(theirs.point.id)).every((h) => h.cabinet_id === stranger.row.cabinetId)).toBe(
      true,
    );
    expect(await hourRows(mine.point.id)).toEqual(expectedHours(mineRows, 'UTC'));
  });

  it('refuses invalid bodies with a clear message and stores nothing of them', async () => {
    const { token, point } = await pairPlayer(t, team.owner);
    const fileId = await uploadImage(t, team.owner);
    const good = show('2026-03-09T10:00:00Z', 10, fileId);
    const backwards = { ...show('2026-03-09T10:05:00Z', 10, fileId), endedAt: '2026-03-09T10:04:00Z' };
    const inverted = await send(token, [good, backwards]);
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: PLAYBACK_MESSAGES.endBeforeStart,
      fields: { 'events.1.endedAt': PLAYBACK_MESSAGES.endBeforeStart },
    });

    const future = new Date(Date.now() + 2 * 86400_000).toISOString();
    const ahead = await send(token, [
      good,
      { ...good, eventId: randomUUID(), startedAt: future, endedAt: future },
    ]);
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json()).toMatchObject({
      message: PLAYBACK_MESSAGES.future,
      fields: { 'events.1.startedAt': PLAYBACK_MESSAGES.future },
    });
    // Within a day ahead is a clock a little fast: stored.
    const soon = new Date(Date.now() + 3600_000).toISOString();

    const bad: [string, unknown][] = [
      ['no events', []],
      ['too many', Array.from({ length: 1001 }, () => show('2026-03-09T10:00:00Z', 1, fileId))],
      ['short id', [{ ...good, eventId: 'abc' }]],
      ['id with a quote', [{ ...good, eventId: 'abcdefgh"},{' }]],
      ['negative duration', [{ ...good, duration: -1 }]],
      ['over a day', [{ ...good, duration: 86401 }]],
      ['not a date', [{ ...good, startedAt: 'yesterday' }]],
      ['clock never set', [{ ...good, startedAt: '1970-01-01T00:00:00Z', endedAt: '1970-01-01T00:00:10Z' }]],
      ['file id not an integer', [{ ...good, fileId: 1.5 }]],
      ['file id too large', [{ ...good, fileId: 2 ** 31 }]],
      ['missing playlist', [{ ...good, playlistId: undefined }]],
    ];
    for (const [what, events] of bad) {
      const res = await send(token, events as unknown[]);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().code, what).toBe('VALIDATION_ERROR');
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/player/playback',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"events": [',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await rawRows(point.id)).toEqual([]);
    expect(await hourRows(point.id)).toEqual([]);

    expect((await send(token, [{ ...good, startedAt: soon, endedAt: soon }])).statusCode).toBe(200);
    expect(await rawRows(point.id)).toHaveLength(1);
  });

  it('takes 1000 events with the longest ids in one call', async () => {
    const { token, point } = await pairPlayer(t, team.owner);
    const fileId = await uploadImage(t, team.owner);
    const events = Array.from({ length: 1000 }, (_, i) => ({
      ...show(new Date(Date.UTC(2026, 2, 10, 0, 0, i * 60)).toISOString(), 12.345678, fileId, 2147483647),
      eventId: `${randomUUID()}-${'x'.repeat(27)}`,
      startedAt: new Date(Date.UTC(2026, 2, 10, 0, 0, i * 60, 123)).toISOString().replace('Z', '+00:00'),
    }));
    for (const e of events) e.endedAt = e.startedAt;
    expect(events[0]!.eventId).toHaveLength(64);
    const res = await send(token, events);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { acked: string[] }).acked).toHaveLength(1000);
    const rows = await rawRows(point.id);
    expect(rows).toHaveLength(1000);
    expect(await hourRows(point.id)).toEqual(expectedHours(rows, 'UTC'));
  });

  it('falls back to UTC hours for a zone the database does not know, rather than losing the events', async () => {
    const { token, point } = await pairPlayer(t, team.owner);
    const fileId = await uploadImage(t, team.owner);
    await setPoint(point.id, { timezone: 'Mars/Olympus_Mons' });
    const res = await send(token, [show('2026-03-11T10:20:00Z', 10, fileId)]);
    expect(res.statusCode).toBe(200);
    const rows = await rawRows(point.id);
    expect(await hourRows(point.id)).toEqual(expectedHours(rows, 'UTC'));
  });

  it('limits calls per screen, not per address', async () => {
    const first = await pairPlayer(t, team.owner);
    const second = await pairPlayer(t, team.owner);
    // An empty batch is refused after the limit is counted, without touching the database.
    const statuses: number[] = [];
    for (let i = 0; i < PLAYBACK_RATE_PER_MINUTE + 1; i += 1)
      statuses.push((await send(first.token, [])).statusCode);
    expect(statuses.slice(0, PLAYBACK_RATE_PER_MINUTE).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await send(second.token, [])).statusCode).toBe(400);
  });

  it('stores nothing for a screen removed after its token was checked', async () => {
    const { point } = await pairPlayer(t, team.owner);
    await call(t.app, 'POST', `/api/point/remove/${point.id}`, { token: team.owner.token });
    const attempt = t.services.playback.ingest({ pointId: point.id, cabinetId: team.cabinet.id }, [
      show('2026-03-12T10:00:00Z', 1, 1),
    ]);
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await rawRows(point.id)).toEqual([]);
  });
});
