import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createCabinet, createUser } from '../../test/factories.js';

describe('white-label brands', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      BRAND: 'modern',
      IMPRESSIONS_MANAGER_LOGINS: 'boss-one, boss-two',
      KNOWLEDGE_BASE_URL: 'https://kb.example.test/',
      SUPPORT_CHAT_SCRIPT_URL: 'https://chat.example.test/widget.js',
    });
  });
  afterAll(() => t.close());

  it('answers the brand and its endpoints before sign-in', async () => {
    const res = await call(t.app, 'GET', '/api/brand');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      brand: 'modern',
      isCore: false,
      title: 'Modern Signage',
      knowledgeBaseUrl: 'https://kb.example.test/',
      supportChatScriptUrl: 'https://chat.example.test/widget.js',
      clarityProjectId: null,
      playerDownloads: {},
    });
  });

  it('allows the configured chat script and nothing else third-party', async () => {
    const csp = String((await call(t.app, 'GET', '/api/brand')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://chat.example.test");
    expect(csp).not.toContain('clarity');
  });

  it('outside the core brand, Impressions belongs to the named managers only', async () => {
    const cabinet = await createCabinet(t);
    const owner = await createUser(t, { role: 'owner', cabinetId: cabinet.id });
    const scope = (await call(t.app, 'GET', '/api/user/info', { token: owner.token })).json()
      .scope as string[];
    expect(scope).not.toContain('impressions');
    expect(scope).not.toContain('knowledgeBase');

    const manager = await t.services.users.addMember(
      { userId: owner.row.id, cabinetId: cabinet.id, role: 'owner', login: owner.login, via: 'session' },
      { login: 'boss-two', name: 'Boss', password: 'boss-pass-1', role: 'moderator' },
    );
    const signIn = await call(t.app, 'POST', '/api/user/auth', {
      body: { login: manager.login, password: 'boss-pass-1' },
    });
    const managerScope = (await call(t.app, 'GET', '/api/user/info', { token: signIn.json().token })).json()
      .scope;
    expect(managerScope).toContain('impressions');
  });
});

describe('the core brand', () => {
  it('is the default, and keeps Impressions for its roles', async () => {
    const t = await buildTestApp();
    try {
      expect((await call(t.app, 'GET', '/api/brand')).json()).toMatchObject({
        brand: 'default',
        isCore: true,
        title: 'Vitrine',
      });
      const moderator = await createUser(t, { role: 'moderator' });
      const scope = (await call(t.app, 'GET', '/api/user/info', { token: moderator.token })).json().scope;
      expect(scope).toContain('impressions');
    } finally {
      await t.close();
    }
  });
});
