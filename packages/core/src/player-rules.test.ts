import { describe, expect, it } from 'vitest';
import { isManifest } from './manifest.js';
import { audienceSampleOf, proofEventProblem } from './playback.js';
import { AudienceSample, PlaybackEvent } from './schemas/playback.js';
import { Manifest } from './schemas/player.js';

/**
 * The rules the player applies before it runs or sends something are plain predicates in core; the
 * server's zod schemas say the same thing in their own words. These tests hold the two to one answer, so
 * the player never keeps what the server will refuse, nor refuses what the server sends.
 */

const manifest = {
  version: 'v1',
  point: {
    id: 7,
    isStoped: false,
    name: 'Lobby',
    address: null,
    location: null,
    timezone: 'Europe/Rome',
    rotation: 'NORMAL',
    autostart: true,
    transitionMs: 0,
    relaunchInterval: null,
    workFrom: null,
    workTo: null,
    commercialCycle: null,
    windows: { fullscreen: true, mirror: false, volume: 100 },
    config: null,
    audience: null,
    playbackCost: null,
    syncInterval: 5,
    cameraStreamUrl: null,
  },
  schedule: {
    screen: {
      id: 7,
      timezone: 'Europe/Rome',
      workFrom: null,
      workTo: null,
      commercialCycle: null,
      stopped: false,
    },
    playlists: [],
  },
  files: [],
};

/** Copies `value` with the property at `path` replaced (or removed, for undefined). */
function changed(value: object, path: string[], replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  if (replacement === undefined) delete node[path.at(-1)!];
  else node[path.at(-1)!] = replacement;
  return copy;
}

describe('the manifest check', () => {
  it('passes a manifest the contract describes', () => {
    expect(Manifest.safeParse(manifest).success).toBe(true);
    expect(isManifest(manifest)).toBe(true);
  });

  it('refuses only what the contract refuses too', () => {
    const broken: [string[], unknown][] = [
      [['version'], undefined],
      [['version'], 1],
      [['files'], undefined],
      [['files'], {}],
      [['schedule'], undefined],
      [['schedule'], null],
      [['schedule', 'screen'], undefined],
      [['schedule', 'screen'], null],
      [['schedule', 'playlists'], undefined],
      [['schedule', 'playlists'], 'none'],
      [['point'], undefined],
      [['point'], null],
      [['point', 'name'], undefined],
      [['point', 'name'], 3],
      [['point', 'windows'], undefined],
      [['point', 'windows'], null],
    ];
    for (const [path, value] of broken) {
      const candidate = changed(manifest, path, value);
      expect(isManifest(candidate), path.join('.')).toBe(false);
      expect(Manifest.safeParse(candidate).success, path.join('.')).toBe(false);
    }
    for (const other of [null, undefined, 'manifest', 1, []]) expect(isManifest(other)).toBe(false);
  });
});

describe("a proof-of-play event: the player's check and the server's schema", () => {
  const good = {
    eventId: 'a1b2c3d4-0000-4000-8000-000000000001',
    fileId: 3,
    playlistId: 4,
    startedAt: '2026-06-10T08:00:00.000Z',
    endedAt: '2026-06-10T08:00:10.000Z',
    duration: 10,
  };
  const cases: [string, Partial<typeof good> | Record<string, unknown>][] = [
    ['good', {}],
    ['outside any playlist', { playlistId: null }],
    ['a zero-second show', { endedAt: good.startedAt, duration: 0 }],
    ['the longest show', { duration: 86400 }],
    ['fileId 0', { fileId: 0 }],
    ['fileId beyond int4', { fileId: 2147483648 }],
    ['fileId not whole', { fileId: 1.5 }],
    ['fileId as text', { fileId: '3' }],
    ['playlistId 0', { playlistId: 0 }],
    ['playlistId beyond int4', { playlistId: 2147483648 }],
    ['startedAt not a date', { startedAt: 'soon' }],
    ['endedAt not a date', { endedAt: 'later' }],
    ['a clock never set', { startedAt: '1970-01-01T00:00:10.000Z', endedAt: '1970-01-01T00:00:20.000Z' }],
    ['ended before it started', { endedAt: '2026-06-10T07:59:59.000Z' }],
    ['a negative duration', { duration: -1 }],
    ['over a day', { duration: 86401 }],
  ];

  it('accept and refuse the same events', () => {
    for (const [label, change] of cases) {
      const event = { ...good, ...change } as typeof good;
      const player = proofEventProblem(event) === null;
      const server = PlaybackEvent.safeParse(event).success;
      expect([label, player], label).toEqual([label, server]);
    }
  });
});

describe("a measured hour: the player's check and the server's schema", () => {
  const now = Date.parse('2026-06-10T12:00:00.000Z');
  const cases: [string, unknown][] = [
    ['good', { hour: '2026-06-10T08:00:00.000Z', viewers: 3.5 }],
    ['nobody', { hour: '2026-06-10T08:00:00.000Z', viewers: 0 }],
    ['the most', { hour: '2026-06-10T08:00:00.000Z', viewers: 1_000_000 }],
    ['too many', { hour: '2026-06-10T08:00:00.000Z', viewers: 1_000_001 }],
    ['negative', { hour: '2026-06-10T08:00:00.000Z', viewers: -1 }],
    ['not a number', { hour: '2026-06-10T08:00:00.000Z', viewers: '3' }],
    ['not a date', { hour: 'morning', viewers: 3 }],
    ['a clock never set', { hour: '1999-12-31T23:00:00.000Z', viewers: 3 }],
    ['no hour', { viewers: 3 }],
    ['nothing', null],
  ];

  it('accept and refuse the same hours (the player also holds back hours a day ahead of its clock)', () => {
    for (const [label, sample] of cases) {
      const player = audienceSampleOf(sample, now) !== null;
      const server = AudienceSample.safeParse(sample).success;
      expect([label, player], label).toEqual([label, server]);
    }
    expect(audienceSampleOf({ hour: '2026-06-11T13:00:00.000Z', viewers: 1 }, now)).toBeNull();
  });
});
