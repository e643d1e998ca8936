import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DailySchedule, FileDetail, FileList, Manifest, Playlist } from '@vitrine/core';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createTeam, type TestUser } from '../../test/factories.js';
import { createPlaylist, uploadImage } from '../../test/media.js';
import { pairPlayer } from '../../test/player.js';

/**
 * GET /api/file (the list), a file's own schedule and configuration per scope (spec §3 File: schedule,
 * config; §7 schedule, removeSchedule, config, removeConfig), live streams, and what the engine, the
 * player's manifest and the schedule tab make of them.
 */
let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;
let other: Awaited<ReturnType<typeof createTeam>>;
beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeam(t);
  other = await createTeam(t);
});
afterAll(() => t.close());

const get = (who: TestUser, url: string, query?: Record<string, string>) =>
  call(t.app, 'GET', url, { token: who.token, ...(query ? { query } : {}) });
const post = (who: TestUser, url: string, body: unknown) =>
  call(t.app, 'POST', url, { token: who.token, body });
/** A day inside a new playlist's period (today to ten days ahead). */
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const manifestOf = async (token: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/player/manifest',
      headers: { authorization: `Bearer ${token}` },
    })
  ).json() as Manifest;

describe('GET /api/file', () => {
  it('lists the cabinet’s files with search, kind, folder, favorites, sort and pages', async () => {
    const owner = team.owner;
    const folder = (await post(owner, '/api/folder/post', { name: 'Listed' })).json() as { id: number };
    const a = await uploadImage(t, owner, 'alpha-list.png');
    const b = await uploadImage(t, owner, 'beta-list.png');
    await post(owner, '/api/file/patch-many', { ids: [b], path: folder.id });
    await post(owner, `/api/file/patch/${a}`, { toggleFavorite: true });
    const stream = (
      await post(owner, '/api/file/post', {
        files: [
          {
            url: 'https://live.example.com/channel/index.m3u8',
            name: 'Live news',
            width: 1920,
            height: 1080,
            live: true,
          },
        ],
      })
    ).json() as { id: number; kind: string; duration: number | null; mime: string }[];
    expect(stream[0]).toMatchObject({
      kind: 'stream',
      duration: null,
      mime: 'application/vnd.apple.mpegurl',
    });

    const all = (await get(owner, '/api/file', { limit: '1000' })).json() as FileList;
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(all.files.map((f) => f.id)).toEqual(expect.arrayContaining([a, b, stream[0]!.id]));
    // Newest first by default; pages of the same order.
    const first = (await get(owner, '/api/file', { limit: '1' })).json() as FileList;
    expect(first.files[0]!.id).toBe(Math.max(...all.files.map((f) => f.id)));
    const second = (await get(owner, '/api/file', { limit: '1', page: '2' })).json() as FileList;
    expect(second.files[0]!.id).not.toBe(first.files[0]!.id);
    expect(
      ((await get(owner, '/api/file', { search: 'ALPHA-' })).json() as FileList).files.map((f) => f.id),
    ).toEqual([a]);
    expect(
      ((await get(owner, '/api/file', { folder: String(folder.id) })).json() as FileList).files.map(
        (f) => f.id,
      ),
    ).toEqual([b]);
    expect(
      ((await get(owner, '/api/file', { favorite: 'true' })).json() as FileList).files.map((f) => f.id),
    ).toEqual([a]);
    expect(((await get(owner, '/api/file', { kind: 'stream' })).json() as FileList).total).toBe(1);
    const byName = (
      await get(owner, '/api/file', { sort: 'name', order: 'asc', search: '-list' })
    ).json() as FileList;
    expect(byName.files.map((f) => f.name)).toEqual(['alpha-list.png', 'beta-list.png']);
    // Another cabinet sees none of it.
    const theirs = (await get(other.owner, '/api/file', { search: 'alpha-list' })).json() as FileList;
    expect(theirs.total).toBe(0);
    // A live stream needs no duration; a recorded remote file does.
    const recorded = await post(owner, '/api/file/post', {
      files: [{ url: 'https://cdn.example.com/clip.mp4', width: 640, height: 360 }],
    });
    expect(recorded.statusCode).toBe(400);
    expect(recorded.json()).toMatchObject({ fields: { 'files.0.duration': 'Required field' } });
  });
});

describe('a file’s own schedule and configuration', () => {
  it('stores one rule per scope, names its screen and playlist, and removes it', async () => {
    const owner = team.owner;
    const fileId = await uploadImage(t, owner, 'rules.png');
    const playlistId = await createPlaylist(t, owner, 'Rules playlist', fileId);
    const wide = await post(owner, '/api/file/schedule', {
      fileId,
      fromTime: '08:00:00',
      toTime: '12:00:00',
    });
    expect(wide.statusCode).toBe(200);
    expect(wide.json()).toMatchObject({
      fileId,
      pointId: null,
      playlistId: null,
      weekDays: [0, 1, 2, 3, 4, 5, 6],
      fromTime: '08:00:00',
      toTime: '12:00:00',
    });
    // The same scope again replaces it.
    const again = (
      await post(owner, '/api/file/schedule', { fileId, fromTime: '09:00:00', toTime: '11:00:00' })
    ).json() as { id: number };
    expect(again.id).toBe((wide.json() as { id: number }).id);
    const scoped = await post(owner, '/api/file/schedule', { fileId, playlistId, weekDays: [1, 2] });
    expect(scoped.json()).toMatchObject({ playlistId, playlistName: 'Rules playlist', weekDays: [1, 2] });
    const config = await post(owner, '/api/file/config', { fileId, duration: 25, fit: 'cover' });
    expect(config.json()).toMatchObject({ duration: 25, fit: 'cover', volume: null, muted: null });

    const detail = (await get(owner, `/api/file/${fileId}`)).json() as FileDetail;
    expect(detail.schedule).toMatchObject({ fromTime: '09:00:00', playlistId: null });
    expect(detail.config).toMatchObject({ duration: 25 });
    expect(detail.schedules).toHaveLength(2);

    const removed = await post(owner, `/api/file/removeSchedule/${(scoped.json() as { id: number }).id}`, {});
    expect(removed.json()).toEqual({ ok: true });
    expect(((await get(owner, `/api/file/${fileId}`)).json() as FileDetail).schedules).toHaveLength(1);
    expect(
      (await post(owner, `/api/file/removeConfig/${(config.json() as { id: number }).id}`, {})).statusCode,
    ).toBe(200);
    expect(((await get(owner, `/api/file/${fileId}`)).json() as FileDetail).config).toBeNull();
  });

  it('refuses another cabinet’s file, screen or playlist as not found, and bad values with a message', async () => {
    const owner = team.owner;
    const mine = await uploadImage(t, owner, 'mine-rules.png');
    const theirFile = await uploadImage(t, other.owner, 'their-rules.png');
    const theirPlaylist = await createPlaylist(t, other.owner, 'Theirs', theirFile);
    const theirPoint = (await pairPlayer(t, other.owner)).point.id;
    for (const body of [
      { fileId: theirFile },
      { fileId: mine, playlistId: theirPlaylist },
      { fileId: mine, pointId: theirPoint },
    ]) {
      expect((await post(owner, '/api/file/schedule', body)).statusCode).toBe(404);
      expect((await post(owner, '/api/file/config', body)).statusCode).toBe(404);
    }
    const theirRule = (
      await post(other.owner, '/api/file/config', { fileId: theirFile, volume: 10 })
    ).json() as { id: number };
    expect((await post(owner, `/api/file/removeConfig/${theirRule.id}`, {})).statusCode).toBe(404);
    expect((await get(other.owner, `/api/file/${theirFile}`)).json()).toMatchObject({
      config: { volume: 10 },
    });
    const backwards = await post(owner, '/api/file/schedule', {
      fileId: mine,
      fromDate: '2026-05-02 00:00:00',
      toDate: '2026-05-01 00:00:00',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      fields: { toDate: 'End broadcasting time must not be before the start' },
    });
    expect((await post(owner, '/api/file/config', { fileId: mine, volume: 101 })).statusCode).toBe(400);
    expect((await post(owner, '/api/file/config', { fileId: mine, fit: 'zoom' })).statusCode).toBe(400);
  });

  it('reaches the player: when a file may start, how it plays and for how long, per screen and playlist', async () => {
    const owner = team.owner;
    const fileId = await uploadImage(t, owner, 'played-rules.png');
    const spare = await uploadImage(t, owner, 'spare-rules.png');
    const { token, point } = await pairPlayer(t, owner, 'Rules screen');
    const playlistId = await createPlaylist(t, owner, 'Reaching rules', fileId);
    await post(owner, `/api/playlist/patch/${playlistId}`, {
      files: [
        { fileId, duration: null },
        { fileId: spare, duration: 10 },
      ],
      points: [point.id],
    });
    const before = await manifestOf(token);
    await post(owner, '/api/file/config', { fileId, duration: 42, volume: 30 });
    await post(owner, '/api/file/config', { fileId, pointId: point.id, volume: 0, muted: true });
    await post(owner, '/api/file/schedule', { fileId, playlistId, fromTime: '10:00:00', toTime: '11:00:00' });
    const after = await manifestOf(token);
    expect(after.version).not.toBe(before.version);
    const item = after.schedule.playlists
      .find((p) => p.id === playlistId)!
      .items.find((i) => i.fileId === fileId)!;
    expect(item).toMatchObject({
      seconds: 42,
      look: { volume: 0, fit: null, muted: true },
      when: { fromTime: '10:00:00', toTime: '11:00:00', weekDays: [0, 1, 2, 3, 4, 5, 6] },
    });
    // The screen's stored version moved with the change (it plays a PASSIVE playlist: it waits for its sync).
    const listed = (await get(owner, `/api/point/${point.id}`)).json() as {
      syncPending: { change: { kind: string; name: string } } | null;
    };
    expect(listed.syncPending?.change).toEqual({ kind: 'file', name: 'played-rules.png' });

    // The schedule tab plans with it: the file starts only between 10 and 11.
    const day = (
      await get(owner, '/api/point/get-daily-schedule', { id: String(point.id), date: tomorrow })
    ).json() as DailySchedule;
    const row = day.files.find((f) => f.fileId === fileId)!;
    const hour = (iso: string) =>
      Number(
        new Intl.DateTimeFormat('en', { hour: 'numeric', hourCycle: 'h23', timeZone: day.timezone }).format(
          new Date(iso),
        ),
      );
    expect(hour(row.first)).toBe(10);
    expect(hour(row.last)).toBe(10);
  });
});

describe('floating playlists, secondary content and coordinates', () => {
  it('plans floating windows and secondary loops over the timeline, and geofenced content by the screen’s place', async () => {
    const owner = team.owner;
    const main = await uploadImage(t, owner, 'main-overlay.png');
    const logo = await uploadImage(t, owner, 'logo-overlay.png');
    const band = await uploadImage(t, owner, 'band-overlay.png');
    const { token, point } = await pairPlayer(t, owner, 'Overlay screen');
    await post(owner, `/api/point/patch/${point.id}`, { location: { lat: 50.45, lng: 30.52 } });
    const base = (
      await post(owner, '/api/playlist/post', {
        name: 'Main with a band',
        files: [{ fileId: main, duration: 30 }],
        points: [point.id],
        secondaryFileId: band,
        secondaryLoopDuration: 10,
        theme: '#112233',
      })
    ).json() as Playlist;
    const floating = (
      await post(owner, '/api/playlist/post', {
        name: 'Logo window',
        type: 'FLOATING',
        files: [{ fileId: logo, duration: 5 }],
        interval: 55,
        points: [point.id],
      })
    ).json() as Playlist;
    const away = (
      await post(owner, '/api/playlist/post', {
        name: 'Elsewhere',
        type: 'ADVERTISING',
        files: [{ fileId: logo, duration: 5 }],
        geofence: { lat: 40.0, lng: -3.7, radius: 5000 },
        points: [point.id],
      })
    ).json() as Playlist;
    expect(floating.floating).toBeNull();

    const day = (
      await get(owner, '/api/point/get-daily-schedule', { id: String(point.id), date: tomorrow })
    ).json() as DailySchedule;
    expect(day.files.find((f) => f.playlistId === floating.id)).toMatchObject({
      type: 'FLOATING',
      shows: 1440,
    });
    expect(day.files.find((f) => f.playlistId === base.id && f.fileId === band)).toMatchObject({
      type: 'LOOP_ITEM',
    });
    expect(day.overlaySegments.some((s) => s.type === 'FLOATING')).toBe(true);
    expect(day.unplanned).toContainEqual(
      expect.objectContaining({ playlistId: away.id, reason: 'OUT_OF_AREA' }),
    );
    // Floating windows leave fullness alone: only the ad counts, and it is not planned.
    expect(day.advertising).toBe(0);

    const manifest = await manifestOf(token);
    const own = manifest.schedule.playlists.find((p) => p.id === base.id)!;
    expect(own).toMatchObject({ theme: '#112233', secondary: { fileId: band, seconds: 10 } });
    expect(manifest.schedule.playlists.find((p) => p.id === floating.id)).toMatchObject({
      floating: { position: 'BOTTOM_RIGHT', size: 30 },
      interval: 55,
    });
    expect(manifest.schedule.screen.position).toEqual({ lat: 50.45, lng: 30.52 });
    expect(manifest.files.map((f) => f.fileId)).toContain(band);
  });
});
