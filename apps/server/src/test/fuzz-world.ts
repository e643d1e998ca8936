import { expect } from 'vitest';
import { ROLES, blankDocument, can, type PermissionKey, type Role } from '@vitrine/core';
import type { CabinetRow } from '../db/schema.js';
import { call, type TestApp } from './build.js';
import { createCabinet, createTeam, createUser, type TestUser } from './factories.js';
import { sample, type Baseline, type FuzzRequest, type Operation } from './fuzz.js';
import { createPlaylist, uploadImage } from './media.js';
import { pairPlayer } from './player.js';

/**
 * The rows the generated suites name (fuzz-1..3.test.ts, fuzz-concurrency.test.ts): a team of every role, three
 * paired screens, and one row of every kind a path parameter names, so a request gets past its lookup.
 */
export interface FuzzWorld {
  team: Awaited<ReturnType<typeof createTeam>>;
  /** The paired screens' device tokens. */
  devices: string[];
  ids: Record<string, number>;
}

/** Builds the world; `prepare` runs on the team's cabinet before anything is made in it. */
export async function buildFuzzWorld(
  t: TestApp,
  prepare?: (cabinet: CabinetRow) => Promise<void>,
): Promise<FuzzWorld> {
  const team = await createTeam(t);
  await prepare?.(team.cabinet);
  const owner = team.owner;
  const devices: string[] = [];
  const ids: Record<string, number> = {};
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
  return { team, devices, ids };
}

/** The id a path parameter of this operation names: a real row, so a request gets past the lookup. */
function pathId(world: FuzzWorld, path: string): number {
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
  return key ? world.ids[key]! : 1;
}

/** A plausible request's parts for the operation, with the world's ids. */
export function baseline(world: FuzzWorld, op: Operation): Baseline {
  const pathValues: Record<string, string> = {};
  const queryValues: Record<string, string> = {};
  const headers: Record<string, string> = {};
  for (const parameter of op.parameters) {
    if (parameter.in === 'path') {
      pathValues[parameter.name] =
        parameter.name === 'id'
          ? String(pathId(world, op.path))
          : String(sample(parameter.schema, parameter.name));
    } else if (parameter.required || parameter.name === 'id') {
      const value = parameter.name === 'id' ? world.ids['point'] : sample(parameter.schema, parameter.name);
      (parameter.in === 'query' ? queryValues : headers)[parameter.name] = Array.isArray(value)
        ? value.join(',')
        : String(value);
    }
  }
  return { pathValues, queryValues, headers, body: op.body ? sample(op.body) : undefined };
}

/** A token that passes the route's access check, so the request reaches validation and beyond. */
function tokenFor(t: TestApp, world: FuzzWorld, method: string, path: string, n: number): string | undefined {
  const url = path.replace(/\{\*\}/g, '*').replace(/\{(\w+)\}/g, ':$1');
  const route = t.routes.find((r) => r.method === method && r.url === url);
  if (!route) throw new Error(`no route for ${method} ${path}`);
  if (route.access === 'public') return undefined;
  if (route.access === 'device') return world.devices[n % world.devices.length];
  if (route.access === 'user') return world.team.owner.token;
  const order: Role[] = ['owner', 'admin', 'moderator', 'contentManager', 'agent', 'observer'];
  const role = order.find((r) => ROLES.includes(r) && can(r, route.access as PermissionKey));
  if (!role) throw new Error(`no role holds ${route.access}`);
  return world.team[role].token;
}

/** Sends a generated request as the role that may make it, from an address of its own. */
export async function sendFuzz(t: TestApp, world: FuzzWorld, request: FuzzRequest, n: number) {
  const token = tokenFor(t, world, request.operation.method, request.operation.path, n);
  return t.app.inject({
    method: request.method as 'POST',
    url: request.url,
    // A new address every request: per-address limits would otherwise answer 429 before validation runs.
    remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    headers: { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
}
