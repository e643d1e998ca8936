/**
 * Random schedule inputs for the engine's property tests: a screen in one of several zones (DST dates
 * included) with a few playlists of every type, order, quota and window.
 */
import { addDays } from '../zone.js';
import type { QuotaKind } from '../playlist.js';
import { scheduleScreen as screen, schedulePlaylist as playlist } from './fixtures.js';
import type { ScheduleInput, SchedulePlaylist } from './types.js';

export const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Europe/Kyiv',
];
export const DATES = [
  '2026-03-08',
  '2026-03-29',
  '2026-04-05',
  '2026-06-10',
  '2026-10-04',
  '2026-10-25',
  '2026-11-01',
];
export const pad = (n: number) => String(n).padStart(2, '0');

export function randomInput(r: () => number): { input: ScheduleInput; date: string } {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
  const int = (a: number, b: number) => a + Math.floor(r() * (b - a + 1));
  const clock = () => `${pad(int(0, 23))}:${pad(pick([0, 15, 30, 45]))}:00`;
  const when = () =>
    r() < 0.2
      ? {
          fromDate: r() < 0.5 ? null : `${addDays(date, -int(0, 1))} ${clock()}`,
          toDate: r() < 0.5 ? null : `${addDays(date, int(0, 1))} ${clock()}`,
          weekDays: r() < 0.7 ? [0, 1, 2, 3, 4, 5, 6] : [int(0, 6)],
          fromTime: r() < 0.3 ? null : clock(),
          toTime: r() < 0.3 ? null : clock(),
        }
      : null;
  const items = () =>
    Array.from({ length: int(1, 4) }, () => ({
      fileId: int(1, 6),
      seconds: pick([5, 10, 12.5, 30, 60, 95]),
      when: when(),
    }));
  const date = pick(DATES);
  const playlists: SchedulePlaylist[] = Array.from({ length: int(1, 7) }, (_, i) => {
    const type = pick(['BACKGROUND', 'ADVERTISING', 'ADVERTISING', 'BLOCK', 'FLOATING'] as const);
    const windows =
      r() < 0.4 ? { fromTime: '00:00:00', toTime: '23:59:59' } : { fromTime: clock(), toTime: clock() };
    const kinds: QuotaKind[] = ['QUANTUTY_PER_DAY', 'QUANTUTY_PER_PL_DURATION', 'QUANTUTY_PER_NETWORK'];
    return playlist({
      id: i + 1,
      type,
      active: r() < 0.95,
      override: r() < 0.1,
      inLeftoversOnly: r() < 0.15,
      fromDate: `${addDays(date, -int(0, 3))} ${clock()}`,
      toDate: `${addDays(date, int(0, 3))} ${clock()}`,
      weekDays: r() < 0.8 ? [0, 1, 2, 3, 4, 5, 6] : [int(0, 6), int(0, 6)],
      ...windows,
      fromTime2: r() < 0.3 ? clock() : null,
      toTime2: r() < 0.3 ? clock() : null,
      filesOrder: pick(['ASC', 'DESC', 'RANDOM', 'ONEOF'] as const),
      scheduleMode: r() < 0.5 ? 'SHOWS' : null,
      periodicity: int(60, 4000),
      limitationType: pick(kinds),
      quotas: r() < 0.3 ? [{ kind: pick(kinds), quantity: int(1, 300) }] : [],
      blockDuration: pick([600, 1800, 3600]),
      sections: Array.from({ length: int(1, 3) }, (_, k) => ({
        duration: pick([120, 300, 600]),
        duplicate: k > 0 && r() < 0.3,
        order: k,
        repeat: int(1, 3),
        items: items(),
      })),
      items: items(),
      share: { screens: 3, index: int(0, 2) },
      interval: r() < 0.2 ? pick([2, 5, 30]) : null,
      geofence: r() < 0.1 ? { lat: 50, lng: 30, radius: pick([100, 100_000]) } : null,
      secondary: r() < 0.15 ? { fileId: int(1, 6), seconds: pick([5, 20]) } : null,
    });
  });
  const work = r() < 0.4;
  return {
    date,
    input: {
      screen: screen({
        id: int(1, 100),
        timezone: pick(ZONES),
        workFrom: work ? clock() : null,
        workTo: work ? clock() : null,
        commercialCycle: r() < 0.3 ? pick([300, 900, 1800]) : null,
        position: r() < 0.5 ? { lat: 50.5, lng: 30 } : null,
      }),
      playlists,
    },
  };
}
