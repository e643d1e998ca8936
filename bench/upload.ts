import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, open, rm, stat } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import { benchApp } from './support.js';

const SIZE = Number(process.env.BENCH_UPLOAD_BYTES ?? 256 * 1024 ** 2);
/** The web app's chunk (apps/web uploads.ts): each PATCH carries 8 MiB. */
const CHUNK = 8 * 1024 * 1024;

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
  const headers = {
    authorization: `Bearer ${token}`,
    'tus-resumable': '1.0.0',
    'upload-offset': String(from),
    'content-type': 'application/offset+octet-stream',
  };
  return send('PATCH', url, headers, path, from, to, cutAt);
}

/** Sends [from, to) of the file as one request's body, read from disk as a client would. */
function send(
  method: string,
  url: string,
  headers: Record<string, string>,
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
      method,
      headers: { ...headers, 'content-length': String(to - from) },
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

/** A run's wall time and the CPU this process (client and server both) spent in it. */
interface Run {
  ms: number;
  cpuMs: number;
}
const best = (runs: Run[]): Run => runs.reduce((a, b) => (b.ms < a.ms ? b : a));

/** Times `work`: its wall time and the CPU this process spent meanwhile. */
async function timed(work: () => Promise<unknown>): Promise<Run> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await work();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000 };
}

/** Sends the whole file to `url` in CHUNK-sized PATCHes; answers when the last one started. */
async function patchAll(url: string, token: string, source: string): Promise<number> {
  let lastStart = performance.now();
  for (let offset = 0; offset < SIZE; offset += CHUNK) {
    lastStart = performance.now();
    await patch(url, token, source, offset, Math.min(SIZE, offset + CHUNK));
  }
  return lastStart;
}

/**
 * The baseline: a bare HTTP PUT of the same bytes on loopback to a server that only writes the body to a
 * file on the same disk (no hashing, no checks), sent from disk by the same client code.
 */
async function barePut(source: string, target: string): Promise<Run> {
  const server = createServer((req, res) => {
    req.pipe(createWriteStream(target)).on('finish', () => res.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/put`;
  const run = await timed(() => send('PUT', url, {}, source, 0, SIZE));
  await new Promise((resolve) => server.close(resolve));
  await rm(target);
  return run;
}

/** The same upload through the tus library alone (a plain FileStore, no hooks): what the library costs. */
async function tusAlone(source: string, directory: string): Promise<Run> {
  await mkdir(directory, { recursive: true });
  const tus = new Server({ path: '/files', datastore: new FileStore({ directory }) });
  const server = createServer((req, res) => void tus.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const created = await fetch(`${base}/files`, {
    method: 'POST',
    headers: { 'tus-resumable': '1.0.0', 'upload-length': String(SIZE) },
  });
  const url = new URL(created.headers.get('location')!, base).toString();
  const run = await timed(() => patchAll(url, '', source));
  await new Promise((resolve) => server.close(resolve));
  await rm(directory, { recursive: true, force: true });
  return run;
}

/**
 * bench/upload: a large file through the resumable endpoint on loopback, as a ratio of a plain copy of the
 * same file on the same disk; then the same upload cut at 50% and resumed, counting the bytes sent twice.
 */
export async function uploadBenchmark(): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-upload-bench-'));
  const source = join(dir, 'source.7z');
  await makeFile(source);
  const { app, services, repos, database } = await benchApp({
    BILLING: 'off',
    CABINET_QUOTA: String(8 * SIZE),
    MAX_UPLOAD_SIZE: String(2 * SIZE),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const owner = await services.users.create({
    login: `up${Date.now()}`,
    name: 'Bench',
    password: 'bench-pass-1',
    role: 'owner',
  });
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

  // A bare HTTP PUT of the same bytes and the whole upload, taken in turns (the disk's writeback of one
  // round falls on both alike), the best of three each; the upload in 8 MiB PATCHes as the web app sends it, ingest included
  // (hashing, quota, storing). And the tus library alone on a plain FileStore: no checks, no ingest.
  const puts: Run[] = [];
  const uploads: Run[] = [];
  const bareTus: Run[] = [];
  // How much longer the last chunk's answer takes than an average chunk: the ingest's own time.
  const lastChunk: number[] = [];
  for (let i = 0; i < 3; i++) {
    puts.push(await barePut(source, join(dir, 'put.7z')));
    bareTus.push(await tusAlone(source, join(dir, 'tus-alone')));
    const url = await create(`whole-${i}.7z`);
    const start = performance.now();
    let lastStart = start;
    const run = await timed(async () => (lastStart = await patchAll(url, token, source)));
    const others = (lastStart - start) / Math.max(1, Math.ceil(SIZE / CHUNK) - 1);
    uploads.push(run);
    lastChunk.push(start + run.ms - lastStart - others);
    // The next round sends different bytes, so it is stored, not found as a duplicate.
    const handle = await open(source, 'r+');
    await handle.write(randomBytes(16), 0, 16, 4096);
    await handle.close();
  }
  const upload = best(uploads);
  const put = best(puts);
  const tus = best(bareTus);

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
    `  bare HTTP PUT to a file (best of 3)    ${(put.ms / 1000).toFixed(2)} s  x${(put.ms / copyMs).toFixed(2)} of the copy, CPU ${(put.cpuMs / 1000).toFixed(2)} s`,
    `  @tus/server + FileStore alone          ${(tus.ms / 1000).toFixed(2)} s  CPU ${(tus.cpuMs / 1000).toFixed(2)} s; PUT ÷ it ${(put.ms / tus.ms).toFixed(2)}`,
    `  resumable upload + ingest (best of 3)  ${(upload.ms / 1000).toFixed(2)} s  ${(stored.size / 1024 ** 2 / (upload.ms / 1000)).toFixed(0)} MiB/s, CPU ${(upload.cpuMs / 1000).toFixed(2)} s; PUT ÷ upload ${(put.ms / upload.ms).toFixed(2)} (goal ≥ 0.8)`,
    `  the last chunk's answer beyond an average chunk's (the ingest), median ${lastChunk.sort((a, b) => a - b)[1]!.toFixed(0)} ms`,
    `  cut at 50%: server had ${mb(offset)} MiB of ${mb(sentBeforeCut)} MiB sent; bytes sent twice: ${mb(Math.max(0, resent))} MiB`,
  ];
}
