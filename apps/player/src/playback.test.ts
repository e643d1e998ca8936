// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Manifest, ManifestFile, ManifestWall, ScheduleInputData } from '@vitrine/core';
import { stringsFor } from './i18n';
import type * as media from './media';
import { Playback, type PlaybackOptions, type ScreenState } from './playback';
import { EIGHT, playlist, screen } from './testing';

// No decoder in jsdom: every file fails to load, as a broken or missing file does on a screen.
vi.mock('./media', async (original) => ({
  ...(await original<typeof media>()),
  loadItem: vi.fn(async () => {
    throw new Error('decode failed');
  }),
}));

const file: ManifestFile = {
  fileId: 1,
  name: 'broken.png',
  kind: 'image',
  mime: 'image/png',
  url: 'https://cabinet.example/api/content/1',
  hash: null,
  size: null,
};

function manifest(schedule: ScheduleInputData, wall?: ManifestWall): Manifest {
  return {
    version: 'v1',
    ...(wall ? { wall } : {}),
    point: {
      id: 1,
      name: 'Lobby tile',
      isStoped: false,
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
      syncInterval: 15,
      cameraStreamUrl: null,
    },
    schedule,
    files: [file],
  };
}

const tile: PlaybackOptions['tile'] = {
  place: () => {},
  follow: () => {},
  wakeEarlyMs: 0,
  flip: async () => {},
};

const lobby: ManifestWall = {
  id: 1,
  name: 'Lobby',
  columns: 2,
  rows: 1,
  column: 0,
  row: 0,
  rotation: 'NORMAL',
  tile: { x: 0, y: 0, width: 1920, height: 1080 },
  canvas: { width: 3840, height: 1080 },
  placements: [],
};

const playing = { screen, playlists: [playlist({ id: 1, items: [{ fileId: 1, seconds: 10 }] })] };
const nothing = { screen, playlists: [] };

/** A session always hands its playback a tile, active or not (src/session.ts). */
function mount() {
  const stage = document.createElement('div');
  document.body.append(stage);
  const states: ScreenState[] = [];
  const playback = new Playback({
    stage,
    log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
    strings: stringsFor('en'),
    onState: (state) => states.push(state),
    cache: null,
    tile,
  });
  const card = stage.querySelector<HTMLElement>('.idle')!;
  return { stage, playback, states, card };
}

describe('what the public sees', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.textContent = '';
  });

  it('shows the neutral stage, not an error card, while an item cannot be played', async () => {
    vi.useFakeTimers({ now: EIGHT + 1000 });
    const { stage, playback, card } = mount();
    playback.apply(manifest(playing));
    await vi.advanceTimersByTimeAsync(50);
    expect(playback.screenState).toBe('idle');
    expect(card.classList.contains('visible')).toBe(false);
    expect(stage.textContent).not.toMatch(/could not be played/);
    playback.destroy();
  });

  it("keeps a wall's tile blank when nothing is scheduled, and names a lone screen with nothing to play", async () => {
    vi.useFakeTimers({ now: EIGHT + 1000 });
    const onWall = mount();
    onWall.playback.apply(manifest(nothing, lobby));
    await vi.advanceTimersByTimeAsync(50);
    expect(onWall.playback.screenState).toBe('idle');
    expect(onWall.card.classList.contains('visible')).toBe(false);
    onWall.playback.destroy();
    const alone = mount();
    alone.playback.apply(manifest(nothing));
    await vi.advanceTimersByTimeAsync(50);
    expect(alone.card.classList.contains('visible')).toBe(true);
    expect(alone.card.textContent).toContain('No content yet');
    alone.playback.destroy();
  });
});
