/** Schedule inputs for the player's unit tests: a playlist that plays all year, 08:00-20:00, and a screen in Rome. */
import type { ScheduleInputData } from '@vitrine/core';

type PlaylistData = ScheduleInputData['playlists'][number];

/** 08:00 on 10 June 2026 in Rome (summer time). */
export const EIGHT = Date.UTC(2026, 5, 10, 6);

export const screen = {
  id: 1,
  timezone: 'Europe/Rome',
  workFrom: null,
  workTo: null,
  commercialCycle: null,
  stopped: false,
};

export function playlist(overrides: Partial<PlaylistData> & Pick<PlaylistData, 'id'>): PlaylistData {
  return {
    type: 'BACKGROUND',
    active: true,
    approved: true,
    override: false,
    inLeftoversOnly: false,
    fromDate: '2026-01-01 00:00:00',
    toDate: '2026-12-31 23:59:59',
    weekDays: [0, 1, 2, 3, 4, 5, 6],
    fromTime: '08:00:00',
    toTime: '20:00:00',
    fromTime2: null,
    toTime2: null,
    filesOrder: 'ASC',
    scheduleMode: null,
    periodicity: 300,
    limitationType: 'QUANTUTY_PER_DAY',
    quotas: [],
    blockDuration: 3600,
    sections: [],
    items: [],
    share: { screens: 1, index: 0 },
    ...overrides,
  };
}
