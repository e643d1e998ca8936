import { describe, expect, it } from 'vitest';
import { EIGHT, playlist, screen } from './testing';
import { Timeline, isPause } from './timeline';

const NINE = EIGHT + 3600_000;

const twoFiles = [
  { fileId: 1, seconds: 10 },
  { fileId: 2, seconds: 20 },
];

describe('Timeline', () => {
  it('finds the entry playing now and the next one, across midnight', () => {
    const timeline = new Timeline({ screen, playlists: [playlist({ id: 1, items: twoFiles })] });
    expect(timeline.at(EIGHT + 15_000).entry).toMatchObject({
      fileId: 2,
      start: EIGHT + 10_000,
      end: EIGHT + 30_000,
    });
    // Before the window: nothing now, the first entry next.
    expect(timeline.at(EIGHT - 1000)).toMatchObject({
      entry: null,
      pause: null,
      next: { fileId: 1, start: EIGHT },
    });
    // After the window: the next is tomorrow's first.
    const late = timeline.at(EIGHT + 13 * 3600_000);
    expect(late.entry).toBeNull();
    expect(late.next!.start).toBe(EIGHT + 86_400_000);
  });

  it("tells a playlist's pause between items from a gap", () => {
    const timeline = new Timeline({ screen, playlists: [playlist({ id: 1, items: twoFiles, interval: 5 })] });
    // 08:00:00-10 file 1, a pause of 5 s, 08:00:15-35 file 2.
    expect(timeline.at(EIGHT + 5000)).toMatchObject({ entry: { fileId: 1 }, pause: null });
    expect(timeline.at(EIGHT + 12_000)).toMatchObject({
      entry: null,
      pause: { fileId: 1, playlistId: 1, end: EIGHT + 10_000 },
      next: { fileId: 2, start: EIGHT + 15_000 },
    });
    // After the day's last item the screen waits for tomorrow: no pause.
    const evening = timeline.at(EIGHT + 12 * 3600_000 + 1000);
    expect(evening.entry).toBeNull();
    expect(evening.pause).toBeNull();
  });

  it('judges a pause by the interval, with up to a second the engine leaves empty', () => {
    const previous = {
      start: 0,
      end: 10_000,
      fileId: 1,
      playlistId: 1,
      type: 'BACKGROUND' as const,
      cut: false,
    };
    const next = (start: number) => ({ ...previous, fileId: 2, start, end: start + 10_000 });
    expect(isPause(previous, next(15_000), 5)).toBe(true);
    expect(isPause(previous, next(15_900), 5)).toBe(true);
    expect(isPause(previous, next(16_500), 5)).toBe(false);
    expect(isPause(previous, next(15_000), null)).toBe(false);
    expect(isPause(previous, next(15_000), 0)).toBe(false);
    expect(isPause(previous, null, 5)).toBe(false);
  });

  it('answers the floating window and the secondary content at an instant, and when they change', () => {
    const timeline = new Timeline({
      screen,
      playlists: [
        playlist({ id: 1, items: twoFiles, interval: 5, secondary: { fileId: 9, seconds: 4 } }),
        playlist({
          id: 2,
          type: 'FLOATING',
          fromTime: '09:00:00',
          toTime: '10:00:00',
          items: [{ fileId: 5, seconds: 7 }],
          floating: { position: 'TOP_RIGHT', size: 30 },
        }),
      ],
    });
    // Before anything: nothing, until the secondary content starts with its playlist.
    expect(timeline.overlaysAt(EIGHT - 1000)).toEqual({ floating: null, loop: null, change: EIGHT });
    // The secondary content loops every 4 s beside its playlist, through the playlist's pauses.
    expect(timeline.overlaysAt(EIGHT + 5000)).toMatchObject({
      floating: null,
      loop: { fileId: 9, playlistId: 1, type: 'LOOP_ITEM', start: EIGHT + 4000, end: EIGHT + 8000 },
      change: EIGHT + 8000,
    });
    expect(timeline.overlaysAt(EIGHT + 12_000).loop).toMatchObject({ start: EIGHT + 12_000 });
    // At nine the floating window joins; the next change is whichever lane changes first.
    const both = timeline.overlaysAt(NINE + 5000);
    expect(both.floating).toMatchObject({
      fileId: 5,
      playlistId: 2,
      type: 'FLOATING',
      start: NINE,
      end: NINE + 7000,
    });
    expect(both.loop).toMatchObject({ fileId: 9 });
    expect(both.change).toBe(Math.min(NINE + 7000, both.loop!.end));
    expect(timeline.overlaysAt(NINE + 7000).floating).toMatchObject({ start: NINE + 7000 });
    // The floating lane ends at ten; its next start is tomorrow's.
    expect(timeline.overlaysAt(NINE + 3600_000 + 1).floating).toBeNull();
    // The day's plan is kept whole.
    expect(timeline.plan('2026-06-10').overlays.length).toBeGreaterThan(0);
  });
});
