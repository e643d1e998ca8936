import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { built, tool } from './support.js';

/**
 * Each desktop player starts, reads its configuration, answers its version and says which browser it found
 * (`--self-test`, the check an update runs too): the x86_64 AppImage here, the aarch64 one under
 * qemu-user-static, the Windows exe under wine (docs/players.md).
 */
const build = built();
let home: string;

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'vitrine-self-test-'));
});
afterAll(() => rm(home, { recursive: true, force: true }));

/** A configuration folder holding a server address, as a first start would have left it. */
function configured(name: string): string {
  const dir = join(home, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ server: 'https://signage.example.com' }));
  return dir;
}

const answerOf = (output: string) => JSON.parse(output.trim().split('\n').at(-1)!) as Record<string, unknown>;

describe('self-tests', () => {
  it('x86_64: unpacked into the cache and run, it reads its configuration and finds Chromium', () => {
    const env = {
      VITRINE_PLAYER_HOME: configured('x86_64'),
      XDG_CACHE_HOME: join(home, 'cache'),
      APPIMAGE_EXTRACT_AND_RUN: '1',
      VITRINE_BROWSER: '/usr/bin/chromium',
    };
    const run = tool(build.path('linux'), ['--self-test'], env);
    expect(run.code, run.output).toBe(0);
    expect(answerOf(run.stdout)).toEqual({
      version: build.version,
      platform: 'linux',
      node: expect.stringMatching(/^v22\./),
      sea: true,
      config: join(env.VITRINE_PLAYER_HOME, 'config.json'),
      server: 'https://signage.example.com',
      browser: '/usr/bin/chromium',
    });
    // Unpacked once per build, into the user's cache.
    expect(tool('ls', [join(home, 'cache', 'vitrine-player', 'appimage')]).stdout.trim()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]+$/,
    );
  });

  it('aarch64: its runtime unpacks it and its shell answers, under qemu-user-static', async () => {
    const dir = await mkdtemp(join(home, 'arm-'));
    // Without binfmt_misc qemu runs one program: the runtime unpacks, then the shell runs on its own.
    const unpacked = tool('qemu-aarch64-static', [build.path('arm'), '--appimage-extract'], {}, dir);
    expect(unpacked.code, unpacked.output).toBe(0);
    const run = tool(
      'qemu-aarch64-static',
      ['-L', '/usr/aarch64-linux-gnu', join(dir, 'squashfs-root', 'AppRun'), '--self-test'],
      { VITRINE_PLAYER_HOME: configured('aarch64'), VITRINE_BROWSER: '/usr/bin/chromium' },
    );
    expect(run.code, run.output).toBe(0);
    expect(answerOf(run.stdout)).toMatchObject({
      version: build.version,
      platform: 'arm',
      sea: true,
      server: 'https://signage.example.com',
      browser: '/usr/bin/chromium',
    });
  });

  it('Windows: the exe answers under wine, as Windows 10, and finds no Edge there', () => {
    // A wine prefix set up once as Windows 10 (Node refuses older) and kept between runs.
    const prefix = join(
      process.env.PLAYERS_CACHE || join(homedir(), '.cache', 'vitrine-players'),
      'wine-prefix',
    );
    const env = { WINEPREFIX: prefix, WINEDEBUG: '-all', WINEDLLOVERRIDES: 'mscoree,mshtml=' };
    const wine = tool('sh', ['-c', 'command -v wine64 || echo /usr/lib/wine/wine64']).stdout.trim();
    const version = tool(wine, ['reg', 'query', 'HKCU\\Software\\Wine', '/v', 'Version'], env);
    if (!version.output.includes('win10')) {
      const set = tool(
        wine,
        ['reg', 'add', 'HKCU\\Software\\Wine', '/v', 'Version', '/d', 'win10', '/f'],
        env,
      );
      expect(set.code, set.output).toBe(0);
    }
    const dir = configured('windows');
    // Node under wine writes to files, not pipes.
    const out = join(home, 'wine.out');
    const fd = openSync(out, 'w');
    const run = spawnSync(wine, [build.path('windows'), '--self-test'], {
      env: { ...process.env, ...env, VITRINE_PLAYER_HOME: `Z:${dir.replaceAll('/', '\\')}` },
      stdio: ['ignore', fd, 'ignore'],
    });
    closeSync(fd);
    expect(run.status).toBe(0);
    const answer = answerOf(readFileSync(out, 'utf8'));
    expect(answer).toMatchObject({ version: build.version, platform: 'windows', sea: true, browser: null });
    expect(answer.server).toBe('https://signage.example.com');
    expect(answer.config).toBe(`Z:${dir.replaceAll('/', '\\')}\\config.json`);
  });
});
