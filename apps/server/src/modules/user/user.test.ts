import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@vitrine/core';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createCabinet, createUser, PASSWORD } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('user administration (admin)', () => {
  it('creates an owner with a new cabinet, who signs in at once', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const res = await call(t.app, 'POST', '/api/user/post', {
      token: admin.token,
      body: {
        login: 'shopowner',
        name: 'Shop Owner',
        email: 'shop@example.test',
        password: 'shop-pass-1',
        role: 'owner',
      },
    });
    expect(res.statusCode).toBe(200);
    const owner = res.json();
    expect(owner).toMatchObject({ login: 'shopowner', role: 'owner', verified: true, blocked: false });
    const cabinet = await call(t.app, 'GET', `/api/cabinet/${owner.cabinetId}`, { token: admin.token });
    expect(cabinet.json()).toMatchObject({ name: 'Shop Owner', membersCount: 1 });
    const signIn = await call(t.app, 'POST', '/api/user/auth', {
      body: { login: 'shopowner', password: 'shop-pass-1' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('places a member in the cabinet given, and needs a cabinet for non-owners', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const cabinet = await createCabinet(t);
    const placed = await call(t.app, 'POST', '/api/user/post', {
      token: admin.token,
      body: {
        login: 'placed1',
        name: 'Placed',
        password: 'placed-pass-1',
        role: 'observer',
        cabinetId: cabinet.id,
      },
    });
    expect(placed.json()).toMatchObject({ cabinetId: cabinet.id, role: 'observer' });
    const homeless = await call(t.app, 'POST', '/api/user/post', {
      token: admin.token,
      body: { login: 'homeless', name: 'Homeless', password: 'placed-pass-1', role: 'agent' },
    });
    expect(homeless.statusCode).toBe(400);
    expect(homeless.json().fields).toEqual({ cabinetId: 'Required field' });
    const missing = await call(t.app, 'POST', '/api/user/post', {
      token: admin.token,
      body: { login: 'lost1', name: 'Lost', password: 'placed-pass-1', role: 'agent', cabinetId: 999999 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('applies the strict password rule to new admins', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const weak = await call(t.app, 'POST', '/api/user/post', {
      token: admin.token,
      body: { login: 'admin2', name: 'Second admin', password: 'simple-pass-1', role: 'admin' },
    });
    expect(weak.json().fields.password).toMatch(
      /upper and lower case letters, digits and special characters/,
    );
    const strong = await call(t.app, 'POST', '/api/user/post', {
      token: admin.token,
      body: { login: 'admin2', name: 'Second admin', password: 'Strong-pass-1!', role: 'admin' },
    });
    expect(strong.json()).toMatchObject({ role: 'admin' });
  });

  it('lists and filters users across cabinets', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const cabinet = await createCabinet(t);
    await createUser(t, { role: 'agent', cabinetId: cabinet.id });
    await createUser(t, { role: 'observer', cabinetId: cabinet.id });
    const all = await call(t.app, 'GET', '/api/user', {
      token: admin.token,
      query: { cabinetId: String(cabinet.id) },
    });
    expect(all.json().total).toBe(2);
    const agents = await call(t.app, 'GET', '/api/user', {
      token: admin.token,
      query: { cabinetId: String(cabinet.id), role: 'agent' },
    });
    expect(agents.json().users.map((u: { role: string }) => u.role)).toEqual(['agent']);
    const paged = await call(t.app, 'GET', '/api/user', {
      token: admin.token,
      query: { limit: '1', page: '2' },
    });
    expect(paged.json().users).toHaveLength(1);
    expect(paged.json().total).toBeGreaterThan(2);
    const search = await call(t.app, 'GET', '/api/user', {
      token: admin.token,
      query: { search: "%' or 1=1 --" },
    });
    expect(search.json()).toEqual({ users: [], total: 0 });
  });

  it('blocks a user: sessions, tokens and sign-in end', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const target = await createUser(t, { role: 'owner' });
    const res = await call(t.app, 'POST', `/api/user/patch/${target.row.id}`, {
      token: admin.token,
      body: { blocked: true },
    });
    expect(res.json()).toMatchObject({ blocked: true });
    expect((await call(t.app, 'GET', '/api/user/info', { token: target.token })).statusCode).toBe(401);
    expect(
      (await call(t.app, 'POST', '/api/user/refresh', { body: { refreshToken: target.refreshToken } }))
        .statusCode,
    ).toBe(401);
    const signIn = await call(t.app, 'POST', '/api/user/auth', {
      body: { login: target.login, password: PASSWORD },
    });
    expect(signIn.json().code).toBe('USER_BLOCKED');
  });

  it('changes a role: the sessions of the old role end at once, the next sign-in has the new one', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const target = await createUser(t, { role: 'observer' });
    expect((await call(t.app, 'GET', '/api/user/account', { token: target.token })).statusCode).toBe(403);
    const res = await call(t.app, 'PATCH', `/api/user/patch/${target.row.id}`, {
      token: admin.token,
      body: { role: 'moderator' },
    });
    expect(res.json().role).toBe('moderator');
    expect((await call(t.app, 'GET', '/api/user/account', { token: target.token })).statusCode).toBe(401);
    const signIn = await call(t.app, 'POST', '/api/user/auth', {
      body: { login: target.login, password: target.password },
    });
    const token = signIn.json().token as string;
    expect((await call(t.app, 'GET', '/api/user/account', { token })).statusCode).toBe(200);
  });

  it('an admin can neither block themself nor move between admin and cabinet roles', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const self = await call(t.app, 'POST', `/api/user/patch/${admin.row.id}`, {
      token: admin.token,
      body: { blocked: true },
    });
    expect(self.statusCode).toBe(403);
    // The refusal names the field it is about, so the form (and the notice) can say why.
    expect(self.json()).toEqual({
      message: MESSAGES.selfChange,
      code: 'FORBIDDEN',
      fields: { blocked: MESSAGES.selfChange },
    });
    const owner = await createUser(t, { role: 'owner' });
    const promote = await call(t.app, 'POST', `/api/user/patch/${owner.row.id}`, {
      token: admin.token,
      body: { role: 'admin' },
    });
    expect(promote.statusCode).toBe(400);
  });

  it('refuses a taken login', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const existing = await createUser(t, { role: 'owner' });
    const res = await call(t.app, 'POST', '/api/user/post', {
      token: admin.token,
      body: { login: existing.login.toUpperCase(), name: 'Dup', password: 'dup-pass-1', role: 'owner' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({ login: 'Login already taken' });
  });
});
