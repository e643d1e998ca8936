import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.js';
import { spawnServer } from '../e2e/support/server-process.js';
import { freePort } from '../e2e/support/server.js';
import { cleanups, ROOT } from './support.js';

/**
 * bench/login (`npm run bench -- login`): the sign-in page as a first visitor meets it, against a blank
 * page in the same run. The built server runs as its own process on an in-process database (PGlite: the
 * page's figures do not depend on the data); BENCH_LOGIN_BUILD=0 measures the existing build,
 * BENCH_LOGIN_FILES=1 lists every file the page loaded with its bytes as sent.
 *
 * Goals (issue 33): at most 150 KB of JavaScript on the wire, response headers included, in at most 15
 * requests; first contentful paint under 1 s.
 */

/** JavaScript on the wire, headers included (KB of 1,024 bytes), and requests: the issue's goals. */
export const LOGIN_GOALS = { jsKb: 150, requests: 15, fcpMs: 1000 } as const;

interface Loaded {
  url: string;
  type: string;
  encoding: string;
  sent: number;
  raw: number;
  headers: number;
}

/**
 * Bytes as sent and raw, by type, of everything a page loads (CDP's network events). What went over the
 * wire is split into compressed bodies and response headers (their raw text, HTTP/1.1), so a page's weight
 * is told apart from the per-request cost of many small files.
 */
export function countBytes(cdp: CDPSession) {
  const seen = new Map<string, Loaded>();
  const headerBytes = new Map<string, number>();
  cdp.on('Network.responseReceivedExtraInfo', (e) => {
    headerBytes.set(e.requestId, e.headersText?.length ?? 0);
  });
  cdp.on('Network.responseReceived', (e) => {
    const encoding = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-encoding');
    seen.set(e.requestId, {
      url: e.response.url,
      type: e.type,
      encoding: encoding ? String(encoding[1]) : '',
      sent: 0,
      raw: 0,
      headers: 0,
    });
  });
  cdp.on('Network.dataReceived', (e) => {
    const entry = seen.get(e.requestId);
    if (entry) entry.raw += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const entry = seen.get(e.requestId);
    if (entry) {
      entry.sent = e.encodedDataLength;
      entry.headers = headerBytes.get(e.requestId) ?? 0;
    }
  });
  return () => {
    const sum = (type: string, key: 'sent' | 'raw' | 'headers') =>
      [...seen.values()].filter((e) => e.type === type).reduce((s, e) => s + e[key], 0);
    const of = (type: string) => ({
      sent: sum(type, 'sent'),
      body: sum(type, 'sent') - sum(type, 'headers'),
      headers: sum(type, 'headers'),
      raw: sum(type, 'raw'),
      requests: [...seen.values()].filter((e) => e.type === type).length,
    });
    return { requests: seen.size, js: of('Script'), css: of('Stylesheet'), files: [...seen.values()] };
  };
}

export const firstPaint = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (entry) resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true });
      }),
  );

export const quantile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
};
const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const goal = (ok: boolean, text: string) => `${ok ? 'goal met' : 'GOAL NOT MET'} (${text})`;

/**
 * A blank page's first paint (the baseline), then /login five times, each in a fresh context (nothing
 * cached): its bytes, requests and first contentful paint. Says each figure beside its goal.
 */
export async function loginFigures(
  browser: Browser,
  base: string,
  say: (line: string) => void,
): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const blank: number[] = [];
  for (let i = 0; i < 5; i++) {
    await page.goto(`data:text/html,<p>Vitrine</p>`);
    blank.push(await firstPaint(page));
  }
  await context.close();
  say(`  browser baseline: first contentful paint of a blank page p50 ${ms(quantile(blank, 0.5))}`);

  const paints: number[] = [];
  const forms: number[] = [];
  let bytes: ReturnType<ReturnType<typeof countBytes>> | undefined;
  for (let i = 0; i < 5; i++) {
    const fresh = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const p = await fresh.newPage();
    const cdp = await fresh.newCDPSession(p);
    await cdp.send('Network.enable');
    const read = countBytes(cdp);
    await p.goto(`${base}/login`);
    // The form, then a quiet second: what the page fetches once it runs (its strings, its API calls)
    // counts too. On a loaded machine "network idle" alone came before the script had run.
    await p.locator('input[autocomplete="current-password"]').waitFor({ timeout: 60_000 });
    forms.push(await p.evaluate(() => performance.now()));
    await p.waitForLoadState('networkidle');
    await p.waitForTimeout(1000);
    paints.push(await firstPaint(p));
    bytes ??= read();
    await fresh.close();
  }
  const { js, css, files, requests } = bytes!;
  const fcp = quantile(paints, 0.5);
  say(
    `  /login: ${requests} requests (${js.requests} of JavaScript) ${goal(requests <= LOGIN_GOALS.requests, `<= ${LOGIN_GOALS.requests}`)}; ` +
      `JavaScript ${kb(js.sent)} on the wire with headers ${goal(js.sent <= LOGIN_GOALS.jsKb * 1024, `<= ${LOGIN_GOALS.jsKb} KB`)} ` +
      `(${kb(js.body)} of bodies, ${kb(js.headers)} of headers, ${kb(js.raw)} raw); CSS ${kb(css.sent)} (${kb(css.raw)} raw); ` +
      `encodings: ${[...new Set(files.filter((f) => f.type === 'Script').map((f) => f.encoding || 'none'))].join(', ')}`,
  );
  say(
    `  /login first contentful paint p50 ${ms(fcp)} (x${(fcp / quantile(blank, 0.5)).toFixed(1)} of blank) ${goal(fcp < LOGIN_GOALS.fcpMs, '< 1 s')}; ` +
      `the form there after p50 ${ms(quantile(forms, 0.5))}`,
  );
  if (process.env.BENCH_LOGIN_FILES === '1')
    for (const f of files)
      say(`    ${f.type.padEnd(10)} ${String(f.sent).padStart(7)} ${String(f.raw).padStart(7)} ${f.url}`);
}

export async function loginBenchmark(): Promise<string[]> {
  const lines = [
    `login (load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  ];
  const say = (line: string) => {
    lines.push(line);
    console.error(line);
  };
  const undo = cleanups();
  try {
    if (process.env.BENCH_LOGIN_BUILD !== '0') {
      const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, encoding: 'utf8' });
      if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}${build.stderr}`);
    }
    const dataDir = await mkdtemp(join(tmpdir(), 'vitrine-bench-login-'));
    undo.push(() => rm(dataDir, { recursive: true, force: true }));
    const server = await spawnServer({
      port: await freePort(),
      dataDir,
      env: { ADMIN_PASSWORD: 'Bench-admin-1!', LOG_LEVEL: 'warn' },
    });
    undo.push(() => server.kill('SIGTERM'));
    const browser = await launchBrowser();
    undo.push(() => browser.close());
    await loginFigures(browser, server.url, say);
  } finally {
    await undo.release();
  }
  return lines;
}
