import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FolderContents } from '@vitrine/core';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createUser } from '../../test/factories.js';
import { uploadAs } from '../../test/media.js';

// A resumable upload declared too small is refused when it is created: media.tus.test.ts.
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The smallest whole PNG (67 bytes, a 1×1 grey pixel: signature, IHDR, one IDAT, IEND). */
const DOT_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108000000003a7e9b550000000a49444154789c636000000002000148afa4710000000049454e44ae426082',
  'hex',
);

describe('the uploader’s minimum file size (spec §5: "{file} is too small, minimum file size is ...")', () => {
  it('refuses a file smaller than its format can be, and stores nothing', async () => {
    const owner = await createUser(t, { role: 'owner' });
    // An MP4 cut after its first box: the signature says mp4, but no movie fits in 100 bytes.
    const cut = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(88)]);
    const res = await uploadAs(t, owner, 'cut.mp4', cut);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'cut.mp4 is too small, minimum file size is 216 B.',
      code: 'UPLOAD_TOO_SMALL',
    });
    const root = (await call(t.app, 'GET', '/api/folder/0', { token: owner.token })).json() as FolderContents;
    expect(root.data).toEqual([]);
  });

  it('takes the smallest whole PNG and refuses it one byte short', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const whole = await uploadAs(t, owner, 'dot.png', DOT_PNG);
    expect(whole.statusCode).toBe(200);
    expect(whole.json()).toMatchObject({ kind: 'image', width: 1, height: 1, size: 67 });
    const short = await uploadAs(t, owner, 'short.png', DOT_PNG.subarray(0, 66));
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      message: 'short.png is too small, minimum file size is 67 B.',
      code: 'UPLOAD_TOO_SMALL',
    });
  });
});
