import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { expect } from 'vitest';
import { call, type TestApp } from './build.js';
import type { TestUser } from './factories.js';
import { uploadImage } from './media.js';
import { pairPlayer } from './player.js';

/** A paired screen with every SSP field set and an SSP playlist reaching it (one slot an hour). */
export async function sspScreen(
  t: TestApp,
  owner: TestUser,
  mode: 'AUCTION' | 'MANUAL' | 'LEFTOVER' = 'AUCTION',
  viewers = 30.3,
) {
  const { token, point } = await pairPlayer(t, owner, `Mall ${randomUUID().slice(0, 6)}`);
  const patched = await call(t.app, 'POST', `/api/point/patch/${point.id}`, {
    token: owner.token,
    body: {
      address: '1 Main Street',
      location: { lat: 50.45, lng: 30.52 },
      audience: { viewers, perHour: null },
      playbackCost: '100',
    },
  });
  expect(patched.statusCode, patched.body).toBe(200);
  const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  const shot = await t.app.inject({
    method: 'POST',
    url: `/api/point/photo/${point.id}`,
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'image/png' },
    payload: photo,
  });
  expect(shot.statusCode, shot.body).toBe(200);
  const fileId = await uploadImage(t, owner);
  const playlist = (
    await call(t.app, 'POST', '/api/playlist/post', {
      token: owner.token,
      body: {
        name: `Ads ${randomUUID().slice(0, 6)}`,
        files: [{ fileId, duration: 10 }],
        points: [point.id],
        periodicity: 3600,
        sspConnector: { enabled: true, mode },
      },
    })
  ).json() as { id: number };
  const off = () =>
    call(t.app, 'POST', `/api/playlist/patch/${playlist.id}`, {
      token: owner.token,
      body: { sspConnector: { enabled: false, mode } },
    });
  return { token, point, playlist, off };
}
