import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankDocument } from '@vitrine/core';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createPoint, createTeam, createUser, type TestUser } from '../../test/factories.js';
import { createPlaylist, uploadImage } from '../../test/media.js';
import { pairPlayer } from '../../test/player.js';

/** The lock, the tariff and the admin's block, with billing on and with it off (docs/billing.md). */
describe.each(['on', 'off'] as const)('billing %s', (mode) => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ BILLING: mode });
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  /** Pairs a screen the way an operator does: the player shows a code, the operator types it. */
  async function bind(operator: TestUser) {
    const { code } = (
      await call(t.app, 'POST', '/api/player/pair', { body: { deviceKey: randomBytes(32).toString('hex') } })
    ).json() as { code: string };
    return call(t.app, 'POST', `/api/point/bind-by-code/${code}`, { token: operator.token, body: {} });
  }

  it('a new screen past the tariff limit is refused, naming the tariff that allows it', async () => {
    const owner = await createUser(t, { role: 'owner' });
    // Free: up to 2 screens, both free.
    expect((await bind(owner)).statusCode).toBe(200);
    expect((await bind(owner)).statusCode).toBe(200);
    const third = await bind(owner);
    if (mode === 'off') {
      expect(third.statusCode).toBe(200);
      return;
    }
    expect(third.statusCode).toBe(403);
    expect(third.json()).toMatchObject({
      code: 'TARIFF_NOT_ALLOWED',
      message: 'Performing this action is not allowed with current tariff plan',
      hint: 'Please switch to another tariff',
      tariff: 'pro',
    });
  });

  it('a new screen the balance cannot pay for is refused with the balance messages', async () => {
    const owner = await createUser(t, { role: 'owner' });
    await t.repos.billing.setTerms(owner.row.cabinetId, { tariff: 'pro' });
    // Pro: one free slot, then 18.00 a month.
    expect((await bind(owner)).statusCode).toBe(200);
    const second = await bind(owner);
    if (mode === 'off') {
      expect(second.statusCode).toBe(200);
      return;
    }
    expect(second.statusCode).toBe(402);
    expect(second.json()).toMatchObject({
      code: 'BALANCE_NOT_ENOUGH',
      message: 'You can not perform this action because your balance is not enough',
      hint: 'Please recharge your balance',
    });
    // Paid in: the screen is added and its day charged at once.
    await call(t.app, 'POST', `/api/admin/cabinets/${owner.row.cabinetId}/entry`, {
      token: admin.token,
      body: { reason: 'topUp', amount: 500, note: 'bank transfer' },
    });
    expect((await bind(owner)).statusCode).toBe(200);
    const funds = (await call(t.app, 'GET', '/api/funds', { token: owner.token })).json();
    expect(funds.balance).toBeLessThan(500);
    expect(funds.screens).toBe(2);
  });

  it('a locked cabinet refuses uploads and playlist changes, but reads and removes', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const cabinetId = owner.row.cabinetId;
    await t.repos.billing.setTerms(cabinetId, { tariff: 'pro' });
    const screen = await createPoint(t, cabinetId);
    await createPoint(t, cabinetId);
    await t.services.billing.charges.chargeDay(cabinetId);
    const post = await call(t.app, 'POST', '/api/playlist/post', {
      token: owner.token,
      body: { name: 'Noon' },
    });
    const patch = await call(t.app, 'POST', `/api/point/patch/${screen.id}`, {
      token: owner.token,
      body: { name: 'Lobby' },
    });
    if (mode === 'off') {
      expect(post.statusCode).toBe(200);
      expect(patch.statusCode).toBe(200);
      expect((await call(t.app, 'GET', '/api/funds', { token: owner.token })).json()).toMatchObject({
        billing: 'off',
        state: 'off',
      });
      return;
    }
    expect(post.statusCode).toBe(402);
    expect(patch.statusCode).toBe(402);
    expect((await call(t.app, 'GET', '/api/point', { token: owner.token })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/funds', { token: owner.token })).json().state).toBe('locked');
    expect(
      (await call(t.app, 'POST', `/api/point/remove/${screen.id}`, { token: owner.token })).statusCode,
    ).toBe(200);
  });

  it('the platform admin blocks a cabinet: it reads only its billing until unblocked, recorded with who did it', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const cabinetId = owner.row.cabinetId;
    const block = await call(t.app, 'POST', `/api/admin/cabinets/${cabinetId}/terms`, {
      token: admin.token,
      body: { blocked: true, note: 'chargeback' },
    });
    expect(block.statusCode).toBe(200);
    expect(block.json()).toMatchObject({ blocked: true, state: 'blocked' });
    expect((await call(t.app, 'GET', '/api/point', { token: owner.token })).json().code).toBe(
      'CABINET_BLOCKED',
    );
    expect(
      (await call(t.app, 'POST', '/api/playlist/post', { token: owner.token, body: { name: 'X' } }))
        .statusCode,
    ).toBe(403);
    expect((await call(t.app, 'GET', '/api/funds', { token: owner.token })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/funds/ledger', { token: owner.token })).statusCode).toBe(200);
    // Who the person is says the cabinet is blocked: every page's banner tells it once.
    const info = await call(t.app, 'GET', '/api/user/info', { token: owner.token });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ cabinetBlocked: true });
    await call(t.app, 'POST', `/api/admin/cabinets/${cabinetId}/terms`, {
      token: admin.token,
      body: { blocked: false },
    });
    expect((await call(t.app, 'GET', '/api/point', { token: owner.token })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/user/info', { token: owner.token })).json()).not.toHaveProperty(
      'cabinetBlocked',
    );
    const ledger = (
      await call(t.app, 'GET', `/api/admin/cabinets/${cabinetId}/ledger`, { token: admin.token })
    ).json();
    expect(
      ledger.entries.map((e: { terms: unknown; note: unknown; actor: string }) => [e.terms, e.note, e.actor]),
    ).toEqual([
      [{ blocked: false }, null, admin.login],
      [{ blocked: true }, 'chargeback', admin.login],
    ]);
  });

  it('only the owner reaches funds; only the platform admin runs the console', async () => {
    const team = await createTeam(t);
    const funds = [
      ['GET', '/api/funds'],
      ['GET', '/api/funds/ledger'],
      ['GET', '/api/funds/export'],
      ['POST', '/api/funds/switch-tariff'],
    ] as const;
    const consoleRoutes = [
      ['GET', '/api/admin/cabinets'],
      ['GET', `/api/admin/cabinets/${team.cabinet.id}/ledger`],
      ['POST', `/api/admin/cabinets/${team.cabinet.id}/entry`],
      ['POST', `/api/admin/cabinets/${team.cabinet.id}/terms`],
    ] as const;
    for (const role of ['admin', 'moderator', 'contentManager', 'agent', 'observer'] as const) {
      for (const [method, url] of funds) {
        expect((await call(t.app, method, url, { token: team[role].token, body: {} })).statusCode).toBe(403);
      }
    }
    for (const role of ['owner', 'moderator', 'contentManager', 'agent', 'observer'] as const) {
      for (const [method, url] of consoleRoutes) {
        expect((await call(t.app, method, url, { token: team[role].token, body: {} })).statusCode).toBe(403);
      }
    }
    expect((await call(t.app, 'GET', '/api/funds', { token: team.owner.token })).statusCode).toBe(200);
    const list = (
      await call(t.app, 'GET', '/api/admin/cabinets', { token: admin.token, query: { limit: '100' } })
    ).json();
    expect(list.cabinets.map((c: { id: number }) => c.id)).toContain(team.cabinet.id);
    // The platform's own cabinet is no customer: the console does not open it.
    const platform = (await t.repos.cabinets.findPlatform())!;
    expect(
      (await call(t.app, 'GET', `/api/admin/cabinets/${platform.id}/ledger`, { token: admin.token }))
        .statusCode,
    ).toBe(404);
  });

  it('the owner switches tariff; a tariff too small for the screens is refused', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const funds = (await call(t.app, 'GET', '/api/funds', { token: owner.token })).json();
    expect(funds.plans.find((p: { id: string }) => p.id === 'pro')).toMatchObject({ fits: true });
    const switched = await call(t.app, 'POST', '/api/funds/switch-tariff', {
      token: owner.token,
      body: { tariff: 'pro' },
    });
    expect(switched.json().plan.id).toBe('pro');
    // Non-commercial use is checked by the platform admin: the owner cannot choose it.
    expect(
      (
        await call(t.app, 'POST', '/api/funds/switch-tariff', {
          token: owner.token,
          body: { tariff: 'nonCommercial' },
        })
      ).statusCode,
    ).toBe(403);
    for (let i = 0; i < 3; i++) await createPoint(t, owner.row.cabinetId);
    const back = await call(t.app, 'POST', '/api/funds/switch-tariff', {
      token: owner.token,
      body: { tariff: 'free' },
    });
    if (mode === 'off') expect(back.statusCode).toBe(200);
    else expect(back.json()).toMatchObject({ code: 'TARIFF_NOT_ALLOWED', tariff: 'pro' });
  });

  it('a feature the tariff lacks is refused, naming the cheapest tariff that has it', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const cabinetId = owner.row.cabinetId;
    await t.repos.billing.setTerms(cabinetId, { tariff: 'pro' });
    await expect(t.services.billing.policy.guard(cabinetId, { feature: 'studio' })).resolves.toBeUndefined();
    const walls = t.services.billing.policy.guard(cabinetId, { feature: 'walls' });
    if (mode === 'off') await expect(walls).resolves.toBeUndefined();
    else await expect(walls).rejects.toMatchObject({ code: 'TARIFF_NOT_ALLOWED', tariff: 'proPlus' });
  });

  it('the studio and walls are opened by the tariff: a widget on Free is refused, on Pro made; a wall needs more', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const widget = () =>
      call(t.app, 'POST', '/api/widget/post', {
        token: owner.token,
        body: { name: 'Welcome', document: blankDocument() },
      });
    const onFree = await widget();
    if (mode === 'off') expect(onFree.statusCode).toBe(200);
    else expect(onFree.json()).toMatchObject({ code: 'TARIFF_NOT_ALLOWED', tariff: 'pro' });
    await t.repos.billing.setTerms(owner.row.cabinetId, { tariff: 'pro' });
    expect((await widget()).statusCode).toBe(200);
    // Walls need a larger tariff (the cheapest that has them is named).
    const wall = await call(t.app, 'POST', '/api/wall/post', {
      token: owner.token,
      body: { name: 'Lobby wall', width: 1, height: 1 },
    });
    if (mode === 'off') expect(wall.statusCode, wall.body).toBe(200);
    else expect(wall.json()).toMatchObject({ code: 'TARIFF_NOT_ALLOWED', tariff: 'proPlus' });
  });

  it('the SSP connector is opened by the tariff, and the ad round asks only for cabinets that may run ads', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const cabinetId = owner.row.cabinetId;
    await t.repos.billing.setTerms(cabinetId, { tariff: 'pro' });
    const playlistId = await createPlaylist(t, owner, 'Ads', await uploadImage(t, owner));
    const connector = (enabled: boolean) =>
      call(t.app, 'POST', `/api/playlist/patch/${playlistId}`, {
        token: owner.token,
        body: { sspConnector: { enabled, mode: 'AUCTION' } },
      });
    const onPro = await connector(true);
    if (mode === 'off') {
      expect(onPro.statusCode, onPro.body).toBe(200);
      expect(await t.services.billing.policy.allows(cabinetId, { feature: 'ssp' })).toBe(true);
      return;
    }
    expect(onPro.statusCode).toBe(403);
    expect(onPro.json()).toMatchObject({ code: 'TARIFF_NOT_ALLOWED', tariff: 'proPlus' });
    // An advertising source alone requests ads too (spec §4): the same refusal.
    const source = await call(t.app, 'POST', `/api/playlist/patch/${playlistId}`, {
      token: owner.token,
      body: { source: 'ADTELLIGENT' },
    });
    expect(source.json()).toMatchObject({ code: 'TARIFF_NOT_ALLOWED', tariff: 'proPlus' });
    // Turning it off (or leaving it off) needs nothing.
    expect((await connector(false)).statusCode).toBe(200);
    expect(await t.services.billing.policy.allows(cabinetId, { feature: 'ssp' })).toBe(false);
    await t.repos.billing.setTerms(cabinetId, { tariff: 'enterprise' });
    expect((await connector(true)).statusCode).toBe(200);
    expect(await t.services.billing.policy.allows(cabinetId, { feature: 'ssp' })).toBe(true);
    // Blocked by the platform admin: no ads are asked for it.
    await t.repos.billing.setTerms(cabinetId, { blocked: true });
    expect(await t.services.billing.policy.allows(cabinetId, { feature: 'ssp' })).toBe(false);
  });

  it('a new API token needs a tariff with API tokens, named by the refusal; revoking stays open', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const token = () =>
      call(t.app, 'POST', '/api/user/post-token', { token: owner.token, body: { name: 'Signage script' } });
    const onFree = await token();
    if (mode === 'off') {
      expect(onFree.statusCode).toBe(200);
    } else {
      expect(onFree.statusCode).toBe(403);
      // The cheapest tariff with API tokens that still plays video.
      expect(onFree.json()).toMatchObject({
        code: 'TARIFF_NOT_ALLOWED',
        message: 'Performing this action is not allowed with current tariff plan',
        hint: 'Please switch to another tariff',
        tariff: 'pro',
      });
    }
    await t.repos.billing.setTerms(owner.row.cabinetId, { tariff: 'pro' });
    const made = await token();
    expect(made.statusCode).toBe(200);
    await t.repos.billing.setTerms(owner.row.cabinetId, { tariff: 'free' });
    const revoked = await call(t.app, 'POST', `/api/user/remove-token/${made.json().id}`, {
      token: owner.token,
    });
    expect(revoked.statusCode).toBe(200);
    // The platform's own cabinet is never billed: the admin makes tokens whatever its tariff.
    expect(
      (await call(t.app, 'POST', '/api/user/post-token', { token: admin.token, body: { name: 'ops' } }))
        .statusCode,
    ).toBe(200);
  });

  it('pairs through the whole flow within the tariff', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const player = await pairPlayer(t, owner);
    expect(player.point.id).toBeGreaterThan(0);
  });
});
