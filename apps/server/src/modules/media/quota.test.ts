import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@vitrine/core';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { tusCreate as createTus, uploadAs, zipOf } from '../../test/media.js';

/**
 * The cabinet's quota cannot be passed: not by uploads in parallel, not by a package that unpacks to more
 * than it weighs, not by resumable uploads left unfinished; and what interrupted uploads leave behind is
 * swept. The quota here is 50,000 bytes.
 */
const QUOTA = 50_000;
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await buildTestApp({ CABINET_QUOTA: String(QUOTA) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

let pageSeq = 0;
/** An HTML page of exactly `bytes` bytes, unlike any other this run made. */
function page(bytes: number): string {
  pageSeq += 1;
  const head = `<!doctype html><p>${pageSeq}</p>`;
  return head + 'x'.repeat(bytes - head.length);
}

const used = async (who: TestUser) =>
  ((await call(t.app, 'GET', '/api/dashboard', { token: who.token })).json() as Dashboard).space.used;

const tusCreate = (who: TestUser, name: string, length: number) => createTus(base, who, name, length);

describe('the quota', () => {
  it('ten uploads at once take no more than the quota leaves room for', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => uploadAs(t, owner, `page-${i}.html`, page(9_000))),
    );
    const codes = answers.map((res) => (res.statusCode === 200 ? 'ok' : res.json().code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(5);
    expect(codes.filter((c) => c !== 'ok').every((c) => c === 'QUOTA_EXCEEDED')).toBe(true);
    expect(await used(owner)).toBe(45_000);
    // Nothing is left held once they are done: the room left is the room left.
    expect((await uploadAs(t, owner, 'last.html', page(5_000))).statusCode).toBe(200);
    expect((await uploadAs(t, owner, 'over.html', page(1_000))).json().code).toBe('QUOTA_EXCEEDED');
  });

  it('a package counts what it unpacks to, held before a byte of it is written', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const first = await zipOf({ 'index.html': page(30_000) });
    expect(first.length).toBeLessThan(1_000);
    const res = await uploadAs(t, owner, 'first.zip', first);
    expect(res.statusCode).toBe(200);
    expect(await used(owner)).toBe(first.length + 30_000);
    const second = await zipOf({ 'index.html': page(30_000) });
    const refused = await uploadAs(t, owner, 'second.zip', second);
    expect(refused.json().code).toBe('QUOTA_EXCEEDED');
    expect(await used(owner)).toBe(first.length + 30_000);
    const stored = join(t.config.dataDir, 'media', String(owner.row.cabinetId));
    const trees = (await readdir(stored, { recursive: true })).filter((p) => p.endsWith('.d'));
    expect(trees).toHaveLength(1);
  });

  it('an unfinished resumable upload holds its length until it is terminated', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const created = await tusCreate(owner, 'big.html', 45_000);
    expect(created.status).toBe(201);
    expect((await uploadAs(t, owner, 'small.html', page(9_000))).json().code).toBe('QUOTA_EXCEEDED');
    // A second resumable upload that would pass the quota is refused when it begins.
    const second = await tusCreate(owner, 'more.html', 9_000);
    expect(second.status).toBe(413);
    expect(await second.json()).toEqual({
      message: 'Not enough space in the library',
      code: 'QUOTA_EXCEEDED',
    });
    const ended = await fetch(created.headers.get('location')!, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${owner.token}`, 'tus-resumable': '1.0.0' },
    });
    expect(ended.status).toBe(204);
    await expect
      .poll(async () => (await uploadAs(t, owner, 'small2.html', page(9_000))).statusCode)
      .toBe(200);
  });

  it('the sweep removes expired resumable uploads, their holds and stale temporary files', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const created = await tusCreate(owner, 'abandoned.html', 45_000);
    const id = created.headers.get('location')!.split('/').pop()!;
    const tusDir = join(t.config.dataDir, 'tus');
    expect(existsSync(join(tusDir, id))).toBe(true);
    // Two days pass: the upload and its hold are past their 24 hours.
    const meta = JSON.parse(await readFile(join(tusDir, `${id}.json`), 'utf8')) as { creation_date: string };
    meta.creation_date = new Date(Date.now() - 48 * 3_600_000).toISOString();
    await writeFile(join(tusDir, `${id}.json`), JSON.stringify(meta));
    await t.database.db.execute(
      sql`update upload_reservations set expires_at = now() - interval '1 day' where tus_id = ${id}`,
    );
    const tmp = join(t.config.dataDir, 'tmp');
    await mkdir(tmp, { recursive: true });
    await writeFile(join(tmp, 'crashed.mp4'), 'left by a crash');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await utimes(join(tmp, 'crashed.mp4'), twoHoursAgo, twoHoursAgo);
    await writeFile(join(tmp, 'in-progress.mp4'), 'still being written');

    const swept = await t.maintain();
    expect(swept).toMatchObject({ uploads: 1, tempFiles: 1 });
    expect(swept['holds']).toBeGreaterThanOrEqual(1);
    expect(existsSync(join(tusDir, id))).toBe(false);
    expect(existsSync(join(tmp, 'crashed.mp4'))).toBe(false);
    expect(existsSync(join(tmp, 'in-progress.mp4'))).toBe(true);
    expect((await uploadAs(t, owner, 'fits.html', page(9_000))).statusCode).toBe(200);
  });
});
