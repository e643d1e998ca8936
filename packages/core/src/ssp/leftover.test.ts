import { describe, expect, it } from 'vitest';
import type { SchedulePlaylist, ScheduleScreen } from '../schedule/index.js';
import { schedulePlaylist, scheduleScreen } from '../schedule/fixtures.js';
import { leftoverSlots, scheduleGaps } from './leftover.js';

const H = 3_600_000;
const S = 1000;
const t0 = Date.UTC(2026, 5, 10); // a Wednesday

const screen = (over: Partial<ScheduleScreen> = {}) =>
  scheduleScreen({ workFrom: '08:00:00', workTo: '18:00:00', ...over });
const playlist = (id: number, over: Partial<SchedulePlaylist> = {}) => schedulePlaylist({ id, ...over });

// Another playlist's shows: 15 s every 5 minutes from 10:00 to 11:00; the SSP playlist fills the rest.
const periodic = playlist(1, {
  type: 'ADVERTISING',
  fromTime: '10:00:00',
  toTime: '11:00:00',
  items: [{ fileId: 7, seconds: 15 }],
});
const ssp = playlist(2, { items: [{ fileId: 8, seconds: 30 }] });

describe('leftover mode: the gaps the schedule leaves', () => {
  it("is working time less other playlists' content; the SSP playlist's own content gives way", () => {
    const input = { screen: screen(), playlists: [periodic, ssp] };
    // Whole gaps reaching into the range: from 08:00 to the first show, then between shows.
    expect(scheduleGaps(input, ssp.id, t0 + 9 * H, t0 + 10 * H + 600 * S)).toEqual([
      [t0 + 8 * H, t0 + 10 * H],
      [t0 + 10 * H + 15 * S, t0 + 10 * H + 300 * S],
      [t0 + 10 * H + 315 * S, t0 + 10 * H + 600 * S],
    ]);
    // Working time ends at 18:00: nothing after it, nor before 08:00 the next day.
    expect(scheduleGaps(input, ssp.id, t0 + 17.5 * H, t0 + 26 * H)).toEqual([
      [t0 + 10 * H + 3315 * S, t0 + 18 * H], // from the last show's end (10:55:15)
    ]);
  });

  it('leaves no gap where another playlist fills the whole day', () => {
    const filler = playlist(3, { items: [{ fileId: 9, seconds: 40 }] });
    const evening = playlist(2, { type: 'ADVERTISING', fromTime: '20:00:00', toTime: '21:00:00' });
    const input = { screen: screen(), playlists: [periodic, filler, evening] };
    expect(scheduleGaps(input, evening.id, t0 + 9 * H, t0 + 12 * H)).toEqual([]);
  });

  it('places slots back to back from each gap’s first whole second, only where one fits whole', () => {
    const gaps: [number, number][] = [
      [t0 + 500, t0 + 31 * S], // 30.5 s: slots at 1 s and 16 s (ends at 31 s exactly)
      [t0 + 40 * S, t0 + 50 * S], // 10 s: too short for a 15 s slot
      [t0 + 60 * S, t0 + 120 * S],
    ];
    const seconds = (list: number[]) => list.map((at) => (at - t0) / S);
    expect(seconds(leftoverSlots(gaps, 15, t0, t0 + H, 10))).toEqual([1, 16, 60, 75, 90, 105]);
    expect(seconds(leftoverSlots(gaps, 15, t0, t0 + H, 3))).toEqual([1, 16, 60]);
    // Later rounds keep the same grid: only the slots still to come, up to the lookahead.
    expect(seconds(leftoverSlots(gaps, 15, t0 + 16 * S, t0 + 90 * S, 10))).toEqual([60, 75, 90]);
    expect(leftoverSlots([], 15, t0, t0 + H, 3)).toEqual([]);
  });
});
