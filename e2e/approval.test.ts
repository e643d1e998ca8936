import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Playlist, PlaylistVersions } from '@vitrine/core';
import { launchBrowser, screenshot } from './support/browser.js';
import { apiCall, signInToken, uploadImage } from './support/api.js';
import { pickFiles, signIn } from './support/pages.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Approval that shows what changed: the owner turns approval on, a content manager edits a playlist and
 * keeps seeing their own waiting version, the owner compares it with the approved one side by side and
 * rejects it with a reason the manager then reads; the manager's next version is approved.
 */
const ADMIN_PASSWORD = 'Admin-pass-1!';
const PASSWORD = 'member-pass-1';
const REASON = 'Use the spring photo, not the coffee one';
let server: RunningServer;
let browser: Browser;
let ownerToken = '';
let playlistId = 0;

beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD, PAIRING_RATE: '1000' });
  browser = await launchBrowser();
  const admin = await signInToken(server.url, 'admin', ADMIN_PASSWORD);
  await apiCall(server.url, '/user/post', {
    token: admin,
    body: { login: 'shop-owner', name: 'Olga Owner', password: PASSWORD, role: 'owner' },
  });
  ownerToken = await signInToken(server.url, 'shop-owner', PASSWORD);
  await apiCall(server.url, '/cabinet/add-member', {
    token: ownerToken,
    body: { login: 'shop-manager', name: 'Marco Manager', password: PASSWORD, role: 'contentManager' },
  });
  const morning = await uploadImage(server.url, ownerToken, 'morning.png', { color: '#f08c00' });
  await uploadImage(server.url, ownerToken, 'coffee.png', { color: '#5c940d' });
  const deviceKey = randomBytes(32).toString('hex');
  const { code } = await apiCall<{ code: string }>(server.url, '/player/pair', { body: { deviceKey } });
  const screen = await apiCall<{ id: number }>(server.url, `/point/bind-by-code/${code}`, {
    token: ownerToken,
    body: { name: 'Lobby screen' },
  });
  playlistId = (
    await apiCall<{ id: number }>(server.url, '/playlist/post', {
      token: ownerToken,
      body: { name: 'Lobby loop', points: [screen.id], files: [{ fileId: morning, duration: 10 }] },
    })
  ).id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(login: string, width = 1400, dark = false, height = 1000): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  if (dark) await context.addInitScript(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
  const page = await context.newPage();
  await signIn(page, server.url, login, PASSWORD);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  return page;
}

const versions = () =>
  apiCall<PlaylistVersions>(server.url, `/playlist/versions/${playlistId}`, { token: ownerToken });
const nameField = (page: Page) => page.getByLabel('Name', { exact: true });

async function openEditor(page: Page, name: string): Promise<void> {
  await page.goto(`${server.url}/playlist/${playlistId}`);
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

/** The owner's review dialog, opened from the editor, once it shows its count of changes. */
async function openReview(page: Page, changes: string) {
  await openEditor(page, 'Lobby loop');
  await page.getByRole('button', { name: 'Review changes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Changes to Lobby loop' });
  await dialog.getByText(changes).waitFor();
  return dialog;
}

describe('approval in the browser', () => {
  // The owner's and the manager's signed-in pages, kept from one step of the story to the next.
  let owner: Page;
  let manager: Page;

  it('shows the manager their waiting version and the owner the diff', async () => {
    owner = await signedIn('shop-owner');
    await owner.goto(`${server.url}/account-members`);
    const approval = owner.getByLabel(
      'Playlist changes by content managers and advertising agents wait for my approval',
    );
    // The switch follows the server's answer, so it turns on once the cabinet has approval on.
    await approval.click();
    await expect.poll(() => approval.isChecked()).toBe(true);
    await owner.getByText('Marco Manager').waitFor();

    // The manager renames the playlist, adds a file and leaves Sunday out.
    manager = await signedIn('shop-manager');
    await openEditor(manager, 'Lobby loop');
    await nameField(manager).fill('Lobby loop, spring');
    await pickFiles(manager, 0, ['coffee.png']);
    await manager.getByRole('group', { name: 'Days of the week' }).getByText('Sun', { exact: true }).click();
    await manager.getByRole('button', { name: 'Save' }).click();
    await manager.getByRole('alert').filter({ hasText: 'Approve requested' }).first().waitFor();
    // Their own version, with its state, also after a reload; screens keep the approved one.
    for (const reload of [false, true]) {
      if (reload) await manager.reload();
      await manager.getByRole('heading', { name: 'Lobby loop, spring', level: 1 }).waitFor();
      expect(await nameField(manager).inputValue()).toBe('Lobby loop, spring');
      await manager.getByRole('button', { name: 'Remove coffee.png from the playlist' }).waitFor();
      await manager.getByText('You are editing your version, which waits for approval.').waitFor();
    }
    expect((await versions()).approved.name).toBe('Lobby loop');
    await screenshot(manager, 'approval-requested-1400');

    // The owner sees it waiting in the list, then the diff.
    await owner.goto(`${server.url}/playlist`);
    await owner.getByText('1 playlist waits for your approval').waitFor();
    const dialog = await openReview(owner, '3 fields changed');
    await dialog.getByText('Change by Marco Manager').waitFor();
    const nameRow = dialog.getByRole('row', { name: /^Name/ });
    expect(await nameRow.getAttribute('data-changed')).toBe('true');
    expect(await nameRow.innerText()).toMatch(/Lobby loop\s+Lobby loop, spring/);
    const filesRow = dialog.getByRole('row', { name: /^Files(?! order)/ });
    await filesRow.locator('ins', { hasText: 'coffee.png, 10 s' }).waitFor();
    const daysRow = dialog.getByRole('row', { name: /^Days of the week/ });
    await daysRow.locator('del', { hasText: 'Sun' }).waitFor();
    expect(await dialog.getByRole('row', { name: /^End/ }).getAttribute('data-changed')).toBeNull();
    expect(await dialog.getByRole('row', { name: /^Screens/ }).innerText()).toContain('Lobby screen');
  });

  it('shows the review light and dark, wide and on a phone, the decision in reach', async () => {
    // One signed-in page, its size and scheme changed between rounds.
    const page = await signedIn('shop-owner', 1400, false, 2300);
    for (const [width, dark] of [
      [1400, false],
      [1400, true],
      [390, false],
      [390, true],
    ] as const) {
      // Tall enough for the whole comparison to show in the screenshot.
      await page.setViewportSize({ width, height: width === 390 ? 3800 : 2300 });
      await page.evaluate(
        (scheme) => localStorage.setItem('mantine-color-scheme-value', scheme),
        dark ? 'dark' : 'light',
      );
      const review = await openReview(page, '3 fields changed');
      // On a phone one card per field replaces the table.
      if (width === 390) await review.getByRole('region', { name: 'Name' }).waitFor();
      await screenshot(page, `approval-diff-${width}${dark ? '-dark' : ''}`);
      if (width === 390) {
        // On a phone-sized screen the decision stays in reach below a long comparison.
        await page.setViewportSize({ width, height: 844 });
        const approve = await review.getByRole('button', { name: 'Approve' }).boundingBox();
        expect(approve!.y + approve!.height).toBeLessThanOrEqual(844);
        await page.setViewportSize({ width, height: 3800 });
        await review.getByLabel('Only what changed').check();
        await screenshot(page, `approval-diff-${width}${dark ? '-dark' : ''}-changed`);
      }
    }
    await page.context().close();
  });

  it('rejects with a reason that the manager then reads', async () => {
    const dialog = await openReview(owner, '3 fields changed');
    await dialog.getByLabel('Reason for rejecting (optional)').fill(REASON);
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await owner.getByRole('heading', { name: 'Lobby loop', level: 1 }).waitFor();
    await expect.poll(() => owner.getByRole('button', { name: 'Review changes' }).count()).toBe(0);

    // The manager reads the reason; the editor is back on the approved version.
    await manager.reload();
    await manager.getByRole('heading', { name: 'Lobby loop', level: 1 }).waitFor();
    await manager.getByText(`Rejected: ${REASON}`).waitFor();
    await manager.getByText('Rejected by Olga Owner').waitFor();
    expect(await nameField(manager).inputValue()).toBe('Lobby loop');
    await screenshot(manager, 'approval-rejected-1400');
    await owner.context().close();
    await manager.context().close();
  });

  it('approves the manager’s next version from the list, and the reason is gone once they edit again', async () => {
    const manager = await signedIn('shop-manager');
    await openEditor(manager, 'Lobby loop');
    await nameField(manager).fill('Lobby loop, summer');
    await manager.getByRole('button', { name: 'Save' }).click();
    await manager.getByRole('heading', { name: 'Lobby loop, summer', level: 1 }).waitFor();
    await manager.getByText('You are editing your version, which waits for approval.').waitFor();
    expect(await manager.getByText(`Rejected: ${REASON}`).count()).toBe(0);

    const owner = await signedIn('shop-owner');
    await owner.goto(`${server.url}/playlist`);
    await owner.getByRole('button', { name: 'Actions for Lobby loop' }).click();
    await owner.getByRole('menuitem', { name: 'Review changes' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Changes to Lobby loop' });
    await dialog.getByText('1 field changed').waitFor();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await owner.getByRole('link', { name: 'Lobby loop, summer' }).waitFor();
    expect(await owner.getByText('1 playlist waits for your approval').count()).toBe(0);

    const saved = await apiCall<Playlist>(server.url, `/playlist/${playlistId}`, { token: ownerToken });
    expect(saved).toMatchObject({ name: 'Lobby loop, summer', approved: true, pendingChange: null });
    await manager.reload();
    await manager.getByRole('heading', { name: 'Lobby loop, summer', level: 1 }).waitFor();
    await expect
      .poll(() => manager.getByText('You are editing your version, which waits for approval.').count())
      .toBe(0);
    await owner.context().close();
    await manager.context().close();
  });
});
