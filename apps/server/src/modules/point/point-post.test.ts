import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest, Point } from '@vitrine/core';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createNet, createTeam, createUser, type TestUser } from '../../test/factories.js';
import { uploadImage } from '../../test/media.js';

/**
 * POST /api/point/post (spec §7): a new screen with its name and settings, through the billing's screen
 * path like pairing (the tariff's limit, the balance, the day charged); and GET /api/point/player-manifest
 * (the web player's preview by `?id=`): what the screen plays, for those who may see the screen.
 */
describe('POST /api/point/post with billing on', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ BILLING: 'on' });
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  const post = (who: TestUser, body: object) =>
    call(t.app, 'POST', '/api/point/post', { token: who.token, body });

  it('makes screens up to the tariff limit, then refuses naming the tariff that allows more', async () => {
    const owner = await createUser(t, { role: 'owner' });
    // Free: up to 2 screens.
    expect((await post(owner, { name: 'One' })).statusCode).toBe(200);
    expect((await post(owner, { name: 'Two' })).statusCode).toBe(200);
    const third = await post(owner, { name: 'Three' });
    expect(third.statusCode).toBe(403);
    expect(third.json()).toMatchObject({ code: 'TARIFF_NOT_ALLOWED', tariff: 'pro' });
    const list = await call(t.app, 'GET', '/api/point', { token: owner.token });
    expect(list.json<{ total: number }>().total).toBe(2);
  });

  it('refuses a screen the balance cannot pay, and charges its day once paid in', async () => {
    const owner = await createUser(t, { role: 'owner' });
    await t.repos.billing.setTerms(owner.row.cabinetId, { tariff: 'pro' });
    expect((await post(owner, { name: 'Free slot' })).statusCode).toBe(200);
    const second = await post(owner, { name: 'Paid' });
    expect(second.statusCode).toBe(402);
    expect(second.json()).toMatchObject({ code: 'BALANCE_NOT_ENOUGH' });
    await call(t.app, 'POST', `/api/admin/cabinets/${owner.row.cabinetId}/entry`, {
      token: admin.token,
      body: { reason: 'topUp', amount: 500, note: 'bank transfer' },
    });
    expect((await post(owner, { name: 'Paid' })).statusCode).toBe(200);
    const funds = (await call(t.app, 'GET', '/api/funds', { token: owner.token })).json();
    expect(funds.balance).toBeLessThan(500);
    expect(funds.screens).toBe(2);
  });
});

describe('POST /api/point/post and the preview manifest', () => {
  let t: TestApp;
  let team: Awaited<ReturnType<typeof createTeam>>;
  beforeAll(async () => {
    t = await buildTestApp();
    team = await createTeam(t);
  });
  afterAll(() => t.close());

  it('makes a screen with its settings and networks, answering it with the spec message', async () => {
    const net = await createNet(t, team.cabinet.id, []);
    const res = await call(t.app, 'POST', '/api/point/post', {
      token: team.owner.token,
      body: { name: 'Hall', address: 'Main street 1', timezone: 'Europe/Rome', nets: [net.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const point = res.json<Point & { message: string }>();
    expect(point).toMatchObject({
      name: 'Hall',
      address: 'Main street 1',
      timezone: 'Europe/Rome',
      net: [{ id: net.id }],
      hasContent: false,
      message: 'Screen Hall created',
    });
    const got = await call(t.app, 'GET', `/api/point/${point.id}`, { token: team.owner.token });
    expect(got.json<Point>()).toMatchObject({ name: 'Hall', net: [{ id: net.id }] });
  });

  it('refuses a missing name, an unknown field, another cabinet’s network and roles without point.create', async () => {
    const other = await createTeam(t);
    const theirs = await createNet(t, other.cabinet.id, []);
    const before = (await call(t.app, 'GET', '/api/point', { token: team.owner.token })).json().total;
    const noName = await call(t.app, 'POST', '/api/point/post', { token: team.owner.token, body: {} });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { name: 'Required field' } });
    const unknown = await call(t.app, 'POST', '/api/point/post', {
      token: team.owner.token,
      body: { name: 'X', deviceToken: 'mine' },
    });
    expect(unknown.statusCode).toBe(400);
    const foreign = await call(t.app, 'POST', '/api/point/post', {
      token: team.owner.token,
      body: { name: 'X', nets: [theirs.id] },
    });
    expect(foreign.statusCode).toBe(404);
    for (const who of [team.agent, team.observer]) {
      const res = await call(t.app, 'POST', '/api/point/post', { token: who.token, body: { name: 'X' } });
      expect(res.statusCode).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/point', { token: team.owner.token })).json().total).toBe(before);
  });

  it("answers a screen's manifest for the web player's preview, to roles that may see the screen", async () => {
    const made = await call(t.app, 'POST', '/api/point/post', {
      token: team.owner.token,
      body: { name: 'Preview me' },
    });
    const point = made.json<Point>();
    const fileId = await uploadImage(t, team.owner);
    const playlist = await call(t.app, 'POST', '/api/playlist/post', {
      token: team.owner.token,
      body: { name: 'Shown', points: [point.id], files: [{ fileId, duration: 10 }] },
    });
    expect(playlist.statusCode, playlist.body).toBe(200);
    const res = await call(t.app, 'GET', `/api/point/player-manifest/${point.id}`, {
      token: team.moderator.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const manifest = res.json<Manifest>();
    expect(manifest.point).toMatchObject({ id: point.id, name: 'Preview me' });
    expect(manifest.schedule.playlists.map((p) => p.items.map((i) => i.fileId))).toEqual([[fileId]]);
    expect(manifest.files.map((f) => f.fileId)).toEqual([fileId]);
    const observer = await call(t.app, 'GET', `/api/point/player-manifest/${point.id}`, {
      token: team.observer.token,
    });
    expect(observer.statusCode).toBe(403);
    const other = await createTeam(t);
    const foreign = await call(t.app, 'GET', `/api/point/player-manifest/${point.id}`, {
      token: other.owner.token,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
