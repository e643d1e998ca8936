import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaybackEvent } from '@vitrine/core';
import { apiCall, signInToken } from './support/api.js';
import { createDatabase, testDatabaseUrl } from './support/database.js';
import { freePort } from './support/server.js';
import { spawnServer, type ServerProcess } from './support/server-process.js';

/**
 * A kill -9 of the server during ingestion loses no acknowledged row: several players send proof of play
 * back to back, the server process is SIGKILLed mid-stream and started again on the same PostgreSQL
 * database, and every batch whose answer never came is sent again, as the player's queue does.
 */
const ADMIN_PASSWORD = 'Admin-pass-1!';
const BATCH = 200;
const SENDERS_PER_SCREEN = 2;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Screen {
  pointId: number;
  token: string;
}

interface Batch {
  screen: Screen;
  events: PlaybackEvent[];
}

/** Shows every 10 s from a start, spread over a few files and playlists (some of them unknown ids). */
function makeBatch(screen: Screen, startMs: number): Batch {
  const events = Array.from({ length: BATCH }, (_, i): PlaybackEvent => {
    const start = startMs + i * 10_000;
    const duration = 5 + (i % 4) * 2.5;
    return {
      eventId: randomUUID(),
      fileId: 1 + (i % 5),
      playlistId: i % 3 === 0 ? null : 1 + (i % 2),
      startedAt: new Date(start).toISOString(),
      endedAt: new Date(start + duration * 1000).toISOString(),
      duration,
    };
  });
  return { screen, events };
}

async function post(url: string, batch: Batch): Promise<string[] | null> {
  try {
    const res = await fetch(`${url}/api/player/playback`, {
      method: 'POST',
      headers: { authorization: `Bearer ${batch.screen.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ events: batch.events }),
    });
    if (res.status !== 200) return null;
    // Only a whole answer counts: a connection cut while reading it is no ack.
    const body = (await res.json()) as { acked: string[] };
    return body.acked;
  } catch {
    return null;
  }
}

describe.skipIf(!testDatabaseUrl)('proof of play survives a kill -9 of the server (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let databaseUrl: string;
  let dataDir: string;
  let port: number;
  let server: ServerProcess | null = null;
  let db: pg.Client;

  const start = async () =>
    spawnServer({
      port,
      dataDir,
      env: {
        ADMIN_PASSWORD,
        DATABASE_URL: databaseUrl,
        PASSWORD_MEMORY_COST: '1024',
        PASSWORD_TIME_COST: '1',
      },
    });

  beforeAll(async () => {
    database = await createDatabase('vt_crash');
    databaseUrl = database.url;
    dataDir = await mkdtemp(join(tmpdir(), 'vitrine-crash-'));
    port = await freePort();
    server = await start();
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await server?.kill('SIGTERM');
    await db?.end();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** Pairs a screen the way the player does: a code, bound by the admin, claimed for a device token. */
  async function pairScreen(adminToken: string, timezone: string): Promise<Screen> {
    const deviceKey = randomBytes(32).toString('hex');
    const { code } = await apiCall<{ code: string }>(server!.url, '/player/pair', { body: { deviceKey } });
    const point = await apiCall<{ id: number }>(server!.url, `/point/bind-by-code/${code}`, {
      token: adminToken,
      body: {},
    });
    const { token } = await apiCall<{ token: string }>(server!.url, '/player/claim', {
      body: { deviceKey, code },
    });
    await db.query('update points set timezone = $1 where id = $2', [timezone, point.id]);
    return { pointId: point.id, token };
  }

  it('loses no acknowledged row, stores none twice, and the rollup matches the rows', async () => {
    const adminToken = await signInToken(server!.url, 'admin', ADMIN_PASSWORD);
    const screens = [
      await pairScreen(adminToken, 'Europe/Kyiv'),
      await pairScreen(adminToken, 'Asia/Kolkata'),
    ];

    const generated = new Set<string>();
    const acked = new Set<string>();
    const unanswered: Batch[] = [];
    const answered: Batch[] = [];
    let stopping = false;
    const key = (pointId: number, eventId: string) => `${pointId}:${eventId}`;

    // Several players on each screen, back to back; each sender's shows start where its last batch ended.
    const senders = screens.flatMap((screen, s) =>
      Array.from({ length: SENDERS_PER_SCREEN }, async (_, k) => {
        let startMs = Date.UTC(2026, 9, 24, 20, 0) + (s * SENDERS_PER_SCREEN + k) * 7_919;
        while (!stopping) {
          const batch = makeBatch(screen, startMs);
          startMs += BATCH * 10_000 * SENDERS_PER_SCREEN * screens.length;
          for (const e of batch.events) generated.add(key(screen.pointId, e.eventId));
          const ids = await post(server!.url, batch);
          if (ids) {
            for (const id of ids) acked.add(key(screen.pointId, id));
            answered.push(batch);
          } else {
            unanswered.push(batch);
            await sleep(20);
          }
        }
      }),
    );

    // Mid-stream: the players have had answers and have calls in flight.
    while (answered.length < 60) await sleep(10);
    await sleep(Math.random() * 200);
    await server!.kill('SIGKILL');
    const ackedAtKill = acked.size;
    await sleep(300);
    stopping = true;
    await Promise.all(senders);
    expect(unanswered.length).toBeGreaterThan(0);
    expect(ackedAtKill).toBeGreaterThanOrEqual(60 * BATCH);

    // Nothing acknowledged is missing, even before the players resend anything.
    const afterCrash = await db.query<{ point_id: number; event_id: string }>(
      'select point_id, event_id from playbacks',
    );
    const stored = new Set(afterCrash.rows.map((r) => key(r.point_id, r.event_id)));
    const missing = [...acked].filter((k) => !stored.has(k));
    expect(missing).toEqual([]);
    // Calls cut by the kill may have committed without an answer: their resend must not double them.
    const committedUnanswered = unanswered.filter((b) =>
      b.events.some((e) => stored.has(key(b.screen.pointId, e.eventId))),
    ).length;

    server = await start();
    for (const batch of unanswered) {
      const ids = await post(server.url, batch);
      expect(ids?.sort()).toEqual(batch.events.map((e) => e.eventId).sort());
      for (const id of ids!) acked.add(key(batch.screen.pointId, id));
    }
    // An answered batch sent again (its ack lost on the way to the player's storage) changes nothing.
    for (const batch of answered.slice(0, 5)) expect(await post(server.url, batch)).toHaveLength(BATCH);

    const rows = await db.query<{ point_id: number; event_id: string }>(
      'select point_id, event_id from playbacks',
    );
    const keys = rows.rows.map((r) => key(r.point_id, r.event_id));
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(keys)).toEqual(generated);
    expect(acked).toEqual(generated);

    // The rollup, hour by hour in each screen's zone, equals the raw rows, both ways.
    const rollupCheck = `
      with raw as (
        select p.point_id, coalesce(p.playlist_id, 0) as playlist_id, p.file_id,
          date_trunc('hour', p.started_at at time zone pt.timezone) as hour_local,
          count(*)::bigint as shows, sum(p.duration)::numeric as seconds
        from playbacks p join points pt on pt.id = p.point_id
        group by 1, 2, 3, 4),
      rolled as (
        select point_id, playlist_id, file_id, hour_local, sum(shows)::bigint as shows,
          sum(seconds)::numeric as seconds
        from playback_hourly group by 1, 2, 3, 4)
      select (select count(*) from (select * from raw except select * from rolled) a)::int as only_raw,
        (select count(*) from (select * from rolled except select * from raw) b)::int as only_rolled,
        (select count(*) from raw)::int as hours,
        (select sum(shows) from playback_hourly)::bigint as shows,
        (select count(*) from playbacks)::bigint as rows`;
    const check = (await db.query(rollupCheck)).rows[0] as Record<string, string | number>;
    expect(check).toMatchObject({ only_raw: 0, only_rolled: 0 });
    expect(Number(check.hours)).toBeGreaterThan(10);
    expect(Number(check.shows)).toBe(generated.size);
    expect(Number(check.rows)).toBe(generated.size);
    process.stdout.write(
      `proof-crash: ${answered.length} batches answered, ${unanswered.length} unanswered ` +
        `(${committedUnanswered} of them committed before the kill), ${generated.size} events in all\n`,
    );
  }, 180_000);
});
