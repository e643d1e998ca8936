import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Point } from '@vitrine/core';
import { points } from '../../db/schema.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createTeam } from '../../test/factories.js';
import { pairPlayer, playerReport } from '../../test/player.js';

/**
 * "Display off by schedule" (docs/players.md): a player that turned its panel off for the screen's working
 * hours says so in its heartbeat; out of those hours the cabinet shows it as such, not as a failed screen,
 * and no offline alert goes out for it. Back in working hours it is an absence like any other.
 */
let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;
let base: string;

beforeAll(async () => {
  t = await buildTestApp({ FLEET_FLUSH_MS: '100' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  team = await createTeam(t);
});
afterAll(() => t.close());

/** Working hours in UTC that start `fromHours` from now and last an hour. */
function hoursFromNow(fromHours: number) {
  const at = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString().slice(11, 19);
  return { timezone: 'UTC', workFrom: at(fromHours), workTo: at(fromHours + 1) };
}

const getPoint = async (id: number) =>
  (await call(t.app, 'GET', `/api/point/${id}`, { token: team.owner.token })).json() as Point;

describe('display off by schedule', () => {
  it('is shown out of working hours instead of a failure, and is not alerted as offline', async () => {
    const { token, point } = await pairPlayer(t, team.owner, 'Night screen');
    const twin = await pairPlayer(t, team.owner, 'Broken screen');
    for (const id of [point.id, twin.point.id]) {
      const patched = await call(t.app, 'POST', `/api/point/patch/${id}`, {
        token: team.owner.token,
        body: hoursFromNow(2),
      });
      expect(patched.statusCode).toBe(200);
    }
    const socket = new WebSocket(`ws://${base}/api/player/ws?token=${encodeURIComponent(token)}`);
    await new Promise((resolve) => socket.once('open', resolve));
    const status = playerReport({
      display: { power: 'off', method: 'cec' },
      shell: { platform: 'linux', version: '0.1.0' },
    });
    socket.send(JSON.stringify({ type: 'heartbeat', status }));
    await expect.poll(async () => (await getPoint(point.id)).displayOff).toBe(true);
    const shown = await getPoint(point.id);
    expect(shown.status).toBe('ONLINE');
    expect(shown.player?.display).toEqual({ power: 'off', method: 'cec' });
    expect(shown.player?.shell).toEqual({ platform: 'linux', version: '0.1.0' });
    expect((await getPoint(twin.point.id)).displayOff).toBe(false);
    const overview = (await call(t.app, 'GET', '/api/point/overview', { token: team.owner.token })).json();
    expect(overview.points.find((p: Point) => p.id === point.id).displayOff).toBe(true);

    // The box sleeps with its panel: its socket goes, and so does the other screen's, long enough to alert.
    socket.close();
    await expect.poll(async () => (await getPoint(point.id)).status).not.toBe('ONLINE');
    // Its heartbeat (the report with the panel off) and its disconnection are both stored before they are
    // moved back in time: a presence flush landing after that would make it seen just now and live again
    // (a busy host delays the flush).
    await expect
      .poll(async () => {
        const [row] = await t.database.db.select().from(points).where(eq(points.id, point.id));
        const stored = row?.report as { display?: { power?: string } } | null | undefined;
        return Boolean(
          stored?.display?.power === 'off' &&
          row?.lastSeenAt &&
          row.goneOfflineAt &&
          row.goneOfflineAt >= row.lastSeenAt,
        );
      })
      .toBe(true);
    const gone = new Date(Date.now() - 11 * 60_000);
    for (const id of [point.id, twin.point.id])
      await t.database.db
        .update(points)
        .set({ lastSeenAt: gone, goneOfflineAt: gone })
        .where(eq(points.id, id));
    expect((await getPoint(point.id)).displayOff).toBe(true);
    expect(await t.services.alerts.checkPresence()).toEqual({ offline: 1, online: 0 });
    expect(
      (await t.database.db.select().from(points).where(eq(points.id, point.id)))[0]!.offlineAlerted,
    ).toBe(false);

    // Its working hours have come and it is still away: now it is missing.
    await call(t.app, 'POST', `/api/point/patch/${point.id}`, {
      token: team.owner.token,
      body: hoursFromNow(-0.5),
    });
    expect((await getPoint(point.id)).displayOff).toBe(false);
    expect(await t.services.alerts.checkPresence()).toEqual({ offline: 1, online: 0 });
  });

  it('refuses a display report it does not know', async () => {
    const { token, point } = await pairPlayer(t, team.owner, 'Odd screen');
    const socket = new WebSocket(`ws://${base}/api/player/ws?token=${encodeURIComponent(token)}`);
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(
      JSON.stringify({
        type: 'heartbeat',
        status: playerReport({ display: { power: 'dim', method: null } }),
      }),
    );
    socket.send(JSON.stringify({ type: 'heartbeat', status: playerReport({ currentItem: 'after.png' }) }));
    await expect.poll(async () => (await getPoint(point.id)).player?.currentItem).toBe('after.png');
    expect((await getPoint(point.id)).player?.display).toBeUndefined();
    socket.close();
  });
});
