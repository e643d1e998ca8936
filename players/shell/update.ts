/**
 * The shell's own update (docs/players.md): when the server serves a newer build for this platform
 * (`GET /api/player/downloads`), it is downloaded beside the running file, checked against its size and
 * SHA-256, asked for its self-test, and swapped in; the old file stays as `<name>.previous` until the new
 * one has shown itself healthy (supervisor.ts), else it is put back.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, renameSync, rmSync, chmodSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { PlayerDownloads, compareVersions, type PlayerDownload, type PlayerPlatform } from '@vitrine/core';
import { readStatus } from './status.js';

/** The build to update to: this platform's, newer than `version`, and not one that failed before. */
export async function newerBuild(
  server: string,
  platform: PlayerPlatform,
  version: string,
  skip: string | undefined,
  fetcher: typeof fetch = fetch,
): Promise<PlayerDownload | null> {
  const response = await fetcher(`${server}/api/player/downloads`, { signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`the server answered ${response.status}`);
  const { items } = PlayerDownloads.parse(await response.json());
  const build = items.find((item) => item.platform === platform);
  if (!build || compareVersions(build.version, version) <= 0 || build.version === skip) return null;
  return build;
}

/** Downloads `url` to `dest`, or throws leaving nothing behind when its size or digest is not the promised. */
export async function downloadVerified(
  url: string,
  dest: string,
  expected: { size: number; sha256: string },
  fetcher: typeof fetch = fetch,
): Promise<void> {
  const partial = `${dest}.part`;
  try {
    const response = await fetcher(url, { signal: AbortSignal.timeout(30 * 60_000) });
    if (!response.ok || !response.body) throw new Error(`the download answered ${response.status}`);
    const hash = createHash('sha256');
    let size = 0;
    const body = Readable.fromWeb(response.body as ReadableStream<Uint8Array>);
    body.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      size += chunk.length;
    });
    await pipeline(body, createWriteStream(partial, { mode: 0o755 }));
    const digest = hash.digest('hex');
    if (size !== expected.size || digest !== expected.sha256) {
      throw new Error(`the download is not the build (${size} bytes, sha256 ${digest})`);
    }
    renameSync(partial, dest);
    if (process.platform !== 'win32') chmodSync(dest, 0o755);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** Runs `file --self-test`; its version when it started, answered and exited 0 within a minute; else null. */
export function selfTestOf(file: string, env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(file, ['--self-test'], {
      env,
      stdio: ['ignore', 'pipe', 'ignore'],
      windowsHide: true,
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
    child.once('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      const line = output.trim().split('\n').at(-1) ?? '';
      try {
        const answer = JSON.parse(line) as { version?: unknown };
        resolve(code === 0 && typeof answer.version === 'string' ? answer.version : null);
      } catch {
        resolve(null);
      }
    });
  });
}

/** Where a download waits beside the running file (the same disk, so the swap is a rename). */
export const candidatePath = (target: string) => join(dirname(target), `.${basename(target)}.new`);
export const previousPath = (target: string) => `${target}.previous`;

/** The new file in place of the old; the old kept as `.previous`. (Windows renames a running exe too.) */
export function swapIn(target: string, candidate: string): string {
  const previous = previousPath(target);
  rmSync(previous, { force: true });
  renameSync(target, previous);
  try {
    renameSync(candidate, target);
  } catch (error) {
    renameSync(previous, target);
    throw error;
  }
  return previous;
}

/** The old file back in place (the new one failed to start). */
export function restore(target: string, previous: string): void {
  if (!existsSync(previous)) return;
  rmSync(target, { force: true });
  renameSync(previous, target);
}

export interface Handover {
  target: string;
  candidate: string;
  version: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** status.json, where the new shell says it is healthy (its page reported). */
  statusFile: string;
  timeoutMs: number;
}

/**
 * Swaps the new file in and starts it (detached: it outlives this process); true once its status says it
 * is this version and healthy. Should it exit or stay silent, it is stopped, the old file is put back, and
 * the answer is false.
 */
export async function handOver(h: Handover): Promise<boolean> {
  const previous = swapIn(h.target, h.candidate);
  const since = Date.now();
  const child = spawn(h.target, h.args, { detached: true, stdio: 'ignore', env: h.env });
  let exited = false;
  child.once('exit', () => (exited = true));
  child.once('error', () => (exited = true));
  while (Date.now() - since < h.timeoutMs && !exited) {
    const status = readStatus(h.statusFile);
    if (status?.version === h.version && status.healthy && Date.parse(status.startedAt) >= since - 1000) {
      child.unref();
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!exited && child.pid) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  }
  restore(h.target, previous);
  return false;
}
