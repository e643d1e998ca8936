import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileItem, FolderContents } from '@vitrine/core';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createUser } from '../../test/factories.js';
import { ensureStockLibrary } from './stock.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the stock library', () => {
  it('is made once from generated media and shared read-only with every cabinet', async () => {
    const made = await ensureStockLibrary(t.services.media, t.repos);
    expect(made).toBe(existsSync('/usr/bin/ffmpeg') ? 6 : 4);
    expect(await ensureStockLibrary(t.services.media, t.repos)).toBe(0);

    const owner = await createUser(t, { role: 'contentManager' });
    const root = (
      await call(t.app, 'GET', '/api/folder/get-stock/0', { token: owner.token })
    ).json() as FolderContents;
    const posters = root.data.find((i) => i.name === 'Posters')!;
    expect(posters).toBeDefined();
    const inside = (
      await call(t.app, 'GET', `/api/folder/get-stock/${posters.id}`, { token: owner.token })
    ).json() as FolderContents;
    const files = inside.data as FileItem[];
    expect(files.map((f) => f.name).sort()).toEqual([
      'menu.png',
      'opening-hours.png',
      'sale.png',
      'welcome.png',
    ]);
    expect(files.every((f) => f.source === 'STOCK' && f.width === 1920 && f.height === 1080)).toBe(true);
    const bytes = await t.app.inject({ method: 'GET', url: files[0]!.url });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/png');

    // Read-only: a cabinet's calls cannot change or remove stock files.
    expect(
      (await call(t.app, 'POST', `/api/file/remove/${files[0]!.id}`, { token: owner.token })).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'POST', `/api/folder/remove/${posters.id}`, { token: owner.token })).statusCode,
    ).toBe(404);
    // Nor does stock show in anyone's own library, the platform admin's included.
    expect((await call(t.app, 'GET', '/api/folder/0', { token: owner.token })).json().data).toEqual([]);
    const admin = await createUser(t, { role: 'admin' });
    expect((await call(t.app, 'GET', '/api/folder/0', { token: admin.token })).json().data).toEqual([]);
    const cabinets = (
      await call(t.app, 'GET', '/api/cabinet', { token: admin.token, query: { limit: '1000' } })
    ).json();
    expect(cabinets.cabinets.map((c: { name: string }) => c.name)).not.toContain('Stock library');
  });
});
