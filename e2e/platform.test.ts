import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.js';
import { see } from './support/see.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The password the first start printed, as a newcomer reads it off the terminal. */
function printedPassword(): string {
  const match = /Sign in as 'admin' with the password (\S+)/.exec(server.output());
  if (!match?.[1]) throw new Error(`no password printed:\n${server.output()}`);
  return match[1];
}

describe('a newcomer on a fresh start', () => {
  it('prints the URL and how to sign in', () => {
    expect(server.output()).toContain(`Vitrine is running at http://localhost:`);
    expect(server.output()).toMatch(/API documentation: \S+\/api\/docs/);
    expect(printedPassword().length).toBeGreaterThanOrEqual(12);
  });

  for (const width of [1400, 800]) {
    it(`signs in as the printed admin and out again (${width} px)`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${server.url}/`);
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await screenshot(page, `login-${width}`);

      await page.getByLabel('Login or e-mail').fill('admin');
      await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').filter({ hasText: 'User not found' }).waitFor();

      await page.getByLabel('Password', { exact: true }).fill(printedPassword());
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      expect(await page.getByTestId('profile').innerText()).toMatch(/admin\s+admin/);
      await screenshot(page, `home-${width}`);

      // The session survives a reload: tokens are kept and the user fetched again.
      await page.reload();
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Exit' }).click();
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await context.close();
    });
  }

  it('shows the required-field message without calling the server', async () => {
    const page = await browser.newPage();
    const signIns: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/user/auth') signIns.push(request.method());
    });
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The form's schema is loaded on first use (the sign-in page carries no zod), then it checks the fields.
    await see(page.getByText('Required field')).toHaveCount(2);
    expect(signIns).toEqual([]);
    await page.close();
  });

  it('serves the app on locale-prefixed paths, in that language', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/ua/login`);
    await page.getByRole('heading', { name: 'Вхід' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('uk');
    await screenshot(page, 'login-ua');
    await page.close();
  });

  it('answers unknown API paths with JSON 404 and serves the OpenAPI document', async () => {
    const page = await browser.newPage();
    const api = await page.goto(`${server.url}/api/no-such-thing`);
    expect(api?.status()).toBe(404);
    expect(await api?.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    const docs = await page.goto(`${server.url}/api/docs/json`);
    const spec = (await docs?.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths)).toContain('/api/user/auth');
    await page.close();
  });
});
