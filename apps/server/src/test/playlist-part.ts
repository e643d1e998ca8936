import type { ScheduleInputData } from '@vitrine/core';

/** A playlist as the engine reads it, without a screen's share. */
export type PlaylistPart = Omit<ScheduleInputData['playlists'][number], 'share'>;

/** An always-on advertising playlist of one 15 s item (file `id * 10`), for tests of the planning inputs. */
export const playlistPart = (id: number, extra: Partial<PlaylistPart> = {}): PlaylistPart => ({
  id,
  type: 'ADVERTISING',
  active: true,
  approved: true,
  override: false,
  inLeftoversOnly: false,
  fromDate: '2026-01-01 00:00:00',
  toDate: '2026-12-31 23:59:59',
  weekDays: [0, 1, 2, 3, 4, 5, 6],
  fromTime: null,
  toTime: null,
  fromTime2: null,
  toTime2: null,
  filesOrder: 'ASC',
  scheduleMode: null,
  periodicity: 600,
  limitationType: 'QUANTUTY_PER_DAY',
  quotas: [],
  blockDuration: 0,
  items: [{ fileId: id * 10, seconds: 15 }],
  sections: [],
  ...extra,
});
