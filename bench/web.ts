import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { FULLNESS_RANGES, type Dashboard } from '@vitrine/core';
import { launchBrowser } from '../e2e/support/browser.js';
import { signInToken, uploadImage } from '../e2e/support/api.js';
import { signIn } from '../e2e/support/pages.js';
import { spawnServer } from '../e2e/support/server-process.js';
import { freePort } from '../e2e/support/server.js';
import { loginFigures } from './login.js';
import { benchDatabaseUrl, cleanups, ROOT, sleep, startHogs, withDatabase } from './support.js';
import { goal, ms, q, savePlaylistFigure, timed } from './web-figures.js';

/**
 * bench/web: the cabinet at fleet size, on PostgreSQL, through the built server as its own process.
 *
 * Seeds one cabinet with SCREENS screens in four zones, PLAYLISTS advertising playlists (one through the
 * API, the rest copied from it in SQL) each reaching SCREENS x PAIRS / PLAYLISTS screens (2.5 million
 * playlist x screen pairs by default) and SHOWS proof-of-play rows, then measures:
 * - the dashboard for each preset: the first answer while fullness is planned in worker threads (and how
 *   long until it is whole), the server's answer to /api/health every 50 ms meanwhile, then warm answers;
 * - the screens and playlists lists, a page of 1,000 of 10,000 (and of 5,000), and a command to 1,000 and
 *   to every screen (the HTTP answer);
 * - in headless Chromium: /login's JavaScript and CSS as sent and raw, requests, first contentful paint;
 *   the screens and playlists pages of 1,000 rows: time until the rows are there, DOM elements, long tasks
 *   and scroll frame times.
 * Every time is printed beside its goal and a baseline from the same run (GET /api/health for the server;
 * a blank page for the browser), so a slow machine tells itself from a slow page.
 *
 * Knobs: BENCH_WEB_SCREENS (10000), BENCH_WEB_PLAYLISTS (5000), BENCH_WEB_PAIRS (250 playlists a screen),
 * BENCH_WEB_SHOWS (100000), BENCH_WEB_N (10 calls a figure), BENCH_WEB_WHOLE_WAIT_S (900: how long a
 * preset may take to be planned whole before its figures are taken as they are), BENCH_WEB_GALLERY (10000 files
 * in the folder the gallery figure opens), BENCH_WEB_NO_BROWSER=1,
 * BENCH_WEB_BUILD=0 measures the existing build, BENCH_WEB_SERVER_NODE_ARGS adds node flags to the server (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof),
 * BENCH_WEB_DASHBOARD=0 skips the dashboard (its cold planning takes minutes), BENCH_WEB_RANGES=1d,2w
 * measures only those presets, BENCH_WEB_KEEP_DB=1 keeps the
 * seeded database (its address is printed) to study a query's plan afterwards, and BENCH_WEB_DATABASE=<its
 * name> measures it again without seeding (the sizes are then the kept database's). BENCH_WEB_HOGS=2 (and
 * BENCH_WEB_HOG_NICE) spins that many processes while the dashboard plans: the planning on a busy host.
 */

const SCREENS = Number(process.env.BENCH_WEB_SCREENS ?? 10_000);
const PLAYLISTS = Number(process.env.BENCH_WEB_PLAYLISTS ?? 5_000);
const PER_SCREEN = Number(process.env.BENCH_WEB_PAIRS ?? 250);
const SHOWS = Number(process.env.BENCH_WEB_SHOWS ?? 100_000);
const N = Number(process.env.BENCH_WEB_N ?? 10);
/** Commands sent to each count of screens (each a row per screen): their p95 wants more than the default. */
const COMMANDS = Number(process.env.BENCH_WEB_COMMANDS ?? 5);
/** Files in the one folder the gallery figure opens (remote files: no upload, no processing). */
const GALLERY_FILES = Number(process.env.BENCH_WEB_GALLERY ?? 10_000);
/** How long a preset's fullness may take to be whole before the figures are taken as they are. */
const WHOLE_WAIT_S = Number(process.env.BENCH_WEB_WHOLE_WAIT_S ?? 900);
/** The dashboard presets measured, in order (BENCH_WEB_RANGES=1d measures one cold fleet's planning only). */
const RANGES = (process.env.BENCH_WEB_RANGES?.split(',') ?? FULLNESS_RANGES).filter((range) =>
  (FULLNESS_RANGES as readonly string[]).includes(range),
) as (typeof FULLNESS_RANGES)[number][];
/** Spinning processes (BENCH_WEB_HOGS, at nice BENCH_WEB_HOG_NICE) while the dashboard plans: a busy host. */
const HOGS = Number(process.env.BENCH_WEB_HOGS ?? 0);
const HOG_NICE = Number(process.env.BENCH_WEB_HOG_NICE ?? 0);
const ADMIN_PASSWORD = 'Bench-admin-1!';
const ZONES = ['Europe/Kyiv', 'America/New_York', 'UTC', 'Asia/Kolkata'];

export async function webBenchmark(): Promise<string[]> {
  const lines = [
    `web (${SCREENS.toLocaleString('en')} screens, ${PLAYLISTS.toLocaleString('en')} playlists, ` +
      `${((SCREENS * PER_SCREEN) / 1e6).toFixed(2)} M playlist x screen pairs, ${SHOWS.toLocaleString('en')} shows, PostgreSQL)`,
  ];
  const say = (line: string) => {
    lines.push(line);
    console.error(line);
  };
  const undo = cleanups();
  let serverOutput: (() => string) | undefined;
  try {
    if (process.env.BENCH_WEB_BUILD !== '0') {
      const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, encoding: 'utf8' });
      if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}${build.stderr}`);
    }
    const base = benchDatabaseUrl();
    const reuse = process.env.BENCH_WEB_DATABASE;
    const name = reuse ?? `vt_bench_web_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    if (!reuse) await admin.query(`create database ${name}`);
    const url = withDatabase(base, name);
    undo.push(async () => {
      if (reuse || process.env.BENCH_WEB_KEEP_DB === '1') say(`  database kept: ${url}`);
      else await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    const dataDir = await mkdtemp(join(tmpdir(), 'vitrine-bench-web-'));
    undo.push(() => rm(dataDir, { recursive: true, force: true }));
    const server = await spawnServer({
      port: await freePort(),
      dataDir,
      // No background sweep while the fleet is seeded in SQL behind the server's back (it would plan screens
      // before their playlists are in); the dashboard's own requests plan the fleet.
      env: { DATABASE_URL: url, ADMIN_PASSWORD, LOG_LEVEL: 'warn', FULLNESS_SWEEP_SECONDS: '86400' },
      nodeArgs: (process.env.BENCH_WEB_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
    });
    undo.push(() => server.kill('SIGTERM'));
    serverOutput = server.output;
    const token = await signInToken(server.url, 'admin', ADMIN_PASSWORD);
    const api = async (path: string, body?: unknown) => {
      const res = await fetch(`${server.url}/api${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'accept-encoding': 'gzip, br',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
      return JSON.parse(text) as unknown;
    };

    // ---- the fleet ----
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    undo.push(() => db.end());
    const [seeded, seedMs] = await timed(async () => {
      if (reuse) {
        const { rows } = await db.query<{ cabinet_id: number; pairs: string }>(
          `select cabinet_id, (select count(*) from playlist_targets) as pairs from users where login = 'admin'`,
        );
        return { cabinetId: rows[0]!.cabinet_id, pairs: Number(rows[0]!.pairs) };
      }
      const fileId = await uploadImage(server.url, token, 'spot.png', { label: 'Spot' });
      const { rows } = await db.query<{ cabinet_id: number }>(
        `select cabinet_id from users where login = 'admin'`,
      );
      const cabinetId = rows[0]!.cabinet_id;
      await db.query(
        `insert into points (cabinet_id, name, timezone)
         select $1, 'Screen ' || lpad(g::text, 5, '0'), (array['${ZONES.join("','")}'])[1 + g % ${ZONES.length}]
         from generate_series(1, ${SCREENS}) g`,
        [cabinetId],
      );
      const year = new Date().getUTCFullYear();
      const first = (await api('/playlist/post', {
        name: 'Playlist 00001',
        type: 'ADVERTISING',
        periodicity: 600,
        fromDate: `${year - 1}-01-01 00:00:00`,
        toDate: `${year + 1}-12-31 23:59:59`,
        files: [{ fileId, duration: 15 }],
      })) as { id: number };
      // Every other playlist a copy of the first, in SQL: the columns are read from the catalogue.
      const { rows: cols } = await db.query<{ column_name: string }>(
        `select column_name from information_schema.columns
         where table_name = 'playlists' and column_name not in ('id', 'name') order by ordinal_position`,
      );
      const list = cols.map((c) => `"${c.column_name}"`).join(', ');
      await db.query(
        `insert into playlists (name, ${list})
         select 'Playlist ' || lpad(g::text, 5, '0'), ${list} from playlists, generate_series(2, ${PLAYLISTS}) g
         where id = $1`,
        [first.id],
      );
      await db.query(
        `insert into playlist_items (playlist_id, file_id, position, duration)
         select p.id, $2, 0, 15 from playlists p where p.cabinet_id = $1 and p.id <> $3`,
        [cabinetId, fileId, first.id],
      );
      // Playlist i reaches the screens from its offset on: each screen gets PER_SCREEN playlists.
      const reach = Math.round((SCREENS * PER_SCREEN) / PLAYLISTS);
      await db.query(
        `insert into playlist_targets (playlist_id, point_id)
         select p.id, s.ids[1 + ((p.n * ${Math.max(1, Math.floor(SCREENS / PLAYLISTS))} + g) % ${SCREENS})]
         from (select id, row_number() over (order by id) - 1 as n from playlists where cabinet_id = $1) p,
              (select array_agg(id order by id) as ids from points where cabinet_id = $1) s,
              generate_series(0, ${reach - 1}) g`,
        [cabinetId],
      );
      await db.query(
        `insert into playbacks (cabinet_id, point_id, event_id, file_id, playlist_id, file_name, playlist_name,
           point_name, started_at, ended_at, duration, impressions, cost, revenue, source)
         select $1, s.ids[1 + g % ${SCREENS}], 'e' || g, $2, $3, 'spot.png', 'Playlist 00001',
           'Screen', now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval + interval '15 s',
           15, 1, 0, 0, 'manual'
         from (select array_agg(id order by id) as ids from points where cabinet_id = $1) s,
              generate_series(1, ${SHOWS}) g`,
        [cabinetId, fileId, first.id],
      );
      // The seed wrote behind the content hooks: every screen's version and fullness are worked out anew.
      await db.query('delete from point_fullness where cabinet_id = $1', [cabinetId]);
      await db.query('update points set current_version = null where cabinet_id = $1', [cabinetId]);
      // As autovacuum leaves a live database: statistics current and the visibility map set, so counts over
      // the pair indexes read no table rows (straight after a bulk insert every row would be fetched).
      await db.query('vacuum analyze');
      const { rows: pairs } = await db.query<{ n: string }>('select count(*) as n from playlist_targets');
      return { cabinetId, pairs: Number(pairs[0]!.n) };
    });
    say(`  seeded in ${(seedMs / 1000).toFixed(0)} s: ${seeded.pairs.toLocaleString('en')} pairs`);

    const health = async () => (await timed(() => api('/health')))[1];
    const baseline: number[] = [];
    for (let i = 0; i < 30; i++) baseline.push(await health());
    const b50 = q(baseline, 0.5);
    say(`  baseline GET /api/health p50 ${ms(b50)}`);
    const figure = (label: string, values: number[], limit: number) =>
      say(
        `  ${label.padEnd(50)} p50 ${ms(q(values, 0.5))}  p95 ${ms(q(values, 0.95))}  x${(q(values, 0.5) / b50).toFixed(0)} of baseline  ${goal(q(values, 0.95) < limit, `< ${limit} ms`)}`,
      );

    // ---- the dashboard ----
    for (const range of process.env.BENCH_WEB_DASHBOARD === '0' ? [] : RANGES) {
      const stopHogs = HOGS > 0 ? startHogs(HOGS, HOG_NICE) : null;
      if (stopHogs)
        say(`  (other work on the host while planning: ${HOGS} spinning processes at nice ${HOG_NICE})`);
      const healthTimes: number[] = [];
      let planning = true;
      const probe = (async () => {
        while (planning) {
          healthTimes.push(await health());
          await sleep(50);
        }
      })();
      const t0 = performance.now();
      const [first, firstMs] = await timed(() => api(`/dashboard?range=${range}`) as Promise<Dashboard>);
      let whole = first;
      while (whole.fullness.pending > 0 && performance.now() - t0 < WHOLE_WAIT_S * 1000) {
        await sleep(500);
        whole = (await api(`/dashboard?range=${range}`)) as Dashboard;
      }
      const wholeMs = performance.now() - t0;
      await stopHogs?.();
      planning = false;
      await probe;
      const warm: number[] = [];
      for (let i = 0; i < N; i++) warm.push((await timed(() => api(`/dashboard?range=${range}`)))[1]);
      say(
        `  dashboard ${range}: first answer ${ms(firstMs)} (${first.fullness.pending} screens pending), ` +
          (whole.fullness.pending
            ? `${whole.fullness.pending} still pending after ${(wholeMs / 1000).toFixed(0)} s; `
            : `whole after ${(wholeMs / 1000).toFixed(1)} s; `) +
          `health meanwhile p50 ${ms(q(healthTimes, 0.5))} max ${ms(Math.max(...healthTimes))} ${goal(Math.max(...healthTimes) < 200, 'never blocked: max < 200 ms')}`,
      );
      figure(`dashboard ${range}, warm (average ${(whole.fullness.average * 100).toFixed(1)}%)`, warm, 1000);
    }

    // ---- lists and commands ----
    for (const [label, path] of [
      ['screens, page 1 of 1000', '/point?limit=1000'],
      ['screens, page 10 of 1000', '/point?limit=1000&page=10'],
      ['screens without content, page 1 of 1000', '/point?limit=1000&hasContent=false'],
      ['playlists, page 1 of 1000', '/playlist?limit=1000'],
    ] as const) {
      // One call first, not counted: the process's first pass through a path compiles its code (a warm
      // server answers every operator after the first).
      await api(path);
      const times: number[] = [];
      for (let i = 0; i < N; i++) times.push((await timed(() => api(path)))[1]);
      figure(label, times, 200);
    }
    const { rows: ids } = await db.query<{ id: number }>(
      'select id from points where cabinet_id = $1 order by id',
      [seeded.cabinetId],
    );
    const all = ids.map((r) => r.id);
    for (const [label, targets, limit] of [
      ['command to 1,000 screens (answer)', all.slice(0, 1000), 200],
      [`command to ${all.length.toLocaleString('en')} screens (answer)`, all, 1000],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < COMMANDS; i++)
        times.push((await timed(() => api('/point/send-reload', { ids: targets })))[1]);
      figure(label, times, limit);
    }
    const { rows: firstPlaylist } = await db.query<{ id: number }>(
      `select id from playlists where cabinet_id = $1 and name = 'Playlist 00001'`,
      [seeded.cabinetId],
    );
    const forget = async () => {
      await db.query('update points set content_sum = null where cabinet_id = $1', [seeded.cabinetId]);
    };
    await savePlaylistFigure(
      { api, health, say, baseline: b50, forget },
      firstPlaylist[0]!.id,
      Math.round((SCREENS * PER_SCREEN) / PLAYLISTS),
      N,
    );

    // ---- the browser ----
    if (process.env.BENCH_WEB_NO_BROWSER !== '1')
      await browserFigures(server.url, say, await galleryFolder(api, GALLERY_FILES));
  } catch (error) {
    // What the server said last (a crash's message, a fatal heap error) is the first thing to read.
    if (serverOutput) console.error(`server output, last part:\n${serverOutput().slice(-6000)}`);
    throw error;
  } finally {
    await undo.release();
  }
  return lines;
}

/** A folder of `files` remote files (made once; a kept database keeps it), for the gallery's figure. */
async function galleryFolder(
  api: (path: string, body?: unknown) => Promise<unknown>,
  files: number,
): Promise<number> {
  const name = `Bench gallery ${files}`;
  const root = (await api('/folder/0')) as { data: { id: number; name: string; mime?: string }[] };
  const found = root.data.find((i) => i.name === name && i.mime === undefined);
  if (found) return found.id;
  const folder = (await api('/folder/post', { name })) as { id: number };
  for (let i = 0; i < files; i += 100)
    await api('/file/post', {
      folderId: folder.id,
      files: Array.from({ length: Math.min(100, files - i) }, (_, j) => ({
        url: `https://media.example.com/bench/${i + j + 1}.mp4`,
        name: `Clip ${String(i + j + 1).padStart(5, '0')}`,
        width: 1920,
        height: 1080,
        duration: 10,
      })),
    });
  return folder.id;
}

async function browserFigures(base: string, say: (line: string) => void, gallery: number): Promise<void> {
  const browser = await launchBrowser();
  try {
    await loginFigures(browser, base, say);
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    // And the frames of scrolling a tall blank page the same way as the lists below: the machine's own pace.
    await page.goto(`data:text/html,<p>Vitrine</p><div style="height:100000px"></div>`);
    const blankFrames = await page.evaluate(async () => {
      const times: number[] = [];
      let last = performance.now();
      for (let i = 0; i < 60; i++) {
        document.scrollingElement!.scrollTop += 400;
        await new Promise(requestAnimationFrame);
        const now = performance.now();
        times.push(now - last);
        last = now;
      }
      return times;
    });
    say(
      `  browser baseline: scrolling a blank page, frame p50 ${ms(q(blankFrames, 0.5))} p95 ${ms(q(blankFrames, 0.95))}`,
    );

    await signIn(page, base, 'admin', ADMIN_PASSWORD);
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    const rowsIn = 'tbody [role=row], tbody tr';
    for (const [label, path, rows, shown] of [
      ['screens page, 1,000 rows', '/point?limit=1000', Math.min(1000, SCREENS), rowsIn],
      ['playlists page, 1,000 rows', '/playlist?limit=1000', Math.min(1000, PLAYLISTS), rowsIn],
      [
        `gallery, a folder of ${GALLERY_FILES.toLocaleString('en')} files`,
        `/files?folder=${gallery}`,
        GALLERY_FILES,
        '[data-testid="gallery-item"]',
      ],
    ] as const) {
      await page.goto(`${base}/`);
      await page.evaluate(() => {
        (window as unknown as { longTasks: number[] }).longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries())
            (window as unknown as { longTasks: number[] }).longTasks.push(e.duration);
        }).observe({ type: 'longtask' });
      });
      const t0 = performance.now();
      await page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      // Some rows or cards (a short page renders whole, a long one only what is in view).
      await page.waitForFunction(
        ([selector, least]) => document.querySelectorAll(selector).length >= least,
        [shown, Math.min(10, rows)] as const,
        { timeout: 120_000 },
      );
      const renderMs = performance.now() - t0;
      const rowCount =
        shown === rowsIn ? await page.getByRole('table').first().getAttribute('aria-rowcount') : String(rows);
      const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
      // Settled first (the rows' first render is over), then the long tasks of the scroll alone are kept.
      await page.waitForTimeout(1000);
      const { frames, scrollTasks } = await page.evaluate(async () => {
        const scroller =
          [...document.querySelectorAll<HTMLElement>('*')].find(
            (e) => e.scrollHeight > e.clientHeight + 1000 && getComputedStyle(e).overflowY !== 'visible',
          ) ?? document.scrollingElement!;
        const scrollTasks: number[] = [];
        const observer = new PerformanceObserver((list) => {
          for (const e of list.getEntries()) scrollTasks.push(e.duration);
        });
        observer.observe({ type: 'longtask' });
        const times: number[] = [];
        let last = performance.now();
        for (let i = 0; i < 60; i++) {
          scroller.scrollTop += 400;
          await new Promise(requestAnimationFrame);
          const now = performance.now();
          times.push(now - last);
          last = now;
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
        observer.disconnect();
        return { frames: times, scrollTasks };
      });
      const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
      say(
        `  ${label}: rows there after ${ms(renderMs)} (of ${rowCount}); ${nodes} elements ${goal(nodes < 1000, 'under 1,000 elements')}; ` +
          `longest task ${ms(Math.max(0, ...longTasks))} ${goal(Math.max(0, ...longTasks) < 200, '< 200 ms')}; scroll frame p50 ${ms(q(frames, 0.5))} ` +
          `p95 ${ms(q(frames, 0.95))} ${goal(q(frames, 0.95) <= 16.7, '<= 16.7 ms')}, longest task while scrolling ` +
          `${ms(Math.max(0, ...scrollTasks))} ${goal(Math.max(0, ...scrollTasks) <= 50, '<= 50 ms')}`,
      );
    }
  } finally {
    await browser.close();
  }
}
