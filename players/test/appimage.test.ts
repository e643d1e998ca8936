import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Point, PointLogEntry } from '@vitrine/core';
import type { ShellStatus } from '../shell/status.js';
import { apiCall, signInToken, uploadImage } from '../../e2e/support/api.js';
import { launchBrowser, screenshot } from '../../e2e/support/browser.js';
import { signIn } from '../../e2e/support/pages.js';
import { processAlive } from '../../e2e/support/server-process.js';
import { startServer, type RunningServer } from '../../e2e/support/server.js';
import { DIST, ROOT, built, sha256, startXvfb } from './support.js';

/**
 * The Linux x86_64 AppImage at work against a real server on loopback (docs/players.md): started under
 * Xvfb with the system's Chromium, it pairs by code and plays a playlist; reboot, terminal, screenshot and
 * display power sent from the cabinet reach the bridge (the OS's programs recorded instead of run); a killed
 * browser comes back within the watchdog's time; a newer shell served by the server replaces it; and the
 * cabinet's Player menu offers what the server serves, each download what its SHA-256 says.
 */
const ADMIN_PASSWORD = 'Admin-pass-1!';
const build = built();
const OLDER = `${build.version}-e2e.1`;

let work: string;
let server: RunningServer;
let xvfb: Awaited<ReturnType<typeof startXvfb>>;
let shell: ChildProcess;
let output = '';
let token: string;
let pointId: number;
const appImage = () => join(work, 'bin', 'Vitrine-Player.AppImage');
const statusFile = () => join(work, 'home', 'status.json');
const recordFile = () => join(work, 'os-calls.log');

const status = (): ShellStatus | null => {
  try {
    return JSON.parse(readFileSync(statusFile(), 'utf8')) as ShellStatus;
  } catch {
    return null;
  }
};
const recorded = (): string[] =>
  existsSync(recordFile()) ? readFileSync(recordFile(), 'utf8').trim().split('\n').filter(Boolean) : [];
const point = () => apiCall<Point>(server.url, `/point/${pointId}`, { token });
/** Every line of the screen's log, page by page (100 a page, newest first). */
async function logMessages(): Promise<string[]> {
  const messages: string[] = [];
  for (let before: number | null = null; ;) {
    const page: PointLogEntry[] = await apiCall<PointLogEntry[]>(
      server.url,
      `/point/get-log/${pointId}${before === null ? '' : `?before=${before}`}`,
      { token },
    );
    messages.push(...page.map((e) => e.message));
    if (page.length < 100) return messages;
    before = page.at(-1)!.id;
  }
}
const poll = (what: () => unknown, timeout = 30_000) =>
  expect.poll(async () => what(), { timeout, interval: 250 });

/** The older shell the server replaces: this build at an earlier version (kept in the build cache). */
async function buildOlder(out: string): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'players', 'build', 'index.ts')], {
    env: { ...process.env, PLAYERS_ONLY: 'linux', VITRINE_PLAYER_VERSION: OLDER, PLAYERS_OUT: out },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr.on('data', (c: Buffer) => (log += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`The older shell did not build:\n${log}`);
  return join(out, `Vitrine-Player-${OLDER}-x86_64.AppImage`);
}

/** Stands in for the OS's programs: records each, says there is no CEC adapter, runs the diagnostic for real. */
function writeRecorder(): string {
  const path = join(work, 'record-os.sh');
  writeFileSync(
    path,
    [
      '#!/bin/sh',
      `printf '%s\\n' "$*" >> '${recordFile()}'`,
      'case "$1" in',
      '  cec-client) echo "autodetect FAILED"; exit 1 ;;',
      '  systemctl|shutdown|xset|wlr-randr|reg|powershell) exit 0 ;;',
      'esac',
      'exec "$@"',
      '',
    ].join('\n'),
  );
  chmodSync(path, 0o755);
  return path;
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'vitrine-appimage-'));
  await Promise.all(['bin', 'home', 'xdg', 'cache', 'served'].map((d) => mkdir(join(work, d))));
  copyFileSync(await buildOlder(join(work, 'older')), appImage());
  chmodSync(appImage(), 0o755);
  server = await startServer({ ADMIN_PASSWORD, PLAYERS_DIR: join(work, 'served'), FLEET_FLUSH_MS: '300' });
  token = await signInToken(server.url, 'admin', ADMIN_PASSWORD);
  xvfb = await startXvfb();
  shell = spawn(appImage(), ['--server', server.url], {
    env: {
      ...process.env,
      DISPLAY: xvfb.display,
      VITRINE_PLAYER_HOME: join(work, 'home'),
      XDG_CONFIG_HOME: join(work, 'xdg'),
      XDG_CACHE_HOME: join(work, 'cache'),
      VITRINE_OS_RUNNER: writeRecorder(),
      VITRINE_BROWSER: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      VITRINE_BROWSER_ARGS:
        '--disable-gpu --disable-dev-shm-usage --disable-background-networking --disable-component-update --disable-sync --disable-quic',
      VITRINE_UPDATE_SECONDS: '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-50_000);
  };
  shell.stdout?.on('data', keep);
  shell.stderr?.on('data', keep);
});

afterAll(async () => {
  // Each step on its own, so one that fails leaves no display, server or browser behind.
  const steps: (() => Promise<unknown> | unknown)[] = [
    async () => {
      // The shell now running (after the update, not our child) closes its browser; its runtime unmounts.
      const running = status();
      if (!running?.pid || !processAlive(running.pid)) return;
      process.kill(running.pid, 'SIGTERM');
      for (let i = 0; i < 100 && processAlive(running.pid); i++) await new Promise((r) => setTimeout(r, 200));
    },
    () => {
      if (shell && shell.exitCode === null && shell.signalCode === null) shell.kill('SIGTERM');
    },
    () => xvfb?.stop(),
    () => server?.stop(),
    () => work && rm(work, { recursive: true, force: true }),
  ];
  for (const step of steps)
    await Promise.resolve()
      .then(step)
      .catch(() => undefined);
});

describe('the Linux AppImage at work', () => {
  it('shows a pairing code, pairs by it and plays a playlist', async () => {
    await poll(() => status()?.lastReport?.code, 60_000).toMatch(/^[A-Z0-9]{6}$/);
    const code = String(status()!.lastReport!.code);
    pointId = (
      await apiCall<{ id: number }>(server.url, `/point/bind-by-code/${code}`, {
        token,
        body: { name: 'Kiosk' },
      })
    ).id;
    const file = await uploadImage(server.url, token, 'poster.png', { color: '#1864ab', label: 'Poster' });
    await apiCall(server.url, '/playlist/post', {
      token,
      body: { name: 'Posters', points: [pointId], files: [{ fileId: file, duration: 5 }] },
    });
    await poll(async () => (await point()).player?.currentItem, 60_000).toBe('poster.png');
    const shown = await point();
    expect(shown.status).toBe('ONLINE');
    expect(shown.player).toMatchObject({ native: true, shell: { platform: 'linux', version: OLDER } });
    await poll(() => status()?.lastReport?.state).toBe('playing');
  });

  it("runs the diagnostic into the screen's log, and reboots, when the cabinet says so", async () => {
    await apiCall(server.url, '/point/send-terminal', { token, body: { ids: [pointId] } });
    await poll(() => recorded().some((line) => line.startsWith('sh -c uname -srm'))).toBe(true);
    // What it printed reaches the screen's log at once.
    await poll(async () => (await logMessages()).some((m) => m.startsWith('Terminal:\nLinux'))).toBe(true);
    await apiCall(server.url, '/point/send-reboot', { token, body: { ids: [pointId] } });
    await poll(() => recorded().includes('systemctl reboot')).toBe(true);
  });

  it('sends a screenshot of the whole panel', async () => {
    const before = (
      await apiCall<{ takenAt: string | null }>(server.url, `/point/get-screenshot-url?id=${pointId}`, {
        token,
      })
    ).takenAt;
    await apiCall(server.url, '/point/ajax-get-point-screen', { token, body: { ids: [pointId] } });
    await poll(
      async () =>
        (
          await apiCall<{ takenAt: string | null }>(server.url, `/point/get-screenshot-url?id=${pointId}`, {
            token,
          })
        ).takenAt !== before,
    ).toBe(true);
    const { url } = await apiCall<{ url: string }>(server.url, `/point/get-screenshot-url?id=${pointId}`, {
      token,
    });
    const image = Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer());
    const meta = await sharp(image).metadata();
    // The panel as the browser shows it (Xvfb is 1280x720), not the 320x180 picture the page would draw.
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBeGreaterThan(1200);
    expect(meta.height).toBeGreaterThan(650);
  });

  it('turns the panel off out of working hours, says so to the cabinet, and on again', async () => {
    const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString().slice(11, 19);
    await apiCall(server.url, `/point/patch/${pointId}`, {
      token,
      body: { timezone: 'UTC', workFrom: at(2), workTo: at(3) },
    });
    await poll(() => recorded().includes('xset dpms force off')).toBe(true);
    const calls = recorded();
    // HDMI-CEC first; no adapter here, so the X server's DPMS.
    expect(calls.indexOf('cec-client -s -d 1')).toBeLessThan(calls.indexOf('xset dpms force off'));
    await poll(async () => (await point()).player?.display).toEqual({ power: 'off', method: 'dpms' });
    expect((await point()).displayOff).toBe(true);

    await apiCall(server.url, `/point/patch/${pointId}`, {
      token,
      body: { workFrom: at(-1), workTo: at(1) },
    });
    await poll(() => recorded().includes('xset dpms force on')).toBe(true);
    await poll(async () => (await point()).player?.display).toEqual({ power: 'on', method: 'dpms' });
    expect((await point()).displayOff).toBe(false);
  });

  it('brings a killed browser back within the watchdog time', async () => {
    const before = status()!;
    const killedAt = Date.now();
    process.kill(before.browserPid!, 'SIGKILL');
    await poll(() => {
      const now = status();
      return Boolean(
        now && now.browserPid !== before.browserPid && Date.parse(now.lastReportAt ?? '') > killedAt,
      );
    }, 30_000).toBe(true);
    expect(status()!.restarts).toBe(before.restarts + 1);
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    await poll(async () => (await point()).status).toBe('ONLINE');
  });

  it('is replaced by the newer shell the server serves', async () => {
    const old = status()!;
    for (const b of build.builds) copyFileSync(join(DIST, b.file), join(work, 'served', b.file));
    copyFileSync(join(DIST, 'manifest.json'), join(work, 'served', 'manifest.json'));
    await poll(() => {
      const now = status();
      return now?.version === build.version && now.healthy && now.pid !== old.pid;
    }, 120_000).toBe(true);
    expect(sha256(readFileSync(appImage()))).toBe(build.build('linux').sha256);
    expect(existsSync(`${appImage()}.previous`)).toBe(true);
    await poll(() => shell.exitCode !== null || shell.signalCode !== null).toBe(true);
    await poll(async () => (await point()).player?.shell?.version, 60_000).toBe(build.version);
  });

  it("offers the served players in the cabinet's Player menu, each download the file its SHA-256 names", async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await signIn(page, server.url, 'admin', ADMIN_PASSWORD);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await page.getByRole('button', { name: 'Player' }).click();
      for (const b of build.builds) {
        const item = page.getByTestId(`player-download-${b.platform}`);
        expect(await item.getAttribute('href')).toBe(`/downloads/${b.file}`);
        expect(await page.getByTestId(`player-sha256-${b.platform}`).innerText()).toBe(`SHA-256 ${b.sha256}`);
        expect(await item.innerText()).toContain(b.version);
      }
      await screenshot(page, 'player-menu-1400');
    } finally {
      await browser.close();
    }
    for (const b of build.builds) {
      const response = await fetch(`${server.url}/downloads/${b.file}`);
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${b.file}"`);
      expect(sha256(Buffer.from(await response.arrayBuffer())), b.file).toBe(b.sha256);
    }
  });
});
