/**
 * Ad suppliers (docs/ssp.md, "Suppliers"): each is an adapter speaking one protocol, configured by the
 * platform admin, with the spec's supplier kind (§3) it stands for.
 */
import { AD_SUPPLIERS, type AdSupplier, type SspMode } from '../playlist.js';

/** How a supplier is spoken to: an OpenRTB 2.6 bidder, a VAST tag address, or a Vistar-style lease API. */
export const SUPPLIER_ADAPTERS = ['openrtb', 'vast', 'lease'] as const;
export type SupplierAdapter = (typeof SUPPLIER_ADAPTERS)[number];

/** Bounds of a supplier's answer time (ms). */
export const SUPPLIER_TIMEOUT_MIN_MS = 50;
export const SUPPLIER_TIMEOUT_MAX_MS = 10_000;
export const SUPPLIER_TIMEOUT_DEFAULT_MS = 1_000;

/** VAST: at most this many wrappers in a chain (then error 302), per VAST 4.3. */
export const VAST_MAX_WRAPPERS = 5;
/** VAST error codes the adapter reports. */
export const VAST_ERRORS = {
  malformed: 100,
  wrongSize: 203,
  noAdAfterWrappers: 303,
  tooManyWrappers: 302,
  timeout: 301,
} as const;

/** Why a slot got no ad and plays the playlist's own content (counted per screen and hour). */
export const AD_MISS_REASONS = ['noFill', 'timeout', 'badVast', 'wrongSize', 'badCreative', 'error'] as const;
export type AdMissReason = (typeof AD_MISS_REASONS)[number];

/** The suppliers a new installation starts with: the spec's kinds, enabled as §3 says. */
export function defaultSuppliers(productName: string) {
  return AD_SUPPLIERS.map((s) => ({
    name: s.kind === 'PRODUCT' ? productName : s.kind,
    kind: s.kind as AdSupplier,
    adapter: 'openrtb' as SupplierAdapter,
    enabled: s.enabled,
  }));
}

/** Where the ad money of a show comes from (spec §3 source types), by the playlist's SSP mode. */
export function adSource(mode: 'AUCTION' | 'MANUAL' | 'LEFTOVER'): 'auction' | 'manual' | 'leftover' {
  return mode === 'AUCTION' ? 'auction' : mode === 'MANUAL' ? 'manual' : 'leftover';
}

/**
 * The coming ad slots of a playlist on a screen: starts on multiples of the playlist's periodicity (seconds,
 * counted from the epoch so every process and the player agree), after `from` and no later than
 * `from + lookaheadSeconds`, at most `max` of them.
 */
export function comingSlots(
  from: number,
  periodicity: number,
  lookaheadSeconds: number,
  max: number,
): number[] {
  const step = Math.max(1, periodicity) * 1000;
  const out: number[] = [];
  for (let at = Math.floor(from / step) * step + step; at <= from + lookaheadSeconds * 1000; at += step) {
    out.push(at);
    if (out.length >= max) break;
  }
  return out;
}

/** The library folder ad creatives are downloaded into (the cabinet's SSP files). */
export const SSP_FOLDER = 'SSP';
/** How far ahead the ad round fills slots (s), and at most how many slots per screen and round. */
export const AD_LOOKAHEAD_SECONDS = 3_600;
export const AD_MAX_SLOTS = 12;
/** An ad slot's length when the playlist sets no maximum (s). */
export const AD_SLOT_SECONDS = 15;
/** SSP files and lists: 100 a page (spec §7), of 10, 100 or 1000. */
export const SSP_PAGE_SIZE = 100;

/** What of a playlist decides whether and whom it asks for ads (spec §3, §4). */
export interface PlaylistAdFields {
  sspConnector: { enabled: boolean; mode: SspMode } | null;
  /** The playlist's advertising source: a supplier kind, or none. */
  source: AdSupplier | null;
  /** The advertising providers: the supplier kinds it may be served by (none named: no restriction). */
  advertisingProviders: readonly AdSupplier[];
}

/**
 * How a playlist asks for ads, or null when it does not (docs/ssp.md, "The ad round"): its SSP connector's
 * mode when the connector is on; else an advertising source alone makes it request content (spec §4), in
 * the MANUAL mode for the MANUAL kind and the auction for any other.
 */
export function playlistSspMode(p: Pick<PlaylistAdFields, 'sspConnector' | 'source'>): SspMode | null {
  if (p.sspConnector?.enabled) return p.sspConnector.mode;
  if (p.source === null) return null;
  return p.source === 'MANUAL' ? 'MANUAL' : 'AUCTION';
}

/**
 * Whether a playlist asks suppliers of a kind: the kinds it names (its source and providers) when it names
 * any, whatever its mode; else by the mode, MANUAL the MANUAL kind (direct campaigns) and the auction and
 * leftover every other kind.
 */
export function asksSupplierKind(
  p: Pick<PlaylistAdFields, 'source' | 'advertisingProviders'> & { mode: SspMode },
  kind: AdSupplier,
): boolean {
  const named = p.source === null ? p.advertisingProviders : [p.source, ...p.advertisingProviders];
  if (named.length > 0) return named.includes(kind);
  return p.mode === 'MANUAL' ? kind === 'MANUAL' : kind !== 'MANUAL';
}
