import type { Offer, SupplierAnswer } from './adapters.js';

/**
 * An offer's sanity (docs/ssp.md, "Hostile suppliers"): what a supplier answered is typed by nothing, so
 * every field an ad is recorded, downloaded or called with is checked before the round takes it. An offer
 * that fails is its own slot's miss (`error`); the supplier's other offers and every other supplier go on.
 */

/** The highest CPM taken (10,000 in the supplier's currency): more is a supplier's mistake, not a price. */
export const MAX_OFFER_CPM_MICROS = 10_000 * 1_000_000;
const MAX_URL = 2048;
const MAX_TEXT = 256;
const MAX_IMPRESSIONS = 50;
const MAX_SIDE = 20_000;
/**
 * C0 controls, DEL and lone surrogates: PostgreSQL refuses a NUL in text, and none belongs in an id, a type
 * or a URL.
 */
const UNFIT =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const plainText = (value: unknown, max: number): boolean =>
  typeof value === 'string' && value.length <= max && !UNFIT.test(value);

function webUrl(value: unknown): boolean {
  if (!plainText(value, MAX_URL)) return false;
  try {
    const url = new URL(value as string);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const optional = (value: unknown, check: (v: unknown) => boolean) => value === null || check(value);
const side = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_SIDE;

/** Whether every field of an offer is what the round may record and call. */
export function offerIsSane(offer: Offer): boolean {
  const price = offer.priceMicros as unknown;
  return (
    typeof price === 'number' &&
    Number.isSafeInteger(price) &&
    // Zero is a price: a lease or VAST supplier's fixed CPM is its floor, which may be 0.
    price >= 0 &&
    price <= MAX_OFFER_CPM_MICROS &&
    webUrl(offer.creativeUrl) &&
    optional(offer.nurl, webUrl) &&
    optional(offer.burl, webUrl) &&
    optional(offer.popUrl, webUrl) &&
    optional(offer.expiryUrl, webUrl) &&
    Array.isArray(offer.impressions) &&
    offer.impressions.length <= MAX_IMPRESSIONS &&
    offer.impressions.every(webUrl) &&
    optional(offer.externalId, (v) => plainText(v, MAX_TEXT)) &&
    optional(offer.mime, (v) => plainText(v, MAX_TEXT)) &&
    optional(offer.width, side) &&
    optional(offer.height, side) &&
    optional(offer.expiresAt, (v) => v instanceof Date && Number.isFinite(v.getTime()))
  );
}

/** A supplier's answer with its insane offers turned into misses of their slots. */
export function saneAnswer(answer: SupplierAnswer): SupplierAnswer {
  const offers = answer.offers.filter(offerIsSane);
  const refused = answer.offers.filter((o) => !offers.includes(o));
  return {
    offers,
    misses: [...answer.misses, ...refused.map((o) => ({ slotId: o.slotId, reason: 'error' as const }))],
  };
}
