import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { CabinetId } from '../apps/server/src/db/cabinet-id.js';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { createTransact } from '../apps/server/src/db/repositories.js';
import { sspAds } from '../apps/server/src/db/schema.js';
import { PasswordHasher } from '../apps/server/src/lib/password.js';
import { ensurePlatformAdmin } from '../apps/server/src/modules/system/bootstrap.service.js';
import { bidderSupplier, startFakeSuppliers, type FakeSuppliers } from '../apps/server/src/test/ssp-fakes.js';
import { freePort } from '../e2e/support/server.js';
import { spawnServer, type ServerProcess } from '../e2e/support/server-process.js';
import { adminCabinetId, benchDatabase, buildServer, cleanups, sleep } from './support.js';

/**
 * bench/ssp (`npm run bench -- ssp`, docs/ssp.md): the ad round for SCREENS screens, each with every SSP
 * field set and one slot to fill, against a fake OpenRTB 2.6 bidder on loopback (the test support's, which
 * records every hit). After an unmeasured warm-up round, two rounds: the baseline with a bidder answering at
 * once (what the server itself costs), then one answering after DELAY_MS plus up to JITTER_MS (a real
 * bidder's latency). Printed per round: its time, bid requests per second (against the ideal the round's
 * parallelism allows at that latency), and each screen's decision time — from its bid request's arrival
 * at the bidder to its win notice's, so the bidder's wait, the creative's download and checks, and the
 * ad's record.
 *
 * Then the trackers: every won ad's show is reported (the playback ingest queues its billing notice and
 * impression tracker on the outbox), the in-process app closes, the built server starts on the same
 * database and sends them (every 5 s, 50 a batch); it is killed with SIGKILL when a quarter has arrived and
 * started again. Printed: calls expected, arrived once, arrived twice (a call in flight at the kill is sent
 * again after its 60 s lease: at-least-once by design), missing, and the delivery rate before the kill and
 * after the restart.
 *
 * PostgreSQL: BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test); a
 * database `vt_bench_<random>` is made and dropped. Knobs: BENCH_SSP_SCREENS (1000), BENCH_SSP_DELAY_MS
 * (80), BENCH_SSP_JITTER_MS (70).
 */
const SCREENS = Number(process.env.BENCH_SSP_SCREENS ?? 1000);
const DELAY_MS = Number(process.env.BENCH_SSP_DELAY_MS ?? 80);
const JITTER_MS = Number(process.env.BENCH_SSP_JITTER_MS ?? 70);
/** AdService's screens asked side by side (ad.service.ts, PARALLEL). */
const ROUND_PARALLEL = 16;
const ADMIN_PASSWORD = 'Bench-admin-1!';
const VIEWERS = 30.3;

const q = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
};

interface Round {
  seconds: number;
  requests: number;
  won: number;
  missed: number;
  decisions: number[];
}

/** One round as of `now`, timed; each screen's decision from its bid request to its win notice. */
async function round(
  run: (now: Date) => Promise<{ won: number; missed: Record<string, number | undefined> }>,
  fake: FakeSuppliers,
  now: Date,
): Promise<Round> {
  const from = fake.hits.length;
  const t0 = performance.now();
  const result = await run(now);
  const seconds = (performance.now() - t0) / 1000;
  // Win notices are called after the record, without waiting: let the last ones land.
  await sleep(1000);
  const hits = fake.hits.slice(from);
  const asked = new Map<string, number>();
  for (const h of hits.filter((x) => x.path === '/openrtb')) {
    for (const imp of (JSON.parse(h.body) as { imp: { id: string }[] }).imp) asked.set(imp.id, h.at);
  }
  const decisions = hits
    .filter((h) => h.path === '/nurl')
    .flatMap((h) => {
      const start = asked.get(h.query.get('imp') ?? '');
      return start === undefined ? [] : [h.at - start];
    });
  return {
    seconds,
    requests: hits.filter((h) => h.path === '/openrtb').length,
    won: result.won,
    missed: Object.values(result.missed).reduce<number>((a, b) => a + (b ?? 0), 0),
    decisions,
  };
}

async function seedScreens(
  databaseUrl: string,
  count: number,
): Promise<{ cabinetId: number; ids: number[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const cabinetId = await adminCabinetId(client);
    const rows = await client.query<{ id: number }>(
      `insert into points (cabinet_id, name, uid, device_token_hash, address, latitude, longitude, photo_key,
         audience, playback_cost)
       select $1, 'bench screen ' || i, 'VS-' || lpad(i::text, 7, '0'), md5(random()::text || i),
         i || ' Bench Street', 50 + (i % 100) / 1000.0, 30 + (i % 77) / 1000.0, 'bench/photo.png',
         jsonb_build_object('viewers', ${VIEWERS}, 'perHour', null), 100
       from generate_series(1, $2) as i
       returning id`,
      [cabinetId, count],
    );
    await client.query('analyze points');
    return { cabinetId, ids: rows.rows.map((r) => r.id).sort((a, b) => a - b) };
  } finally {
    await client.end();
  }
}

export async function sspBenchmark(): Promise<string[]> {
  const undo = cleanups();
  const notes: string[] = [];
  try {
    buildServer(notes);
    const databaseUrl = await benchDatabase(undo);
    const dataDir = await mkdtemp(join(tmpdir(), 'vitrine-ssp-bench-'));
    undo.push(() => rm(dataDir, { recursive: true, force: true }));

    const fake = await startFakeSuppliers();
    undo.push(() => fake.close());
    Object.assign(fake.bidder, { price: 2.5, adm: 'vast', delayMs: 0, jitterMs: 0 });

    // ---- the app in this process, on PostgreSQL, as main.ts builds it ----
    const env = {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIR: join(dataDir, 'web'),
      OUTBOUND_ALLOW: '127.0.0.2',
      BILLING: 'off',
      PASSWORD_MEMORY_COST: '1024',
      PASSWORD_TIME_COST: '1',
    };
    const config = loadConfig(env);
    const database = await openDatabase({ driver: 'pg', url: databaseUrl });
    await ensurePlatformAdmin(createTransact(database.db), new PasswordHasher(config.passwordCost), {
      login: 'admin',
      password: ADMIN_PASSWORD,
    });
    const built = await buildApp({ config, database, logger: false });
    await built.app.ready();
    let closed = false;
    undo.push(async () => {
      if (closed) return;
      await built.app.close();
      await database.close();
    });
    const inject = async <T>(method: 'GET' | 'POST', url: string, token: string, body?: unknown) => {
      const res = await built.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
      if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json() as T;
    };
    const { token } = (
      await built.app.inject({
        method: 'POST',
        url: '/api/user/auth',
        payload: { login: 'admin', password: ADMIN_PASSWORD },
      })
    ).json() as { token: string };

    const { cabinetId, ids } = await seedScreens(databaseUrl, SCREENS);
    const house = await built.app.inject({
      method: 'POST',
      url: '/api/file/upload?folderId=0',
      headers: {
        authorization: `Bearer ${token}`,
        'x-file-name': 'house.png',
        'content-type': 'application/octet-stream',
      },
      payload: await sharp({ create: { width: 64, height: 36, channels: 3, background: '#2b8a3e' } })
        .png()
        .toBuffer(),
    });
    const houseId = (house.json() as { id: number }).id;
    const playlist = await inject<{ id: number }>('POST', '/api/playlist/post', token, {
      name: 'Bench ads',
      files: [{ fileId: houseId, duration: 10 }],
      points: ids,
      periodicity: 3600,
      sspConnector: { enabled: true, mode: 'AUCTION' },
    });
    const { data: suppliers } = await inject<{ data: { id: number; kind: string }[] }>(
      'GET',
      '/api/admin/ssp/supplier',
      token,
    );
    const product = suppliers.find((s) => s.kind === 'PRODUCT')!;
    await inject('POST', `/api/admin/ssp/supplier/patch/${product.id}`, token, bidderSupplier(fake));

    // ---- the rounds: one slot per screen an hour; each round a fresh hour ----
    const hour = 3_600_000;
    const start = Math.floor(Date.now() / hour) * hour + 60_000;
    const run = (now: Date) => built.services.ads.runRound(now);
    // Unmeasured warm-up, a round of its own: the first creative's ingest, the statements' plans, the JIT.
    Object.assign(fake.bidder, { delayMs: 0, jitterMs: 0 });
    await round(run, fake, new Date(start));
    const baseline = await round(run, fake, new Date(start + hour));
    Object.assign(fake.bidder, { delayMs: DELAY_MS, jitterMs: JITTER_MS });
    const latent = await round(run, fake, new Date(start + 2 * hour));
    console.error(
      `ssp: rounds ${baseline.seconds.toFixed(1)} s (bidder at once), ${latent.seconds.toFixed(1)} s (${DELAY_MS}-${DELAY_MS + JITTER_MS} ms)`,
    );

    // ---- the trackers: every ad of the second round shown, its calls queued ----
    const ads = await database.db.select().from(sspAds).where(eq(sspAds.status, 'leased'));
    const shown = ads.filter((a) => a.slotAt.getTime() >= start + 2 * hour);
    const expected = new Set<string>();
    for (const ad of shown) {
      const imp = `${ad.pointId}-${ad.slotAt.getTime()}`;
      expected.add(`burl ${imp}`);
      for (const u of ad.impressions) expected.add(`imp ${new URL(u).pathname}`);
      await built.repos.playbacks.ingest(cabinetId as CabinetId, ad.pointId, [
        {
          eventId: randomUUID(),
          fileId: ad.fileId!,
          playlistId: playlist.id,
          startedAt: ad.slotAt.toISOString(),
          endedAt: new Date(ad.slotAt.getTime() + 15_000).toISOString(),
          duration: 15,
          adId: ad.id,
        },
      ]);
    }
    await built.app.close();
    await database.close();
    closed = true;

    const trackerHits = () =>
      fake.hits
        .filter((h) => h.path === '/burl' || h.path.startsWith('/imp/'))
        .map((h) => (h.path === '/burl' ? `burl ${h.query.get('imp')}` : `imp ${h.path}`));
    const counts = () => {
      const seen = new Map<string, number>();
      for (const k of trackerHits()) seen.set(k, (seen.get(k) ?? 0) + 1);
      return seen;
    };
    const port = await freePort();
    const serverEnv = {
      ADMIN_PASSWORD,
      DATABASE_URL: databaseUrl,
      OUTBOUND_ALLOW: '127.0.0.2',
      BILLING: 'off',
      SSP_ROUND_SECONDS: '0',
      PASSWORD_MEMORY_COST: '1024',
      PASSWORD_TIME_COST: '1',
    };
    let server: ServerProcess | null = await spawnServer({ port, dataDir, env: serverEnv });
    undo.push(() => server?.kill('SIGKILL') ?? Promise.resolve());
    const t0 = performance.now();
    while (trackerHits().length < expected.size / 4) await sleep(20);
    await server.kill('SIGKILL');
    const beforeKill = trackerHits().length;
    const firstSeconds = (performance.now() - t0) / 1000;
    await sleep(500);
    const atKill = trackerHits().length;
    const t1 = performance.now();
    const spawnedAt = Date.now();
    server = await spawnServer({ port, dataDir, env: serverEnv });
    const restartedAt = Date.now();
    const deadline = Date.now() + 5 * 60_000;
    while (counts().size < expected.size && Date.now() < deadline) await sleep(100);
    const restartSeconds = (performance.now() - t1) / 1000;
    // The batch the killed server had claimed waits for its lease (60 s); the rest goes at once.
    const restarted = fake.hits
      .filter((h) => h.at >= spawnedAt && (h.path === '/burl' || h.path.startsWith('/imp/')))
      .map((h) => h.at);
    const prompt = restarted.filter((at) => at < spawnedAt + 55_000);
    const promptSeconds = prompt.length > 1 ? (prompt.at(-1)! - prompt[0]!) / 1000 : NaN;
    // Leased calls (in flight at the kill) come back after their lease: wait for it to pass once more.
    await sleep(70_000);
    await server.kill('SIGTERM');
    server = null;
    const final = counts();
    const once = [...expected].filter((k) => final.get(k) === 1).length;
    const twice = [...expected].filter((k) => (final.get(k) ?? 0) > 1).length;
    const missing = [...expected].filter((k) => !final.has(k)).length;
    const stray = [...final.keys()].filter((k) => !expected.has(k)).length;

    const ms = (v: number) => v.toFixed(0);
    const line = (name: string, r: Round, ideal: number | null) =>
      `  ${name.padEnd(34)} ${r.seconds.toFixed(1)} s, ${(r.requests / r.seconds).toFixed(1)} bid requests/s${
        ideal
          ? ` (x${(r.requests / r.seconds / ideal).toFixed(2)} of the ideal ${ideal.toFixed(0)}/s)`
          : ' (baseline)'
      }, won ${r.won}, missed ${r.missed}; decision p50 ${ms(q(r.decisions, 0.5))} ms p95 ${ms(q(r.decisions, 0.95))} ms`;
    const mean = DELAY_MS + JITTER_MS / 2;
    return [
      `ssp (${SCREENS} screens, one slot each, PostgreSQL, ${cpus().length} cores shared with the bidder and PostgreSQL)`,
      line('round, bidder answering at once', baseline, null),
      line(`round, bidder ${DELAY_MS}-${DELAY_MS + JITTER_MS} ms`, latent, ROUND_PARALLEL / (mean / 1000)),
      `    decision p50 x${(q(latent.decisions, 0.5) / q(baseline.decisions, 0.5)).toFixed(2)} of the baseline's; round x${(latent.seconds / baseline.seconds).toFixed(2)}`,
      `  trackers: ${expected.size} calls queued by ${shown.length} shows (billing notice + impression each)`,
      `    first server: ${beforeKill} sent in ${firstSeconds.toFixed(1)} s (${(beforeKill / firstSeconds).toFixed(0)}/s), killed (SIGKILL); ${atKill - beforeKill} more arrived after the kill`,
      `    restarted (up in ${((restartedAt - spawnedAt) / 1000).toFixed(1)} s): ${prompt.length} sent in ${promptSeconds.toFixed(1)} s (${(prompt.length / promptSeconds).toFixed(0)}/s), ${restarted.length - prompt.length} held by the killed server's 60 s lease; every call arrived ${restartSeconds.toFixed(1)} s after the restart began`,
      `    exactly once ${once} (${((once / expected.size) * 100).toFixed(2)}%), twice ${twice}, missing ${missing}, unexpected ${stray}`,
      ...notes,
    ];
  } finally {
    await undo.release();
  }
}
