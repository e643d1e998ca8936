import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { CommandResult, ServerMessage } from '@vitrine/core';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createPoint, createTeam } from '../../test/factories.js';
import { pairPlayer } from '../../test/player.js';
import { rowsOf } from '../../db/sql.js';

/**
 * A command to many screens (more than one NOTIFY chunk of 300): one stored row per screen, each connected
 * player gets it once (its own process's NOTIFY coming back does not send it again), the others keep it.
 */
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

function connect(token: string): Promise<{ socket: WebSocket; commands: ServerMessage[] }> {
  const socket = new WebSocket(`ws://${base}/api/player/ws?token=${encodeURIComponent(token)}`);
  const commands: ServerMessage[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as ServerMessage;
    if (message.type === 'command') commands.push(message);
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, commands }));
    socket.once('error', reject);
  });
}

describe('a command to many screens', () => {
  it('stores one row per screen and reaches every connected player once', async () => {
    const team = await createTeam(t);
    const players = [];
    for (let i = 0; i < 12; i++) players.push(await pairPlayer(t, team.owner, `Player ${i}`));
    const sockets = await Promise.all(players.map((p) => connect(p.token)));
    const idle: number[] = [];
    for (let i = 0; i < 400; i++) idle.push((await createPoint(t, team.cabinet.id)).id);
    const ids = [...players.map((p) => p.point.id), ...idle];

    const res = await call(t.app, 'POST', '/api/point/send-reload', {
      token: team.owner.token,
      body: { ids },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as CommandResult;
    expect([...answer.delivered].sort((a, b) => a - b)).toEqual(
      players.map((p) => p.point.id).sort((a, b) => a - b),
    );
    expect(answer.queued).toHaveLength(idle.length);

    const stored = await rowsOf<{ point_id: number; n: number }>(
      t.database.db,
      sql`select point_id, count(*)::int as n from point_commands
          where point_id = any(${`{${ids.join(',')}}`}::int[]) and name = 'reload' group by point_id`,
    );
    expect(stored).toHaveLength(ids.length);
    expect(stored.every((row) => Number(row.n) === 1)).toBe(true);

    await expect.poll(() => sockets.every((s) => s.commands.length >= 1)).toBe(true);
    // Time for a duplicate to come (the NOTIFYs of this process come back to it), then none may have.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const [i, { commands }] of sockets.entries()) {
      expect(commands, `player ${i}`).toHaveLength(1);
      expect(commands[0]).toMatchObject({ name: 'reload' });
    }
    for (const { socket } of sockets) socket.close();
  });
});
