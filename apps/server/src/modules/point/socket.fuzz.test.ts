import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { CommandResult, Point, ServerMessage } from '@vitrine/core';
import { pointCommands, pointConnectionHours, points } from '../../db/schema.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createTeam } from '../../test/factories.js';
import { BAD_VALUES } from '../../test/fuzz.js';
import { pairPlayer, playerReport } from '../../test/player.js';

/**
 * The player's socket under malformed frames: whatever one screen sends, the server process, every other
 * screen's socket and the presence of every other screen are untouched; at most that one socket closes.
 */

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;
let base: string;

beforeAll(async () => {
  t = await buildTestApp({ FLEET_FLUSH_MS: '100', FLEET_PING_MS: '60000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  team = await createTeam(t);
});
afterAll(() => t.close());

interface Open {
  socket: WebSocket;
  messages: ServerMessage[];
  closed: Promise<number>;
}

function connect(token: string): Promise<Open> {
  const socket = new WebSocket(`ws://${base}/api/player/ws?token=${encodeURIComponent(token)}`);
  const messages: ServerMessage[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as ServerMessage));
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  // A socket the server closes for a protocol error may report it here first.
  socket.on('error', () => undefined);
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, messages, closed }));
    socket.once('unexpected-response', () => reject(new Error('refused')));
  });
}

const report = (currentItem: unknown) => playerReport({ currentItem, uptime: 5, freeStorage: 1000 });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Frames a screen could send: not JSON, wrong shapes, each bad value in each field, control characters. */
function badFrames(foreignCommandId: number): (string | Buffer | { binary: Buffer })[] {
  const frames: (string | Buffer | { binary: Buffer })[] = [
    '',
    'x',
    '{',
    'null',
    '[]',
    '1',
    '"ack"',
    '{"type":"ack"}',
    '{"type":"nope","id":1}',
    '{"type":"heartbeat"}',
    '{"type":"heartbeat","status":null}',
    JSON.stringify({ type: 'ack', id: 2147483648, ok: true }),
    JSON.stringify({ type: 'ack', id: -1, ok: true }),
    JSON.stringify({ type: 'ack', id: 1, ok: true, message: 'a\u0000b' }),
    JSON.stringify({ type: 'ack', id: 1, ok: false, message: 'x'.repeat(60_000) }),
    // Another screen's command: an ack never reaches past its own screen.
    JSON.stringify({ type: 'ack', id: foreignCommandId, ok: false, message: 'not mine' }),
    JSON.stringify({ type: 'heartbeat', status: report('a\u0000b') }),
    JSON.stringify({ type: 'heartbeat', status: report('x'.repeat(301)) }),
    `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
    { binary: Buffer.from([0, 1, 2, 255]) },
    // Not UTF-8 in a text frame: ws refuses it and closes this socket (1007).
    Buffer.from([0x7b, 0xff, 0xfe, 0x7d]),
    // Over the 64 KiB frame limit: this socket closes (1009).
    'x'.repeat(70 * 1024),
  ];
  for (const [, value] of BAD_VALUES) {
    frames.push(JSON.stringify({ type: 'ack', id: value, ok: true }));
    frames.push(JSON.stringify({ type: 'ack', id: 1, ok: value }));
    frames.push(JSON.stringify({ type: 'heartbeat', status: report(value) }));
    frames.push(JSON.stringify({ type: 'heartbeat', status: { ...report('ok'), uptime: value } }));
  }
  return frames;
}

describe("the player's socket", () => {
  it('no frame from one screen closes anything but its own socket', async () => {
    const fuzzed = await pairPlayer(t, team.owner, 'Fuzzed');
    const witness = await pairPlayer(t, team.owner, 'Witness');
    const other = await connect(witness.token);
    // A command for the witness, which the fuzzed screen will try to ack.
    const sent = await call(t.app, 'POST', '/api/point/send-reload', {
      token: team.owner.token,
      body: { ids: [witness.point.id] },
    });
    expect((sent.json() as CommandResult).delivered).toEqual([witness.point.id]);
    await expect.poll(() => other.messages.length).toBe(1);
    const foreignId = other.messages[0]!.id;

    let open = await connect(fuzzed.token);
    let closes = 0;
    for (const frame of badFrames(foreignId)) {
      if (open.socket.readyState !== WebSocket.OPEN) {
        closes += 1;
        open = await connect(fuzzed.token);
      }
      if (typeof frame === 'string') open.socket.send(frame);
      else if (Buffer.isBuffer(frame)) open.socket.send(frame, { binary: false });
      else open.socket.send(frame.binary, { binary: true });
      // The witness still talks, and the server still answers.
      other.socket.send(JSON.stringify({ type: 'heartbeat', status: report('witness.png') }));
    }
    await sleep(300);
    // Only the frames ws itself refuses (bad UTF-8, too large) close the fuzzed socket.
    expect(closes).toBeLessThanOrEqual(2);
    expect(other.socket.readyState).toBe(WebSocket.OPEN);
    expect((await call(t.app, 'GET', '/api/health')).json()).toEqual({ status: 'ok', database: 'up' });

    // Presence went on being written for the witness, with what it reported.
    await expect
      .poll(async () => {
        const point = (
          await call(t.app, 'GET', `/api/point/${witness.point.id}`, { token: team.owner.token })
        ).json() as Point;
        return [point.status, point.player?.currentItem];
      })
      .toEqual(['ONLINE', 'witness.png']);
    // The witness's command was not touched by the other screen's ack.
    const [command] = await t.database.db.select().from(pointCommands).where(eq(pointCommands.id, foreignId));
    expect(command!.status).toBe('SENT');
    // Nothing with a NUL was stored.
    const fuzzedPoint = (
      await call(t.app, 'GET', `/api/point/${fuzzed.point.id}`, { token: team.owner.token })
    ).json() as Point;
    expect(JSON.stringify(fuzzedPoint)).not.toContain('\\u0000');
    open.socket.close();
    other.socket.close();
  });

  it("a screen removed while its presence waits does not keep the others' presence from being written", async () => {
    // Flushes only when the server stops, so both screens' presence goes out in one batch.
    const s = await buildTestApp({ FLEET_FLUSH_MS: '60000', FLEET_PING_MS: '60000' });
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = (await createTeam(s)).owner;
    const removed = await pairPlayer(s, owner, 'Removed');
    const kept = await pairPlayer(s, owner, 'Kept');
    const url = (token: string) =>
      `ws://127.0.0.1:${(s.app.server.address() as AddressInfo).port}/api/player/ws?token=${token}`;
    const gone = new WebSocket(url(removed.token));
    const staying = new WebSocket(url(kept.token));
    await Promise.all([gone, staying].map((w) => new Promise((resolve) => w.once('open', resolve))));
    await sleep(1100);
    staying.send(JSON.stringify({ type: 'heartbeat', status: report('still-here.png') }));
    await sleep(100);
    // Its socket closes with a second online: writing that second breaks the foreign key to the deleted
    // row, in the same statement as the kept screen's heartbeat. Waited for from before the removal: the
    // database's announcement of it may close the socket before the removal's answer is read.
    const goneClosed = new Promise((resolve) => gone.once('close', resolve));
    const res = await call(s.app, 'POST', `/api/point/remove/${removed.point.id}`, { token: owner.token });
    expect(res.statusCode).toBe(200);
    await goneClosed;
    // The kept screen goes too, so its online seconds wait in the same batch.
    const stayingClosed = new Promise((resolve) => staying.once('close', resolve));
    staying.close();
    await stayingClosed;
    await sleep(100);
    await s.app.close();
    const [row] = await s.database.db.select().from(points).where(eq(points.id, kept.point.id));
    expect((row!.report as { currentItem?: string } | null)?.currentItem).toBe('still-here.png');
    const hours = await s.database.db
      .select()
      .from(pointConnectionHours)
      .where(eq(pointConnectionHours.pointId, kept.point.id));
    expect(hours.reduce((sum, h) => sum + h.onlineSeconds, 0)).toBeGreaterThanOrEqual(1);
    await s.database.close();
  });
});
