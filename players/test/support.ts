/** What the tests of the built players share: the build's manifest, digests, programs, a virtual display. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PlayerBuildManifest, type PlayerBuild, type PlayerPlatform } from '@vitrine/core';

export const DIST = process.env.PLAYERS_OUT || fileURLToPath(new URL('../dist/', import.meta.url));
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The build the tests check: `npm run build:players` must have run (npm test runs it). */
export function built(): PlayerBuildManifest & {
  path: (platform: PlayerPlatform) => string;
  build: (p: PlayerPlatform) => PlayerBuild;
} {
  const file = `${DIST}/manifest.json`;
  if (!existsSync(file)) throw new Error(`No players built in ${DIST}: run npm run build:players first`);
  const manifest = PlayerBuildManifest.parse(JSON.parse(readFileSync(file, 'utf8')));
  const build = (platform: PlayerPlatform) => {
    const found = manifest.builds.find((b) => b.platform === platform);
    if (!found) throw new Error(`The build has no ${platform} player`);
    return found;
  };
  return { ...manifest, build, path: (platform) => `${DIST}/${build(platform).file}` };
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Runs a program to its end: exit code and output (for the tools that check the builds). */
export function tool(command: string, args: string[], env: NodeJS.ProcessEnv = {}, cwd?: string) {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    cwd,
    maxBuffer: 64 * 1024 * 1024,
  });
  return {
    code: result.status,
    output: `${result.stdout ?? ''}${result.stderr ?? ''}`,
    stdout: result.stdout ?? '',
  };
}

/** Xvfb on a display number it picks itself (-displayfd); stopped with `stop`. */
export async function startXvfb(): Promise<{ display: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(
    'Xvfb',
    ['-displayfd', '3', '-screen', '0', '1280x720x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    },
  );
  const number = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdio[3]!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(text.trim());
    });
    child.once('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    display: `:${number}`,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
