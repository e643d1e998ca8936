import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Upload } from '@tus/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HashingFileStore } from './tus-store.js';
import { createTusStore } from './tus-store.js';

let dir: string;
const stores: HashingFileStore[] = [];
const newStore = () => {
  const store = createTusStore(dir, 3_600_000);
  stores.push(store);
  return store;
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vitrine-tus-store-'));
});
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await rm(dir, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A body sent as a request streams it: in pieces of 64 KiB. */
const stream = (bytes: Buffer) =>
  Readable.from(
    Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) =>
      bytes.subarray(i * 65536, (i + 1) * 65536),
    ),
  );

async function begin(store: HashingFileStore, size: number): Promise<string> {
  const id = randomBytes(8).toString('hex');
  await store.create(new Upload({ id, size, offset: 0 }));
  return id;
}

describe('HashingFileStore', () => {
  it('fingerprints an upload sent in several chunks as it is written, the same as reading it back', async () => {
    const store = newStore();
    // Not a multiple of the 4 MiB blocks, so blocks straddle the chunks' ends.
    const body = randomBytes(9 * 1024 * 1024 + 12345);
    const id = await begin(store, body.length);
    const cuts = [0, 3 * 1024 * 1024 + 7, 8 * 1024 * 1024 + 1, body.length];
    for (let i = 0; i + 1 < cuts.length; i++) {
      const end = await store.write(stream(body.subarray(cuts[i], cuts[i + 1])), id, cuts[i]!);
      expect(end).toBe(cuts[i + 1]);
    }
    expect((await readFile(join(dir, id))).equals(body)).toBe(true);
    const print = await store.takeFingerprint(id, body.length);
    expect(print).toEqual({
      size: body.length,
      hash: sha256(body),
      head: new Uint8Array(body.subarray(0, 4096)),
    });
    // Taken once: the upload's hash is gone from the store and from its thread.
    expect(await store.takeFingerprint(id, body.length)).toBeUndefined();
  });

  it('gives no fingerprint for bytes it did not see: a chunk written by another process', async () => {
    const first = newStore();
    const other = newStore();
    const body = randomBytes(300_000);
    const id = await begin(first, body.length);
    await first.write(stream(body.subarray(0, 100_000)), id, 0);
    await other.write(stream(body.subarray(100_000)), id, 100_000);
    expect(await first.takeFingerprint(id, body.length)).toBeUndefined();
    expect(await other.takeFingerprint(id, body.length)).toBeUndefined();
  });

  it('drops the running hash when a write fails part way, and the resumed upload is read again', async () => {
    const store = newStore();
    const body = randomBytes(7 * 1024 * 1024);
    const id = await begin(store, body.length);
    await store.write(stream(body.subarray(0, 1024 * 1024)), id, 0);
    // The next request dies after 5 MiB more: a 4 MiB block may reach the disk, the rest does not.
    const dying = new Readable({ read() {} });
    dying.push(body.subarray(1024 * 1024, 6 * 1024 * 1024));
    setTimeout(() => dying.destroy(new Error('connection reset')), 20);
    const failed = await store.write(dying, id, 1024 * 1024).then(
      () => 'written',
      () => 'failed',
    );
    expect(failed).toBe('failed');
    const written = (await store.getUpload(id)).offset;
    await store.write(stream(body.subarray(written)), id, written);
    expect((await readFile(join(dir, id))).equals(body)).toBe(true);
    expect(await store.takeFingerprint(id, body.length)).toBeUndefined();
  });

  it('gives no fingerprint for an upload short of its declared length', async () => {
    const store = newStore();
    const body = randomBytes(200_000);
    const id = await begin(store, body.length);
    await store.write(stream(body.subarray(0, 150_000)), id, 0);
    expect(await store.takeFingerprint(id, body.length)).toBeUndefined();
  });
});
