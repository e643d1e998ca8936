// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ManifestFile, ScheduleInputData } from '@vitrine/core';
import { Content } from './content';
import type { Item } from './content';
import type * as media from './media';
import { Overlays, bandStyle, windowStyle } from './overlays';
import type { NewProofEvent } from './proof';
import { EIGHT, playlist, screen } from './testing';
import { Timeline } from './timeline';

// No decoder in jsdom: every file "loads" as a 320x180 picture at once.
vi.mock('./media', async (original) => ({
  ...(await original<typeof media>()),
  loadItem: vi.fn(async (item: Item, into: HTMLElement) => {
    const image = document.createElement('img');
    image.src = item.url;
    into.append(image);
    return { media: null, visual: image, shape: { width: 320, height: 180 } };
  }),
}));

const style = (declarations: [string, string][]) => Object.fromEntries(declarations);

describe('where overlays stand', () => {
  it("puts a floating window at its playlist's position and width, its height from the content's shape", () => {
    const corner = windowStyle({ position: 'TOP_RIGHT', size: 30 }, { width: 320, height: 180 });
    expect(style(corner)).toMatchObject({
      top: '2vmin',
      right: '2vmin',
      transform: 'translate(0, 0)',
      'aspect-ratio': '320 / 180',
      'max-width': 'calc((100cqh - 2 * 2vmin) * 320 / 180)',
    });
    // The plain width first: a browser without min() keeps it.
    expect(corner.filter(([p]) => p === 'width').map(([, v]) => v)).toEqual([
      '30%',
      'min(30%, calc(100% - 2 * 2vmin))',
    ]);
    expect(style(windowStyle({ position: 'CENTER', size: 50 }, null))).toMatchObject({
      top: '50%',
      left: '50%',
      transform: 'translate(-50%, -50%)',
      'aspect-ratio': '16 / 9',
    });
    expect(style(windowStyle({ position: 'BOTTOM', size: 40 }, null))).toMatchObject({
      bottom: '2vmin',
      left: '50%',
      transform: 'translate(-50%, 0)',
    });
    expect(style(windowStyle({ position: 'LEFT', size: 40 }, null))).toMatchObject({
      top: '50%',
      left: '2vmin',
      transform: 'translate(0, -50%)',
    });
  });

  it('keeps the secondary band to a quarter of the stage at most', () => {
    expect(bandStyle({ width: 1280, height: 90 })).toEqual([
      ['height', '25%'],
      ['height', 'min(25%, calc(100cqw * 90 / 1280))'],
    ]);
  });
});

const file = (fileId: number, name: string): ManifestFile => ({
  fileId,
  name,
  kind: 'image',
  mime: 'image/png',
  url: `https://cabinet.example/api/content/${fileId}`,
  hash: null,
  size: null,
});

/** Overlays over a stage in the page, for a schedule and its files, on the (fake) clock. */
function mount(schedule: ScheduleInputData, files: ManifestFile[]) {
  const content = new Content({ files, schedule });
  const timeline = new Timeline(schedule);
  const stage = document.createElement('div');
  document.body.append(stage);
  const played: NewProofEvent[] = [];
  const overlays = new Overlays({
    stage,
    log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
    now: () => Date.now(),
    content: () => content,
    timeline: () => timeline,
    cache: () => Promise.resolve(null),
    volume: () => 100,
    transitionMs: () => 0,
    startMedia: async () => {},
    onPlayed: (event) => played.push(event),
  });
  const window = stage.querySelector<HTMLElement>('[data-testid="floating-window"]')!;
  const band = stage.querySelector<HTMLElement>('[data-testid="secondary-band"]')!;
  return { overlays, played, window, band };
}

describe('Overlays', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.textContent = '';
  });

  it('shows the floating window and the secondary band while their entries last, with proof of play', async () => {
    vi.useFakeTimers({ now: EIGHT - 500 });
    const schedule = {
      screen,
      playlists: [
        playlist({
          id: 1,
          items: [{ fileId: 1, seconds: 10 }],
          secondary: { fileId: 9, seconds: 4 },
          theme: '#1864ab',
        }),
        playlist({
          id: 2,
          type: 'FLOATING',
          items: [{ fileId: 5, seconds: 3 }],
          floating: { position: 'BOTTOM_LEFT', size: 25 },
          interval: 2,
        }),
      ],
    };
    const { overlays, played, window, band } = mount(schedule, [
      file(1, 'main.png'),
      file(5, 'badge.png'),
      file(9, 'ticker.png'),
    ]);
    overlays.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(window.classList.contains('visible')).toBe(false);

    await vi.advanceTimersByTimeAsync(1000);
    expect(window.classList.contains('visible')).toBe(true);
    expect(window.dataset.name).toBe('badge.png');
    expect(window.style.bottom).toBe('2vmin');
    expect(window.style.left).toBe('2vmin');
    expect(window.querySelector('img')!.getAttribute('src')).toBe('https://cabinet.example/api/content/5');
    expect(band.classList.contains('visible')).toBe(true);
    expect(band.dataset.name).toBe('ticker.png');
    expect(band.style.backgroundColor).toBe('rgb(24, 100, 171)');

    // The window's item ends at 08:00:03 and its playlist pauses 2 s.
    await vi.advanceTimersByTimeAsync(3000);
    expect(window.classList.contains('visible')).toBe(false);
    expect(band.classList.contains('visible')).toBe(true);
    expect(played).toEqual([
      expect.objectContaining({
        fileId: 5,
        playlistId: 2,
        duration: 3,
        startedAt: new Date(EIGHT).toISOString(),
      }),
    ]);
    // The band's next loop: the same file kept on screen, a show recorded for each loop.
    await vi.advanceTimersByTimeAsync(500);
    expect(band.dataset.name).toBe('ticker.png');
    expect(played.map((e) => [e.fileId, e.playlistId, e.duration])).toEqual([
      [5, 2, 3],
      [9, 1, 4],
    ]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(window.classList.contains('visible')).toBe(true);

    // Stopped: off the screen at once, and what showed is recorded.
    await vi.advanceTimersByTimeAsync(400);
    overlays.stop();
    expect(window.classList.contains('visible')).toBe(false);
    expect(band.classList.contains('visible')).toBe(false);
    expect(window.querySelector('img')).toBeNull();
    expect(played.map((e) => [e.fileId, e.playlistId, e.duration])).toEqual([
      [5, 2, 3],
      [9, 1, 4],
      [9, 1, 1.5],
      [5, 2, 0.5],
    ]);
  });

  it('keeps no proof of play for a no-stats playlist', async () => {
    vi.useFakeTimers({ now: EIGHT });
    const schedule = {
      screen,
      playlists: [playlist({ id: 3, type: 'FLOATING', noStats: true, items: [{ fileId: 5, seconds: 3 }] })],
    };
    const { overlays, played, window } = mount(schedule, [file(5, 'badge.png')]);
    overlays.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(window.classList.contains('visible')).toBe(true);
    overlays.destroy();
    expect(played).toEqual([]);
  });
});
