import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageRoot } from '../../lib/storage.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { uploadAs, zipOf } from '../../test/media.js';
import { createUser, type TestUser } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Renames an entry inside finished zip bytes (same length), as a hostile archive would name it. */
function renameEntry(bytes: Buffer, from: string, to: string): Buffer {
  const out = Buffer.from(bytes);
  let at = out.indexOf(from);
  while (at !== -1) {
    out.write(to, at);
    at = out.indexOf(from, at + 1);
  }
  return out;
}

const upload = (
  who: TestUser,
  name: string,
  body: Buffer | string,
  folderId = 0,
  headers: Record<string, string> = {},
) => uploadAs(t, who, name, body, folderId, headers);

describe('html packages (zip)', () => {
  it('unpacks a package and serves its pages sandboxed, assets by relative address', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const body = await zipOf({
      'index.html': '<!doctype html><link rel="stylesheet" href="css/site.css"><h1>Menu</h1>',
      'css/site.css': 'h1 { color: red }',
    });
    const res = await upload(owner, 'menu.zip', body);
    expect(res.statusCode).toBe(200);
    const file = res.json();
    expect(file.packageUrl).toMatch(/^\/api\/file\/\d+\/package\/\d+\/[^/]+\/index\.html$/);
    const page = await t.app.inject({ method: 'GET', url: file.packageUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Menu</h1>');
    expect(page.headers['content-security-policy']).toMatch(/^sandbox allow-scripts/);
    expect(page.headers['content-security-policy']).not.toMatch(/allow-same-origin|allow-forms|allow-popups/);
    expect(page.headers['content-security-policy']).toContain("form-action 'none'");
    const css = await t.app.inject({
      method: 'GET',
      url: file.packageUrl.replace('index.html', 'css/site.css'),
    });
    expect(css.headers['content-type']).toBe('text/css');
    expect(css.body).toBe('h1 { color: red }');
    const escape = await t.app.inject({
      method: 'GET',
      url: file.packageUrl.replace('index.html', '../../x'),
    });
    expect(escape.statusCode).toBe(404);
    const forged = await t.app.inject({
      method: 'GET',
      url: file.packageUrl.replace(/package\/(\d+)\/[^/]+\//, 'package/$1/AAAA/'),
    });
    expect(forged.statusCode).toBe(404);

    const dir = join(
      storageRoot(t.config.dataDir),
      String(owner.row.cabinetId),
      file.hash.slice(0, 2),
      `${file.hash}.d`,
    );
    expect(existsSync(join(dir, 'css', 'site.css'))).toBe(true);
    await call(t.app, 'POST', `/api/file/remove/${file.id}`, { token: owner.token });
    expect(existsSync(dir)).toBe(false);
  });

  it('refuses a zip-slip archive and keeps nothing of it', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const hostile = renameEntry(
      await zipOf({ 'aa/evil.sh': 'rm -rf /', 'index.html': '<html></html>' }),
      'aa/evil.sh',
      '../evil.sh',
    );
    const res = await upload(owner, 'slip.zip', hostile);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('slip.zip could not be unpacked safely.');
    expect(existsSync(join(storageRoot(t.config.dataDir), '..', 'evil.sh'))).toBe(false);
    const root = (await call(t.app, 'GET', '/api/folder/0', { token: owner.token })).json();
    expect(root.data).toEqual([]);
  });

  it('refuses an archive with too many entries', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const entries: Record<string, string> = {};
    for (let i = 0; i < 2001; i += 1) entries[`f${i}.txt`] = 'x';
    const res = await upload(owner, 'many.zip', await zipOf(entries));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('many.zip could not be unpacked safely.');
  });

  it('serves a single HTML file in the same sandbox', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const res = await upload(
      owner,
      'clock.html',
      Buffer.from('<!doctype html><script>document.title = "x"</script>'),
    );
    const page = await t.app.inject({ method: 'GET', url: res.json().url });
    expect(page.headers['content-security-policy']).toMatch(/^sandbox allow-scripts/);
  });
});
