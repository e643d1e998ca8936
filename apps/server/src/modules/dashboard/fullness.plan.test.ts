import type { ScheduleInputData } from '@vitrine/core';
import { describe, expect, it } from 'vitest';
import type { ScreenParts } from '../schedule/schedule.service.js';
import { packJob, unpackScreen } from './fullness.plan.js';

type Part = ScreenParts['playlists'][number]['part'];

const part = (id: number): Part => ({
  id,
  type: 'ADVERTISING',
  active: true,
  approved: true,
  override: false,
  inLeftoversOnly: false,
  fromDate: '2026-01-01 00:00:00',
  toDate: '2027-12-31 23:59:59',
  weekDays: [1, 2, 3, 4, 5, 6, 7],
  fromTime: null,
  toTime: null,
  fromTime2: null,
  toTime2: null,
  filesOrder: 'ASC',
  scheduleMode: null,
  periodicity: 300,
  limitationType: 'QUANTUTY_PER_NETWORK',
  quotas: [],
  blockDuration: 0,
  sections: [],
  items: [{ fileId: id * 10, seconds: 15 }],
});

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

  it('sends each screen its own playlists where they do not read alike', () => {
    const job = packJob(31, screens, false);
    expect(job.parts).toEqual({});
    const received = structuredClone(job);
    expect(received.screens.map((s) => unpackScreen(received, s))).toEqual(expected);
  });
});
