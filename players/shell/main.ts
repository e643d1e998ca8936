/**
 * Vitrine Player, the desktop shell (docs/players.md): `vitrine-player [--server <address>] [--reset]
 * [--self-test] [--version]`. It keeps the server's web player on screen in a kiosk browser and gives it the
 * native bridge; see supervisor.ts.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { findBrowser } from './browser.js';
import { loadConfig, normalizeServer, pathsOf, saveConfig, type ShellPaths } from './config.js';
import { createLog, errorText } from './log.js';
import { OsActions, systemRunner } from './os.js';
import { Supervisor } from './supervisor.js';
import { VERSION, platformOf } from './version.js';
import { timingsOf } from './watchdog.js';

const HELP = `Vitrine Player ${VERSION}
  --server <address>  the Vitrine server to show (else asked on the screen at first start)
  --reset             forget the server's address
  --self-test         print version, configuration and browser as JSON, and exit
  --version           print the version`;

function isSea(): boolean {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (require('node:sea') as { isSea(): boolean }).isSea();
  } catch {
    return false;
  }
}

/** What an installer or an update checks: it starts, reads its configuration and finds a browser. */
function selfTest(paths: ShellPaths): void {
  const config = loadConfig(paths);
  const answer = {
    version: VERSION,
    platform: platformOf(),
    node: process.version,
    sea: isSea(),
    config: paths.config,
    server: config.server,
    browser: findBrowser(),
  };
  process.stderr.write(
    `Vitrine Player ${answer.version} (${answer.platform})\nconfiguration: ${answer.config}\n` +
      `server: ${answer.server ?? 'not set'}\nbrowser: ${answer.browser ?? 'none found'}\n`,
  );
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}

/** One shell per user: a second one would fight the first over the browser's profile. */
function lockOf(paths: ShellPaths) {
  const take = () => {
    try {
      const pid = Number(readFileSync(paths.lock, 'utf8'));
      if (pid && pid !== process.pid) {
        process.kill(pid, 0);
        throw new Error(`Vitrine Player is already running (pid ${pid})`);
      }
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('Vitrine Player')) throw error;
    }
    writeFileSync(paths.lock, String(process.pid));
  };
  const release = () => {
    try {
      if (Number(readFileSync(paths.lock, 'utf8')) === process.pid) rmSync(paths.lock);
    } catch {
      // Already gone.
    }
  };
  return { take, release };
}

/** The file an update replaces: the AppImage (its runtime says where) or the exe; none when run otherwise. */
function updateTarget(): string | null {
  if (process.env.APPIMAGE) return process.env.APPIMAGE;
  return process.platform === 'win32' && isSea() ? process.execPath : null;
}

function main(argv: string[]): void {
  const paths = pathsOf();
  if (argv.includes('--help') || argv.includes('-h')) return void process.stdout.write(`${HELP}\n`);
  if (argv.includes('--version')) return void process.stdout.write(`${VERSION}\n`);
  if (argv.includes('--self-test')) return selfTest(paths);
  mkdirSync(paths.dir, { recursive: true });
  const log = createLog(paths.log);
  const config = loadConfig(paths);
  if (argv.includes('--reset')) config.server = null;
  const given = argv.indexOf('--server');
  if (given !== -1) {
    const server = normalizeServer(argv[given + 1] ?? '');
    if (!server) throw new Error(`Not a server address: ${argv[given + 1] ?? '(none)'}`);
    config.server = server;
  }
  saveConfig(paths, config);
  const browser = findBrowser();
  if (!browser)
    throw new Error('No browser found: install Chromium (Linux) or Edge (Windows), or set VITRINE_BROWSER');
  const lock = lockOf(paths);
  lock.take();
  const executable = updateTarget() ?? process.execPath;
  const supervisor = new Supervisor({
    paths,
    config,
    log,
    os: new OsActions({ runner: systemRunner(), os: process.platform, env: process.env, executable }),
    env: process.env,
    browser,
    browserArgs: (process.env.VITRINE_BROWSER_ARGS ?? '').split(/\s+/).filter(Boolean),
    root: process.platform !== 'win32' && process.getuid?.() === 0,
    shell: { platform: platformOf(), version: VERSION },
    timings: timingsOf(process.env),
    updateTarget: updateTarget(),
    updateEveryMs: Math.max(1, Number(process.env.VITRINE_UPDATE_SECONDS) || 3600) * 1000,
    releaseLock: lock.release,
    takeLock: lock.take,
  });
  log.info(
    `Vitrine Player ${VERSION} (${platformOf()}) starting; browser ${browser}; server ${config.server ?? 'not set'}`,
  );
  const quit = () => {
    void supervisor.shutdown().finally(() => {
      lock.release();
      process.exit(0);
    });
  };
  process.on('SIGINT', quit);
  process.on('SIGTERM', quit);
  supervisor.start();
}

try {
  main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`${errorText(error)}\n`);
  process.exit(1);
}
