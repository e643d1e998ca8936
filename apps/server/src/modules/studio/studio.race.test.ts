import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankDocument, newLayer, type StudioDocument, type StudioItem } from '@vitrine/core';
import { files } from '../../db/schema.js';
import { storageRoot } from '../../lib/storage.js';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createTeam } from '../../test/factories.js';

/**
 * Saves of one widget or creation at once (issue 29; run on PostgreSQL with TEST_DB=pg to race for real):
 * they take turns under the document's row lock, each answers 200 or a clear 409, and the library file
 * ends as the last save's version, its stored bytes there and matching its hash.
 */
let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeam(t);
});
afterAll(() => t.close());

const PARALLEL = 72;
const base = { widget: '/api/widget', creation: '/api/media-creation' } as const;

function doc(text: string): StudioDocument {
  const d = blankDocument(640, 360);
  d.pages[0]!.layers.push({ ...newLayer('text', 'title', d), kind: 'text', text } as never);
  return d;
}

async function create(kind: 'widget' | 'creation'): Promise<StudioItem> {
  const res = await call(t.app, 'POST', `${base[kind]}/post`, {
    token: team.owner.token,
    body: { name: `Race ${kind}`, document: doc('start') },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StudioItem;
}

/** The document's library file: its stored bytes are the document's JSON, as its hash says. */
async function expectConsistent(kind: 'widget' | 'creation', id: number) {
  const item = (
    await call(t.app, 'GET', `${base[kind]}/${id}`, { token: team.owner.token })
  ).json() as StudioItem;
  const [file] = await t.database.db.select().from(files).where(eq(files.id, item.fileId!));
  const bytes = await readFile(join(storageRoot(t.config.dataDir), file!.storageKey!));
  expect(JSON.parse(bytes.toString('utf8'))).toEqual(item.document);
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(file!.hash);
  return item;
}

const save = (kind: 'widget' | 'creation', id: number, body: unknown, revision?: number) =>
  call(t.app, 'POST', `${base[kind]}/patch/${id}`, {
    token: team.owner.token,
    body,
    ...(revision === undefined ? {} : { query: { revision: String(revision) } }),
  });

describe('parallel saves of one document', () => {
  for (const kind of ['widget', 'creation'] as const) {
    it(`${PARALLEL} saves of one ${kind} over one revision: one 200, the rest 409, no 500`, async () => {
      const item = await create(kind);
      // Half save the same document (one storage key written at once), half each their own.
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) =>
          save(kind, item.id, { document: doc(i % 2 ? 'same' : `own ${i}`) }, item.revision),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(
        statuses.filter((s) => s !== 200 && s !== 409),
        answers.find((a) => a.statusCode >= 500)?.body,
      ).toEqual([]);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      const winner = answers.find((a) => a.statusCode === 200)!.json() as StudioItem;
      const final = await expectConsistent(kind, item.id);
      expect(final).toMatchObject({ revision: item.revision + 1, document: winner.document });
    });

    it(`${PARALLEL} saves of one ${kind} without a revision all land, one after another`, async () => {
      const item = await create(kind);
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) =>
          save(kind, item.id, { document: doc(i % 2 ? 'same' : `own ${i}`) }),
        ),
      );
      expect(answers.map((a) => a.statusCode).filter((s) => s !== 200)).toEqual([]);
      const revisions = answers.map((a) => (a.json() as StudioItem).revision).sort((a, b) => a - b);
      expect(revisions).toEqual(Array.from({ length: PARALLEL }, (_, i) => item.revision + 1 + i));
      const final = await expectConsistent(kind, item.id);
      const last = answers.map((a) => a.json() as StudioItem).find((a) => a.revision === final.revision)!;
      expect(final.document).toEqual(last.document);
    });
  }
});
