import type { ScheduleInputData } from '@vitrine/core';
import { describe, expect, it } from 'vitest';
import { playlistPart } from '../../test/playlist-part.js';
import { packJob, unpackScreen } from './fullness.plan.js';

const part = (id: number) => playlistPart(id, { limitationType: 'QUANTUTY_PER_NETWORK' });

const screen = (id: number): ScheduleInputData['screen'] => ({
  id,
  timezone: 'Europe/Rome',
  workFrom: null,
  workTo: null,
  commercialCycle: 0,
  stopped: false,
});

describe('a fullness job for the planning threads', () => {
  const [a, b] = [part(1), part(2)];
  const screens = [
    {
      pointId: 7,
      fromDay: '2026-11-29',
      input: {
        screen: screen(7),
        playlists: [
          { part: a, share: { screens: 40, index: 3 } },
          { part: b, share: { screens: 1, index: 0 } },
        ],
      },
    },
    {
      pointId: 8,
      fromDay: '2026-11-30',
      input: { screen: screen(8), playlists: [{ part: a, share: { screens: 40, index: 4 } }] },
    },
  ];
  const expected = screens.map(({ input }) => ({
    screen: input.screen,
    playlists: input.playlists.map(({ part, share }) => ({ ...part, share })),
  }));

  it('sends a playlist alike on every screen once, and each screen its shares as numbers', () => {
    const job = packJob(31, screens, true);
    expect(Object.keys(job.parts).map(Number)).toEqual([1, 2]);
    expect(job.screens[0]!.playlists).toEqual(new Int32Array([1, 40, 3, 2, 1, 0]));
    // What the thread receives is a structured clone of the job.
    const received = structuredClone(job);
    expect(received.screens.map((s) => unpackScreen(received, s))).toEqual(expected);
    expect(received.screens.map((s) => s.fromDay)).toEqual(['2026-11-29', '2026-11-30']);
  });

  it('unpacks a playlist with the same share on several screens as one object (what it parses is kept by object)', () => {
    const alike = [7, 8, 9].map((id) => ({
      pointId: id,
      fromDay: '2026-11-29',
      input: {
        screen: screen(id),
        playlists: [
          { part: a, share: { screens: 3, index: id - 7 } },
          { part: b, share: { screens: 1, index: 0 } },
        ],
      },
    }));
    const received = structuredClone(packJob(31, alike, true));
    const inputs = received.screens.map((s) => unpackScreen(received, s));
    const [first, second] = [inputs[0]!.playlists, inputs[1]!.playlists];
    expect(first[1]).toBe(second[1]);
    expect(first[0]).not.toBe(second[0]);
    expect(inputs.map((input) => input.playlists.map((p) => p.share))).toEqual(
      alike.map(({ input }) => input.playlists.map((p) => p.share)),
    );
  });

  it('sends each screen its own playlists where they do not read alike', () => {
    const job = packJob(31, screens, false);
    expect(job.parts).toEqual({});
    const received = structuredClone(job);
    expect(received.screens.map((s) => unpackScreen(received, s))).toEqual(expected);
  });
});
