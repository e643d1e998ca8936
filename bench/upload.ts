import { createReadStream } from 'node:fs';
import { copyFile, mkdtemp, open, rm, stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { benchApp } from './support.js';

const SIZE = Number(process.env.BENCH_UPLOAD_BYTES ?? 1024 ** 3);
const CHUNK = 64 * 1024 * 1024;

/** A file of SIZE random bytes (a 7z header first, so the library stores it as an archive). */
async function makeFile(path: string): Promise<void> {
  const handle = await open(path, 'w');
  const block = randomBytes(16 * 1024 * 1024);
  block.set([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], 0);
  for (let written = 0; written < SIZE; written += block.length) {
    await handle.write(block, 0, Math.min(block.length, SIZE - written));
  }
  await handle.close();
}

/** PATCHes [from, to) of the file; with `cutAt` the connection is destroyed after that many bytes. */
function patch(
  url: string,
  token: string,
  path: string,
  from: number,
  to: number,
  cutAt?: number,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    let sent = 0;
    const req = httpRequest({
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': String(from),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(to - from),
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(sent));
    });
    req.on('error', (error) => (cutAt !== undefined ? resolve(sent) : reject(error)));
    const source = createReadStream(path, { start: from, end: to - 1, highWaterMark: 1024 * 1024 });
    source.on('data', (chunk) => {
      const buffer = chunk as Buffer;
      if (cutAt !== undefined && sent + buffer.length > cutAt) {
        req.write(buffer.subarray(0, cutAt - sent));
        sent = cutAt;
        source.destroy();
        setTimeout(() => req.destroy(), 300);
        return;
      }
      sent += buffer.length;
      if (!req.write(buffer)) {
        source.pause();
        req.once('drain', () => source.resume());
      }
    });
    source.on('end', () => req.end());
  });
}

/**
 * bench/upload: a large file through the resumable endpoint on loopback, as a ratio of a plain copy of the
 * same file on the same disk; then the same upload cut at 50% and resumed, counting the bytes sent twice.
 */
export async function uploadBenchmark(): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-upload-bench-'));
  const source = join(dir, 'source.7z');
  await makeFile(source);
  const { app, services, repos, database, config } = await benchApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const owner = await services.users.create({
    login: `up${Date.now()}`,
    name: 'Bench',
    password: 'bench-pass-1',
    role: 'owner',
  });
  config.media.quota = 4 * SIZE;
  config.media.maxFileSize = 2 * SIZE;
  const row = (await repos.users.platformFindById(owner.id))!;
  const { token } = await services.auth.issue(row, { ip: '127.0.0.1', userAgent: 'bench' });

  const create = async (name: string) => {
    const res = await fetch(`${base}/api/file/tus`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'tus-resumable': '1.0.0',
        'upload-length': String(SIZE),
        'upload-metadata': `filename ${Buffer.from(name).toString('base64')}`,
      },
    });
    return new URL(res.headers.get('location')!, base).toString();
  };

  // Baseline: a plain copy of the same bytes on the same disk.
  const copyStart = performance.now();
  await copyFile(source, join(dir, 'copy.7z'));
  const copyMs = performance.now() - copyStart;
  await rm(join(dir, 'copy.7z'));

  // Whole upload in 64 MiB PATCHes, ingest included (hashing, quota, storing).
  const url = await create('whole.7z');
  const start = performance.now();
  for (let offset = 0; offset < SIZE; offset += CHUNK)
    await patch(url, token, source, offset, Math.min(SIZE, offset + CHUNK));
  const uploadMs = performance.now() - start;

  // Cut at 50%, resume from the server's offset: how much is sent twice?
  const second = await create('resumed.7z');
  const half = Math.floor(SIZE / 2);
  const sentBeforeCut = await patch(second, token, source, 0, SIZE, half);
  const head = await fetch(second, {
    method: 'HEAD',
    headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' },
  });
  const offset = Number(head.headers.get('upload-offset'));
  const resumeSent = await patch(second, token, source, offset, SIZE);
  const resent = sentBeforeCut + resumeSent - SIZE;

  const stored = await stat(source);
  await app.close();
  await database.close();
  await rm(dir, { recursive: true, force: true });
  const mb = (n: number) => (n / 1024 ** 2).toFixed(0);
  return [
    `upload (${database.driver}), ${mb(stored.size)} MiB`,
    `  plain copy on the same disk            ${(copyMs / 1000).toFixed(2)} s  (baseline)`,
    `  resumable upload + ingest              ${(uploadMs / 1000).toFixed(2)} s  x${(uploadMs / copyMs).toFixed(2)} of the copy, ${(stored.size / 1024 ** 2 / (uploadMs / 1000)).toFixed(0)} MiB/s`,
    `  cut at 50%: server had ${mb(offset)} MiB of ${mb(sentBeforeCut)} MiB sent; bytes sent twice: ${mb(Math.max(0, resent))} MiB`,
  ];
}
