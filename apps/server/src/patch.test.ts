import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { blankDocument, newLayer } from '@vitrine/core';
import { buildTestApp, call, type TestApp } from './test/build.js';
import { createCabinet, createTeam, createUser, type TestUser } from './test/factories.js';
import { uploadImage } from './test/media.js';
import { pairPlayer } from './test/player.js';

/**
 * Every patch route (a route under /patch whose body, or whose body's `patch`, has only optional fields),
 * from the route registry: patching one field at a time leaves every other field as it was. The fields
 * come from the route's own schema; a patch route without a fixture below fails the test, so a new one is
 * covered the day it is declared.
 */

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;
const ids: Record<string, number> = {};

type Json = Record<string, unknown>;

interface Fixture {
  /** Who patches. */
  who: () => TestUser;
  /** The address to patch (the id filled in) and how a body for `field` is sent. */
  url: string;
  body?: (patch: Json) => Json;
  /** The entity as a reader sees it. */
  read: () => Promise<Json>;
  /** Values for fields the generic generator cannot make (ids, objects, refined text). */
  values?: Json;
  /** Read-back keys a field changes besides its own name (a screen's `nets` shows as `net`). */
  shows?: Record<string, string[]>;
  /** Fields whose change a reader cannot see (a password). */
  hidden?: string[];
  /** Fields a rule ties to others: sent together, and the others count as changed too. */
  together?: Record<string, Json>;
}

const get = async (who: TestUser, url: string) => {
  const res = await call(t.app, 'GET', url, { token: who.token });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as Json;
};
const post = async (who: TestUser, url: string, body: unknown) => {
  const res = await call(t.app, 'POST', url, { token: who.token, body });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as Json & { id: number };
};
function find(list: Json[] | undefined, id: number): Json {
  const found = list?.find((item) => item['id'] === id);
  if (!found) throw new Error(`${id} is not in ${JSON.stringify(list)?.slice(0, 300)}`);
  return found;
}

/** Read-back keys that move whenever anything is saved. */
const VOLATILE = [
  'updatedDate',
  'update_time',
  'updatedAt',
  'status',
  'syncStatus',
  'sync_time',
  'syncPending',
  'lastSeen',
  // A widget's or creation's count of saves.
  'revision',
];

const fixtures: Record<string, Fixture> = {
  '/api/user/patch-account': {
    who: () => team.owner,
    url: '/api/user/patch-account',
    read: () => get(team.owner, '/api/user/account'),
    // A new e-mail waits for its confirmation link: nothing changes until then.
    hidden: ['email'],
    // The owner's account lists the cabinet's members, the owner among them.
    shows: { name: ['members'], isClarityEnabled: ['members'] },
  },
  '/api/user/patch/:id': {
    who: () => team.admin,
    url: '/api/user/patch/{member}',
    read: () => get(team.admin, `/api/user/${ids['member']}`),
    values: { role: 'moderator' },
    hidden: ['password'],
  },
  '/api/cabinet/patch/:id': {
    who: () => team.admin,
    url: '/api/cabinet/patch/{cabinet}',
    read: () => get(team.admin, `/api/cabinet/${ids['cabinet']}`),
    values: { tariff: 'enterprise', discount: 30 },
    // The reason of a change is kept in the cabinet's ledger, not on the cabinet.
    hidden: ['note'],
  },
  '/api/folder/patch/:id': {
    who: () => team.owner,
    url: '/api/folder/patch/{folder}',
    read: async () => find((await get(team.owner, '/api/folder/0'))['data'] as Json[], ids['folder']!),
    shows: { toggleFavorite: ['favorite'] },
  },
  '/api/file/patch/:id': {
    who: () => team.owner,
    url: '/api/file/patch/{file}',
    read: async () => stripSigned(await get(team.owner, `/api/file/${ids['file']}`)),
    values: { name: 'renamed.png', tags: ['patched', 'again'] },
    shows: { toggleFavorite: ['favorite'] },
  },
  '/api/playlist/patch/:id': {
    who: () => team.owner,
    url: '/api/playlist/patch/{playlist}',
    read: async () => stripSigned(await get(team.owner, `/api/playlist/${ids['playlist']}`)),
    values: {
      fromDate: '2026-01-02 00:00:00',
      toDate: '2031-06-30 23:59:59',
      weekDays: [1, 3, 5],
      fromTime: '06:00:00',
      toTime: '12:00:00',
      fromTime2: '14:00:00',
      toTime2: '20:00:00',
      quotas: [{ kind: 'QUANTUTY_PER_DAY', quantity: 40 }],
      sections: [{ duration: 600, duplicate: null, order: 0, repeat: 2, files: [] }],
      // Fit on a wall: the small test pictures are not a wall's size (docs/walls.md).
      files: () => [{ fileId: ids['file2'], duration: 12, wallFit: 'fit' }],
      points: () => [ids['point2']],
      nets: () => [ids['net2']],
      walls: () => [ids['wall2']],
      tags: () => [ids['tag2']],
      pixel: 'https://pixel.example.com/p?x=2',
      theme: 'dark',
      advertisingProviders: ['MANUAL'],
      sspConnector: { enabled: true, mode: 'MANUAL' },
      secondaryFileId: () => ids['file2'],
      secondaryLoopDuration: 45,
      maxDuration: 120,
      interval: 5,
      category: 'trade',
      periodicity: 1800,
      floating: { position: 'TOP_LEFT', size: 25 },
      geofence: { lat: 48.85, lng: 2.35, radius: 800 },
    },
    // Shows per period must be at least one a day on every screen: the count moves with the kind.
    together: { limitationType: { periodicity: 8600 } },
    shows: {
      files: ['contentDuration'],
      toDate: ['expiration'],
      fromDate: ['expiration'],
      secondaryFileId: ['secondaryFile'],
      points: ['pointsTotal'],
      nets: ['pointsTotal'],
    },
  },
  '/api/tag-playlist/patch/:id': {
    who: () => team.owner,
    url: '/api/tag-playlist/patch/{tag}',
    read: async () => find((await get(team.owner, '/api/tag-playlist'))['list'] as Json[], ids['tag']!),
  },
  '/api/point/patch/:id': {
    who: () => team.owner,
    url: '/api/point/patch/{point}',
    read: async () => stripSigned(await get(team.owner, `/api/point/${ids['point']}`)),
    values: pointValues(0),
    shows: { nets: ['net', 'hasContent'] },
  },
  '/api/point/patch-many': {
    who: () => team.owner,
    url: '/api/point/patch-many',
    body: (patch) => ({ ids: [ids['point']], patch }),
    read: async () => stripSigned(await get(team.owner, `/api/point/${ids['point']}`)),
    values: pointValues(1),
    shows: { nets: ['net', 'hasContent'] },
  },
  '/api/net/patch/:id': {
    who: () => team.owner,
    url: '/api/net/patch/{net}',
    read: async () => find((await get(team.owner, '/api/net?limit=1000'))['nets'] as Json[], ids['net']!),
    values: { points: () => [ids['point2']] },
  },
  '/api/wall/patch/:id': {
    who: () => team.owner,
    url: '/api/wall/patch/{wall}',
    read: () => get(team.owner, `/api/wall/${ids['wall']}`),
    values: {
      cells: () => [{ column: 0, row: 0, pointId: ids['point2'], rotation: 'LEFT' }],
      // Spec §3 `points`: the screens along the rows (here the first cell's).
      points: () => [ids['point2']],
      screen: { widthPx: 1080, heightPx: 1920, widthMm: 680, heightMm: 1200, bezelMm: 4 },
    },
    shows: {
      cells: ['points'],
      points: ['cells'],
      screen: ['canvas'],
      width: ['canvas'],
      height: ['canvas'],
    },
  },
  '/api/admin/ssp/supplier/patch/:id': {
    who: () => team.admin,
    url: '/api/admin/ssp/supplier/patch/{supplier}',
    read: async () =>
      find((await get(team.admin, '/api/admin/ssp/supplier?limit=100'))['data'] as Json[], ids['supplier']!),
    values: { endpoint: 'https://bidder2.example.com/rtb', currency: 'EUR', floor: '2.5' },
    // The key is write-only: the answer says only that one is stored.
    hidden: ['key'],
  },
  '/api/widget/patch/:id': studioFixture('/api/widget', 'widget'),
  '/api/media-creation/patch/:id': studioFixture('/api/media-creation', 'creation'),
  '/api/statistic/patch': {
    who: () => team.admin,
    url: '/api/statistic/patch',
    body: (patch) => ({ ids: [ids['show']], patch }),
    read: async () => find(await shows(), ids['show']!),
    values: { source: 'auction' },
  },
};

/** A widget or creation: its document is replaced whole, and its size, length and fonts follow it. */
function studioFixture(base: string, key: string): Fixture {
  return {
    who: () => team.contentManager,
    url: `${base}/patch/{${key}}`,
    read: () => get(team.contentManager, `${base}/${ids[key]}`),
    values: {
      document: () => {
        const doc = blankDocument(800, 600);
        doc.pages[0]!.duration = 7;
        doc.pages[0]!.layers.push(newLayer('clock', 'clock', doc));
        doc.pages[0]!.layers[0]!.name = 'patched';
        return { ...doc, pages: doc.pages.map((p) => ({ ...p })) };
      },
      thumbnail: 'data:image/png;base64,iVBORw0KGgo=',
    },
    shows: { document: ['width', 'height', 'duration', 'fonts'] },
  };
}

/** The cabinet's shows of the last days, as its owner lists them (the admin corrects them). */
async function shows(): Promise<Json[]> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return (await get(team.owner, `/api/statistic?from=${day(-1)}&to=${day(1)}`))['list'] as Json[];
}

/** Settings for a screen; the second set differs from the first, so patch-many shows after patch. */
function pointValues(n: 0 | 1): Json {
  return {
    timezone: ['Asia/Tokyo', 'America/Chicago'][n],
    workFrom: ['07:00:00', '06:30:00'][n],
    workTo: ['21:30:00', '22:00:00'][n],
    windows: { fullscreen: false, mirror: true, volume: [35, 45][n] },
    audience: { viewers: [7, 9][n], perHour: null },
    location: { lat: [45.4642, 48.85][n], lng: [9.19, 2.35][n] },
    config: ['{"patched":true}', '{"patched":2}'][n],
    cameraStreamUrl: `rtsp://camera.example.com/${n + 2}`,
    nets: () => [[ids['net2'], ids['net']][n]],
    rotation: ['LEFT', 'UPSIDE_DOWN'][n],
  };
}

/** Signed addresses carry a fresh signature on every read: compared without it. */
function stripSigned(value: Json): Json {
  return JSON.parse(JSON.stringify(value).replace(/([?&])(exp|sig)=[^"&]*/g, '$1$2=')) as Json;
}

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeam(t);
  const owner = team.owner;
  const [p1, p2] = [await pairPlayer(t, owner, 'Screen one'), await pairPlayer(t, owner, 'Screen two')];
  ids['point'] = p1.point.id;
  ids['point2'] = p2.point.id;
  ids['file'] = await uploadImage(t, owner, 'first.png');
  ids['file2'] = await uploadImage(t, owner, 'second.png');
  ids['folder'] = (await post(owner, '/api/folder/post', { name: 'Folder' })).id;
  ids['net'] = (
    await post(owner, '/api/net/post', { name: 'North', color: '#123456', points: [ids['point']] })
  ).id;
  ids['net2'] = (await post(owner, '/api/net/post', { name: 'South', color: '#654321', points: [] })).id;
  ids['wall2'] = (await post(owner, '/api/wall/post', { name: 'Empty wall', width: 1, height: 1 })).id;
  ids['wall'] = (
    await post(owner, '/api/wall/post', {
      name: 'Lobby wall',
      width: 2,
      height: 1,
      cells: [{ column: 1, row: 0, pointId: ids['point'], rotation: 'RIGHT' }],
    })
  ).id;
  ids['tag'] = (await post(owner, '/api/tag-playlist/post', { name: 'Red', color: '#ff0000' })).id;
  ids['tag2'] = (await post(owner, '/api/tag-playlist/post', { name: 'Blue', color: '#0000ff' })).id;
  ids['member'] = (await createUser(t, { role: 'contentManager', cabinetId: team.cabinet.id })).row.id;
  ids['cabinet'] = (await createCabinet(t)).id;
  ids['supplier'] = (
    await post(team.admin, '/api/admin/ssp/supplier/post', {
      name: 'Bidder',
      kind: 'MARKET',
      adapter: 'vast',
      endpoint: 'https://bidder.example.com/rtb',
      key: 'first-key',
      currency: 'USD',
      floor: '1.5',
      timeoutMs: 700,
      enabled: true,
    })
  ).id;
  // Every field away from its default, so a patch that reset one would show.
  await post(team.admin, `/api/cabinet/patch/${ids['cabinet']}`, { tariff: 'pro', discount: 15 });
  await post(owner, `/api/file/patch/${ids['file']}`, { tags: ['one'], toggleFavorite: true });
  await post(owner, `/api/folder/patch/${ids['folder']}`, { toggleFavorite: true });
  await post(owner, `/api/point/patch/${ids['point']}`, {
    address: 'Main street 1',
    timezone: 'Europe/Rome',
    rotation: 'RIGHT',
    autostart: true,
    transitionMs: 700,
    relaunchInterval: 60,
    workFrom: '08:00:00',
    workTo: '20:00:00',
    commercialCycle: 300,
    windows: { fullscreen: true, mirror: false, volume: 80 },
    config: '{"a":1}',
    audience: { viewers: 3, perHour: null },
    playbackCost: '25',
    cameraStreamUrl: 'rtsp://camera.example.com/1',
    location: { lat: 41.9, lng: 12.5 },
  });
  ids['playlist'] = (
    await post(owner, '/api/playlist/post', {
      name: 'Morning',
      category: 'catering',
      type: 'BACKGROUND',
      filesOrder: 'DESC',
      fromTime2: '21:00:00',
      toTime2: '22:00:00',
      files: [{ fileId: ids['file'], duration: 10, wallFit: 'fill' }],
      points: [ids['point']],
      nets: [ids['net']],
      tags: [ids['tag']],
      pixel: 'https://pixel.example.com/p?x=1',
      theme: 'light',
      interval: 2,
      noStats: true,
      secondaryFileId: ids['file'],
      secondaryLoopDuration: 30,
      actionOnEnd: 'DETACH',
      advertisingProviders: ['ADTELLIGENT'],
      sspConnector: { enabled: false, mode: 'AUCTION' },
    })
  ).id;
  const studioDoc = blankDocument();
  const title = newLayer('text', 'title', studioDoc);
  if (title.kind === 'text') title.style.fontFamily = 'Roboto';
  studioDoc.pages[0]!.layers.push(title);
  ids['widget'] = (
    await post(team.contentManager, '/api/widget/post', { name: 'W', document: studioDoc })
  ).id;
  ids['creation'] = (
    await post(team.contentManager, '/api/media-creation/post', {
      name: 'C',
      document: studioDoc,
      thumbnail: 'data:image/png;base64,AAAA',
    })
  ).id;
  const now = Date.now();
  const played = await call(t.app, 'POST', '/api/player/playback', {
    token: p1.token,
    body: {
      events: [
        {
          eventId: randomUUID(),
          fileId: ids['file'],
          playlistId: ids['playlist'],
          startedAt: new Date(now - 60_000).toISOString(),
          endedAt: new Date(now - 50_000).toISOString(),
          duration: 10,
        },
      ],
    },
  });
  expect(played.statusCode).toBe(200);
  ids['show'] = (await shows())[0]!['id'] as number;
});
afterAll(() => t.close());

type Node = z.ZodType;
const def = (node: Node) => node._zod.def as unknown as Json & { type: string };
const unwrap = (node: Node): Node => {
  let current = node;
  while (['optional', 'nullable', 'default', 'prefault', 'readonly'].includes(def(current).type)) {
    current = def(current)['innerType'] as Node;
  }
  return current;
};

/** The optional fields a patch body takes: its own, or those of its `patch` member. */
function patchFields(body: Node | undefined): Record<string, Node> | null {
  if (!body) return null;
  let node = unwrap(body);
  while (def(node).type === 'pipe') node = unwrap(def(node)['in'] as Node);
  if (def(node).type !== 'object') return null;
  let shape = def(node)['shape'] as Record<string, Node>;
  if (shape['patch']) shape = def(unwrap(shape['patch']))['shape'] as Record<string, Node>;
  const optional = Object.values(shape).every((field) => field.safeParse(undefined).success);
  return optional ? shape : null;
}

/** Values by field name, for every route: refined text the generic generator cannot make. */
let playbackCosts = 10;
const COMMON_VALUES: Json = {
  email: 'patched@example.test',
  password: 'Patched-pass-2',
  color: '#0a0b0c',
  // A new exact decimal each time: the single and the bulk patch each show their own.
  playbackCost: () => `${++playbackCosts}.5`,
};

/** A valid value for the field that differs from the current one. */
function another(field: string, schema: Node, current: unknown, fixture: Fixture): unknown {
  const given = fixture.values?.[field] ?? COMMON_VALUES[field];
  if (given !== undefined) return typeof given === 'function' ? (given as () => unknown)() : given;
  const node = unwrap(schema);
  const d = def(node);
  switch (d.type) {
    case 'boolean':
      return !current;
    case 'literal':
      return (d['values'] as unknown[])[0];
    case 'enum': {
      const options = Object.values(d['entries'] as Json);
      return options.find((o) => o !== current) ?? options[0];
    }
    case 'number': {
      const n = node as unknown as { minValue: number; maxValue: number };
      const base = typeof current === 'number' ? current : n.minValue;
      return base + 1 <= n.maxValue ? Math.max(base + 1, n.minValue) : base - 1;
    }
    case 'string':
      return `${typeof current === 'string' ? current : 'value'} 2`.trim().slice(0, 40);
    default:
      throw new Error(`no value for ${field} (${d.type}): add one to the fixture`);
  }
}

/** The read-back key a body field lands on: itself when present, else what the fixture says. */
function shown(field: string, fixture: Fixture, before: Json): string[] {
  const fields = [field, ...Object.keys(fixture.together?.[field] ?? {})];
  return fields.flatMap((f) => [...(f in before ? [f] : []), ...(fixture.shows?.[f] ?? [])]);
}

/** Keys other than `own` (and the volatile ones) whose values differ. */
function differences(label: string, before: Json, after: Json, own: string[]): string[] {
  return Object.keys(before)
    .filter((key) => !own.includes(key) && !VOLATILE.includes(key))
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => `${label}: changed ${key} ${JSON.stringify(before[key])} -> ${JSON.stringify(after[key])}`);
}

describe('patch routes', () => {
  it('every patch route has a fixture', () => {
    const patchRoutes = t.routes.filter(
      (r) => r.url.includes('/patch') && patchFields(r.schema?.body as Node),
    );
    expect(patchRoutes.length).toBeGreaterThan(8);
    expect(patchRoutes.map((r) => r.url).filter((url) => !fixtures[url])).toEqual([]);
  });

  it(
    'patching one field leaves every other field as it was',
    // Walks every route: it grows with the product, and a busy two-core machine was seen near 30 s.
    { timeout: 120_000 },
    async () => {
      const problems: string[] = [];
      const done = new Set<string>();
      for (const route of t.routes) {
        const fields = route.url.includes('/patch') ? patchFields(route.schema?.body as Node) : null;
        if (!fields || done.has(route.url)) continue;
        done.add(route.url);
        const fixture = fixtures[route.url]!;
        const url = fixture.url.replace(/\{(\w+)\}/g, (_, key: string) => String(ids[key]));
        for (const [field, schema] of Object.entries(fields)) {
          const before = await fixture.read().catch((error: Error) => {
            throw new Error(`${route.url} ${field}: ${error.message}`);
          });
          // The value it has already: a save that changes nothing is answered as a save, and changes nothing.
          if (field in before && schema.safeParse(before[field]).success) {
            const same = { [field]: before[field] };
            const res = await call(t.app, route.method as 'POST', url, {
              token: fixture.who().token,
              body: fixture.body ? fixture.body(same) : same,
            });
            if (res.statusCode !== 200)
              problems.push(`${route.url} ${field} unchanged: ${res.statusCode} ${res.body}`);
            problems.push(
              ...differences(`${route.url} ${field} unchanged`, before, await fixture.read(), []),
            );
          }
          const value = another(field, schema, before[field], fixture);
          const patch = { [field]: value, ...fixture.together?.[field] };
          const res = await call(t.app, route.method as 'POST', url, {
            token: fixture.who().token,
            body: fixture.body ? fixture.body(patch) : patch,
          });
          if (res.statusCode !== 200) {
            problems.push(`${route.url} ${field}: ${res.statusCode} ${res.body.slice(0, 300)}`);
            continue;
          }
          const after = await fixture.read();
          const own = shown(field, fixture, before);
          problems.push(...differences(`${route.url} ${field}`, before, after, own));
          if (
            !fixture.hidden?.includes(field) &&
            own.every((key) => JSON.stringify(before[key]) === JSON.stringify(after[key]))
          ) {
            problems.push(
              `${route.url} ${field}: the patch did not show (${own.join(', ') || 'no read-back key'})`,
            );
          }
        }
      }
      expect(problems).toEqual([]);
      expect(done.size).toBe(Object.keys(fixtures).length);
    },
  );
});
