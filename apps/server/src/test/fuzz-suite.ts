import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, blankDocument, can, type PermissionKey, type Role } from '@vitrine/core';
import { buildTestApp, call, type TestApp } from './build.js';
import { createCabinet, createTeam, createUser, type TestUser } from './factories.js';
import { Fingerprint, changedTables } from './fingerprint.js';
import { mutations, operations, sample, type Baseline, type FuzzRequest, type Operation } from './fuzz.js';
import { createPlaylist, uploadImage } from './media.js';
import { pairPlayer } from './player.js';

/**
 * Every operation of the OpenAPI document, fed malformed input (lib: test/fuzz.ts): each answer is a 4xx
 * with a clear { message, code } (never a 5xx), a request carrying a NUL is never accepted, and a refused
 * request leaves every table as it was. The operations are dealt into shards (fuzz-1.test.ts ...), each a
 * file of its own with its own app, so the integration run spreads them over its workers.
 */

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;
const devices: string[] = [];
const ids: Record<string, number> = {};

function setUp(): void {
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_FORM_RATE: '100000', PAIRING_RATE: '10000', BIND_FAILURES: '1000' });
    team = await createTeam(t);
    const owner = team.owner;
    for (let i = 0; i < 3; i += 1) {
      const paired = await pairPlayer(t, owner);
      devices.push(paired.token);
      ids['point'] ??= paired.point.id;
    }
    const post = async (url: string, body: unknown, who: TestUser = owner) => {
      const res = await call(t.app, 'POST', url, { token: who.token, body });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json() as { id: number };
    };
    ids['folder'] = (await post('/api/folder/post', { name: 'Fuzz folder' })).id;
    ids['file'] = await uploadImage(t, owner);
    ids['playlist'] = await createPlaylist(t, owner, 'Fuzz playlist', ids['file']);
    ids['net'] = (
      await post('/api/net/post', { name: 'Fuzz net', color: '#112233', points: [ids['point']] })
    ).id;
    ids['tag'] = (await post('/api/tag-playlist/post', { name: 'Fuzz tag', color: '#445566' })).id;
    ids['token'] = (await post('/api/user/post-token', { name: 'Fuzz token' })).id;
    ids['member'] = (await createUser(t, { role: 'contentManager', cabinetId: team.cabinet.id })).row.id;
    ids['cabinet'] = (await createCabinet(t)).id;
    ids['widget'] = (await post('/api/widget/post', { name: 'Fuzz widget', document: blankDocument() })).id;
    ids['creation'] = (
      await post('/api/media-creation/post', { name: 'Fuzz creation', document: blankDocument() })
    ).id;
    const today = new Date().toISOString().slice(0, 10);
    ids['export'] = (await post('/api/statistic/print-list-async', { from: today, to: today })).id;
  });
  afterAll(() => t.close());
}

/** The id a path parameter of this operation names: a real row, so a request gets past the lookup. */
function pathId(path: string): number {
  const prefixes: [string, string][] = [
    ['/api/user/remove-token', 'token'],
    ['/api/cabinet/remove-member', 'member'],
    ['/api/user', 'member'],
    ['/api/cabinet', 'cabinet'],
    ['/api/folder', 'folder'],
    ['/api/file', 'file'],
    ['/api/playlist', 'playlist'],
    ['/api/tag-playlist', 'tag'],
    ['/api/point', 'point'],
    ['/api/net', 'net'],
    ['/api/spool', 'export'],
    ['/api/widget', 'widget'],
    ['/api/media-creation', 'creation'],
  ];
  const key = prefixes.find(([prefix]) => path.startsWith(prefix))?.[1];
  return key ? ids[key]! : 1;
}

function baseline(op: Operation): Baseline {
  const pathValues: Record<string, string> = {};
  const queryValues: Record<string, string> = {};
  const headers: Record<string, string> = {};
  for (const parameter of op.parameters) {
    if (parameter.in === 'path') {
      pathValues[parameter.name] =
        parameter.name === 'id' ? String(pathId(op.path)) : String(sample(parameter.schema, parameter.name));
    } else if (parameter.required || parameter.name === 'id') {
      const value = parameter.name === 'id' ? ids['point'] : sample(parameter.schema, parameter.name);
      (parameter.in === 'query' ? queryValues : headers)[parameter.name] = Array.isArray(value)
        ? value.join(',')
        : String(value);
    }
  }
  return { pathValues, queryValues, headers, body: op.body ? sample(op.body) : undefined };
}

/** A token that passes the route's access check, so the request reaches validation and beyond. */
function tokenFor(method: string, path: string, n: number): string | undefined {
  const url = path.replace(/\{\*\}/g, '*').replace(/\{(\w+)\}/g, ':$1');
  const route = t.routes.find((r) => r.method === method && r.url === url);
  if (!route) throw new Error(`no route for ${method} ${path}`);
  if (route.access === 'public') return undefined;
  if (route.access === 'device') return devices[n % devices.length];
  if (route.access === 'user') return team.owner.token;
  const order: Role[] = ['owner', 'admin', 'moderator', 'contentManager', 'agent', 'observer'];
  const role = order.find((r) => ROLES.includes(r) && can(r, route.access as PermissionKey));
  if (!role) throw new Error(`no role holds ${route.access}`);
  return team[role].token;
}

/** Tables and columns that move without a request (heartbeats, the export worker, throttle counters). */
const VOLATILE = {
  points: ['last_seen_at', 'report', 'synced_at', 'gone_offline_at', 'served_version', 'updated_at'],
  export_jobs: ['status', 'progress', 'started_at', 'finished_at', 'size', 'storage_key', 'error'],
  api_tokens: ['last_used_at'],
  failure_counters: '*',
} as const;

/** Registers shard `shard` of `of` (1-based): every `of`-th operation, so each holds a mix of them. */
export function fuzzShard(shard: number, of: number): void {
  setUp();
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
        for (const request of mutations(op, baseline(op))) {
          const res = await send(request, sent);
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

async function send(request: FuzzRequest, n: number) {
  const token = tokenFor(request.operation.method, request.operation.path, n);
  return t.app.inject({
    method: request.method as 'POST',
    url: request.url,
    // A new address every request: per-address limits would otherwise answer 429 before validation runs.
    remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    headers: { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
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
