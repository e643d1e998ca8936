import crypto, { createHash, createHmac, randomBytes, type BinaryLike, type CipherKey } from 'node:crypto';
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { LocalStorage, type Storage } from './storage.js';
import { S3Storage, createStorage, type S3StorageOptions } from './storage-s3.js';

/**
 * S3Storage against a real S3 REST server in this process: @20minutes/s3rver speaks the S3 HTTP/XML
 * protocol, checks SigV4 signatures and keeps objects on disk. The same contract runs on LocalStorage.
 */

/** The part of @20minutes/s3rver (CommonJS, no types) used here. */
interface S3rverApp {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  configureBuckets(): Promise<unknown>;
  logger: { close(): void };
}
type S3rverClass = new (options: {
  directory: string;
  silent: boolean;
  vhostBuckets: boolean;
  allowMismatchedSignatures: boolean;
  configureBuckets: { name: string }[];
}) => S3rverApp;
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;

const MiB = 1024 * 1024;
const BUCKET = 'media';
/** s3rver's built-in account. */
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let workDir: string;
const emulators: S3rverApp[] = [];
let server: Server;
let endpoint: string;
/** Every request the emulator received: method, path with query, Range header. */
const requests: { method: string; url: string; range: string | undefined }[] = [];
/** The status each request was answered with (set when the answer is sent). */
const statusOf = new WeakMap<object, number>();
const opened: S3Storage[] = [];
/** 20 MiB: more than two multipart parts of 8 MiB. */
const big = randomBytes(20 * MiB);
let sequence = 0;

/**
 * s3rver encrypts ListObjectsV2 continuation tokens with single DES, which OpenSSL 3 (Node 18+) keeps in
 * its legacy provider only, so any truncated listing fails. Triple DES with three equal keys is the very
 * same cipher, so the emulator gets that instead. Nothing else here uses DES.
 */
function serveSingleDesAsTripleDes(): void {
  const createCipheriv = crypto.createCipheriv;
  const createDecipheriv = crypto.createDecipheriv;
  const tripled = (algorithm: string, key: CipherKey): [string, CipherKey] =>
    algorithm === 'des' && Buffer.isBuffer(key) && key.length === 8
      ? ['des-ede3-cbc', Buffer.concat([key, key, key])]
      : [algorithm, key];
  vi.spyOn(crypto, 'createCipheriv').mockImplementation(((
    algorithm: string,
    key: CipherKey,
    iv: BinaryLike,
  ) => createCipheriv(...tripled(algorithm, key), iv)) as typeof crypto.createCipheriv);
  vi.spyOn(crypto, 'createDecipheriv').mockImplementation(((
    algorithm: string,
    key: CipherKey,
    iv: BinaryLike,
  ) => createDecipheriv(...tripled(algorithm, key), iv)) as typeof crypto.createDecipheriv);
}

const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data).digest();
const rfc3986 = (text: string): string =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * SigV4 of a header-signed request, checked here. s3rver signs bucket-level requests (ListObjectsV2,
 * DeleteObjects) over `/bucket` while the SDK sends and signs `/bucket/`, as AWS accepts; those requests
 * are checked by this function and then served by an s3rver that skips its own check. Every other
 * request is checked by s3rver itself.
 */
function validSignature(req: IncomingMessage): boolean {
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      req.headers.authorization ?? '',
    );
  if (!auth) return false;
  const [, keyId = '', date = '', region = '', service = '', signedHeaders = '', signature] = auth;
  if (keyId !== KEYS.accessKeyId) return false;
  const [path = '/', search = ''] = (req.url ?? '/').split('?');
  const query = [...new URLSearchParams(search)]
    .map(([name, value]) => `${rfc3986(name)}=${rfc3986(value)}`)
    .sort()
    .join('&');
  const headers = signedHeaders
    .split(';')
    .map((name) => `${name}:${String(req.headers[name] ?? '').trim()}\n`)
    .join('');
  const canonical = [
    req.method,
    path,
    query,
    headers,
    signedHeaders,
    String(req.headers['x-amz-content-sha256']),
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = [
    'AWS4-HMAC-SHA256',
    String(req.headers['x-amz-date']),
    scope,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  const key = [date, region, service, 'aws4_request'].reduce<string | Buffer>(
    (k, part) => hmac(k, part),
    `AWS4${KEYS.secretAccessKey}`,
  );
  return hmac(key, toSign).toString('hex') === signature;
}

function s3(options: Partial<S3StorageOptions> = {}): S3Storage {
  const storage = new S3Storage({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    prefix: '',
    credentials: KEYS,
    ...options,
  });
  opened.push(storage);
  return storage;
}

const readAll = (stream: Readable): Promise<Buffer> => buffer(stream);
/** Length and digest: a failing comparison of megabytes must not make the runner diff them. */
const digest = (bytes: Buffer) => ({
  length: bytes.length,
  sha256: createHash('sha256').update(bytes).digest('hex'),
});

/** The error a stream ends with (or a failure when it ends cleanly). */
function streamError(stream: Readable): Promise<Error & { code?: string }> {
  return new Promise((resolve, reject) => {
    stream.once('error', resolve);
    stream.once('end', () => reject(new Error('the stream ended without an error')));
    stream.resume();
  });
}

/** A local file holding `bytes`, as an upload leaves it before it is stored. */
async function tempFile(bytes: Buffer): Promise<string> {
  const path = join(workDir, `upload-${++sequence}.bin`);
  await writeFile(path, bytes);
  return path;
}

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

beforeAll(async () => {
  serveSingleDesAsTripleDes();
  workDir = await mkdtemp(join(tmpdir(), 'vitrine-s3-test-'));
  const emulator = (allowMismatchedSignatures: boolean): S3rverApp => {
    const app = new S3rver({
      directory: join(workDir, 's3rver'),
      silent: true,
      vhostBuckets: false,
      allowMismatchedSignatures,
      configureBuckets: [{ name: BUCKET }],
    });
    emulators.push(app);
    return app;
  };
  const strict = emulator(false);
  await strict.configureBuckets();
  const serve = strict.callback();
  const serveBucketLevel = emulator(true).callback();
  server = createServer((req, res) => {
    const seen = { method: req.method ?? '', url: req.url ?? '', range: req.headers.range };
    requests.push(seen);
    res.on('finish', () => statusOf.set(seen, res.statusCode));
    if (!(req.url ?? '').startsWith(`/${BUCKET}/?`)) return serve(req, res);
    if (validSignature(req)) return serveBucketLevel(req, res);
    res.writeHead(403, { 'content-type': 'application/xml' });
    res.end('<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code></Error>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const storage of opened) storage.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  for (const app of emulators) app.logger.close();
  vi.restoreAllMocks();
  await rm(workDir, { recursive: true, force: true });
});

describe.each([
  ['LocalStorage', (): Storage => new LocalStorage(join(workDir, `local-${++sequence}`))],
  ['S3Storage', (): Storage => s3()],
])('Storage contract: %s', (_name, make) => {
  let storage: Storage;
  beforeAll(() => {
    storage = make();
  });

  it('stores a local file larger than one part and reads it back byte for byte', async () => {
    const source = await tempFile(big);
    await storage.putFile('1/ab/big.mp4', source);
    expect(await exists(source)).toBe(false);
    expect(await storage.size('1/ab/big.mp4')).toBe(big.length);
    expect(digest(await readAll(storage.read('1/ab/big.mp4')))).toEqual(digest(big));
  }, 60_000);

  it('reads byte ranges, ends included', async () => {
    await storage.putFile('1/ab/range.bin', await tempFile(big));
    const last = big.length - 1;
    const ranges = [
      { start: 8 * MiB - 10, end: 8 * MiB + 9 }, // across a part boundary
      { start: 0, end: 9 }, // (s3rver misreads `bytes=0-0`: an end of 0 counts as none)
      { start: last, end: last },
      { start: MiB, end: 3 * MiB - 1 },
    ];
    for (const range of ranges) {
      expect(digest(await readAll(storage.read('1/ab/range.bin', range))), JSON.stringify(range)).toEqual(
        digest(big.subarray(range.start, range.end + 1)),
      );
    }
  }, 60_000);

  it('stores a stream, including an empty one', async () => {
    const chunks = [randomBytes(100_000), randomBytes(1), randomBytes(300_000)];
    await storage.putStream('2/cd/pkg.d/index.html', Readable.from(chunks));
    expect(digest(await readAll(storage.read('2/cd/pkg.d/index.html')))).toEqual(
      digest(Buffer.concat(chunks)),
    );
    await storage.putStream('2/cd/empty.txt', Readable.from([]));
    expect(await storage.size('2/cd/empty.txt')).toBe(0);
    expect((await readAll(storage.read('2/cd/empty.txt'))).length).toBe(0);
  });

  it('keeps keys with spaces, unicode and URL characters apart', async () => {
    const keys = ['2/cd/pkg.d/Ünïcode name (1).html', '2/cd/pkg.d/a+b=c&d;e.txt', '2/cd/pkg.d/100%.txt'];
    for (const key of keys) await storage.putStream(key, Readable.from([Buffer.from(key)]));
    for (const key of keys) expect((await readAll(storage.read(key))).toString()).toBe(key);
  });

  it('answers null for the size of a missing key', async () => {
    expect(await storage.size('3/no/such.png')).toBeNull();
  });

  it('removes an object, and a missing one without complaint', async () => {
    await storage.putStream('4/ef/gone.txt', Readable.from([Buffer.from('bye')]));
    expect(await storage.size('4/ef/gone.txt')).toBe(3);
    await storage.remove('4/ef/gone.txt');
    expect(await storage.size('4/ef/gone.txt')).toBeNull();
    await expect(storage.remove('4/ef/gone.txt')).resolves.toBeUndefined();
  });

  it('removes a tree and leaves its neighbours', async () => {
    const put = (key: string) => storage.putStream(key, Readable.from([Buffer.from(key)]));
    const inside = ['5/gh/pkg.d/index.html', '5/gh/pkg.d/css/a.css', '5/gh/pkg.d/img/deep/b.png'];
    const outside = ['5/gh/pkg.zip', '5/gh/pkg.d2/index.html', '5/gh/other.d/index.html', '6/gh/pkg.d/x'];
    for (const key of [...inside, ...outside]) await put(key);
    await storage.removeTree('5/gh/pkg.d');
    for (const key of inside) expect(await storage.size(key), key).toBeNull();
    for (const key of outside) expect(await storage.size(key), key).toBe(Buffer.byteLength(key));
    await expect(storage.removeTree('5/gh/pkg.d')).resolves.toBeUndefined();
  });

  it('reports a missing object as a stream error (ENOENT)', async () => {
    const error = await streamError(storage.read('7/no/such.mp4'));
    expect(error.code).toBe('ENOENT');
  });

  it('refuses keys that leave the root', async () => {
    expect(() => storage.read('../outside')).toThrow();
    await expect(storage.putStream('/etc/passwd', Readable.from([Buffer.from('x')]))).rejects.toThrow();
  });
});

describe('S3Storage on the wire', () => {
  it('uploads large files in 8 MiB parts and small ones in one PUT', async () => {
    const storage = s3();
    const before = requests.length;
    await storage.putFile('8/ij/big.mp4', await tempFile(big));
    const multipart = requests.slice(before);
    expect(multipart.filter((r) => r.method === 'POST' && /[?&]uploads/.test(r.url))).toHaveLength(1);
    expect(multipart.filter((r) => r.method === 'PUT' && /[?&]partNumber=/.test(r.url))).toHaveLength(3);
    expect(multipart.filter((r) => r.method === 'POST' && /[?&]uploadId=/.test(r.url))).toHaveLength(1);

    const mark = requests.length;
    await storage.putStream('8/ij/small.txt', Readable.from([Buffer.from('small')]));
    expect(requests.slice(mark)).toEqual([
      { method: 'PUT', url: `/${BUCKET}/8/ij/small.txt?x-id=PutObject`, range: undefined },
    ]);
  }, 60_000);

  it('asks the server for the range rather than cutting it locally', async () => {
    const storage = s3();
    await storage.putStream('9/kl/r.bin', Readable.from([big.subarray(0, MiB)]));
    const mark = requests.length;
    expect(await readAll(storage.read('9/kl/r.bin', { start: 100, end: 199 }))).toEqual(
      big.subarray(100, 200),
    );
    expect(requests.slice(mark)).toEqual([
      { method: 'GET', url: `/${BUCKET}/9/kl/r.bin?x-id=GetObject`, range: 'bytes=100-199' },
    ]);
  });

  it('puts every key under the configured prefix', async () => {
    const tenant = s3({ prefix: '/tenant-a/' });
    const raw = s3();
    await tenant.putStream('10/mn/a.txt', Readable.from([Buffer.from('tenant')]));
    await raw.putStream('10/mn/keep/b.txt', Readable.from([Buffer.from('outside the prefix')]));
    expect(await raw.size('tenant-a/10/mn/a.txt')).toBe(6);
    expect(await raw.size('10/mn/a.txt')).toBeNull();
    expect((await readAll(tenant.read('10/mn/a.txt'))).toString()).toBe('tenant');
    expect(await tenant.size('10/mn/keep/b.txt')).toBeNull();

    await tenant.putStream('10/mn/keep/b.txt', Readable.from([Buffer.from('inside')]));
    await tenant.removeTree('10/mn');
    expect(await raw.size('tenant-a/10/mn/a.txt')).toBeNull();
    expect(await raw.size('tenant-a/10/mn/keep/b.txt')).toBeNull();
    expect(await raw.size('10/mn/keep/b.txt')).toBe(18);
  });

  it('removes a tree of more than 1000 objects, page by page', async () => {
    const storage = s3();
    const keys = Array.from({ length: 1005 }, (_, i) => `11/op/pkg.d/f${String(i).padStart(4, '0')}.txt`);
    for (let i = 0; i < keys.length; i += 25) {
      await Promise.all(
        keys.slice(i, i + 25).map((key) => storage.putStream(key, Readable.from([Buffer.from('x')]))),
      );
    }
    await storage.putStream('11/op/pkg.zip', Readable.from([Buffer.from('zip')]));
    const mark = requests.length;
    await storage.removeTree('11/op/pkg.d');
    const calls = requests.slice(mark);
    expect(calls.filter((r) => r.method === 'GET' && /[?&]list-type=2/.test(r.url))).toHaveLength(2);
    // Two batches of at most 1,000 keys done (the SDK may retry a batch the emulator failed under load).
    expect(
      calls.filter((r) => r.method === 'POST' && /[?&]delete/.test(r.url) && statusOf.get(r) === 200),
    ).toHaveLength(2);

    const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: KEYS });
    const left = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: '11/op/' }));
    client.destroy();
    expect((left.Contents ?? []).map((o) => o.Key)).toEqual(['11/op/pkg.zip']);
  }, 120_000);

  it('is refused with a wrong secret: the server checks signatures', async () => {
    const good = s3();
    await good.putStream('12/qr/secret.txt', Readable.from([Buffer.from('secret')]));
    const forged = s3({ credentials: { accessKeyId: KEYS.accessKeyId, secretAccessKey: 'not-the-secret' } });
    await expect(forged.size('12/qr/secret.txt')).rejects.toMatchObject({
      $metadata: { httpStatusCode: 403 },
    });
    expect((await streamError(forged.read('12/qr/secret.txt'))).name).toBe('SignatureDoesNotMatch');
    await expect(forged.putStream('12/qr/forged.txt', Readable.from([Buffer.from('x')]))).rejects.toThrow();
    expect(await good.size('12/qr/forged.txt')).toBeNull();
    await expect(forged.removeTree('12/qr')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    expect(await good.size('12/qr/secret.txt')).toBe(6);
  });

  it('does not mistake a missing bucket for a missing object', async () => {
    const storage = s3({ bucket: 'no-such-bucket' });
    expect((await streamError(storage.read('15/wx/a.txt'))).name).toBe('NoSuchBucket');
    await expect(storage.remove('15/wx/a.txt')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(storage.putStream('15/wx/a.txt', Readable.from([Buffer.from('x')]))).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
  });

  it('stops downloading when the reader goes away', async () => {
    const storage = s3();
    await storage.putFile('13/st/big.mp4', await tempFile(big));
    const stream = storage.read('13/st/big.mp4');
    await new Promise<void>((resolve, reject) => {
      stream.once('data', () => {
        stream.destroy();
        resolve();
      });
      stream.once('error', reject);
    });
    // The connection pool is still usable afterwards.
    expect(await storage.size('13/st/big.mp4')).toBe(big.length);
    const early = storage.read('13/st/big.mp4');
    early.destroy();
    expect(await storage.size('13/st/big.mp4')).toBe(big.length);
  }, 60_000);
});

describe('configuration', () => {
  const base = { DATA_DIR: '/tmp/vitrine-config-test' };

  it('keeps media on local disk without S3_BUCKET', () => {
    const config = loadConfig(base);
    expect(config.s3).toBeUndefined();
    expect(createStorage(config)).toBeInstanceOf(LocalStorage);
  });

  it('reads the S3 variables', () => {
    expect(
      loadConfig({
        ...base,
        S3_BUCKET: 'media',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PREFIX: 'vitrine/',
      }).s3,
    ).toEqual({
      bucket: 'media',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      prefix: 'vitrine/',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    // AWS itself: virtual-hosted addressing and the SDK's own credential chain.
    expect(loadConfig({ ...base, S3_BUCKET: 'media', S3_REGION: 'eu-west-1' }).s3).toEqual({
      bucket: 'media',
      region: 'eu-west-1',
      forcePathStyle: false,
      prefix: '',
    });
    expect(
      loadConfig({ ...base, S3_BUCKET: 'm', S3_ENDPOINT: 'https://r2.example', S3_FORCE_PATH_STYLE: 'false' })
        .s3?.forcePathStyle,
    ).toBe(false);
  });

  it.each([
    [{ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'id' }, /S3_SECRET_ACCESS_KEY: .*set together/],
    [{ S3_BUCKET: 'media', S3_SECRET_ACCESS_KEY: 'secret' }, /S3_ACCESS_KEY_ID: .*set together/],
    [{ S3_ENDPOINT: 'http://minio:9000' }, /S3_BUCKET: S3_BUCKET is required when S3_ENDPOINT is set/],
    [
      { S3_BUCKET: 'media', S3_ENDPOINT: 'minio:9000' },
      /S3_ENDPOINT: S3_ENDPOINT must be an http\(s\):\/\/ URL/,
    ],
    [{ S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'maybe' }, /S3_FORCE_PATH_STYLE/],
  ])('refuses to start with %o', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });

  it('builds an S3Storage from the environment that works against the server', async () => {
    const config = loadConfig({
      ...base,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
      S3_PREFIX: 'from-env',
    });
    const storage = createStorage(config);
    expect(storage).toBeInstanceOf(S3Storage);
    if (storage instanceof S3Storage) opened.push(storage);
    await storage.putStream('14/uv/hello.txt', Readable.from([Buffer.from('hello')]));
    expect(await s3().size('from-env/14/uv/hello.txt')).toBe(5);
    expect((await readAll(storage.read('14/uv/hello.txt'))).toString()).toBe('hello');
  });
});
