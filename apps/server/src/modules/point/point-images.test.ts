import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Point } from '@vitrine/core';
import { points } from '../../db/schema.js';
import { storageRoot } from '../../lib/storage.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createTeam } from '../../test/factories.js';
import { pairPlayer } from '../../test/player.js';

/** A screen's photo and screenshot whose stored file is gone answer 404, not 500 (issue 29). */
let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeam(t);
});
afterAll(() => t.close());

const png = () =>
  sharp({ create: { width: 16, height: 9, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();

describe("a screen's images whose stored file is gone", () => {
  it('answer 404 at their signed address, while they are there 200', async () => {
    const { token, point } = await pairPlayer(t, team.owner);
    const shot = await t.app.inject({
      method: 'POST',
      url: '/api/player/screenshot',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      payload: await png(),
    });
    expect(shot.statusCode, shot.body).toBe(200);
    const photo = await t.app.inject({
      method: 'POST',
      url: `/api/point/photo/${point.id}`,
      headers: { authorization: `Bearer ${team.owner.token}`, 'content-type': 'image/png' },
      payload: await png(),
    });
    expect(photo.statusCode, photo.body).toBe(200);
    const screenshotUrl = (
      (
        await call(t.app, 'GET', '/api/point/get-screenshot-url', {
          token: team.owner.token,
          query: { id: String(point.id) },
        })
      ).json() as { url: string }
    ).url;
    const photoUrl = (
      (await call(t.app, 'GET', `/api/point/${point.id}`, { token: team.owner.token })).json() as Point
    ).photoUrl!;
    for (const url of [screenshotUrl, photoUrl])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);

    const [row] = await t.database.db.select().from(points).where(eq(points.id, point.id));
    for (const key of [row!.screenshotKey!, row!.photoKey!])
      await rm(join(storageRoot(t.config.dataDir), key));
    for (const url of [screenshotUrl, photoUrl]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
