/**
 * Where the shell keeps its things, and the one setting it asks for: the server's address. Linux:
 * `$XDG_CONFIG_HOME/vitrine-player` (else `~/.config/vitrine-player`); Windows: `%APPDATA%\Vitrine Player`;
 * `VITRINE_PLAYER_HOME` overrides both.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface ShellPaths {
  dir: string;
  config: string;
  /** The kiosk browser's own profile. */
  profile: string;
  log: string;
  /** What the shell is doing, for people and for the update's handover (status.ts). */
  status: string;
  lock: string;
}

export function pathsOf(
  env: NodeJS.ProcessEnv = process.env,
  os: NodeJS.Platform = process.platform,
): ShellPaths {
  const dir =
    env.VITRINE_PLAYER_HOME ||
    (os === 'win32'
      ? join(env.APPDATA || join(homedir(), 'AppData', 'Roaming'), 'Vitrine Player')
      : join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'vitrine-player'));
  return {
    dir,
    config: join(dir, 'config.json'),
    profile: join(dir, 'browser'),
    log: join(dir, 'shell.log'),
    status: join(dir, 'status.json'),
    lock: join(dir, 'shell.pid'),
  };
}

export interface ShellConfig {
  /** The server's origin, e.g. `https://signage.example.com`; null until someone typed it. */
  server: string | null;
  /** A version that failed its start after an update: not tried again (update.ts). */
  skipVersion?: string;
}

/**
 * A typed address as the server's origin: the scheme defaults to https (http for a bare IP address, a
 * `.local` or `localhost` name, or a port), a path such as `/player/` is dropped. Null when it is no address.
 */
export function normalizeServer(input: string): string | null {
  let text = input.trim();
  if (!text || /\s/.test(text)) return null;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    const host = text.split('/')[0]!;
    const local =
      /^(\d{1,3}(\.\d{1,3}){3}|localhost|\[[0-9a-f:]+\])(:\d+)?$/i.test(host) ||
      /\.local(:\d+)?$/i.test(host);
    text = `${local || /:\d+$/.test(host) ? 'http' : 'https'}://${text}`;
  }
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password || !url.hostname) return null;
    return url.origin;
  } catch {
    return null;
  }
}

export function loadConfig(paths: ShellPaths): ShellConfig {
  try {
    const value = JSON.parse(readFileSync(paths.config, 'utf8')) as Partial<ShellConfig>;
    const server = typeof value.server === 'string' ? normalizeServer(value.server) : null;
    return {
      server,
      ...(typeof value.skipVersion === 'string' ? { skipVersion: value.skipVersion } : {}),
    };
  } catch {
    return { server: null };
  }
}

/** Written whole or not at all (a power cut mid-write leaves the old file). */
export function saveConfig(paths: ShellPaths, config: ShellConfig): void {
  mkdirSync(paths.dir, { recursive: true });
  const temporary = `${paths.config}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(config, null, 2)}\n`);
  renameSync(temporary, paths.config);
}
