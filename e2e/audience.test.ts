import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { AudienceReport } from '@vitrine/core';
import { apiCall, signInToken, uploadImage } from './support/api.js';
import { launchBrowser } from './support/browser.js';
import { playerCode } from './support/pages.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Measured audience: a native shell on the player's page reports how many people saw a show per hour; the
 * player sends it to the server, and the impressions of that hour's shows follow it.
 */
const ADMIN_PASSWORD = 'Admin-pass-1!';
const HOUR = 3_600_000;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('measured audience', () => {
  it("sends what the native shell measured; the report counts it for that hour's shows", async () => {
    const url = server.url;
    // The hour before this one and this one, on the screen's clock (UTC, the default zone).
    const thisHour = Math.floor(Date.now() / HOUR) * HOUR;
    const lastHour = thisHour - HOUR;
    const samples = [
      // Any instant inside the hour names it, with any offset.
      { hour: new Date(lastHour + 15 * 60_000).toISOString().replace('Z', '+00:00'), viewers: 7 },
      { hour: new Date(thisHour).toISOString(), viewers: 9 },
      // Invalid: the player ignores it rather than have the server refuse the batch.
      { hour: 'soon', viewers: 5 },
    ];

    const context = await browser.newContext({ viewport: { width: 960, height: 540 } });
    // The shell answers its backlog once, then nothing new.
    await context.addInitScript((backlog) => {
      const page = window as unknown as { vitrineNative?: object; audienceCalls?: number };
      page.audienceCalls = 0;
      page.vitrineNative = {
        audience: () => {
          page.audienceCalls = (page.audienceCalls ?? 0) + 1;
          return page.audienceCalls === 1 ? Promise.resolve(backlog) : [];
        },
      };
    }, samples);
    const page = await context.newPage();
    const code = await playerCode(page, url);
    // Unpaired, the shell is not asked.
    expect(await page.evaluate(() => (window as unknown as { audienceCalls: number }).audienceCalls)).toBe(0);

    const token = await signInToken(url, 'admin', ADMIN_PASSWORD);
    const point = await apiCall<{ id: number }>(url, `/point/bind-by-code/${code}`, {
      token,
      body: { name: 'Counted screen' },
    });
    await page.waitForFunction(() => document.body.dataset.state !== 'pairing', undefined, {
      timeout: 30_000,
    });
    // The session asks the shell at once.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { audienceCalls: number }).audienceCalls))
      .toBeGreaterThanOrEqual(1);
    const deviceToken = await page.evaluate(() => localStorage.getItem('vitrine.player.token'));
    expect(deviceToken).toBeTruthy();

    // A show in each of the two hours, reported as the player's proof of play would.
    const fileId = await uploadImage(url, token, 'counted.png', { width: 64, height: 36 });
    const events = [lastHour + 20 * 60_000, thisHour + 1000].map((start) => ({
      eventId: randomUUID(),
      fileId,
      playlistId: null,
      startedAt: new Date(start).toISOString(),
      endedAt: new Date(start + 10_000).toISOString(),
      duration: 10,
    }));
    const played = await fetch(`${url}/api/player/playback`, {
      method: 'POST',
      headers: { authorization: `Bearer ${deviceToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ events }),
    });
    expect(played.status).toBe(200);

    // Whichever arrived first, the shows of each hour count the audience measured in it.
    const query = new URLSearchParams({
      from: new Date(lastHour).toISOString().slice(0, 10),
      to: new Date(thisHour).toISOString().slice(0, 10),
      points: String(point.id),
    });
    const rows = async () =>
      (await apiCall<AudienceReport>(url, `/audience?${query}`, { token })).rows.map((r) => ({
        hour: r.hour,
        shows: r.shows,
        viewers: r.viewers,
        impressions: r.impressions,
        measuredHours: r.measuredHours,
      }));
    await expect.poll(rows, { timeout: 20_000, interval: 500 }).toEqual(
      expect.arrayContaining([
        { hour: new Date(lastHour).getUTCHours(), shows: 1, viewers: 7, impressions: 7, measuredHours: 1 },
        { hour: new Date(thisHour).getUTCHours(), shows: 1, viewers: 9, impressions: 9, measuredHours: 1 },
      ]),
    );
    expect(await rows()).toHaveLength(2);

    // Acknowledged: nothing is left waiting on the screen.
    expect(
      await page.evaluate(() =>
        Object.keys(localStorage).filter((key) => key.startsWith('vitrine.player.audience')),
      ),
    ).toEqual([]);
    await context.close();
  });
});
