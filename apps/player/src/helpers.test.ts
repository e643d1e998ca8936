import { describe, expect, it } from 'vitest';
import { PAIRING_TTL_SECONDS } from '@vitrine/core';
import { isManifest } from './api';
import { pickLocale, stringsFor } from './i18n';
import { RENEW_BEFORE_MS, bindLink, showForMs } from './pairing';
import { presentationOf, stageTransform } from './playback';
import { Timeline } from './timeline';
import { qrPath } from './qr';
import { fitSize } from './screenshot';
import { socketUrl } from './session';
import { deviceKeyOf, memoryStore, newDeviceKey } from './storage';

describe('pickLocale', () => {
  it('takes the first language the player knows', () => {
    expect(pickLocale(['uk-UA', 'en'])).toBe('ua');
    expect(pickLocale(['it-IT'])).toBe('it');
    expect(pickLocale(['de-DE', 'ru'])).toBe('ru');
    expect(pickLocale(['en-GB', 'ru'])).toBe('en');
    expect(pickLocale(['fr', 'de'])).toBe('en');
    expect(pickLocale([])).toBe('en');
    expect(stringsFor('ua').noContent).not.toBe(stringsFor('en').noContent);
  });
});

describe('pairing helpers', () => {
  it('links to the cabinet bind dialog', () => {
    expect(bindLink('https://signage.example', 'ABC234')).toBe('https://signage.example/point?bind=ABC234');
  });

  it('replaces a code shortly before it expires, whatever the screen clock says', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    const ttl = PAIRING_TTL_SECONDS * 1000;
    expect(showForMs(new Date(now + ttl).toISOString(), now)).toBe(ttl - RENEW_BEFORE_MS);
    expect(showForMs(new Date(now + 120_000).toISOString(), now)).toBe(120_000 - RENEW_BEFORE_MS);
    // A clock hours off, or nonsense: the code's lifetime is trusted instead.
    expect(showForMs(new Date(now - 3600_000).toISOString(), now)).toBe(ttl - RENEW_BEFORE_MS);
    expect(showForMs(new Date(now + 5 * 3600_000).toISOString(), now)).toBe(ttl - RENEW_BEFORE_MS);
    expect(showForMs('garbage', now)).toBe(ttl - RENEW_BEFORE_MS);
    expect(showForMs(new Date(now + 1000).toISOString(), now)).toBe(2000);
  });

  it('draws a QR code with a quiet zone', () => {
    const { size, path } = qrPath('https://signage.example/point?bind=ABC234');
    expect(size).toBeGreaterThanOrEqual(21 + 8);
    expect(path.startsWith('M4 4h7')).toBe(true);
  });
});

describe('device key', () => {
  it('is 32 random bytes in hex, kept once made', () => {
    expect(newDeviceKey()).toMatch(/^[0-9a-f]{64}$/);
    const store = memoryStore();
    const key = deviceKeyOf(store);
    expect(deviceKeyOf(store)).toBe(key);
    store.set('vitrine.player.deviceKey', 'short');
    expect(deviceKeyOf(store)).not.toBe('short');
  });
});

describe('playback helpers', () => {
  it('turns and mirrors the stage', () => {
    expect(stageTransform('NORMAL', false)).toEqual({ transform: 'translate(-50%, -50%)', swap: false });
    expect(stageTransform('LEFT', false)).toEqual({
      transform: 'translate(-50%, -50%) rotate(-90deg)',
      swap: true,
    });
    expect(stageTransform('RIGHT', true)).toEqual({
      transform: 'translate(-50%, -50%) scaleX(-1) rotate(90deg)',
      swap: true,
    });
    expect(stageTransform('UPSIDE_DOWN', false).swap).toBe(false);
  });

  it('finds the entry playing now and the next one, across midnight', () => {
    const playlist = {
      id: 1,
      type: 'BACKGROUND' as const,
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
      filesOrder: 'ASC' as const,
      scheduleMode: null,
      periodicity: 300,
      limitationType: 'QUANTUTY_PER_DAY' as const,
      quotas: [],
      blockDuration: 3600,
      sections: [],
      items: [
        { fileId: 1, seconds: 10 },
        { fileId: 2, seconds: 20 },
      ],
      share: { screens: 1, index: 0 },
    };
    const timeline = new Timeline({
      screen: {
        id: 1,
        timezone: 'Europe/Rome',
        workFrom: null,
        workTo: null,
        commercialCycle: null,
        stopped: false,
      },
      playlists: [playlist],
    });
    const eight = Date.UTC(2026, 5, 10, 6); // 08:00 in Rome (summer time)
    expect(timeline.at(eight + 15_000).entry).toMatchObject({
      fileId: 2,
      start: eight + 10_000,
      end: eight + 30_000,
    });
    // Before the window: nothing now, the first entry next.
    expect(timeline.at(eight - 1000)).toMatchObject({ entry: null, next: { fileId: 1, start: eight } });
    // After the window: the next is tomorrow's first.
    const late = timeline.at(eight + 13 * 3600_000);
    expect(late.entry).toBeNull();
    expect(late.next!.start).toBe(eight + 86_400_000);
  });

  it('shows each kind the way a browser can', () => {
    expect(presentationOf({ kind: 'video', mime: 'video/mp4' })).toBe('video');
    expect(presentationOf({ kind: 'archive', mime: 'application/zip' })).toBe('frame');
    expect(presentationOf({ kind: 'text', mime: 'text/plain' })).toBe('frame');
    expect(presentationOf({ kind: 'flash', mime: 'application/x-shockwave-flash' })).toBe('unsupported');
    expect(presentationOf({ kind: 'other', mime: 'image/webp' })).toBe('image');
  });
});

describe('other helpers', () => {
  it('scales screenshots to at most 1280 px wide', () => {
    expect(fitSize(3840, 2160)).toEqual({ width: 1280, height: 720 });
    expect(fitSize(1080, 1920)).toEqual({ width: 1080, height: 1920 });
    expect(fitSize(0, 0)).toEqual({ width: 1280, height: 720 });
  });

  it('builds the socket address from the page', () => {
    expect(socketUrl({ protocol: 'https:', host: 'a.example' }, 'vtd_a+b')).toBe(
      'wss://a.example/api/player/ws?token=vtd_a%2Bb',
    );
    expect(socketUrl({ protocol: 'http:', host: '10.0.0.5:8080' }, 'vtd_x')).toBe(
      'ws://10.0.0.5:8080/api/player/ws?token=vtd_x',
    );
  });

  it('recognises a manifest', () => {
    const point = { name: 'Lobby', windows: { fullscreen: true, mirror: false, volume: 50 } };
    const schedule = { screen: { id: 1 }, playlists: [] };
    expect(isManifest({ version: 'v1', point, files: [], schedule })).toBe(true);
    expect(isManifest({ version: 'v1', point, files: [] })).toBe(false);
    expect(isManifest({ version: 'v1', point: { name: 'Lobby' }, files: [], schedule })).toBe(false);
    expect(isManifest({ version: 1, point, files: [], schedule })).toBe(false);
    expect(isManifest(null)).toBe(false);
  });
});
