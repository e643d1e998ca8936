/** What the build's steps share: folders, running tools, digests, timing. */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PLAYERS = fileURLToPath(new URL('..', import.meta.url));
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Node's binaries and built players kept between builds, outside the repository (cache.ts). */
export const CACHE =
  process.env.PLAYERS_CACHE ||
  join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'vitrine-players');

/** Runs a program; rejects with its output when it fails. */
export function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.setEncoding('utf8').on('data', (t: string) => (output += t));
    child.stderr?.setEncoding('utf8').on('data', (t: string) => (output += t));
    if (child.stdin) {
      child.stdin.on('error', () => undefined);
      child.stdin.end(options.input);
    }
    child.once('error', (error) => reject(new Error(`${command}: ${error.message}`)));
    child.once('close', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output.slice(-4000)}`));
    });
  });
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Runs a step and prints how long it took. */
export async function step<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await work();
  process.stdout.write(`  ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return result;
}
