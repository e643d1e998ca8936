import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { PlayerReport, Point } from '@vitrine/core';
import { call, type TestApp } from './build.js';
import type { TestUser } from './factories.js';

/** A player as the browser runs it: a device key and a code, bound by `operator`, claimed for a device token. */
export async function pairPlayer(
  t: TestApp,
  operator: TestUser,
  name?: string,
): Promise<{ token: string; point: Point }> {
  const deviceKey = randomBytes(32).toString('hex');
  const { code } = (await call(t.app, 'POST', '/api/player/pair', { body: { deviceKey } })).json() as {
    code: string;
  };
  const bound = await call(t.app, 'POST', `/api/point/bind-by-code/${code}`, {
    token: operator.token,
    body: name ? { name } : {},
  });
  expect(bound.statusCode).toBe(200);
  const claimed = (await call(t.app, 'POST', '/api/player/claim', { body: { deviceKey, code } })).json() as {
    token: string;
  };
  return { token: claimed.token, point: bound.json() as Point };
}

/** What a player reports in a heartbeat, with the given fields changed. */
export function playerReport(
  changes: Partial<Record<keyof PlayerReport, unknown>> = {},
): Record<string, unknown> {
  return {
    version: '1.0.0',
    resolution: '1920x1080',
    freeStorage: 1_000_000,
    currentItem: 'morning.png',
    uptime: 12,
    contentVersion: null,
    native: false,
    ...changes,
  };
}
