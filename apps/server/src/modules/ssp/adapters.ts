import type { IncomingMessage } from 'node:http';
import {
  bidRequest,
  expandAuctionMacros,
  expandVastMacros,
  toMicros,
  type AdMissReason,
  type AdSlot,
  type DoohScreen,
} from '@vitrine/core';
import type { SspSupplierRow } from '../../db/schema.js';
import { BoundedParseError, parseJsonBounded } from '../../lib/bounded-parse.js';
import { BlockedUrlError, safeGet, type SafeFetchOptions } from '../../lib/safe-fetch.js';
import { saneAnswer } from './offer-check.js';
import { readVast, VastError } from './vast.js';

/** What a supplier offers for one slot. */
export interface Offer {
  supplier: SspSupplierRow;
  slotId: string;
  priceMicros: number;
  externalId: string | null;
  creativeUrl: string;
  mime: string | null;
  width: number | null;
  height: number | null;
  /** The win notice, macros filled in (called once the ad is taken; it promises nothing). */
  nurl: string | null;
  /** The billing notice, macros filled in (called once the ad has played). */
  burl: string | null;
  impressions: string[];
  popUrl: string | null;
  expiryUrl: string | null;
  /** Until when the supplier holds the ad (a lease's expiry, else the request's exp). */
  expiresAt: Date | null;
}

export interface SupplierAnswer {
  offers: Offer[];
  /** Slots the supplier could not fill, with why. */
  misses: { slotId: string; reason: AdMissReason }[];
}

export interface AdRequest {
  screen: DoohScreen;
  slots: AdSlot[];
  requestId: string;
  /** Seconds the bid may wait before its play. */
  exp: number;
  now: Date;
}

/** Largest answer read from a supplier. */
const MAX_ANSWER = 1_000_000;

async function readBody(response: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_ANSWER) {
      response.destroy();
      throw new Error('answer too large');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** One call to a supplier within its timeout, through the checks of every outbound call. */
async function fetchText(
  url: string,
  supplier: SspSupplierRow,
  policy: SafeFetchOptions,
  post?: unknown,
): Promise<{ status: number; text: string }> {
  const response = await safeGet(url, {
    ...policy,
    deadlineMs: supplier.timeoutMs,
    timeoutMs: supplier.timeoutMs,
    maxRedirects: 3,
    userAgent: 'Vitrine SSP',
    ...(post === undefined ? {} : { postJson: JSON.stringify(post) }),
    headers: {
      ...(supplier.apiKey ? { 'x-api-key': supplier.apiKey } : {}),
      ...(supplier.adapter === 'openrtb' ? { 'x-openrtb-version': '2.6' } : {}),
    },
  });
  const status = response.statusCode ?? 0;
  return { status, text: await readBody(response) };
}

/** A failure's reason: a deadline or silence is a timeout, anything else an error. */
function failure(error: unknown): AdMissReason {
  if (error instanceof VastError) return error.reason === 'noFill' ? 'noFill' : 'badVast';
  if (error instanceof BlockedUrlError || error instanceof BoundedParseError) return 'error';
  const message = error instanceof Error ? error.message : String(error);
  return /timed out|deadline|abort/i.test(message) ? 'timeout' : 'error';
}

const allMiss = (request: AdRequest, reason: AdMissReason): SupplierAnswer => ({
  offers: [],
  misses: request.slots.map((s) => ({ slotId: s.id, reason })),
});

/**
 * Asks one supplier for the request's slots, by its adapter; never throws. Its answer is parsed within
 * bounds (lib/bounded-parse.ts) and each offer checked (offer-check.ts): a bad one misses its own slot.
 */
export async function askSupplier(
  supplier: SspSupplierRow,
  request: AdRequest,
  policy: SafeFetchOptions,
): Promise<SupplierAnswer> {
  try {
    if (supplier.adapter === 'openrtb') return saneAnswer(await askOpenRtb(supplier, request, policy));
    if (supplier.adapter === 'vast') return saneAnswer(await askVast(supplier, request, policy));
    return saneAnswer(await askLease(supplier, request, policy));
  } catch (error) {
    return allMiss(request, failure(error));
  }
}

/** A bid as a supplier sent it: nothing in it is typed until checked. */
interface Bid {
  id?: unknown;
  impid?: unknown;
  price?: unknown;
  adm?: unknown;
  nurl?: unknown;
  burl?: unknown;
  crid?: unknown;
  w?: unknown;
  h?: unknown;
}

/** The bids of an OpenRTB answer, whatever its shape: objects under `seatbid[].bid[]`, others dropped. */
function bidsOf(answer: unknown): Bid[] {
  const seats = (answer as { seatbid?: unknown }).seatbid;
  if (!Array.isArray(seats)) return [];
  return seats.flatMap((seat: unknown) => {
    const bids = (seat as { bid?: unknown } | null)?.bid;
    return Array.isArray(bids) ? bids.filter((b): b is Bid => typeof b === 'object' && b !== null) : [];
  });
}

const isPrice = (price: unknown): price is number =>
  typeof price === 'number' && Number.isFinite(price) && price > 0;
const textOrUndefined = (value: unknown) => (typeof value === 'string' ? value : undefined);
const sideOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

/** OpenRTB 2.6: one request for every slot; 204 is no fill; each bid names its slot (impid). */
async function askOpenRtb(
  supplier: SspSupplierRow,
  request: AdRequest,
  policy: SafeFetchOptions,
): Promise<SupplierAnswer> {
  const body = bidRequest(
    request.screen,
    request.slots.map((s) => ({ ...s, floorMicros: Math.max(s.floorMicros, supplier.floorMicros) })),
    { requestId: request.requestId, currency: supplier.currency, tmax: supplier.timeoutMs, exp: request.exp },
  );
  const { status, text } = await fetchText(supplier.endpoint!, supplier, policy, body);
  if (status === 204) return allMiss(request, 'noFill');
  if (status !== 200) return allMiss(request, 'error');
  const answer = parseJsonBounded(text);
  if (typeof answer !== 'object' || answer === null || (answer as { id?: unknown }).id !== request.requestId)
    return allMiss(request, 'error');
  const bids = bidsOf(answer);
  const offers: Offer[] = [];
  const misses: SupplierAnswer['misses'] = [];
  for (const slot of request.slots) {
    const best = bids
      .filter((b) => b.impid === slot.id && isPrice(b.price))
      .sort((a, b) => (b.price as number) - (a.price as number))[0];
    if (!best) {
      misses.push({ slotId: slot.id, reason: 'noFill' });
      continue;
    }
    try {
      const offer = await bidOffer(supplier, request, slot, best, policy);
      if (offer) offers.push(offer);
      else misses.push({ slotId: slot.id, reason: 'badCreative' });
    } catch (error) {
      misses.push({ slotId: slot.id, reason: failure(error) });
    }
  }
  return { offers, misses };
}

/** One bid's offer for its slot (undefined: its creative is neither VAST nor an address); throws on a bad bid. */
async function bidOffer(
  supplier: SspSupplierRow,
  request: AdRequest,
  slot: AdSlot,
  best: Bid,
  policy: SafeFetchOptions,
): Promise<Offer | undefined> {
  const priceMicros = toMicros(best.price as number);
  const macros = {
    priceMicros,
    multiplier: slot.multiplier,
    currency: supplier.currency,
    impId: slot.id,
    requestId: request.requestId,
  };
  const fill = (url: unknown) => {
    const text = textOrUndefined(url);
    return text ? expandAuctionMacros(text, macros) : null;
  };
  const adm = fill(best.adm) ?? '';
  let creative: Pick<Offer, 'creativeUrl' | 'mime' | 'width' | 'height' | 'impressions'>;
  if (adm.trimStart().startsWith('<')) {
    const vast = await readVast(adm, async (url) => (await fetchText(url, supplier, policy)).text, slot);
    creative = {
      creativeUrl: vast.mediaUrl,
      mime: vast.mime,
      width: vast.width,
      height: vast.height,
      impressions: vast.impressions,
    };
  } else if (/^https?:\/\//i.test(adm.trim())) {
    creative = { creativeUrl: adm.trim(), mime: null, width: null, height: null, impressions: [] };
  } else return undefined;
  const externalId = best.id ?? best.crid ?? null;
  return {
    supplier,
    slotId: slot.id,
    priceMicros,
    externalId: externalId === null ? null : String(externalId),
    ...creative,
    width: creative.width ?? sideOrNull(best.w),
    height: creative.height ?? sideOrNull(best.h),
    nurl: fill(best.nurl),
    burl: fill(best.burl),
    popUrl: null,
    expiryUrl: null,
    expiresAt: null,
  };
}

/**
 * A VAST tag: one GET per slot, `{SCREEN_ID}`, `{WIDTH}`, `{HEIGHT}` and VAST's [TIMESTAMP] filled in;
 * wrappers followed (at most five); the price is the ad's CPM <Pricing>, else the supplier's floor.
 */
async function askVast(
  supplier: SspSupplierRow,
  request: AdRequest,
  policy: SafeFetchOptions,
): Promise<SupplierAnswer> {
  const answers = await Promise.all(
    request.slots.map(async (slot): Promise<SupplierAnswer> => {
      try {
        const tag = expandVastMacros(
          supplier
            .endpoint!.replaceAll('{SCREEN_ID}', encodeURIComponent(String(request.screen.id)))
            .replaceAll('{WIDTH}', String(slot.width))
            .replaceAll('{HEIGHT}', String(slot.height)),
          { at: slot.at },
        );
        const first = await fetchText(tag, supplier, policy);
        if (first.status === 204 || first.text.trim() === '')
          return { offers: [], misses: [{ slotId: slot.id, reason: 'noFill' }] };
        if (first.status !== 200) return { offers: [], misses: [{ slotId: slot.id, reason: 'error' }] };
        const vast = await readVast(
          first.text,
          async (url) => (await fetchText(url, supplier, policy)).text,
          slot,
        );
        return {
          offers: [
            {
              supplier,
              slotId: slot.id,
              priceMicros: vast.price !== null ? toMicros(vast.price) : supplier.floorMicros,
              externalId: vast.id,
              creativeUrl: vast.mediaUrl,
              mime: vast.mime,
              width: vast.width,
              height: vast.height,
              nurl: null,
              burl: null,
              impressions: vast.impressions,
              popUrl: null,
              expiryUrl: null,
              expiresAt: null,
            },
          ],
          misses: [],
        };
      } catch (error) {
        return { offers: [], misses: [{ slotId: slot.id, reason: failure(error) }] };
      }
    }),
  );
  return { offers: answers.flatMap((a) => a.offers), misses: answers.flatMap((a) => a.misses) };
}

interface LeaseAdvertisement {
  id?: string | number;
  proof_of_play_url?: string;
  expiration_url?: string;
  lease_expiry?: number;
  display_area_id?: string;
  asset_url?: string;
  width?: number;
  height?: number;
  mime_type?: string;
}

/**
 * A Vistar-style lease API: one get_ad per slot (display_time = the slot), the ad leased until
 * `lease_expiry`; its play is proven by a POST to proof_of_play_url, its expiry by a GET of expiration_url.
 * The price is the supplier's fixed CPM (its floor).
 */
async function askLease(
  supplier: SspSupplierRow,
  request: AdRequest,
  policy: SafeFetchOptions,
): Promise<SupplierAnswer> {
  const answers = await Promise.all(
    request.slots.map(async (slot): Promise<SupplierAnswer> => {
      try {
        const { status, text } = await fetchText(supplier.endpoint!, supplier, policy, {
          api_key: supplier.apiKey ?? '',
          network_id: request.screen.publisher.id,
          device_id: `screen-${request.screen.id}`,
          venue_id: `screen-${request.screen.id}`,
          display_time: Math.floor(slot.at / 1000),
          number_of_screens: 1,
          direct_connection: false,
          latitude: request.screen.lat,
          longitude: request.screen.lng,
          display_area: [
            {
              id: slot.id,
              width: slot.width,
              height: slot.height,
              allow_audio: false,
              supported_media: slot.media.includes('video')
                ? ['video/mp4', 'video/webm', 'image/jpeg', 'image/png']
                : ['image/jpeg', 'image/png'],
            },
          ],
        });
        if (status === 204) return { offers: [], misses: [{ slotId: slot.id, reason: 'noFill' }] };
        if (status !== 200) return { offers: [], misses: [{ slotId: slot.id, reason: 'error' }] };
        const answer = parseJsonBounded(text) as { advertisement?: unknown } | null;
        const list = answer?.advertisement;
        const ad = Array.isArray(list) ? (list[0] as LeaseAdvertisement | null | undefined) : undefined;
        if (!ad?.asset_url) return { offers: [], misses: [{ slotId: slot.id, reason: 'noFill' }] };
        return {
          offers: [
            {
              supplier,
              slotId: slot.id,
              priceMicros: supplier.floorMicros,
              externalId: ad.id === undefined ? null : String(ad.id),
              creativeUrl: ad.asset_url,
              mime: ad.mime_type ?? null,
              width: ad.width ?? null,
              height: ad.height ?? null,
              nurl: null,
              burl: null,
              impressions: [],
              popUrl: ad.proof_of_play_url ?? null,
              expiryUrl: ad.expiration_url ?? null,
              expiresAt: typeof ad.lease_expiry === 'number' ? new Date(ad.lease_expiry * 1000) : null,
            },
          ],
          misses: [],
        };
      } catch (error) {
        return { offers: [], misses: [{ slotId: slot.id, reason: failure(error) }] };
      }
    }),
  );
  return { offers: answers.flatMap((a) => a.offers), misses: answers.flatMap((a) => a.misses) };
}
