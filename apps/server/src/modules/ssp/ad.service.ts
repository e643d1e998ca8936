import { randomUUID } from 'node:crypto';
import {
  AD_LOOKAHEAD_SECONDS,
  AD_MAX_SLOTS,
  AD_SLOT_SECONDS,
  adSource,
  asksSupplierKind,
  comingSlots,
  leftoverSlots,
  playRevenueMicros,
  sspMissing,
  toMicros,
  type AdMissReason,
  type AdSlot,
  type DoohScreen,
  type ManifestAd,
} from '@vitrine/core';
import type { DeviceCaller } from '../../lib/caller.js';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories } from '../../db/repositories.js';
import type { SspAdRow, SspSupplierRow } from '../../db/schema.js';
import { safeGet, type SafeFetchOptions } from '../../lib/safe-fetch.js';
import type { MediaService } from '../media/media.service.js';
import { askSupplier, type Offer } from './adapters.js';
import { sspFactsOf, type AdCandidate } from './ad.repository.js';

export interface AdServiceDeps {
  repos: Pick<Repositories, 'ads' | 'playlists' | 'suppliers'>;
  media: MediaService;
  /** The checks of every outbound call (suppliers, creatives, notices). */
  fetchPolicy: SafeFetchOptions;
  clock?: () => Date;
  log?: (message: string) => void;
  lookaheadSeconds?: number;
  /**
   * Leftover mode: the gaps a screen's schedule leaves between two instants beside the SSP playlist's own
   * content (the schedule service's `leftoverGaps`); without it leftover takes the periodic slots.
   */
  leftoverGaps?: (c: AdCandidate, from: number, to: number) => Promise<[number, number][]>;
  /** Whether the cabinet may run ads now: billing's lock and its tariff's SSP feature (docs/billing.md). */
  allowed?: (cabinetId: CabinetId) => Promise<boolean>;
  /**
   * Tells screens that won ads this round to fetch their manifest now: a slot may come before their
   * regular fetch (every `syncInterval` minutes), and an ad the player never heard of is never played.
   */
  tell?: (cabinetId: CabinetId, pointIds: number[]) => Promise<unknown>;
}

type Creative = Awaited<ReturnType<MediaService['ingest']['ingestAdCreative']>>;
/** The creatives of one round, by cabinet and address (a refused one is refused for the round). */
type Creatives = Map<string, Promise<Creative>>;

export interface RoundResult {
  screens: number;
  /** Screens left out: their SSP fields are not all set (spec §5). */
  incomplete: number;
  slots: number;
  won: number;
  missed: Partial<Record<AdMissReason, number>>;
}

/** Screens asked side by side. */
const PARALLEL = 16;
/** How long a creative's download may take (ms). */
const CREATIVE_DEADLINE_MS = 120_000;
/** How long after its slot an ad waits for its proof of play before it is released. */
const PLAY_GRACE_SECONDS = 900;
/** The order in which a slot's misses explain it (the most telling first). */
const MISS_ORDER: AdMissReason[] = ['wrongSize', 'badCreative', 'badVast', 'timeout', 'error', 'noFill'];

/** Same aspect within 1% (OpenRTB boxingallowed 0: no letterboxing). */
export const aspectMatches = (w: number, h: number, slotW: number, slotH: number) =>
  Math.abs(w * slotH - h * slotW) <= 0.01 * slotW * h;

/**
 * The SSP connector's ad round (docs/ssp.md, "The ad round"): for every screen with an SSP playlist and
 * complete SSP fields, the coming slots are offered to the enabled suppliers; each slot takes the best offer
 * at or above the floor whose creative has the slot's aspect; the creative is downloaded into the
 * cabinet's SSP files through the upload's checks, the ad recorded, and the win notice called. A slot
 * without an ad is counted with its reason and plays the playlist's own content.
 */
export class AdService {
  private readonly clock: () => Date;

  constructor(private readonly deps: AdServiceDeps) {
    this.clock = deps.clock ?? (() => new Date());
  }

  /** One round, as of `now` (the timed job's clock; tests may name the instant). */
  async runRound(now: Date = this.clock()): Promise<RoundResult> {
    const { repos } = this.deps;
    const result: RoundResult = { screens: 0, incomplete: 0, slots: 0, won: 0, missed: {} };
    const suppliers = await repos.suppliers.platformEnabled();
    const candidates = await this.open(await repos.ads.platformCandidates());
    const winners = new Map<CabinetId, number[]>();
    const creatives: Creatives = new Map();
    for (let i = 0; i < candidates.length; i += PARALLEL) {
      await Promise.all(
        candidates.slice(i, i + PARALLEL).map(async (c) => {
          // One screen's failure (a database refusal, a bug an answer reaches) is its own: the others go on.
          const wins = await this.fillScreen(c, suppliers, result, now, creatives).catch((error: unknown) => {
            this.deps.log?.(`SSP: screen ${c.pointId} left out of this round: ${String(error)}`);
            return 0;
          });
          if (wins === 0) return;
          winners.set(c.cabinetId, [...(winners.get(c.cabinetId) ?? []), c.pointId]);
        }),
      );
    }
    for (const [cabinetId, pointIds] of winners) {
      await this.deps.tell?.(cabinetId, pointIds).catch((error: unknown) => {
        this.deps.log?.(`SSP: screens not told of their new ads: ${String(error)}`);
      });
    }
    return result;
  }

  /** The candidates of cabinets that may run ads now (not locked or blocked, with SSP in their tariff). */
  private async open(candidates: AdCandidate[]): Promise<AdCandidate[]> {
    const allowed = this.deps.allowed;
    if (!allowed) return candidates;
    const open = new Set<CabinetId>();
    for (const cabinetId of new Set(candidates.map((c) => c.cabinetId))) {
      if (await allowed(cabinetId)) open.add(cabinetId);
    }
    return candidates.filter((c) => open.has(c.cabinetId));
  }

  /** A screen's approved ads still to play, with their creatives as files to cache (its manifest). */
  async manifestAds(device: DeviceCaller): Promise<ManifestAd[]> {
    const { repos, media } = this.deps;
    const ads = await repos.ads.upcoming(device.cabinetId, device.pointId, this.clock());
    const ids = [...new Set(ads.map((a) => a.fileId).filter((id): id is number => id !== null))];
    const files = new Map(
      (await repos.playlists.referencedFiles(device.cabinetId, ids)).map((f) => [f.id, f]),
    );
    return ads.flatMap((ad) => {
      const row = ad.fileId === null ? undefined : files.get(ad.fileId);
      if (!row) return [];
      const item = media.fileItem(row);
      return [
        {
          adId: ad.id,
          at: ad.slotAt.toISOString(),
          seconds: ad.seconds,
          playlistId: ad.playlistId,
          file: {
            fileId: row.id,
            name: row.name,
            kind: row.kind,
            mime: row.mime,
            url: item.url,
            hash: row.hash,
            size: row.size,
          },
        },
      ];
    });
  }

  /** Releases ads whose time passed unplayed (a lease's expiry call is queued); answers how many. */
  async releaseExpired(): Promise<number> {
    return this.deps.repos.ads.platformExpire(this.clock());
  }

  private async fillScreen(
    c: AdCandidate,
    all: SspSupplierRow[],
    result: RoundResult,
    now: Date,
    creatives: Creatives,
  ): Promise<number> {
    const { repos } = this.deps;
    const missing = sspMissing(sspFactsOf(c));
    if (missing.length > 0) {
      result.incomplete += 1;
      return 0;
    }
    result.screens += 1;
    const suppliers = suppliersFor(c, all);
    const lookahead = this.deps.lookaheadSeconds ?? AD_LOOKAHEAD_SECONDS;
    const seconds = Math.min(c.maxDuration ?? AD_SLOT_SECONDS, AD_SLOT_SECONDS * 4);
    const from = now.getTime();
    const to = from + lookahead * 1000;
    // Leftover mode fills the schedule's gaps; the other modes take the playlist's periodic slots.
    const starts =
      c.mode === 'LEFTOVER' && this.deps.leftoverGaps
        ? leftoverSlots(await this.deps.leftoverGaps(c, from, to), seconds, from, to, AD_MAX_SLOTS)
        : comingSlots(from, c.periodicity, lookahead, AD_MAX_SLOTS);
    if (starts.length === 0) return 0;
    const taken = new Set(
      await repos.ads.platformTakenSlots(c.pointId, new Date(starts[0]!), new Date(starts.at(-1)!)),
    );
    const [width, height] = size(c.resolution);
    const slots: AdSlot[] = starts
      .filter((at) => !taken.has(at))
      .map((at) => ({
        id: `${c.pointId}-${at}`,
        at,
        seconds,
        width,
        height,
        multiplier: c.viewers!,
        floorMicros: 0,
        media: ['video', 'image'],
      }));
    if (slots.length === 0) return 0;
    result.slots += slots.length;
    let wins = 0;
    if (suppliers.length === 0) {
      for (const slot of slots) await this.miss(c, slot, 'noFill', result);
      return 0;
    }
    const screen: DoohScreen = {
      id: c.pointId,
      name: c.name,
      venueType: null,
      lat: c.latitude!,
      lng: c.longitude!,
      publisher: { id: `cabinet-${c.cabinetId}`, name: c.cabinetName },
    };
    const exp = Math.ceil((slots.at(-1)!.at - now.getTime()) / 1000) + seconds + PLAY_GRACE_SECONDS;
    const request = { screen, slots, requestId: randomUUID(), exp, now };
    const answers = await Promise.all(suppliers.map((s) => askSupplier(s, request, this.deps.fetchPolicy)));
    for (const slot of slots) {
      const offers = answers
        .flatMap((a) => a.offers)
        .filter((o) => o.slotId === slot.id && o.priceMicros >= o.supplier.floorMicros)
        .sort((a, b) => b.priceMicros - a.priceMicros || a.supplier.id - b.supplier.id);
      const reasons = answers.flatMap((a) =>
        a.misses.filter((m) => m.slotId === slot.id).map((m) => m.reason),
      );
      const fitting = offers.filter(
        (o) => o.width === null || o.height === null || aspectMatches(o.width, o.height, width, height),
      );
      if (offers.length > fitting.length) reasons.push('wrongSize');
      const won = await this.take(c, slot, fitting, reasons, exp, now, creatives);
      if (won) wins += 1;
      else await this.miss(c, slot, MISS_ORDER.find((r) => reasons.includes(r)) ?? 'noFill', result);
    }
    result.won += wins;
    return wins;
  }

  /** The best fitting offer whose creative downloads and checks out; the ad recorded, its win notice called. */
  private async take(
    c: AdCandidate,
    slot: AdSlot,
    offers: Offer[],
    reasons: AdMissReason[],
    exp: number,
    now: Date,
    creatives: Creatives,
  ): Promise<SspAdRow | undefined> {
    for (const offer of offers) {
      let file;
      try {
        file = await this.creative(creatives, c.cabinetId, offer);
      } catch (error) {
        this.deps.log?.(`SSP creative refused from ${offer.supplier.name}: ${String(error)}`);
        reasons.push('badCreative');
        continue;
      }
      if (file.kind !== 'video' && file.kind !== 'image') {
        reasons.push('badCreative');
        continue;
      }
      if (file.width && file.height && !aspectMatches(file.width, file.height, slot.width, slot.height)) {
        reasons.push('wrongSize');
        continue;
      }
      let ad: SspAdRow | undefined;
      try {
        ad = await this.record(c, slot, offer, file.id, exp, now);
      } catch (error) {
        // An offer the database refuses is that offer's miss; the next offer of the slot may still win.
        this.deps.log?.(`SSP offer from ${offer.supplier.name} not recorded: ${String(error)}`);
        reasons.push('error');
        continue;
      }
      if (!ad) return undefined;
      if (offer.nurl) void this.notify(offer.nurl);
      return ad;
    }
    return undefined;
  }

  /** The ad of a taken offer (undefined: the slot was taken meanwhile, by another process's round). */
  private async record(
    c: AdCandidate,
    slot: AdSlot,
    offer: Offer,
    fileId: number,
    exp: number,
    now: Date,
  ): Promise<SspAdRow | undefined> {
    const { repos } = this.deps;
    const multiplierMicros = toMicros(slot.multiplier);
    const deadline = new Date(
      Math.min(now.getTime() + exp * 1000, offer.expiresAt?.getTime() ?? Number.MAX_SAFE_INTEGER),
    );
    return repos.ads.platformInsert({
      cabinetId: c.cabinetId,
      pointId: c.pointId,
      playlistId: c.playlistId,
      supplierId: offer.supplier.id,
      supplierName: offer.supplier.name,
      adapter: offer.supplier.adapter,
      source: adSource(c.mode),
      slotAt: new Date(slot.at),
      seconds: slot.seconds,
      fileId,
      externalId: offer.externalId,
      creativeUrl: offer.creativeUrl,
      priceMicros: offer.priceMicros,
      multiplierMicros,
      revenueMicros: playRevenueMicros(offer.priceMicros, multiplierMicros),
      currency: offer.supplier.currency,
      expiresAt: deadline,
      burl: offer.burl,
      impressions: offer.impressions,
      popUrl: offer.popUrl,
      expiryUrl: offer.expiryUrl,
      approved: !c.approvalRequired || (await repos.ads.fileApproved(c.cabinetId, fileId)),
    });
  }

  /**
   * An offer's creative in the cabinet's SSP files: downloaded and checked once a round per cabinet and
   * address, however many screens win it (bench/ssp: fetching, hashing and probing the same file again for
   * every ad bound the round), then found by its hash in the library as before.
   */
  private creative(creatives: Creatives, cabinetId: CabinetId, offer: Offer): Promise<Creative> {
    const key = `${cabinetId} ${offer.creativeUrl}`;
    let file = creatives.get(key);
    if (!file) {
      file = this.deps.media.ingest.ingestAdCreative(cabinetId, {
        url: offer.creativeUrl,
        name: creativeName(offer),
        deadlineMs: CREATIVE_DEADLINE_MS,
      });
      creatives.set(key, file);
    }
    return file;
  }

  private async miss(c: AdCandidate, slot: AdSlot, reason: AdMissReason, result: RoundResult) {
    result.missed[reason] = (result.missed[reason] ?? 0) + 1;
    await this.deps.repos.ads.platformMiss(c.cabinetId, c.pointId, new Date(slot.at), reason);
  }

  /** The win notice: once, best effort (it promises nothing; the billing notice is the durable one). */
  private async notify(url: string): Promise<void> {
    try {
      const response = await safeGet(url, {
        ...this.deps.fetchPolicy,
        deadlineMs: 5_000,
        timeoutMs: 5_000,
        userAgent: 'Vitrine SSP',
      });
      response.resume();
    } catch (error) {
      this.deps.log?.(`SSP win notice failed: ${String(error)}`);
    }
  }
}

/** The suppliers a playlist asks: the kinds its source and providers name, else its mode's (core). */
function suppliersFor(c: AdCandidate, all: SspSupplierRow[]): SspSupplierRow[] {
  return all.filter((s) => asksSupplierKind(c, s.kind));
}

/** '1920x1080' -> [1920, 1080]; a screen that has not reported one is taken as Full HD. */
function size(resolution: string | null): [number, number] {
  const m = /^(\d{2,5})\s*[x×]\s*(\d{2,5})$/.exec(resolution?.trim() ?? '');
  return m ? [Number(m[1]), Number(m[2])] : [1920, 1080];
}

const EXTENSIONS: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/** A library name for a creative: the supplier, its id and the type's extension. */
function creativeName(offer: Offer): string {
  const fromUrl = /\.(mp4|webm|jpe?g|png)(?:$|[?#])/i.exec(offer.creativeUrl)?.[1]?.toLowerCase();
  const ext = (offer.mime ? EXTENSIONS[offer.mime] : undefined) ?? fromUrl ?? 'mp4';
  const id = (offer.externalId ?? randomUUID().slice(0, 8)).replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40);
  const supplier = offer.supplier.name.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 30) || 'ad';
  return `${supplier}-${id}-${randomUUID().slice(0, 6)}.${ext === 'jpeg' ? 'jpg' : ext}`;
}
