import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackerDeliveries } from '../../db/schema.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createTeam } from '../../test/factories.js';
import { uploadImage } from '../../test/media.js';
import { pairPlayer } from '../../test/player.js';

/**
 * A playlist's tracking pixel (spec §3): called once per stored show with its macros filled in, retried
 * with backoff, given up on a refusal, never sent to a private address the operator did not allow.
 */
let t: TestApp;
let web: Server;
let port: number;
let team: Awaited<ReturnType<typeof createTeam>>;
/** Every hit the tracker server received, by path. */
const hits: { path: string; query: URLSearchParams; agent: string | undefined }[] = [];
/** Answers queued per path (default 204). */
const answers = new Map<string, number[]>();

beforeAll(async () => {
  web = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    hits.push({ path: url.pathname, query: url.searchParams, agent: req.headers['user-agent'] });
    const queued = answers.get(url.pathname);
    res.writeHead(queued?.shift() ?? 204);
    res.end();
  });
  await new Promise<void>((resolve) => web.listen(0, '0.0.0.0', resolve));
  port = (web.address() as AddressInfo).port;
  // The operator allows one intranet address (127.0.0.2 plays it); 127.0.0.1 stays refused.
  t = await buildTestApp({ OUTBOUND_ALLOW: '127.0.0.2' });
  team = await createTeam(t);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => web.close(resolve));
});

async function showsOf(pixel: string, count: number) {
  const fileId = await uploadImage(t, team.owner, `tracked-${randomUUID().slice(0, 8)}.png`);
  const { token, point } = await pairPlayer(t, team.owner, 'Tracked screen');
  const playlist = (
    await call(t.app, 'POST', '/api/playlist/post', {
      token: team.owner.token,
      body: { name: 'Tracked', files: [{ fileId, duration: 10 }], points: [point.id], pixel },
    })
  ).json() as { id: number };
  const start = Date.now() - 3_600_000;
  const events = Array.from({ length: count }, (_, i) => ({
    eventId: randomUUID(),
    fileId,
    playlistId: playlist.id,
    startedAt: new Date(start + i * 10_000).toISOString(),
    endedAt: new Date(start + i * 10_000 + 9_500).toISOString(),
    duration: 9.5,
  }));
  const send = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/player/playback',
      headers: { authorization: `Bearer ${token}` },
      payload: { events },
    });
  return { events, send, point, playlist, fileId };
}

const hitsAt = (path: string) => hits.filter((h) => h.path === path);
const rowsOf = (eventId: string) =>
  t.database.db.select().from(trackerDeliveries).where(eq(trackerDeliveries.eventId, eventId));

describe('tracking pixels', () => {
  it('calls the pixel once per show, macros filled in, however often the screen resends', async () => {
    const { events, send, point, playlist, fileId } = await showsOf(
      `http://127.0.0.2:${port}/once?e={EVENT_ID}&s={SCREEN_ID}&p={PLAYLIST_ID}&f={FILE_ID}&d={DURATION}&at={STARTED_AT}`,
      3,
    );
    for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(200);
    expect(await t.services.trackers.deliverDue()).toEqual({ delivered: 3, retried: 0, failed: 0 });
    await send();
    expect(await t.services.trackers.deliverDue()).toEqual({ delivered: 0, retried: 0, failed: 0 });
    const got = hitsAt('/once');
    expect(got).toHaveLength(3);
    expect(got.map((h) => h.query.get('e')).sort()).toEqual(events.map((e) => e.eventId).sort());
    const first = got.find((h) => h.query.get('e') === events[0]!.eventId)!;
    expect(Object.fromEntries(first.query)).toMatchObject({
      s: String(point.id),
      p: String(playlist.id),
      f: String(fileId),
      d: '9.5',
      at: events[0]!.startedAt,
    });
    expect(first.agent).toBe('Vitrine tracking');
    expect((await rowsOf(events[0]!.eventId))[0]).toMatchObject({
      status: 'done',
      attempts: 1,
      lastStatus: 204,
    });
  });

  it('tries again after a server error, with backoff, and gives up on a refusal', async () => {
    answers.set('/flaky', [503]);
    answers.set('/gone', [404]);
    const flaky = await showsOf(`http://127.0.0.2:${port}/flaky?e={EVENT_ID}`, 1);
    const gone = await showsOf(`http://127.0.0.2:${port}/gone?e={EVENT_ID}`, 1);
    await flaky.send();
    await gone.send();
    expect(await t.services.trackers.deliverDue()).toEqual({ delivered: 0, retried: 1, failed: 1 });
    const [waiting] = await rowsOf(flaky.events[0]!.eventId);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastStatus: 503 });
    // Not due yet: the backoff holds it.
    expect(waiting!.nextAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(await t.services.trackers.deliverDue()).toEqual({ delivered: 0, retried: 0, failed: 0 });
    await t.database.db
      .update(trackerDeliveries)
      .set({ nextAt: new Date(Date.now() - 1000) })
      .where(eq(trackerDeliveries.id, waiting!.id));
    expect(await t.services.trackers.deliverDue()).toEqual({ delivered: 1, retried: 0, failed: 0 });
    expect(hitsAt('/flaky')).toHaveLength(2);
    expect(hitsAt('/gone')).toHaveLength(1);
    expect((await rowsOf(gone.events[0]!.eventId))[0]).toMatchObject({ status: 'failed', lastStatus: 404 });
  });

  it('never calls a private address the operator did not allow', async () => {
    const before = hits.length;
    const local = await showsOf(`http://127.0.0.1:${port}/private?e={EVENT_ID}`, 1);
    await local.send();
    expect(await t.services.trackers.deliverDue()).toEqual({ delivered: 0, retried: 0, failed: 1 });
    expect(hits.length).toBe(before);
    expect((await rowsOf(local.events[0]!.eventId))[0]).toMatchObject({ status: 'failed' });
  });

  it('refuses a pixel that is not an http(s) address', async () => {
    const res = await call(t.app, 'POST', '/api/playlist/post', {
      token: team.owner.token,
      body: { name: 'Bad pixel', pixel: 'javascript:alert(1)' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      fields: { pixel: 'The tracking pixel must be an http:// or https:// address' },
    });
  });
});
