import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiCall, signInToken } from './support/api.js';
import { launchBrowser, screenshot } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { see } from './support/see.js';

/** A colleague signs in with the company's OpenID provider (a real one on loopback: oauth2-mock-server). */
const ADMIN_PASSWORD = 'Admin-pass-1!';
let provider: OAuth2Server;
let server: RunningServer;
let browser: Browser;
let base: string;
/** Who the provider signs in. */
let signsIn: Record<string, unknown> = {
  sub: 'colleague-1',
  email: 'colleague@company.test',
  email_verified: true,
};

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, signsIn);
  });
  server = await startServer({
    ADMIN_PASSWORD,
    OIDC_ISSUER: provider.issuer.url!,
    OIDC_CLIENT_ID: 'vitrine',
    OIDC_CLIENT_SECRET: 'vitrine-secret',
    OIDC_NAME: 'Company SSO',
  });
  // The provider returns to PUBLIC_URL's /login (http://localhost:port): the browser starts there too.
  base = server.url.replace('127.0.0.1', 'localhost');
  browser = await launchBrowser();
  const admin = await signInToken(server.url, 'admin', ADMIN_PASSWORD);
  await apiCall(server.url, '/user/post', {
    token: admin,
    body: {
      login: 'colleague',
      name: 'A colleague',
      email: 'colleague@company.test',
      password: 'colleague-pass-1',
      role: 'owner',
    },
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await provider?.stop();
});

describe('external sign-in in the browser', () => {
  it('signs in through the provider, and a return with a forged state is silently ignored', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/login?code=stolen&state=forged`);
    await page.getByRole('button', { name: 'Sign in with Company SSO' }).waitFor();
    // The forged return is dropped without a word: still the login page, its query gone, no error shown.
    await see(page).not.toHaveURL(/state=/);
    await see(page).toHaveURL(/\/login$/);
    await see(page.getByRole('alert')).toHaveCount(0);
    await screenshot(page, 'login-external-1400');
    await page.getByRole('button', { name: 'Sign in with Company SSO' }).click();
    await see(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.close();
  });
});

describe('linking from the security page', () => {
  it('links the signed-in account through the provider, then unlinks it', async () => {
    const admin = await signInToken(server.url, 'admin', ADMIN_PASSWORD);
    await apiCall(server.url, '/user/post', {
      token: admin,
      body: {
        login: 'linker',
        name: 'Links later',
        email: 'linker@company.test',
        password: 'linker-pass-1',
        role: 'owner',
      },
    });
    const page = await browser.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel('Login or e-mail').fill('linker');
    await page.getByLabel('Password', { exact: true }).fill('linker-pass-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.goto(`${base}/account-security`);
    const section = page.getByRole('region', { name: 'Sign-in with Company SSO' });
    await section.getByText('Not linked').waitFor();
    // Someone the provider knows by another address: linking needs no verified e-mail, the session proves it.
    signsIn = { sub: 'linker-1', email: 'linker.sso@company.test', email_verified: false };
    await section.getByRole('button', { name: 'Link', exact: true }).click();
    // The provider answers at once and returns to /login, which hands the code on to this page.
    await page.waitForURL((url) => url.search.includes('code='));
    // Playwright keeps waiting on the redirect chain's documents the app left: ask the server, then load anew.
    const token = await signInToken(server.url, 'linker', 'linker-pass-1');
    await expect
      .poll(
        async () => (await apiCall<{ linked: boolean }>(server.url, '/user/oidc/identity', { token })).linked,
        { timeout: 20_000 },
      )
      .toBe(true);
    await page.reload();
    await page.getByText('Linked as linker.sso@company.test').waitFor();
    await screenshot(page, 'security-external-linked-1400');
    await section.getByRole('button', { name: 'Unlink' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('region', { name: 'Sign-in with Company SSO' }).getByText('Not linked').waitFor();
    await page.close();
  });
});
