import { describe, expect, it } from 'vitest';
import { PAIRING_TTL_SECONDS } from '@vitrine/core';
import { pickLocale, stringsFor } from './i18n';
import { RENEW_BEFORE_MS, bindLink, showForMs } from './pairing';
import { presentationOf } from './media';
import { stageTransform } from './stage';
import { qrPath } from './qr';
import { fitSize } from './screenshot';
import { DEFAULT_SYNC_MINUTES, nextSyncDelay } from './manifest-sync';
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
});

describe('nextSyncDelay', () => {
  it("waits the screen's interval, spread by at most a tenth either way", () => {
    expect(nextSyncDelay(2, () => 0.5)).toBe(120_000);
    expect(nextSyncDelay(2, () => 0)).toBe(108_000);
    expect(nextSyncDelay(2, () => 1)).toBe(132_000);
  });

  it('takes the default when the settings do not say', () => {
    expect(nextSyncDelay(undefined, () => 0.5)).toBe(DEFAULT_SYNC_MINUTES * 60_000);
    expect(nextSyncDelay(0, () => 0.5)).toBe(DEFAULT_SYNC_MINUTES * 60_000);
  });
});
