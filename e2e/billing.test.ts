import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.js';
import { apiCall, signInToken } from './support/api.js';
import { signIn } from './support/pages.js';
import { freePort } from './support/server.js';
import { spawnServer, type ServerProcess } from './support/server-process.js';
import { STRIPE_KEY, STRIPE_WEBHOOK_SECRET, StripeDouble } from './support/stripe.js';
import { see } from './support/see.js';

/**
 * Billing in the browser (docs/billing.md): a cabinet whose funds cannot pay its screens is locked; its
 * owner recharges through Stripe Checkout (a test double on loopback, the real webhook signature), the
 * cabinet unlocks at once; a screen over the tariff's limit is refused with the spec's words.
 */
const ADMIN_PASSWORD = 'Admin-pass-1!';
const PASSWORD = 'owner-pass-1';
let server: ServerProcess;
let dataDir = '';
let stripe: StripeDouble;
let browser: Browser;
let base = '';
let admin = '';
let owner = '';
let cabinetId = 0;

const pairCode = async () =>
  (
    await apiCall<{ code: string }>(server.url, '/player/pair', {
      body: { deviceKey: randomBytes(32).toString('hex') },
    })
  ).code;

beforeAll(async () => {
  stripe = await new StripeDouble().start();
  const port = await freePort();
  dataDir = await mkdtemp(join(tmpdir(), 'vitrine-e2e-'));
  const env = {
    ADMIN_PASSWORD,
    FULLNESS_WAIT_MS: '20000',
    FULLNESS_WORKERS: '1',
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  };
  // The installation starts with billing off: two screens are paired, charging nobody.
  server = await spawnServer({ port, dataDir, env: { ...env, BILLING: 'off' } });
  admin = await signInToken(server.url, 'admin', ADMIN_PASSWORD);
  await apiCall(server.url, '/user/post', {
    token: admin,
    body: { login: 'cafe-owner', name: 'Carla Owner', password: PASSWORD, role: 'owner' },
  });
  owner = await signInToken(server.url, 'cafe-owner', PASSWORD);
  cabinetId = (await apiCall<{ cabinet: { id: number } }>(server.url, '/cabinet/info', { token: owner }))
    .cabinet.id;
  for (const name of ['Counter', 'Window']) {
    await apiCall(server.url, `/point/bind-by-code/${await pairCode()}`, { token: owner, body: { name } });
  }
  await apiCall(server.url, `/admin/cabinets/${cabinetId}/terms`, { token: admin, body: { tariff: 'pro' } });
  // Then billing is switched on: Pro has one free slot, the other screen pays, from an empty balance.
  await server.kill('SIGTERM');
  server = await spawnServer({
    port,
    dataDir,
    env: { ...env, BILLING: 'on', BILLING_CHARGE_CHECK_SECONDS: '2' },
  });
  stripe.webhookUrl = `${server.url}/api/funds/stripe/webhook`;
  // Stripe returns to PUBLIC_URL (http://localhost:port): the browser starts there too.
  base = server.url.replace('127.0.0.1', 'localhost');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.kill('SIGTERM');
  await rm(dataDir, { recursive: true, force: true });
  await stripe?.stop();
});

async function ownerPage(width: number, dark = false): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 1000 } });
  if (dark) await context.addInitScript(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
  const page = await context.newPage();
  await signIn(page, base, 'cafe-owner', PASSWORD);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  return page;
}

describe('funds in the browser', () => {
  it('a cabinet that cannot pay is locked; the owner recharges through Stripe and it unlocks at once', async () => {
    const page = await ownerPage(1400);
    await expect
      .poll(async () => (await apiCall<{ state: string }>(server.url, '/funds', { token: owner })).state, {
        timeout: 15_000,
      })
      .toBe('locked');
    await page.goto(`${base}/funds`);
    await page.getByText('Locked: no funds').waitFor();
    await page.getByText('Please recharge your balance').waitFor();
    await page.getByText('Up to 100 devices · 1 free slot').first().waitFor();
    await screenshot(page, 'funds-locked-1400');

    await page.getByLabel('Amount, USD').fill('20.00');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('heading', { name: 'Test checkout' }).waitFor();
    await page.getByText('20.00 USD').waitFor();
    await page.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL(/\/funds\/accepted\?session=cs_test_/);
    await page.getByText('Payment accepted', { exact: false }).first().waitFor();
    await page.getByText(/20\.00 USD was added/).waitFor();
    await screenshot(page, 'funds-accepted-1400');

    const funds = await apiCall<{ state: string; balance: number }>(server.url, '/funds', { token: owner });
    expect(funds.state).toBe('active');
    // Credited once though the webhook came three times; today's paying screen charged from it.
    expect(funds.balance).toBeGreaterThan(1900);
    expect(funds.balance).toBeLessThan(2000);
    await page.goto(`${base}/funds`);
    await page.getByText('Active', { exact: true }).waitFor();
    await page.getByRole('cell', { name: 'Top-up' }).waitFor();
    await page.getByRole('cell', { name: 'Daily screen charge' }).waitFor();
    await screenshot(page, 'funds-active-1400');
  });

  it('a screen over the tariff limit is refused with the tariff messages', async () => {
    await apiCall(server.url, `/admin/cabinets/${cabinetId}/terms`, {
      token: admin,
      body: { tariff: 'free' },
    });
    const page = await ownerPage(390, true);
    await page.goto(`${base}/point?bind=${await pairCode()}`);
    const bind = page.getByRole('dialog', { name: 'Add a screen' });
    await bind.getByRole('button', { name: 'Add' }).click();
    // Said under the code in the dialog (the toast says it too).
    await see(
      bind.getByText(
        'Performing this action is not allowed with current tariff plan. Please switch to another tariff: The Pro tariff allows it',
      ),
    ).toBeVisible();
    await screenshot(page, 'funds-tariff-refused-390-dark');
    await page.goto(`${base}/funds`);
    await see(page.getByRole('heading', { name: 'Tariffs' })).toBeVisible();
    await screenshot(page, 'funds-390-dark');
  });

  it('the platform admin sees the cabinet and its ledger in /admin', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await signIn(page, base, 'admin', ADMIN_PASSWORD);
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await page.goto(`${base}/admin`);
    const row = page.getByRole('row').filter({ hasText: 'cafe-owner' });
    await row.getByRole('button', { name: /^Open / }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('cell', { name: 'Top-up' }).waitFor();
    await drawer.getByLabel('Amount, USD').fill('5');
    await drawer.getByLabel('Note').first().fill('Bank transfer 42');
    await drawer.getByRole('button', { name: 'Record' }).click();
    // The entry is in the cabinet's ledger, with its note.
    await see(drawer.getByRole('row').filter({ hasText: 'Bank transfer 42' })).toBeVisible();
    await screenshot(page, 'admin-cabinet-1400');
  });
});
