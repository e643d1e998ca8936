import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatWall,
  planDay,
  summarizeByFile,
  type Dashboard,
  type DailySchedule,
  type ScheduleInputData,
} from '@vitrine/core';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createNet, createPoint, createTeam, type TestUser } from '../../test/factories.js';
import { uploadAs } from '../../test/media.js';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeam(t);
});
afterAll(() => t.close());

const DATE = '2026-06-10';
const period = { fromDate: '2026-06-01 00:00:00', toDate: '2026-06-30 23:59:59' };

async function image(who: TestUser, color: string): Promise<number> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: color } })
    .png()
    .toBuffer();
  const res = await uploadAs(t, who, `s-${color.slice(1)}-${Date.now()}.png`, png);
  expect(res.statusCode).toBe(200);
  return (res.json() as { id: number }).id;
}

async function playlist(who: TestUser, body: Record<string, unknown>): Promise<number> {
  const res = await call(t.app, 'POST', '/api/playlist/post', {
    token: who.token,
    body: { ...period, ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: number }).id;
}

describe('the daily schedule of a screen', () => {
  it('answers the table by files, the timeline and what could not be planned; the player plans the same', async () => {
    const point = await createPoint(t, team.cabinet.id, 'Hall');
    await t.repos.points.update(team.cabinet.id, [point.id], { timezone: 'Europe/Kyiv' });
    const net = await createNet(t, team.cabinet.id, [point.id]);
    const [adFile, bgFile] = [await image(team.owner, '#aa0000'), await image(team.owner, '#00aa00')];
    const ad = await playlist(team.owner, {
      name: 'Spot',
      type: 'ADVERTISING',
      periodicity: 300,
      nets: [net.id],
      files: [{ fileId: adFile, duration: 30 }],
    });
    const bg = await playlist(team.owner, {
      name: 'Loop',
      points: [point.id],
      noStats: true,
      files: [{ fileId: bgFile, duration: 20 }],
    });
    const off = await playlist(team.owner, {
      name: 'Paused',
      active: false,
      points: [point.id],
      files: [{ fileId: bgFile, duration: 20 }],
    });

    const res = await call(t.app, 'GET', `/api/point/get-daily-schedule?id=${point.id}&date=${DATE}`, {
      token: team.contentManager.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const day = res.json() as DailySchedule;
    expect(day).toMatchObject({
      pointId: point.id,
      date: DATE,
      timezone: 'Europe/Kyiv',
      start: '2026-06-09T21:00:00.000Z',
      capacity: 86400,
      advertising: 288 * 30,
    });
    expect(day.fullness).toBeCloseTo(0.1, 10);
    const spot = day.files.find((f) => f.playlistId === ad)!;
    expect(spot).toMatchObject({
      fileId: adFile,
      playlistName: 'Spot',
      type: 'ADVERTISING',
      shows: 288,
      duration: 8640,
    });
    expect(day.files.find((f) => f.playlistId === bg)).toMatchObject({
      fileId: bgFile,
      playlistName: 'Loop',
    });
    expect(day.unplanned).toEqual([
      { playlistId: off, playlistName: 'Paused', fileId: null, fileName: null, reason: 'INACTIVE', shows: 0 },
    ]);
    // The timeline covers the day without gaps: ads and background in turn.
    expect(day.segments[0]!.start).toBe(0);
    expect(day.segments.at(-1)!.end).toBe(86400);
    expect(day.segments.filter((s) => s.type === 'ADVERTISING')).toHaveLength(288);

    // What the screen plays: its manifest carries the same inputs, and the engine gives the same table.
    const row = (await t.repos.points.point(team.cabinet.id, point.id))!;
    const { schedule } = (await t.services.schedule.forPlayers([row])).get(row.id)!;
    // The no-stats option travels to the player (which then records no proof of play for it).
    expect(schedule.playlists.find((p) => p.id === bg)!.noStats).toBe(true);
    expect(schedule.playlists.find((p) => p.id === ad)!.noStats).toBe(false);
    const played = summarizeByFile(planDay(schedule as ScheduleInputData, DATE).entries);
    expect(played.map((r) => [r.playlistId, r.fileId, r.shows, r.duration / 1000])).toEqual(
      day.files.map((r) => [r.playlistId, r.fileId, r.shows, r.duration]),
    );
  });

  it('takes today on the screen clock without a date, refuses bad dates, and hides other cabinets', async () => {
    const point = await createPoint(t, team.cabinet.id);
    const today = await call(t.app, 'GET', `/api/point/get-daily-schedule?id=${point.id}`, {
      token: team.owner.token,
    });
    expect(today.statusCode).toBe(200);
    expect((today.json() as DailySchedule).date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((today.json() as DailySchedule).files).toEqual([]);
    for (const date of ['2026-02-30', '10.06.2026', 'x']) {
      const bad = await call(t.app, 'GET', `/api/point/get-daily-schedule?id=${point.id}&date=${date}`, {
        token: team.owner.token,
      });
      expect(bad.statusCode).toBe(400);
    }
    const other = await createTeam(t);
    const hidden = await call(t.app, 'GET', `/api/point/get-daily-schedule?id=${point.id}&date=${DATE}`, {
      token: other.owner.token,
    });
    expect(hidden.statusCode).toBe(404);
    const observer = await call(t.app, 'GET', `/api/point/get-daily-schedule?id=${point.id}`, {
      token: team.observer.token,
    });
    expect(observer.statusCode).toBe(403);
  });
});

describe('the dashboard', () => {
  it('counts space, screens and playlists, and shows broadcast fullness per screen for each preset', async () => {
    const own = await createTeam(t);
    const busy = await createPoint(t, own.cabinet.id, 'Busy');
    const quiet = await createPoint(t, own.cabinet.id, 'Quiet');
    await createPoint(t, own.cabinet.id, 'Empty');
    const spot = await image(own.owner, '#0000aa');
    const today = new Date();
    const from = `${today.getUTCFullYear() - 1}-01-01 00:00:00`;
    const to = `${today.getUTCFullYear() + 1}-12-31 23:59:59`;
    await playlist(own.owner, {
      name: 'Ten percent',
      type: 'ADVERTISING',
      fromDate: from,
      toDate: to,
      periodicity: 300,
      points: [busy.id],
      files: [{ fileId: spot, duration: 30 }],
    });
    await playlist(own.owner, {
      name: 'Filler',
      fromDate: from,
      toDate: to,
      points: [quiet.id],
      files: [{ fileId: spot, duration: 30 }],
    });
    await playlist(own.owner, {
      name: 'Old',
      fromDate: '2020-01-01 00:00:00',
      toDate: '2020-01-02 00:00:00',
      points: [quiet.id],
      files: [{ fileId: spot, duration: 30 }],
    });

    for (const range of ['1d', '2w', '31d', '6m'] as const) {
      const res = await call(t.app, 'GET', `/api/dashboard?range=${range}`, { token: own.moderator.token });
      expect(res.statusCode, res.body).toBe(200);
      const board = res.json() as Dashboard;
      expect(board.fullness.range).toBe(range);
      expect(board.fullness.days).toBeGreaterThanOrEqual({ '1d': 1, '2w': 14, '31d': 31, '6m': 181 }[range]);
      const busyRow = board.fullness.points.find((p) => p.id === busy.id)!;
      expect(busyRow.fullness).toBeCloseTo(0.1, 6);
      expect(board.fullness.points.find((p) => p.id === quiet.id)!.fullness).toBe(0);
      // Three screens of equal working time, one at 10%.
      expect(board.fullness.average).toBeCloseTo(0.1 / 3, 6);
    }
    const counts = async () =>
      (await call(t.app, 'GET', '/api/dashboard', { token: own.owner.token })).json() as Dashboard;
    let board = await counts();
    expect(board.points).toEqual({ total: 3, online: 0, offline: 3, withoutContent: 1 });
    expect(board.playlists).toEqual({ active: 2, expiring: 0, expired: 1 });
    // A screen seen a moment ago and a playlist ending within the expiring window: each figure is its own
    // filter in the one statement per table.
    await t.repos.points.update(own.cabinet.id, [busy.id], { lastSeenAt: new Date() });
    await playlist(own.owner, {
      name: 'Ending',
      fromDate: from,
      toDate: formatWall(new Date(Date.now() + 86_400_000)),
      points: [quiet.id],
      files: [{ fileId: spot, duration: 30 }],
    });
    board = await counts();
    expect(board.points).toEqual({ total: 3, online: 1, offline: 2, withoutContent: 1 });
    expect(board.playlists).toEqual({ active: 2, expiring: 1, expired: 1 });
    expect(board.space.used).toBeGreaterThan(0);
    expect(board.space.quota).toBe(t.config.media.quota);
    expect(board.billing).toBeNull();
    // Another cabinet sees only its own.
    expect(
      (
        (await call(t.app, 'GET', '/api/dashboard', { token: team.owner.token })).json() as Dashboard
      ).fullness.points.some((p) => p.id === busy.id),
    ).toBe(false);
    for (const role of ['agent', 'observer'] as const) {
      expect((await call(t.app, 'GET', '/api/dashboard', { token: own[role].token })).statusCode).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/dashboard?range=1y', { token: own.owner.token })).statusCode).toBe(
      400,
    );
  });
});
