import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './build.js';
import { Fingerprint, changedTables } from './fingerprint.js';
import { mutations, operations, type FuzzRequest } from './fuzz.js';
import { baseline, buildFuzzWorld, sendFuzz, type FuzzWorld } from './fuzz-world.js';

/**
 * Every operation of the OpenAPI document, fed malformed input (lib: test/fuzz.ts): each answer is a 4xx
 * with a clear { message, code } (never a 5xx), a request carrying a NUL is never accepted, and a refused
 * request leaves every table as it was. The operations are dealt into shards (fuzz-1.test.ts ...), each a
 * file of its own with its own app, so the integration run spreads them over its workers.
 */

/** Tables and columns that move without a request (heartbeats, the export worker, throttle counters). */
const VOLATILE = {
  points: ['last_seen_at', 'report', 'synced_at', 'gone_offline_at', 'served_version', 'updated_at'],
  export_jobs: ['status', 'progress', 'started_at', 'finished_at', 'size', 'storage_key', 'error'],
  api_tokens: ['last_used_at'],
  failure_counters: '*',
} as const;

/** Registers shard `shard` of `of` (1-based): every `of`-th operation, so each holds a mix of them. */
export function fuzzShard(shard: number, of: number): void {
  let t: TestApp;
  let world: FuzzWorld;
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_FORM_RATE: '100000', PAIRING_RATE: '10000', BIND_FAILURES: '1000' });
    world = await buildFuzzWorld(t);
  });
  afterAll(() => t.close());

  describe(`the API under malformed input (shard ${shard} of ${of})`, () => {
    it('answers every malformed request of every operation with a clear 4xx and changes nothing', async () => {
      const doc = (await call(t.app, 'GET', '/api/docs/json')).json();
      const all = operations(doc, (path) => !path.startsWith('/api/') || path.startsWith('/api/docs'));
      expect(all.length).toBeGreaterThan(100);
      const ops = all.filter((_, i) => i % of === shard - 1);
      const print = new Fingerprint(t.database, VOLATILE);
      let state = await print.take();
      let mark = await print.writeMark();
      const failures: string[] = [];
      let sent = 0;
      for (const op of ops) {
        for (const request of mutations(op, baseline(world, op))) {
          const res = await sendFuzz(t, world, request, sent);
          sent += 1;
          const problem = judge(request, res);
          if (problem) failures.push(`${request.label} -> ${res.statusCode} ${problem}`);
          const nextMark = await print.writeMark();
          if (nextMark !== mark) {
            const next = await print.take();
            if (res.statusCode >= 400) {
              const changed = changedTables(state, next);
              if (changed.length)
                failures.push(`${request.label} -> ${res.statusCode} but changed ${changed.join(', ')}`);
            }
            state = next;
            mark = nextMark;
          }
        }
      }
      expect(sent).toBeGreaterThan(3000 / of);
      expect(failures.slice(0, 40), `${failures.length} failures of ${sent} requests`).toEqual([]);
      expect((await call(t.app, 'GET', '/api/health')).json()).toEqual({ status: 'ok', database: 'up' });
    }, 600_000);
  });
}

/** What is wrong with an answer, if anything. */
function judge(
  request: FuzzRequest,
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
): string | null {
  if (res.statusCode >= 500) return res.body.slice(0, 200);
  if (request.carriesNul && res.statusCode < 400) return 'accepted a NUL';
  if (res.statusCode < 400) return null;
  // tus speaks its own protocol: a plain-text reason is its clear message.
  if (request.url.startsWith('/api/file/tus'))
    return res.body.length > 0 || res.statusCode === 404 ? null : 'no reason given';
  try {
    const body = JSON.parse(res.body) as { message?: unknown; code?: unknown };
    if (typeof body.message !== 'string' || !body.message || typeof body.code !== 'string')
      return `unclear: ${res.body.slice(0, 200)}`;
  } catch {
    return `not JSON: ${res.body.slice(0, 200)}`;
  }
  return null;
}
