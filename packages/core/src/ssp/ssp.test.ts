import { describe, expect, it } from 'vitest';
import {
  SSP_MESSAGE,
  asksSupplierKind,
  bidRequest,
  expandAuctionMacros,
  expandVastMacros,
  fromMicros,
  playRevenueMicros,
  playlistSspMode,
  sspMissing,
  toMicros,
} from './index.js';

describe('ad money', () => {
  it('reads decimals exactly and works out a play: 2.50 CPM × 30.3 / 1000 = 0.07575', () => {
    expect(toMicros(2.5)).toBe(2_500_000);
    expect(toMicros('30.3')).toBe(30_300_000);
    expect(toMicros(0.07575)).toBe(75_750);
    expect(toMicros(1e-7)).toBe(0);
    expect(toMicros('0.0000015')).toBe(2);
    expect(toMicros('0.0000025')).toBe(2);
    expect(() => toMicros('1,5')).toThrow(RangeError);
    expect(playRevenueMicros(toMicros(2.5), toMicros(30.3))).toBe(75_750);
    expect(fromMicros(75_750)).toBe('0.07575');
    expect(fromMicros(2_500_000)).toBe('2.5');
    // A multiplier below one is allowed.
    expect(playRevenueMicros(toMicros(4), toMicros(0.5))).toBe(2_000);
  });
});

describe('OpenRTB 2.6 DOOH', () => {
  const screen = {
    id: 12,
    name: 'Mall entrance',
    venueType: 205,
    lat: 50.45,
    lng: 30.52,
    publisher: { id: 'cabinet-3', name: 'Shops Ltd' },
  };
  const slot = {
    id: '12-1781092800000',
    at: 1_781_092_800_000,
    seconds: 15,
    width: 1920,
    height: 1080,
    multiplier: 14.2,
    floorMicros: 1_500_000,
    media: ['video', 'image'] as const,
  };

  it('describes the screen as out of home, never as a site or an app', () => {
    const request = bidRequest(screen, [slot], { requestId: 'r1', currency: 'EUR', tmax: 800, exp: 3600 });
    expect(request).not.toHaveProperty('site');
    expect(request).not.toHaveProperty('app');
    expect(request.dooh).toEqual({
      id: '12',
      name: 'Mall entrance',
      venuetype: ['205'],
      venuetypetax: 5,
      publisher: { id: 'cabinet-3', name: 'Shops Ltd' },
    });
    expect(request.device).toMatchObject({ devicetype: 8, geo: { lat: 50.45, lon: 30.52 } });
    expect(request.imp[0]).toMatchObject({
      id: slot.id,
      dt: slot.at,
      exp: 3600,
      qty: { multiplier: 14.2 },
      bidfloor: 1.5,
      bidfloorcur: 'EUR',
      video: { w: 1920, h: 1080, maxduration: 15, boxingallowed: 0 },
      banner: { w: 1920, h: 1080 },
    });
  });

  it('fills in the notices’ macros', () => {
    expect(
      expandAuctionMacros(
        'https://dsp.example/win?p=${AUCTION_PRICE}&m=${AUCTION_MULTIPLIER}&i=${AUCTION_IMP_ID}',
        {
          priceMicros: 2_500_000,
          multiplier: 30.3,
          currency: 'EUR',
          impId: 'a b',
          requestId: 'r',
        },
      ),
    ).toBe('https://dsp.example/win?p=2.5&m=30.3&i=a%20b');
    expect(
      expandVastMacros('https://t.example/i?ts=[TIMESTAMP]&e=[ERRORCODE]', { at: 0, errorCode: 303 }),
    ).toBe('https://t.example/i?ts=1970-01-01T00%3A00%3A00.000Z&e=303');
  });
});

describe('screens offered to advertisers', () => {
  it('names what a screen lacks, in the spec’s terms', () => {
    const full = {
      name: 'Lobby',
      address: '1 Main St',
      location: { lat: 1, lng: 2 },
      hasPhoto: true,
      audience: 12,
      playbackCost: '0.5',
    };
    expect(sspMissing(full)).toEqual([]);
    expect(sspMissing({ ...full, address: ' ', hasPhoto: false, audience: null })).toEqual([
      'address',
      'photo',
      'audience',
    ]);
    expect(SSP_MESSAGE).toMatch(/^For the SSP connector to work/);
  });
});

describe("a playlist's advertising source and providers (spec §3, §4)", () => {
  it('an advertising source alone makes the playlist ask; the connector, when on, sets the mode', () => {
    expect(playlistSspMode({ sspConnector: null, source: null })).toBeNull();
    expect(playlistSspMode({ sspConnector: { enabled: false, mode: 'LEFTOVER' }, source: null })).toBeNull();
    expect(playlistSspMode({ sspConnector: null, source: 'ADTELLIGENT' })).toBe('AUCTION');
    expect(playlistSspMode({ sspConnector: null, source: 'MANUAL' })).toBe('MANUAL');
    expect(playlistSspMode({ sspConnector: { enabled: true, mode: 'LEFTOVER' }, source: 'MANUAL' })).toBe(
      'LEFTOVER',
    );
  });

  it('asks the kinds named by source and providers, else the kinds of the mode', () => {
    const kinds = ['MARKET', 'PRODUCT', 'ADTELLIGENT', 'ADMIXER', 'MANUAL'] as const;
    const asked = (p: Parameters<typeof asksSupplierKind>[0]) => kinds.filter((k) => asksSupplierKind(p, k));
    expect(asked({ mode: 'AUCTION', source: null, advertisingProviders: [] })).toEqual([
      'MARKET',
      'PRODUCT',
      'ADTELLIGENT',
      'ADMIXER',
    ]);
    expect(asked({ mode: 'MANUAL', source: null, advertisingProviders: [] })).toEqual(['MANUAL']);
    expect(asked({ mode: 'AUCTION', source: null, advertisingProviders: ['ADTELLIGENT'] })).toEqual([
      'ADTELLIGENT',
    ]);
    expect(asked({ mode: 'AUCTION', source: 'MANUAL', advertisingProviders: ['PRODUCT'] })).toEqual([
      'PRODUCT',
      'MANUAL',
    ]);
  });
});
