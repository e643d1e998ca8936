/**
 * OpenRTB 2.6 for digital out-of-home (docs/ssp.md): the bid request for a screen's coming ad slots, and
 * the macros of the win and billing notices. A DOOH request carries `dooh` and never `site` or `app`;
 * the device is an out-of-home one (devicetype 8) with its coordinates; each impression says when it will
 * show (`dt`, ms), how long the bid may wait (`exp`, s) and how many people one play reaches
 * (`qty.multiplier`, required, may be below 1).
 */
import { fromMicros } from './pricing.js';

/** OpenOOH 1.1 venue types (AdCOM's venuetypetax 5); one best venue per screen. */
export const VENUE_TAXONOMY_OPENOOH_11 = 5;
export const DEVICE_TYPE_OOH = 8;

export interface AdSlot {
  /** Unique within the request (the screen's slot). */
  id: string;
  /** When it plays (ms since epoch) and for how long (s). */
  at: number;
  seconds: number;
  width: number;
  height: number;
  /** Impressions one play makes (the screen's audience). */
  multiplier: number;
  /** The least the supplier may bid (CPM, micro-units). */
  floorMicros: number;
  /** 'video' or 'image' creatives the slot takes. */
  media: readonly ('video' | 'image')[];
}

export interface DoohScreen {
  id: number;
  name: string;
  venueType: number | null;
  lat: number;
  lng: number;
  /** The publisher (the cabinet) as suppliers know it. */
  publisher: { id: string; name: string };
}

export interface BidRequestOptions {
  requestId: string;
  currency: string;
  /** The longest the supplier may take (ms). */
  tmax: number;
  /** Seconds between the auction and the play the bid may wait. */
  exp: number;
  test?: boolean;
}

/** The OpenRTB 2.6 bid request for a screen's slots (only the fields this product sets). */
export function bidRequest(screen: DoohScreen, slots: readonly AdSlot[], options: BidRequestOptions) {
  return {
    id: options.requestId,
    at: 1,
    tmax: options.tmax,
    cur: [options.currency],
    ...(options.test ? { test: 1 } : {}),
    dooh: {
      id: String(screen.id),
      name: screen.name,
      ...(screen.venueType !== null
        ? { venuetype: [String(screen.venueType)], venuetypetax: VENUE_TAXONOMY_OPENOOH_11 }
        : {}),
      publisher: { id: screen.publisher.id, name: screen.publisher.name },
    },
    device: {
      devicetype: DEVICE_TYPE_OOH,
      geo: { lat: screen.lat, lon: screen.lng, type: 3 },
      ifa_type: 'sspid',
      ifa: `screen-${screen.id}`,
    },
    imp: slots.map((slot) => ({
      id: slot.id,
      dt: slot.at,
      exp: options.exp,
      qty: { multiplier: slot.multiplier, sourcetype: 2 },
      bidfloor: Number(fromMicros(slot.floorMicros)),
      bidfloorcur: options.currency,
      ...(slot.media.includes('video')
        ? {
            video: {
              mimes: ['video/mp4', 'video/webm'],
              w: slot.width,
              h: slot.height,
              minduration: 1,
              maxduration: Math.max(1, Math.floor(slot.seconds)),
              boxingallowed: 0,
            },
          }
        : {}),
      ...(slot.media.includes('image')
        ? { banner: { w: slot.width, h: slot.height, mimes: ['image/jpeg', 'image/png'] } }
        : {}),
    })),
  };
}
export type BidRequest = ReturnType<typeof bidRequest>;

/** The macros of OpenRTB notices (`nurl`, `burl`): the clearing price and multiplier as decimals. */
export function expandAuctionMacros(
  url: string,
  values: { priceMicros: number; multiplier: number; currency: string; impId: string; requestId: string },
): string {
  return url
    .replaceAll('${AUCTION_PRICE}', fromMicros(values.priceMicros))
    .replaceAll('${AUCTION_MULTIPLIER}', String(values.multiplier))
    .replaceAll('${AUCTION_CURRENCY}', values.currency)
    .replaceAll('${AUCTION_IMP_ID}', encodeURIComponent(values.impId))
    .replaceAll('${AUCTION_ID}', encodeURIComponent(values.requestId));
}

/** VAST's [TIMESTAMP] and [ERRORCODE] in tracker addresses. */
export function expandVastMacros(url: string, values: { at: number; errorCode?: number }): string {
  return url
    .replaceAll('[TIMESTAMP]', encodeURIComponent(new Date(values.at).toISOString()))
    .replaceAll('[ERRORCODE]', values.errorCode === undefined ? '' : String(values.errorCode));
}
