import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  candidatePath,
  downloadVerified,
  handOver,
  newerBuild,
  previousPath,
  restore,
  selfTestOf,
  swapIn,
} from './update.js';

/** A shell as a script: it answers its self-test with `version`, or fails. */
const shellScript = (version: string, code = 0) =>
  `#!/bin/sh\n[ "$1" = "--self-test" ] && echo '{"version":"${version}","platform":"linux"}'\nexit ${code}\n`;
const NEW = shellScript('0.2.0');
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

let dir: string;
let server: Server;
let base: string;
let served: { version: string; sha256: string; size: number };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vitrine-update-'));
  served = { version: '0.2.0', sha256: sha(NEW), size: Buffer.byteLength(NEW) };
  server = createServer((request, response) => {
    if (request.url === '/api/player/downloads') {
      response.writeHead(200, { 'content-type': 'application/json' });
      const item = (platform: string) => ({
        platform,
        file: `p-${platform}`,
        url: `/downloads/p-${platform}`,
        ...served,
      });
      response.end(JSON.stringify({ items: [item('windows'), item('linux')] }));
      return;
    }
    response.writeHead(request.url === '/downloads/p-linux' ? 200 : 404);
    response.end(request.url === '/downloads/p-linux' ? NEW : '');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the shell updates itself', () => {
  it("finds its platform's newer build, and nothing older, equal or refused before", async () => {
    expect((await newerBuild(base, 'linux', '0.1.0', undefined))?.url).toBe('/downloads/p-linux');
    expect(await newerBuild(base, 'linux', '0.2.0', undefined)).toBeNull();
    expect(await newerBuild(base, 'linux', '0.3.0', undefined)).toBeNull();
    expect(await newerBuild(base, 'linux', '0.1.0', '0.2.0')).toBeNull();
    expect(await newerBuild(base, 'arm', '0.1.0', undefined)).toBeNull();
  });

  it('keeps a download only when its size and digest are the promised ones', async () => {
    const dest = join(dir, 'good');
    await downloadVerified(`${base}/downloads/p-linux`, dest, served);
    expect(await readFile(dest, 'utf8')).toBe(NEW);
    const bad = join(dir, 'bad');
    await expect(
      downloadVerified(`${base}/downloads/p-linux`, bad, { ...served, sha256: '0'.repeat(64) }),
    ).rejects.toThrow('not the build');
    await expect(downloadVerified(`${base}/downloads/missing`, bad, served)).rejects.toThrow('404');
    expect(existsSync(bad) || existsSync(`${bad}.part`)).toBe(false);
  });

  it('asks the new file its version, and takes no answer from one that fails', async () => {
    const good = join(dir, 'self-test-good');
    const failing = join(dir, 'self-test-failing');
    await writeFile(good, NEW);
    await writeFile(failing, shellScript('0.2.0', 3));
    await chmod(good, 0o755);
    await chmod(failing, 0o755);
    expect(await selfTestOf(good)).toBe('0.2.0');
    expect(await selfTestOf(failing)).toBeNull();
    expect(await selfTestOf(join(dir, 'nothing-there'))).toBeNull();
  });

  it('swaps the new file in, keeps the old beside it, and puts it back when asked', async () => {
    const target = join(dir, 'Vitrine.AppImage');
    await writeFile(target, 'old');
    await writeFile(candidatePath(target), 'new');
    const previous = swapIn(target, candidatePath(target));
    expect(previous).toBe(previousPath(target));
    expect(await readFile(target, 'utf8')).toBe('new');
    expect(await readFile(previous, 'utf8')).toBe('old');
    restore(target, previous);
    expect(await readFile(target, 'utf8')).toBe('old');
    expect(existsSync(previous)).toBe(false);
  });
});

describe('the handover to a new shell', () => {
  /** A "new shell": a script that, started, writes the status `write` says, then waits or exits. */
  async function newShell(name: string, body: string) {
    const target = join(dir, `${name}.AppImage`);
    const statusFile = join(dir, `${name}.status.json`);
    await writeFile(target, '#!/bin/sh\necho old\n');
    await writeFile(candidatePath(target), `#!/bin/sh\n${body.replaceAll('STATUS', statusFile)}\n`);
    await chmod(target, 0o755);
    await chmod(candidatePath(target), 0o755);
    return { target, statusFile };
  }
  const healthy = (version: string) =>
    `echo "{\\"version\\":\\"${version}\\",\\"healthy\\":true,\\"startedAt\\":\\"$(date -u +%Y-%m-%dT%H:%M:%S.000Z)\\"}" > STATUS; sleep 3`;

  it('keeps the new file once it reports healthy', async () => {
    const { target, statusFile } = await newShell('healthy', healthy('0.2.0'));
    const h = {
      target,
      candidate: candidatePath(target),
      version: '0.2.0',
      args: [],
      env: process.env,
      statusFile,
    };
    expect(await handOver({ ...h, timeoutMs: 10_000 })).toBe(true);
    expect(await readFile(target, 'utf8')).toContain('healthy');
    expect(existsSync(previousPath(target))).toBe(true);
  });

  it('puts the old file back when the new one exits, or never reports healthy', async () => {
    const crashing = await newShell('crashing', 'exit 1');
    const h = { candidate: '', version: '0.2.0', args: [], env: process.env, timeoutMs: 10_000 };
    expect(await handOver({ ...h, ...crashing, candidate: candidatePath(crashing.target) })).toBe(false);
    expect(await readFile(crashing.target, 'utf8')).toBe('#!/bin/sh\necho old\n');
    // Started, but its status stays another version's: stopped when the time is up.
    const silent = await newShell('silent', healthy('0.1.9'));
    const began = Date.now();
    expect(
      await handOver({ ...h, ...silent, candidate: candidatePath(silent.target), timeoutMs: 1500 }),
    ).toBe(false);
    expect(Date.now() - began).toBeLessThan(5000);
    expect(await readFile(silent.target, 'utf8')).toBe('#!/bin/sh\necho old\n');
  });
});
