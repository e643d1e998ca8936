import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankDocument, can, type PermissionKey, type Role } from '@vitrine/core';
import { buildTestApp, call, type TestApp } from './test/build.js';
import { createTeam, createUser, type TestUser } from './test/factories.js';
import { Fingerprint, changedTables } from './test/fingerprint.js';
import { operations, sample, type JsonSchema, type Operation } from './test/fuzz.js';
import { createPlaylist, uploadImage, zipOf } from './test/media.js';
import { pairPlayer } from './test/player.js';

/**
 * Tenancy, generated from the route registry: every operation that names a row by id (in its path, query
 * or body) is called by a member of cabinet B with cabinet A's id in that one place (and B's own rows in
 * every other place), and must answer 404 and change no table. A route added later is walked the day it is
 * declared; an id the test cannot resolve to a kind of row fails it (name it in KINDS or in EXEMPT, with
 * the reason).
 */

/** The kinds of cabinet-owned rows the test seeds in each cabinet. */
type Kind =
  | 'point'
  | 'net'
  | 'wall'
  | 'folder'
  | 'file'
  | 'playlist'
  | 'tag'
  | 'token'
  | 'member'
  | 'cabinet'
  | 'fileSchedule'
  | 'fileConfig'
  | 'export'
  | 'widget'
  | 'creation'
  | 'plugin'
  | 'access';

interface Seed {
  team: Awaited<ReturnType<typeof createTeam>>;
  device: string;
  ids: Record<Kind, number>;
}

/** Names of every row A owns carry this, so an answer that leaks one of them is seen. */
const MARK = 'tenantAsecret';

/**
 * Operations (or one id of them) whose ids are not cabinet-owned rows reached by a member, each with why.
 * Keyed `METHOD path` or `METHOD path slot`.
 */
const EXEMPT: Record<string, string> = {
  'POST /api/file/tus/{uploadId}':
    'tus upload ids are random, unguessable strings held by the upload store, not rows; media.tus.test.ts checks another cabinet cannot resume or probe one',
  'PATCH /api/file/tus/{uploadId}': 'as POST /api/file/tus/{uploadId}',
  'HEAD /api/file/tus/{uploadId}': 'as POST /api/file/tus/{uploadId}',
  'DELETE /api/file/tus/{uploadId}': 'as POST /api/file/tus/{uploadId}',
  'GET /api/file tag': 'a file tag is a word (text) on files, not a row id',
  'GET /api/folder/get-stock/{id}':
    'names a folder of the shared stock library, which every cabinet reads; a cabinet folder is simply not in it (an empty page)',
  'POST /api/widget/post document.pages[].background.fileId':
    "a document naming another cabinet's library file is refused 400 VALIDATION_ERROR with the field at fault, storing nothing (the issue's rule for documents; studio.test.ts)",
  'POST /api/widget/patch/{id} document.pages[].background.fileId': 'as POST /api/widget/post',
  'PATCH /api/widget/patch/{id} document.pages[].background.fileId': 'as POST /api/widget/post',
  'POST /api/media-creation/post document.pages[].background.fileId': 'as POST /api/widget/post',
  'POST /api/media-creation/patch/{id} document.pages[].background.fileId': 'as POST /api/widget/post',
  'PATCH /api/media-creation/patch/{id} document.pages[].background.fileId': 'as POST /api/widget/post',
  'POST /api/widget/post document.fonts[].fileId':
    'as POST /api/widget/post: an uploaded font the document names (fonts.test.ts)',
  'POST /api/widget/patch/{id} document.fonts[].fileId':
    'as POST /api/widget/post: an uploaded font the document names (fonts.test.ts)',
  'PATCH /api/widget/patch/{id} document.fonts[].fileId':
    'as POST /api/widget/post: an uploaded font the document names (fonts.test.ts)',
  'POST /api/media-creation/post document.fonts[].fileId':
    'as POST /api/widget/post: an uploaded font the document names (fonts.test.ts)',
  'POST /api/media-creation/patch/{id} document.fonts[].fileId':
    'as POST /api/widget/post: an uploaded font the document names (fonts.test.ts)',
  'PATCH /api/media-creation/patch/{id} document.fonts[].fileId':
    'as POST /api/widget/post: an uploaded font the document names (fonts.test.ts)',
  'POST /api/player/playback':
    'a screen reports what it played: the ids are stored as said, with names only from its own cabinet (null otherwise), and never read back across cabinets (playback.test.ts)',
};

/** A query id that filters a list or a report: another cabinet's id matches nothing (spec: filters). */
const FILTERS = new Set(['points', 'nets', 'playlists', 'files', 'point', 'net', 'tag', 'folder']);
const isFilter = (op: Operation, slot: Slot) =>
  FILTERS.has(slot.name) &&
  ((slot.in === 'query' && op.method === 'GET') || op.path.startsWith('/api/statistic/print-'));

/** Bodies the schema sampler cannot make valid on its own (rules beyond JSON Schema). */
const BODIES: Record<string, unknown> = {
  'POST /api/widget/post': { name: 'Probe', document: blankDocument() },
  'POST /api/widget/patch/{id}': { name: 'Probe', document: blankDocument() },
  'PATCH /api/widget/patch/{id}': { name: 'Probe', document: blankDocument() },
  'POST /api/media-creation/post': { name: 'Probe', document: blankDocument() },
  'POST /api/media-creation/patch/{id}': { name: 'Probe', document: blankDocument() },
  'PATCH /api/media-creation/patch/{id}': { name: 'Probe', document: blankDocument() },
  'POST /api/file/post': {
    files: [{ url: 'https://example.com/media/a.png', name: 'a.png', width: 8, height: 8, duration: 10 }],
  },
};
/** Operations that take raw bytes rather than JSON: a small PNG, as a browser sends it. */
const RAW: Record<string, string> = {
  'POST /api/file/upload': 'application/octet-stream',
  'POST /api/point/photo/{id}': 'image/png',
};

/** The kind of row an id names, from the operation's path and the id's name; undefined when unknown. */
function kindOf(path: string, slot: string): Kind | undefined {
  const name = slot.replace(/^.*[.[\]]+/, '').replace(/\[\]$/, '');
  if (name === 'id' || name === 'ids') {
    const prefixes: [string, Kind][] = [
      ['/api/user/remove-token', 'token'],
      ['/api/user/remove-access', 'access'],
      ['/api/cabinet/remove-member', 'member'],
      ['/api/cabinet', 'cabinet'],
      ['/api/folder', 'folder'],
      ['/api/file/removeSchedule', 'fileSchedule'],
      ['/api/file/removeConfig', 'fileConfig'],
      ['/api/ssp/file', 'file'],
      ['/api/file', 'file'],
      ['/api/playlist', 'playlist'],
      ['/api/tag-playlist', 'tag'],
      ['/api/point', 'point'],
      ['/api/net', 'net'],
      ['/api/wall', 'wall'],
      ['/api/spool', 'export'],
      ['/api/widget', 'widget'],
      ['/api/media-creation', 'creation'],
      ['/api/plugin', 'plugin'],
    ];
    return prefixes.find(([prefix]) => path.startsWith(prefix))?.[1];
  }
  const byName: Record<string, Kind> = {
    point: 'point',
    points: 'point',
    pointId: 'point',
    net: 'net',
    nets: 'net',
    playlist: 'playlist',
    playlists: 'playlist',
    playlistId: 'playlist',
    file: 'file',
    files: 'file',
    fileId: 'file',
    secondaryFileId: 'file',
    folder: 'folder',
    folderId: 'folder',
    path: 'folder',
    parent: 'folder',
    cabinetId: 'cabinet',
  };
  if (name === 'tag' || name === 'tags') return path.startsWith('/api/file') ? undefined : 'tag';
  return byName[name];
}

const ID_NAME =
  /^(id|ids|path|parent|point|net|playlist|file|tag|folder|points|nets|playlists|files|tags)$|Ids?$/;

interface Slot {
  /** 'path', 'query' or 'body'. */
  in: 'path' | 'query' | 'body';
  /** The parameter name, or the body path ('files[].fileId'). */
  name: string;
  /** A list of ids (a body array, or a comma-separated query). */
  list: boolean;
}

const concrete = (schema: JsonSchema): JsonSchema =>
  schema.anyOf?.find((o) => o.type !== 'null') ?? schema.oneOf?.[0] ?? schema;
const isInteger = (schema: JsonSchema) => {
  const type = concrete(schema).type;
  return type === 'integer' || (Array.isArray(type) && type.includes('integer'));
};

/** Id-carrying properties of a body schema: integers and arrays of integers, nested objects included. */
function bodySlots(schema: JsonSchema, prefix = '', depth = 0): Slot[] {
  if (depth > 3) return [];
  const node = concrete(schema);
  const out: Slot[] = [];
  for (const [key, property] of Object.entries(node.properties ?? {})) {
    const p = concrete(property);
    const name = `${prefix}${key}`;
    if (ID_NAME.test(key) && isInteger(p)) out.push({ in: 'body', name, list: false });
    else if (ID_NAME.test(key) && p.type === 'array' && p.items && isInteger(p.items))
      out.push({ in: 'body', name, list: true });
    else if (p.type === 'array' && p.items && concrete(p.items).properties)
      out.push(...bodySlots(p.items, `${name}[].`, depth + 1));
    else if (p.properties) out.push(...bodySlots(p, `${name}.`, depth + 1));
  }
  return out;
}

function slotsOf(op: Operation): Slot[] {
  const out: Slot[] = [];
  for (const parameter of op.parameters) {
    if (parameter.in === 'header' || !ID_NAME.test(parameter.name)) continue;
    const schema = concrete(parameter.schema);
    if (parameter.in === 'path' || isInteger(schema) || schema.type === 'string')
      out.push({
        in: parameter.in,
        name: parameter.name,
        list: !isInteger(schema) && parameter.in === 'query',
      });
  }
  if (op.body) out.push(...bodySlots(op.body));
  return out;
}

/** Sets `value` at a body path ('files[].fileId', 'patch.nets'), making the containers on the way. */
function setAt(body: Record<string, unknown>, schema: JsonSchema, path: string, value: unknown): void {
  const parts = path.split('.');
  let node: Record<string, unknown> = body;
  let nodeSchema = concrete(schema);
  for (const part of parts.slice(0, -1)) {
    const key = part.replace(/\[\]$/, '');
    const childSchema = concrete(nodeSchema.properties?.[key] ?? {});
    if (part.endsWith('[]')) {
      const itemSchema = concrete(childSchema.items ?? {});
      const list = Array.isArray(node[key]) ? (node[key] as Record<string, unknown>[]) : [];
      if (list.length === 0) list.push((sample(itemSchema) as Record<string, unknown>) ?? {});
      node[key] = list;
      node = list[0]!;
      nodeSchema = itemSchema;
    } else {
      if (!node[key] || typeof node[key] !== 'object')
        node[key] = (sample(childSchema, key) as Record<string, unknown>) ?? {};
      node = node[key] as Record<string, unknown>;
      nodeSchema = childSchema;
    }
  }
  node[parts.at(-1)!] = value;
}

let t: TestApp;
let png: Buffer;
let a: Seed;
let b: Seed;

async function seed(marker: string): Promise<Seed> {
  const team = await createTeam(t);
  const owner = team.owner;
  const post = async (url: string, body: unknown, who: TestUser = owner) => {
    const res = await call(t.app, 'POST', url, { token: who.token, body });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as { id: number };
  };
  const paired = await pairPlayer(t, owner, `${marker} screen`);
  const file = await uploadImage(t, owner, `${marker}-image.png`);
  const playlist = await createPlaylist(t, owner, `${marker} playlist`, file);
  const ids: Record<Kind, number> = {
    point: paired.point.id,
    net: (await post('/api/net/post', { name: `${marker} net`, points: [paired.point.id] })).id,
    wall: (
      await post('/api/wall/post', {
        name: `${marker} wall`,
        width: 1,
        height: 1,
        cells: [{ column: 0, row: 0, pointId: paired.point.id }],
      })
    ).id,
    folder: (await post('/api/folder/post', { name: `${marker} folder` })).id,
    file,
    playlist,
    tag: (await post('/api/tag-playlist/post', { name: `${marker} tag` })).id,
    token: (await post('/api/user/post-token', { name: `${marker} token` })).id,
    member: (await createUser(t, { role: 'contentManager', cabinetId: team.cabinet.id })).row.id,
    cabinet: team.cabinet.id,
    fileSchedule: (
      await post('/api/file/schedule', { fileId: file, pointId: paired.point.id, weekDays: [1] })
    ).id,
    fileConfig: (await post('/api/file/config', { fileId: file, duration: 25, fit: 'cover' })).id,
    export: 0,
    widget: (await post('/api/widget/post', { name: `${marker} widget`, document: blankDocument() })).id,
    creation: (
      await post('/api/media-creation/post', { name: `${marker} creation`, document: blankDocument() })
    ).id,
    plugin: (
      await t.app.inject({
        method: 'POST',
        url: '/api/plugin/post',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/zip' },
        payload: await zipOf({
          'manifest.json': JSON.stringify({
            id: 'probe.plugin',
            name: `${marker} plugin`,
            version: '1.0.0',
            entry: 'index.html',
          }),
          'index.html': '<!doctype html><body><script>vitrine.ready()</script></body>',
        }),
      })
    ).json<{ id: number }>().id,
    // Shared access this cabinet gave a person of another cabinet.
    access: (
      await post('/api/user/share-access', {
        login: (await createUser(t, { role: 'owner' })).login,
        role: 'observer',
      })
    ).id,
  };
  // A show of the cabinet's playlist, so its statistics have rows an answer could leak.
  const started = new Date(Date.now() - 60_000);
  const shows = await call(t.app, 'POST', '/api/player/playback', {
    token: paired.token,
    body: {
      events: [
        {
          eventId: randomUUID(),
          fileId: file,
          playlistId: playlist,
          startedAt: started.toISOString(),
          endedAt: new Date(started.getTime() + 10_000).toISOString(),
          duration: 10,
        },
      ],
    },
  });
  expect(shows.statusCode, shows.body).toBe(200);
  const today = new Date().toISOString().slice(0, 10);
  ids.export = (await post('/api/statistic/print-list-async', { from: today, to: today })).id;
  return { team, device: paired.token, ids };
}

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_FORM_RATE: '100000', PAIRING_RATE: '10000', BIND_FAILURES: '1000' });
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  a = await seed(MARK);
  b = await seed('tenantB');
}, 120_000);
afterAll(() => t.close());

/** Member roles of a cabinet, the owner first; the platform admin is no member. */
const MEMBERS: Role[] = ['owner', 'moderator', 'contentManager', 'agent', 'observer'];

/** Tables and columns that move without a request (heartbeats, the export worker, throttle counters). */
const VOLATILE = {
  points: ['last_seen_at', 'report', 'synced_at', 'gone_offline_at', 'served_version', 'updated_at'],
  export_jobs: ['status', 'progress', 'started_at', 'finished_at', 'size', 'storage_key', 'error'],
  api_tokens: ['last_used_at'],
  failure_counters: '*',
} as const;

interface Probe {
  label: string;
  method: string;
  url: string;
  body?: unknown;
  headers: Record<string, string>;
  raw?: string;
  token: string | undefined;
  /** A list or report filter: another cabinet's id may match nothing (2xx) instead of 404, leaking nothing. */
  filter: boolean;
}

/** One request per id slot of the operation: A's id there, B's own ids everywhere else. */
function probes(op: Operation, failures: string[], exempted: string[]): Probe[] {
  const key = `${op.method} ${op.path}`;
  const all = slotsOf(op);
  const slots = all.filter((slot) => !EXEMPT[`${key} ${slot.name}`]);
  if (slots.length < all.length) exempted.push(`${key} (some ids)`);
  if (slots.length === 0) return [];
  if (EXEMPT[key]) {
    exempted.push(key);
    return [];
  }
  const url = op.path.replace(/\{\*\}/g, '*').replace(/\{(\w+)\}/g, ':$1');
  const route = t.routes.find((r) => r.method === op.method && r.url === url);
  if (!route) {
    failures.push(`${key}: not in the route registry`);
    return [];
  }
  let token: string | undefined;
  if (route.access === 'public') {
    // Public routes with an id are the signed addresses (media, photos, exports): a signature, not a
    // cabinet, authorises them; the signer's tests cover a forged or foreign one.
    exempted.push(`${key} (public, signed)`);
    return [];
  } else if (route.access === 'device') token = b.device;
  else if (route.access === 'user') token = b.team.owner.token;
  else {
    const role = MEMBERS.find((r) => can(r, route.access as PermissionKey));
    // Only the platform admin holds the key: the admin administers every tenant (spec §6).
    if (!role) {
      exempted.push(`${key} (platform admin only)`);
      return [];
    }
    token = b.team[role].token;
  }
  const kinds = new Map<string, Kind>();
  for (const slot of slots) {
    const kind = kindOf(op.path, slot.name);
    if (!kind) {
      failures.push(
        `${key}: cannot build an input for the id '${slot.name}' (${slot.in}); name its kind in kindOf() or exempt it in EXEMPT with the reason`,
      );
      return [];
    }
    kinds.set(slot.name, kind);
  }
  const out: Probe[] = [];
  for (const target of slots) {
    const path: Record<string, string> = {};
    const query: Record<string, string> = {};
    const body = (BODIES[key] ? structuredClone(BODIES[key]) : op.body ? sample(op.body) : undefined) as
      Record<string, unknown> | undefined;
    const headers: Record<string, string> = {};
    for (const parameter of op.parameters) {
      if (parameter.in === 'header' && parameter.required)
        headers[parameter.name] = String(sample(parameter.schema, parameter.name));
      if (parameter.in === 'query' && parameter.required)
        query[parameter.name] = String(sample(parameter.schema, parameter.name));
      if (parameter.in === 'path') path[parameter.name] = String(sample(parameter.schema, parameter.name));
    }
    for (const slot of slots) {
      const owner = slot === target ? a : b;
      const id = owner.ids[kinds.get(slot.name)!];
      if (slot.in === 'path') path[slot.name] = String(id);
      else if (slot.in === 'query') {
        if (slot === target || query[slot.name] !== undefined) query[slot.name] = String(id);
      } else if (body) setAt(body, op.body!, slot.name, slot.list ? [id] : id);
    }
    const search = new URLSearchParams(query).toString();
    const filled = op.path.replace(/\{\*\}/g, 'x').replace(/\{(\w+)\}/g, (_, n: string) => path[n] ?? '1');
    out.push({
      label: `${key} with A's ${kinds.get(target.name)} in ${target.in} ${target.name}`,
      method: op.method,
      url: search ? `${filled}?${search}` : filled,
      ...(body !== undefined ? { body } : op.method === 'GET' || RAW[key] ? {} : { body: {} }),
      headers,
      ...(RAW[key] ? { raw: RAW[key] } : {}),
      token,
      filter: isFilter(op, target),
    });
  }
  return out;
}

describe('tenancy, generated from the route registry', () => {
  it("answers every call naming another cabinet's row 404 and changes nothing", async () => {
    const doc = (await call(t.app, 'GET', '/api/docs/json')).json();
    const ops = operations(doc, (path) => !path.startsWith('/api/') || path.startsWith('/api/docs'));
    const failures: string[] = [];
    const exempted: string[] = [];
    const all = ops.flatMap((op) => probes(op, failures, exempted));
    const print = new Fingerprint(t.database, VOLATILE);
    let state = await print.take();
    let mark = await print.writeMark();
    const covered = new Set<string>();
    for (const [n, probe] of all.entries()) {
      const res = await t.app.inject({
        method: probe.method as 'GET',
        url: probe.url,
        remoteAddress: `10.9.${(n >> 8) & 255}.${n & 255}`,
        headers: {
          ...probe.headers,
          ...(probe.token ? { authorization: `Bearer ${probe.token}` } : {}),
          ...(probe.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(probe.raw ? { 'content-type': probe.raw } : {}),
        },
        ...(probe.body !== undefined ? { payload: JSON.stringify(probe.body) } : {}),
        ...(probe.raw ? { payload: png } : {}),
      });
      covered.add(probe.label.replace(/ with A's.*$/, ''));
      const leaked = res.body.includes(MARK);
      const ok = probe.filter
        ? (res.statusCode === 404 || (res.statusCode >= 200 && res.statusCode < 300)) && !leaked
        : res.statusCode === 404 && res.json<{ code?: string }>().code === 'NOT_FOUND';
      if (!ok) failures.push(`${probe.label} -> ${res.statusCode} ${res.body.slice(0, 160)}`);
      const nextMark = await print.writeMark();
      if (nextMark !== mark) {
        const next = await print.take();
        const changed = changedTables(state, next);
        // A filter that matched nothing may still record its answer: B's own export job of no rows.
        const allowed = probe.filter && changed.every((name) => name === 'export_jobs');
        if (changed.length && !allowed) failures.push(`${probe.label} changed ${changed.join(', ')}`);
        state = next;
        mark = nextMark;
      }
    }
    expect(failures, `${failures.length} failures of ${all.length} calls`).toEqual([]);
    // The walk reaches the routes the hand-kept lists named, and more.
    expect(covered.size).toBeGreaterThan(60);
  }, 600_000);
});
