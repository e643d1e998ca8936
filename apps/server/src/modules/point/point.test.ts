import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  PAIRING_ALPHABET,
  POINT_MESSAGES,
  type CommandResult,
  type Point,
  type PointList,
  type ServerMessage,
} from '@vitrine/core';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createTeam, createUser, type TestUser } from '../../test/factories.js';
import { uploadAs, uploadImage } from '../../test/media.js';
import { playerReport } from '../../test/player.js';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;
let base: string;

beforeAll(async () => {
  t = await buildTestApp({ FLEET_FLUSH_MS: '100', FLEET_PING_MS: '1000', BIND_FAILURES: '5' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  team = await createTeam(t);
});
afterAll(() => t.close());

/** A player as the browser runs it: a device key, a code, and after binding a device token. */
async function pairPlayer(
  operator: TestUser,
  name?: string,
  extra: { timezone?: string } = {},
): Promise<{ token: string; point: Point }> {
  const deviceKey = randomBytes(32).toString('hex');
  const pair = await call(t.app, 'POST', '/api/player/pair', { body: { deviceKey } });
  expect(pair.statusCode).toBe(200);
  const { code } = pair.json() as { code: string };
  const waiting = await call(t.app, 'POST', '/api/player/claim', { body: { deviceKey, code } });
  expect(waiting.json()).toEqual({ status: 'waiting' });
  const bound = await call(t.app, 'POST', `/api/point/bind-by-code/${code.toLowerCase()}`, {
    token: operator.token,
    body: { ...(name ? { name } : {}), ...extra },
  });
  expect(bound.statusCode).toBe(200);
  const point = bound.json() as Point & { message: string };
  const claimed = await call(t.app, 'POST', '/api/player/claim', { body: { deviceKey, code } });
  const answer = claimed.json() as { status: string; token: string; pointId: number };
  expect(answer).toMatchObject({ status: 'bound', pointId: point.id });
  return { token: answer.token, point };
}

function connect(token: string): Promise<{ socket: WebSocket; messages: ServerMessage[] }> {
  const socket = new WebSocket(`ws://${base}/api/player/ws?token=${encodeURIComponent(token)}`);
  const messages: ServerMessage[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as ServerMessage));
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, messages }));
    socket.once('error', reject);
  });
}

const report = playerReport();

const getPoint = async (who: TestUser, id: number) =>
  (await call(t.app, 'GET', `/api/point/${id}`, { token: who.token })).json() as Point;

describe('pairing by code', () => {
  it('shows a code of 6 unambiguous characters, binds it to a new screen and hands the player a token', async () => {
    const { token, point } = await pairPlayer(team.owner, 'Lobby');
    expect(point).toMatchObject({ name: 'Lobby', status: 'OFFLINE', isStoped: false });
    expect(token).toMatch(/^vtd_/);
    const list = (
      await call(t.app, 'GET', '/api/point', { token: team.moderator.token })
    ).json() as PointList;
    expect(list.points.map((p) => p.id)).toContain(point.id);
    const code = (
      (await call(t.app, 'POST', '/api/player/pair', { body: { deviceKey: 'k'.repeat(40) } })).json() as {
        code: string;
      }
    ).code;
    expect(code).toHaveLength(6);
    for (const c of code) expect(PAIRING_ALPHABET).toContain(c);
  });

  it("says 'Screen {name} created', and 'Binding failed' for unknown, spent and expired codes", async () => {
    const deviceKey = randomBytes(32).toString('hex');
    const { code } = (await call(t.app, 'POST', '/api/player/pair', { body: { deviceKey } })).json() as {
      code: string;
    };
    const bound = await call(t.app, 'POST', `/api/point/bind-by-code/${code}`, { token: team.owner.token });
    expect((bound.json() as { message: string }).message).toBe(POINT_MESSAGES.created(`Screen ${code}`));
    const again = await call(t.app, 'POST', `/api/point/bind-by-code/${code}`, { token: team.owner.token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: POINT_MESSAGES.bindingFailed });
    // Another device cannot collect the token of a code it did not ask for.
    const thief = await call(t.app, 'POST', '/api/player/claim', {
      body: { deviceKey: randomBytes(32).toString('hex'), code },
    });
    expect(thief.statusCode).toBe(400);

    const other = (await call(t.app, 'POST', '/api/player/pair', { body: { deviceKey } })).json() as {
      code: string;
    };
    await t.database.db.execute(
      sql`update pairing_codes set expires_at = now() - interval '1 second' where code = ${other.code}`,
    );
    const expired = await call(t.app, 'POST', `/api/point/bind-by-code/${other.code}`, {
      token: team.owner.token,
    });
    expect(expired.json()).toMatchObject({ message: POINT_MESSAGES.bindingFailed });
  });

  it('refuses guessing: a person gets a few tries a minute', async () => {
    const guesser = await createUser(t, { role: 'owner' });
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await call(t.app, 'POST', `/api/point/bind-by-code/ZZZZZ${PAIRING_ALPHABET[i]}`, {
        token: guesser.token,
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 5).every((c) => c === 400)).toBe(true);
    expect(codes.slice(5)).toEqual([429, 429, 429]);
  });
});

describe('the device token', () => {
  it('opens the screen’s own calls only, and a person’s token does not open them', async () => {
    const { token, point } = await pairPlayer(team.owner);
    const manifest = await call(t.app, 'GET', '/api/player/manifest', { token });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json()).toMatchObject({
      point: { id: point.id },
      files: [],
      schedule: { playlists: [] },
    });
    for (const [method, url] of [
      ['GET', '/api/point'],
      ['GET', `/api/point/${point.id}`],
      ['GET', '/api/user/info'],
      ['GET', '/api/playlist'],
      ['GET', '/api/folder/0'],
    ] as const) {
      expect((await call(t.app, method, url, { token })).statusCode, url).toBe(401);
    }
    expect((await call(t.app, 'GET', '/api/player/manifest', { token: team.owner.token })).statusCode).toBe(
      401,
    );
    // Removing the screen ends its token.
    await call(t.app, 'POST', `/api/point/remove/${point.id}`, { token: team.owner.token });
    expect((await call(t.app, 'GET', '/api/player/manifest', { token })).statusCode).toBe(401);
  });

  it("carries the schedule engine's input and every file the screen may play", async () => {
    const { token, point } = await pairPlayer(team.owner);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const file = (await uploadAs(t, team.owner, `m-${Date.now()}.png`, png)).json() as {
      id: number;
      hash: string;
    };
    const created = await call(t.app, 'POST', '/api/playlist/post', {
      token: team.owner.token,
      body: { name: 'For the lobby', points: [point.id], files: [{ fileId: file.id, duration: 7 }] },
    });
    const manifest = (await call(t.app, 'GET', '/api/player/manifest', { token })).json() as {
      files: { fileId: number; url: string; hash: string | null }[];
      schedule: {
        screen: { id: number };
        playlists: { id: number; items: { fileId: number; seconds: number }[] }[];
      };
      version: string;
    };
    expect(manifest.schedule.screen.id).toBe(point.id);
    expect(manifest.schedule.playlists).toMatchObject([
      { id: (created.json() as { id: number }).id, items: [{ fileId: file.id, seconds: 7 }] },
    ]);
    expect(manifest.files).toMatchObject([{ fileId: file.id, hash: file.hash }]);
    expect((await t.app.inject({ method: 'GET', url: manifest.files[0]!.url })).statusCode).toBe(200);
    expect((await getPoint(team.owner, point.id)).hasContent).toBe(true);
  });
});

describe('the socket', () => {
  it('makes the screen Online with its report, delivers commands with acks, and counts a disconnection', async () => {
    const { token, point } = await pairPlayer(team.owner);
    const { socket, messages } = await connect(token);
    socket.send(JSON.stringify({ type: 'heartbeat', status: report }));
    await expect
      .poll(async () => (await getPoint(team.owner, point.id)).player?.resolution)
      .toBe('1920x1080');
    expect((await getPoint(team.owner, point.id)).status).toBe('ONLINE');

    const sent = (
      await call(t.app, 'POST', '/api/point/send-reload', {
        token: team.owner.token,
        body: { ids: [point.id] },
      })
    ).json() as CommandResult;
    expect(sent).toMatchObject({
      delivered: [point.id],
      queued: [],
      message: POINT_MESSAGES.changeStatusSent,
    });
    await expect.poll(() => messages.length).toBe(1);
    expect(messages[0]).toMatchObject({ type: 'command', name: 'reload' });
    socket.send(JSON.stringify({ type: 'ack', id: messages[0]!.id, ok: true }));
    await expect
      .poll(async () => (await t.repos.pointCommands.platformCommand(messages[0]!.id))?.status)
      .toBe('DONE');

    socket.close();
    await expect.poll(async () => (await getPoint(team.owner, point.id)).status).toBe('GONE_OFFLINE');
    expect((await getPoint(team.owner, point.id)).disconnections).toBe(1);
    const hours = (
      await call(t.app, 'GET', `/api/point/connections/${point.id}`, { token: team.owner.token })
    ).json() as {
      disconnections: number;
    }[];
    expect(hours.reduce((n, h) => n + h.disconnections, 0)).toBe(1);
  });

  it('counts the old connection of a reloading page even when the new one came first, and stays Online', async () => {
    const { token, point } = await pairPlayer(team.owner);
    const first = await connect(token);
    first.socket.send(JSON.stringify({ type: 'heartbeat', status: report }));
    await expect.poll(async () => (await getPoint(team.owner, point.id)).status).toBe('ONLINE');
    const closed = new Promise<number>((resolve) => first.socket.once('close', (code) => resolve(code)));
    const second = await connect(token);
    expect(await closed).toBe(4000);
    await expect.poll(async () => (await getPoint(team.owner, point.id)).disconnections).toBe(1);
    expect((await getPoint(team.owner, point.id)).status).toBe('ONLINE');
    second.socket.close();
    await expect.poll(async () => (await getPoint(team.owner, point.id)).status).toBe('GONE_OFFLINE');
    expect((await getPoint(team.owner, point.id)).disconnections).toBe(2);
  });

  it('keeps a command for an offline screen and delivers it when it comes back', async () => {
    const { token, point } = await pairPlayer(team.owner);
    const sent = (
      await call(t.app, 'POST', '/api/point/send-change-broadcasting-state', {
        token: team.owner.token,
        body: { ids: [point.id], stop: true },
      })
    ).json() as CommandResult;
    expect(sent).toMatchObject({ queued: [point.id], delivered: [] });
    expect((await getPoint(team.owner, point.id)).isStoped).toBe(true);
    const { socket, messages } = await connect(token);
    await expect.poll(() => messages.map((m) => m.name)).toEqual(['broadcast-stop']);
    socket.close();
  });

  it('takes a screenshot on request and answers with its address', async () => {
    const { token, point } = await pairPlayer(team.owner);
    const { socket, messages } = await connect(token);
    await call(t.app, 'POST', '/api/point/ajax-get-point-screen', {
      token: team.owner.token,
      body: { ids: [point.id] },
    });
    await expect.poll(() => messages.map((m) => m.name)).toEqual(['screenshot']);
    const shot = await sharp({ create: { width: 16, height: 9, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/player/screenshot',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      payload: shot,
    });
    expect(upload.statusCode).toBe(200);
    const info = (
      await call(t.app, 'GET', '/api/point/get-screenshot-url', {
        token: team.owner.token,
        query: { id: String(point.id) },
      })
    ).json() as { url: string; takenAt: string };
    const image = await t.app.inject({ method: 'GET', url: info.url });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(shot)).toBe(true);
    // A newer screenshot is a new address, so no browser shows the cached old one.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await sharp({ create: { width: 16, height: 9, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    await t.app.inject({
      method: 'POST',
      url: '/api/player/screenshot',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      payload: second,
    });
    const next = (
      await call(t.app, 'GET', '/api/point/get-screenshot-url', {
        token: team.owner.token,
        query: { id: String(point.id) },
      })
    ).json() as { url: string };
    expect(next.url).not.toBe(info.url);
    expect((await t.app.inject({ method: 'GET', url: next.url })).rawPayload.equals(second)).toBe(true);
    socket.close();
  });

  it('tells a playing screen at once about an ACTIVE playlist and about any takedown, not about a PASSIVE one', async () => {
    const { token, point } = await pairPlayer(team.owner);
    const { socket, messages } = await connect(token);
    const file = await uploadImage(t, team.owner);
    const post = (influence: string) =>
      call(t.app, 'POST', '/api/playlist/post', {
        token: team.owner.token,
        body: {
          name: `${influence} one`,
          influence,
          points: [point.id],
          files: [{ fileId: file, duration: 10 }],
        },
      });
    // A screen with nothing to play gets its first content at once, whatever the influence.
    const first = (await post('PASSIVE')).json() as { update: unknown };
    expect(first.update).toEqual({ screens: 1, now: 1, within: null });
    await expect.poll(() => messages.map((m) => m.name)).toEqual(['content']);
    socket.send(JSON.stringify({ type: 'heartbeat', status: { ...report, currentItem: 'first.png' } }));
    await expect
      .poll(async () => (await getPoint(team.owner, point.id)).player?.currentItem)
      .toBe('first.png');
    // Playing: a PASSIVE change waits for the screen's next regular fetch, and the answer says how long.
    const passive = (await post('PASSIVE')).json() as { update: unknown };
    expect(passive.update).toEqual({ screens: 1, now: 0, within: 5 });
    const active = (await post('ACTIVE')).json() as { id: number; update: unknown };
    expect(active.update).toEqual({ screens: 1, now: 1, within: null });
    await expect.poll(() => messages.map((m) => m.name)).toEqual(['content', 'content']);
    await call(t.app, 'POST', `/api/playlist/remove/${active.id}`, { token: team.owner.token });
    await expect.poll(() => messages.map((m) => m.name)).toEqual(['content', 'content', 'content']);
    socket.close();
  });

  it('refuses a socket without a valid device token', async () => {
    const socket = new WebSocket(`ws://${base}/api/player/ws?token=vtd_nope`);
    const failure = await new Promise<string>((resolve) => {
      // The client leaves the refused request open: the server must close it (else app.close() hangs).
      socket.once('unexpected-response', (_req, res) => resolve(String(res.statusCode)));
      socket.once('open', () => resolve('open'));
      socket.once('error', () => resolve('error'));
    });
    expect(failure).toBe('401');
  });
});

describe('what an observer sees of the screens', () => {
  it('the screens with their status only; their details stay closed', async () => {
    const { point } = await pairPlayer(team.owner, 'Seen by observers');
    const res = await call(t.app, 'GET', '/api/point/overview', {
      token: team.observer.token,
      query: { limit: '100' },
    });
    expect(res.statusCode).toBe(200);
    const item = (res.json() as { points: Record<string, unknown>[] }).points.find(
      (p) => p['id'] === point.id,
    )!;
    expect(Object.keys(item).sort()).toEqual([
      'displayOff',
      'id',
      'lastSeen',
      'name',
      'net',
      'status',
      'syncStatus',
    ]);
    expect(item['name']).toBe('Seen by observers');
    expect((await call(t.app, 'GET', '/api/point', { token: team.observer.token })).statusCode).toBe(403);
    expect(
      (await call(t.app, 'GET', `/api/point/${point.id}`, { token: team.observer.token })).statusCode,
    ).toBe(403);
  });
});

describe('screens and networks in the cabinet', () => {
  it('edits every setting, refuses bad JSON with the spec message, and groups screens into networks', async () => {
    const { point } = await pairPlayer(team.owner);
    const settings = {
      name: 'Window display',
      address: '1 Main Street',
      location: { lat: 45.46, lng: 9.19 },
      timezone: 'Europe/Rome',
      rotation: 'LEFT',
      autostart: false,
      transitionMs: 500,
      relaunchInterval: 60,
      workFrom: '08:00:00',
      workTo: '22:00:00',
      commercialCycle: 600,
      windows: { fullscreen: true, mirror: true, volume: 40 },
      config: '{"kiosk": true}',
      audience: { viewers: 12.5, perHour: null },
      playbackCost: '25',
      cameraStreamUrl: 'rtsp://camera.local/stream',
    };
    const res = await call(t.app, 'PATCH', `/api/point/patch/${point.id}`, {
      token: team.contentManager.token,
      body: settings,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject(settings);
    const bad = await call(t.app, 'PATCH', `/api/point/patch/${point.id}`, {
      token: team.owner.token,
      body: { config: '{kiosk: true' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { config: POINT_MESSAGES.invalidJson } });

    const net = await call(t.app, 'POST', '/api/net/post', {
      token: team.owner.token,
      body: { name: 'Milan', color: '#228be6', points: [point.id] },
    });
    expect(net.json()).toMatchObject({ name: 'Milan', points: [{ id: point.id }] });
    const netId = (net.json() as { id: number }).id;
    expect((await getPoint(team.owner, point.id)).net).toEqual([
      { id: netId, name: 'Milan', color: '#228be6' },
    ]);
    const inNet = (
      await call(t.app, 'GET', '/api/point', { token: team.owner.token, query: { net: String(netId) } })
    ).json() as PointList;
    expect(inNet.points.map((p) => p.id)).toEqual([point.id]);
    const nets = (await call(t.app, 'GET', '/api/net', { token: team.owner.token })).json() as {
      total: number;
    };
    expect(nets.total).toBeGreaterThanOrEqual(1);
  });

  it("gives a new screen the pairing browser's time zone rather than UTC", async () => {
    const owner = await createUser(t, { role: 'owner' });
    expect((await pairPlayer(owner, 'Kyiv', { timezone: 'Europe/Kyiv' })).point.timezone).toBe('Europe/Kyiv');
    expect((await pairPlayer(owner, 'Tokyo', { timezone: 'Asia/Tokyo' })).point.timezone).toBe('Asia/Tokyo');
    // A zone this server does not know (or none) is not refused: the screen starts on UTC.
    expect((await pairPlayer(owner, 'Mars', { timezone: 'Mars/Olympus' })).point.timezone).toBe('UTC');
    expect((await pairPlayer(owner, 'API')).point.timezone).toBe('UTC');
  });

  it('keeps a decimal playback cost exactly and refuses what is not one', async () => {
    const { point } = await pairPlayer(team.owner);
    const patch = (playbackCost: unknown) =>
      call(t.app, 'PATCH', `/api/point/patch/${point.id}`, {
        token: team.owner.token,
        body: { playbackCost },
      });
    for (const [sent, kept] of [
      ['0.5', '0.5'],
      ['12.0025', '12.0025'],
      ['0.10', '0.1'],
      ['7', '7'],
    ] as const) {
      const res = await patch(sent);
      expect(res.statusCode).toBe(200);
      expect((res.json() as Point).playbackCost).toBe(kept);
      expect((await getPoint(team.owner, point.id)).playbackCost).toBe(kept);
    }
    for (const bad of ['-1', '0.12345', '1e3', 'abc', '1234567890', 0.5]) {
      const res = await patch(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ fields: { playbackCost: expect.any(String) } });
    }
    expect((await getPoint(team.owner, point.id)).playbackCost).toBe('7');
  });

  it('sorts, pages and filters the screen list', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const ids: number[] = [];
    for (const name of ['Charlie', 'alpha', 'Bravo']) ids.push((await pairPlayer(owner, name)).point.id);
    const page = async (query: Record<string, string>) =>
      (
        (await call(t.app, 'GET', '/api/point', { token: owner.token, query })).json() as PointList
      ).points.map((p) => p.name);
    expect(await page({})).toEqual(['Bravo', 'alpha', 'Charlie']);
    expect(await page({ sort: 'name', order: 'asc' })).toEqual(['alpha', 'Bravo', 'Charlie']);
    expect(await page({ search: 'rav' })).toEqual(['Bravo']);
    expect(await page({ status: 'OFFLINE' })).toHaveLength(3);
    expect(await page({ status: 'ONLINE' })).toEqual([]);
    expect(await page({ hasContent: 'true' })).toEqual([]);
    const limited = (
      await call(t.app, 'GET', '/api/point', { token: owner.token, query: { limit: '2', page: '2' } })
    ).json() as PointList;
    expect(limited.total).toBe(3);
    expect(limited.points).toHaveLength(1);
    expect((await call(t.app, 'GET', '/api/point', { token: owner.token })).json()).toMatchObject({
      total: 3,
    });
  });
});
