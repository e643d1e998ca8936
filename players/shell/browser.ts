/**
 * The browser the device has (Chromium on Linux, Edge on Windows, Chrome on either), started in kiosk mode
 * on its own profile with the debugging pipe.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { Cdp } from './cdp.js';

const LINUX_NAMES = [
  'chromium',
  'chromium-browser',
  'google-chrome-stable',
  'google-chrome',
  'microsoft-edge-stable',
  'microsoft-edge',
];

function windowsCandidates(env: NodeJS.ProcessEnv): string[] {
  const roots = [env['ProgramFiles(x86)'], env.ProgramFiles, env.LOCALAPPDATA].filter(
    (root): root is string => Boolean(root),
  );
  return roots.flatMap((root) => [
    join(root, 'Microsoft', 'Edge', 'Application', 'msedge.exe'),
    join(root, 'Google', 'Chrome', 'Application', 'chrome.exe'),
  ]);
}

const canRun = (path: string): boolean => {
  try {
    accessSync(path, process.platform === 'win32' ? constants.F_OK : constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** `VITRINE_BROWSER` when set, else the first browser found; null when the device has none. */
export function findBrowser(
  env: NodeJS.ProcessEnv = process.env,
  os: NodeJS.Platform = process.platform,
  exists: (path: string) => boolean = canRun,
): string | null {
  if (env.VITRINE_BROWSER) return exists(env.VITRINE_BROWSER) ? env.VITRINE_BROWSER : null;
  if (os === 'win32') return windowsCandidates(env).find(exists) ?? null;
  const dirs = (env.PATH ?? '/usr/local/bin:/usr/bin:/bin').split(delimiter).filter(Boolean);
  for (const name of LINUX_NAMES) {
    for (const dir of dirs) if (exists(join(dir, name))) return join(dir, name);
  }
  return null;
}

export interface LaunchOptions {
  browser: string;
  profile: string;
  /** More flags, e.g. from VITRINE_BROWSER_ARGS. */
  extra?: string[];
  /** Chromium refuses to run as root without its sandbox turned off. */
  root?: boolean;
}

/** The kiosk's flags: full screen, no first-run pages, bubbles or translations, media that plays by itself. */
export function browserArgs(options: LaunchOptions): string[] {
  const args = [
    '--remote-debugging-pipe',
    `--user-data-dir=${options.profile}`,
    '--kiosk',
    '--start-fullscreen',
    '--no-first-run',
    '--no-default-browser-check',
    '--autoplay-policy=no-user-gesture-required',
    '--noerrdialogs',
    '--disable-infobars',
    '--disable-session-crashed-bubble',
    '--disable-translate',
    '--disable-features=Translate,MediaRouter,InfiniteSessionRestore',
    '--disable-pinch',
    '--overscroll-history-navigation=0',
    '--check-for-update-interval=31536000',
    '--password-store=basic',
  ];
  if (/msedge(\.exe)?$/i.test(options.browser)) args.push('--edge-kiosk-type=fullscreen');
  if (options.root) args.push('--no-sandbox');
  return [...args, ...(options.extra ?? []), 'about:blank'];
}

/**
 * A browser killed by a power cut marks its profile as crashed and offers to restore pages: marked as closed
 * cleanly before each start, so the kiosk shows the player and nothing else.
 */
export function markCleanExit(profile: string): void {
  const file = join(profile, 'Default', 'Preferences');
  try {
    const prefs = JSON.parse(readFileSync(file, 'utf8')) as { profile?: Record<string, unknown> };
    prefs.profile = { ...prefs.profile, exit_type: 'Normal', exited_cleanly: true };
    writeFileSync(file, JSON.stringify(prefs));
  } catch {
    // No profile yet, or one the browser rewrites anyway.
  }
}

export interface Launched {
  child: ChildProcess;
  cdp: Cdp;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function launchBrowser(options: LaunchOptions, onOutput?: (line: string) => void): Launched {
  mkdirSync(options.profile, { recursive: true });
  markCleanExit(options.profile);
  const child = spawn(options.browser, browserArgs(options), {
    stdio: ['ignore', 'pipe', 'pipe', 'pipe', 'pipe'],
    windowsHide: false,
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', () => resolve({ code: -1, signal: null }));
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (text: string) => {
      for (const line of text.split('\n')) if (line.trim()) onOutput?.(line.trim());
    });
  }
  const cdp = new Cdp(child.stdio[3] as Writable, child.stdio[4] as Readable);
  void exited.then(() => cdp.close('the browser exited'));
  return { child, cdp, exited };
}
