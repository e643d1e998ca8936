/** Test fixtures for the schedule engine: a screen working all day in UTC, and a playlist with every field. */
import type { SchedulePlaylist, ScheduleScreen } from './types.js';

export function scheduleScreen(over: Partial<ScheduleScreen> = {}): ScheduleScreen {
  return {
    id: 1,
    timezone: 'UTC',
    workFrom: null,
    workTo: null,
    commercialCycle: null,
    stopped: false,
    ...over,
  };
}

let nextId = 1;
/** A background playlist of one 10 s file, all year, every day; ids count up unless one is given. */
export function schedulePlaylist(over: Partial<SchedulePlaylist> = {}): SchedulePlaylist {
  return {
    id: nextId++,
    type: 'BACKGROUND',
    active: true,
    approved: true,
    override: false,
    inLeftoversOnly: false,
    fromDate: '2026-01-01 00:00:00',
    toDate: '2026-12-31 23:59:59',
    weekDays: [0, 1, 2, 3, 4, 5, 6],
    fromTime: '00:00:00',
    toTime: '23:59:59',
    fromTime2: null,
    toTime2: null,
    filesOrder: 'ASC',
    scheduleMode: null,
    periodicity: 300,
    limitationType: 'QUANTUTY_PER_DAY',
    quotas: [],
    blockDuration: 3600,
    sections: [],
    items: [{ fileId: 1, seconds: 10 }],
    share: { screens: 1, index: 0 },
    ...over,
  };
}
