import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PointList, UNSTABLE_DISCONNECTIONS, type Point } from '@vitrine/core';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { playerReport } from '../../test/player.js';

/**
 * The screens list and the single screen must answer the same for any row, with every optional field set
 * and unset, stored JSON with keys the contract does not name, instants with microseconds, and each status
 * (a database-built list was tried against this test and dropped: it moved the work to PostgreSQL without
 * a faster answer, bench/README-web.md).
 */
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t, { role: 'owner' });
});
afterAll(() => t.close());

async function create(body: Record<string, unknown>): Promise<number> {
  const res = await call(t.app, 'POST', '/api/point/post', { token: owner.token, body });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Point).id;
}

/** Columns no request sets (what players and the fleet write), as they would be stored. */
async function store(id: number, columns: Record<string, unknown>): Promise<void> {
  const sets = Object.entries(columns).map(
    ([column, value]) =>
      sql`${sql.identifier(column)} = ${value === null ? null : typeof value === 'object' ? JSON.stringify(value) : value}`,
  );
  await t.database.db.execute(sql`update points set ${sql.join(sets, sql`, `)} where id = ${id}`);
}

async function listed(query: Record<string, string> = {}): Promise<Point[]> {
  const res = await call(t.app, 'GET', '/api/point', {
    token: owner.token,
    query: { limit: '100', ...query },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return PointList.parse(res.json()).points;
}

async function single(id: number): Promise<unknown> {
  const res = await call(t.app, 'GET', `/api/point/${id}`, { token: owner.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('the screens list built by the database', () => {
  it('answers each screen as its own answer does, every optional field set or unset', async () => {
    const bare = await create({ name: 'Bare' });
    const full = await create({
      name: 'Full "quoted" \\ name ✓',
      address: 'Via Roma 1, «Milano»',
      location: { lat: 45.464211, lng: 9.191383 },
      timezone: 'Europe/Rome',
      rotation: 'LEFT',
      autostart: false,
      transitionMs: 750,
      relaunchInterval: 1440,
      workFrom: '08:00:00',
      workTo: '20:30:00',
      commercialCycle: 600,
      windows: { fullscreen: false, mirror: true, volume: 35 },
      config: '{"kiosk": true, "zoom": 1.25}',
      audience: { viewers: 12.5, perHour: Array.from({ length: 24 }, (_, h) => h * 1.5) },
      playbackCost: '12.0025',
      cameraStreamUrl: 'rtsp://camera.local/stream',
      syncInterval: 30,
    });
    const offByHours = await create({
      name: 'Night',
      workFrom: '00:00:00',
      workTo: '00:00:01',
      timezone: 'UTC',
    });
    const unstable = await create({ name: 'Flaky', playbackCost: '0.5' });
    const net = async (name: string, color: string | null, points: number[]) =>
      expect(
        (await call(t.app, 'POST', '/api/net/post', { token: owner.token, body: { name, color, points } }))
          .statusCode,
      ).toBe(200);
    await net('Zeta', '#228be6', [full, unstable]);
    await net('alpha', null, [full]);

    const report = playerReport({
      contentVersion: 'v-full',
      wall: { wallId: 3, synchronized: true, p50: 1.5, p95: 4, max: 9, samples: 40, clockUncertainty: 0.25 },
      display: { power: 'on', method: 'cec' },
      shell: { platform: 'android', version: '2.1.0' },
    });
    await store(full, {
      report: { ...report, unknownToTheContract: 'dropped' },
      current_version: 'v-full',
      last_seen_at: '2026-01-02 03:04:05.678912+00',
      gone_offline_at: '2026-01-02 03:00:00.000001+00',
      synced_at: '2026-01-02 03:04:00.999999+00',
      served_at: '2026-01-02 03:01:00.5+00',
      content_changed_at: '2026-01-02 02:59:59.123456+00',
      content_change: { kind: 'playlist', name: 'Morning', extra: true },
      photo_key: `points/${full}/photo.jpg`,
      disconnections: 7,
      is_stopped: true,
    });
    // Waiting content: the reason, and the next regular fetch after it (or none before it).
    await store(bare, {
      report: playerReport({ contentVersion: 'old', display: null }),
      current_version: 'new',
      content_changed_at: '2026-01-02 03:00:00.000500+00',
      content_change: { kind: 'settings', name: null },
      served_at: '2026-01-02 02:58:00.000499+00',
    });
    await store(offByHours, { report: playerReport({ display: { power: 'off', method: null } }) });
    await t.database.db.execute(sql`update points set last_seen_at = now() where id = ${unstable}`);
    await t.database.db.execute(
      sql`insert into point_connection_hours (point_id, hour, disconnections)
          values (${unstable}, date_trunc('hour', now()), ${UNSTABLE_DISCONNECTIONS})`,
    );

    const list = await listed();
    for (const id of [bare, full, offByHours, unstable]) {
      const item = list.find((p) => p.id === id);
      expect(item, `screen ${id} listed`).toBeDefined();
      expect(item).toStrictEqual(await single(id));
    }
    const byId = new Map(list.map((p) => [p.id, p]));
    expect(byId.get(full)).toMatchObject({
      // In the database's collation order, as the single screen's answer (equal above).
      net: expect.arrayContaining([
        expect.objectContaining({ name: 'alpha', color: null }),
        expect.objectContaining({ name: 'Zeta', color: '#228be6' }),
      ]),
      syncStatus: 'SYNCHRONIZED',
      sync_time: '2026-01-02T03:04:00.999Z',
      lastSeen: '2026-01-02T03:04:05.678Z',
      playbackCost: '12.0025',
      isStoped: true,
      photoUrl: expect.stringContaining(`/api/point/${full}/photo?`),
    });
    expect(byId.get(full)!.player).not.toHaveProperty('unknownToTheContract');
    expect(byId.get(bare)!.syncPending).toEqual({
      since: '2026-01-02T03:00:00.000Z',
      change: { kind: 'settings', name: null },
      expectedBy: '2026-01-02T03:03:00.000Z',
    });
    expect(byId.get(offByHours)!.displayOff).toBe(true);
    expect(byId.get(unstable)).toMatchObject({ status: 'UNSTABLE', playbackCost: '0.5' });
  });

  it('keeps the order, page and filters of the list', async () => {
    const all = await listed({ sort: 'name', order: 'asc' });
    const names = all.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const second = await listed({ sort: 'name', order: 'asc', limit: '2', page: '2' });
    expect(second.map((p) => p.id)).toEqual(all.slice(2, 4).map((p) => p.id));
    const total = (
      (
        await call(t.app, 'GET', '/api/point', { token: owner.token, query: { limit: '1' } })
      ).json() as PointList
    ).total;
    expect(total).toBe(all.length);
  });
});
