import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TARIFF_PLANS } from '@vitrine/core';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { uploadAs } from '../../test/media.js';
import { pairPlayer } from '../../test/player.js';

/** A PNG of noise: about 30 KB that no compression takes away, unlike every other one. */
const noise = () =>
  sharp(randomBytes(100 * 100 * 3), { raw: { width: 100, height: 100, channels: 3 } })
    .png()
    .toBuffer();

/** Storage per screen slot (docs/billing.md, "Storage"): the tariff's storage feeds the library's quota. */
describe('storage per screen slot', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ BILLING: 'on' });
    admin = await createUser(t, { role: 'admin' });
    // Free made small: 40,000 bytes a slot, one free slot, up to five screens.
    const free = DEFAULT_TARIFF_PLANS.find((p) => p.id === 'free')!;
    const res = await call(t.app, 'POST', '/api/admin/tariffs', {
      token: admin.token,
      body: { ...free, features: [...free.features], storagePerScreen: 40_000, freeSlots: 1, screenLimit: 5 },
    });
    expect(res.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const quota = async (who: TestUser) =>
    (await call(t.app, 'GET', '/api/dashboard', { token: who.token })).json().space.quota as number;

  it('is storage per slot times the slots; past it an upload is refused with the spec-style message', async () => {
    const owner = await createUser(t, { role: 'owner' });
    // No screens yet: the free slot counts, so the library can be filled before pairing.
    expect(await quota(owner)).toBe(40_000);
    const first = await noise();
    expect(first.length).toBeGreaterThan(25_000);
    expect((await uploadAs(t, owner, 'one.png', first)).statusCode).toBe(200);
    const refused = await uploadAs(t, owner, 'two.png', await noise());
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      message: 'Not enough space in the library',
    });

    // Two screens: two slots, twice the room.
    await pairPlayer(t, owner, 'A');
    await pairPlayer(t, owner, 'B');
    expect(await quota(owner)).toBe(80_000);
    expect((await uploadAs(t, owner, 'two.png', await noise())).statusCode).toBe(200);
    expect((await uploadAs(t, owner, 'three.png', await noise())).statusCode).toBe(413);

    // A tariff with more storage per slot gives more room at once.
    await call(t.app, 'POST', `/api/cabinet/patch/${owner.row.cabinetId}`, {
      token: admin.token,
      body: { tariff: 'enterprise', note: 'more room' },
    });
    const enterprise = DEFAULT_TARIFF_PLANS.find((p) => p.id === 'enterprise')!;
    expect(await quota(owner)).toBe(enterprise.storagePerScreen * Math.max(2, enterprise.freeSlots, 1));
    expect((await uploadAs(t, owner, 'three.png', await noise())).statusCode).toBe(200);
  });
});

describe('with billing off', () => {
  it("the installation's quota applies", async () => {
    const t = await buildTestApp({ BILLING: 'off', CABINET_QUOTA: '50000' });
    try {
      const owner = await createUser(t, { role: 'owner' });
      expect((await call(t.app, 'GET', '/api/dashboard', { token: owner.token })).json().space.quota).toBe(
        50_000,
      );
      expect((await uploadAs(t, owner, 'one.png', await noise())).statusCode).toBe(200);
      expect((await uploadAs(t, owner, 'two.png', await noise())).statusCode).toBe(413);
    } finally {
      await t.close();
    }
  });
});
