import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createTeam, createUser, PASSWORD } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('members (owner)', () => {
  it('lists the cabinet and its members', async () => {
    const team = await createTeam(t);
    const res = await call(t.app, 'GET', '/api/cabinet/info', { token: team.owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().cabinet).toMatchObject({ id: team.cabinet.id, membersCount: 5 });
    expect(
      res
        .json()
        .members.map((m: { role: string }) => m.role)
        .sort(),
    ).toEqual(['agent', 'contentManager', 'moderator', 'observer', 'owner']);
  });

  it('adds a member of each member role, who signs in with that role', async () => {
    const owner = await createUser(t, { role: 'owner' });
    for (const role of ['moderator', 'contentManager', 'agent', 'observer']) {
      const login = `m-${role}-${owner.row.id}`;
      const res = await call(t.app, 'POST', '/api/cabinet/add-member', {
        token: owner.token,
        body: { login, name: role, password: 'member-pass-1', role },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ cabinetId: owner.row.cabinetId, role, verified: true });
      const signIn = await call(t.app, 'POST', '/api/user/auth', {
        body: { login, password: 'member-pass-1' },
      });
      const info = await call(t.app, 'GET', '/api/user/info', { token: signIn.json().token });
      expect(info.json().user.role).toBe(role);
    }
  });

  it('never adds an admin or a second owner', async () => {
    const owner = await createUser(t, { role: 'owner' });
    for (const role of ['admin', 'owner']) {
      const res = await call(t.app, 'POST', '/api/cabinet/add-member', {
        token: owner.token,
        body: { login: `x${role}${owner.row.id}`, name: 'X', password: 'member-pass-1', role },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ role: 'Invalid data' });
    }
  });

  it('removing a member ends their sessions and tokens', async () => {
    const team = await createTeam(t);
    const apiToken = (
      await call(t.app, 'POST', '/api/user/post-token', {
        token: team.moderator.token,
        body: { name: 'mine' },
      })
    ).json().token;
    const res = await call(t.app, 'POST', `/api/cabinet/remove-member/${team.moderator.row.id}`, {
      token: team.owner.token,
    });
    expect(res.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/user/info', { token: team.moderator.token })).statusCode).toBe(
      401,
    );
    expect((await call(t.app, 'GET', '/api/user/info', { token: apiToken })).statusCode).toBe(401);
    expect(
      (
        await call(t.app, 'POST', '/api/user/refresh', {
          body: { refreshToken: team.moderator.refreshToken },
        })
      ).statusCode,
    ).toBe(401);
    const signIn = await call(t.app, 'POST', '/api/user/auth', {
      body: { login: team.moderator.login, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it('an owner cannot remove themself', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const res = await call(t.app, 'POST', `/api/cabinet/remove-member/${owner.row.id}`, {
      token: owner.token,
    });
    expect(res.json()).toEqual({ message: 'You can not remove yourself', code: 'CANNOT_REMOVE_SELF' });
  });
});

describe('cabinets across tenants', () => {
  it("another cabinet's member and cabinet are not found", async () => {
    const mine = await createTeam(t);
    const theirs = await createTeam(t);
    const remove = await call(t.app, 'POST', `/api/cabinet/remove-member/${theirs.agent.row.id}`, {
      token: mine.owner.token,
    });
    expect(remove.statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/user/info', { token: theirs.agent.token })).statusCode).toBe(200);
    for (const who of [mine.owner, mine.observer]) {
      const res = await call(t.app, 'GET', `/api/cabinet/${theirs.cabinet.id}`, { token: who.token });
      expect(res.statusCode).toBe(404);
      expect(
        (await call(t.app, 'GET', `/api/cabinet/${mine.cabinet.id}`, { token: who.token })).statusCode,
      ).toBe(200);
    }
    const list = await call(t.app, 'GET', '/api/cabinet', { token: mine.moderator.token });
    expect(list.json().cabinets.map((c: { id: number }) => c.id)).toEqual([mine.cabinet.id]);
  });

  it('the admin lists customer cabinets and changes tariff, discount and the blocked flag', async () => {
    const team = await createTeam(t);
    const list = await call(t.app, 'GET', '/api/cabinet', {
      token: team.admin.token,
      query: { limit: '1000' },
    });
    const ids = list.json().cabinets.map((c: { id: number }) => c.id);
    expect(ids).toContain(team.cabinet.id);
    const platform = await t.repos.cabinets.findPlatform();
    expect(ids).not.toContain(platform!.id);

    const res = await call(t.app, 'POST', `/api/cabinet/patch/${team.cabinet.id}`, {
      token: team.admin.token,
      body: { tariff: 'pro', discount: 15, blocked: true, note: 'Contract 42' },
    });
    expect(res.json()).toMatchObject({ tariff: 'pro', discount: 15, blocked: true });
    // Every change of terms is in the cabinet's ledger, with who made it and why.
    const history = await call(t.app, 'GET', `/api/admin/cabinets/${team.cabinet.id}/ledger`, {
      token: team.admin.token,
    });
    expect(history.json().entries).toEqual([
      expect.objectContaining({
        reason: 'change',
        amount: 0,
        note: 'Contract 42',
        actor: team.admin.login,
        terms: {
          tariff: { from: 'free', to: 'pro' },
          nonCommercialPercent: { from: 0, to: 15 },
          blocked: true,
        },
      }),
    ]);
    // Saving the same terms again records nothing; a rename is not a billing change.
    await call(t.app, 'POST', `/api/cabinet/patch/${team.cabinet.id}`, {
      token: team.admin.token,
      body: { tariff: 'pro', name: 'Renamed' },
    });
    const again = await call(t.app, 'GET', `/api/admin/cabinets/${team.cabinet.id}/ledger`, {
      token: team.admin.token,
    });
    expect(again.json().total).toBe(1);
    const unblock = await call(t.app, 'PATCH', `/api/cabinet/patch/${team.cabinet.id}`, {
      token: team.admin.token,
      body: { blocked: false },
    });
    expect(unblock.json()).toMatchObject({ name: 'Renamed', blocked: false, tariff: 'pro' });
    const last = await call(t.app, 'GET', `/api/admin/cabinets/${team.cabinet.id}/ledger`, {
      token: team.admin.token,
    });
    expect(last.json().entries[0]).toMatchObject({
      reason: 'change',
      actor: team.admin.login,
      terms: { blocked: false },
    });
    const bad = await call(t.app, 'POST', `/api/cabinet/patch/${team.cabinet.id}`, {
      token: team.admin.token,
      body: { discount: 51 },
    });
    expect(bad.statusCode).toBe(400);
    const owner = await call(t.app, 'POST', `/api/cabinet/patch/${team.cabinet.id}`, {
      token: team.owner.token,
      body: { blocked: false },
    });
    expect(owner.statusCode).toBe(403);
  });
});
