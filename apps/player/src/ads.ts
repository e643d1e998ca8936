/**
 * The screen's SSP ads (docs/ssp.md, "Player"): the manifest carries each ad with its slot and creative;
 * the creative is cached like any file, and the ad plays in its slot in place of what the schedule has
 * there. An ad whose creative is not ready leaves the slot to the playlist's own content (logged once);
 * the show of an ad is reported with its `adId`, so the server fires its trackers once.
 */
import type { Manifest, ManifestFile, ScheduleEntry, ScheduleInput } from '@vitrine/core';
import { Timeline, type MainAt } from './timeline';

export type ManifestAds = NonNullable<Manifest['ads']>;
type Ad = ManifestAds[number];

/** Every file the screen keeps: its content's, then its ads' creatives (each once). */
export function filesWithAds(manifest: Pick<Manifest, 'files' | 'ads'>): ManifestFile[] {
  const seen = new Set(manifest.files.map((f) => f.fileId));
  const out = [...manifest.files];
  for (const ad of manifest.ads ?? []) {
    if (seen.has(ad.file.fileId)) continue;
    seen.add(ad.file.fileId);
    out.push(ad.file);
  }
  return out;
}

/** What identifies the ads of a manifest (they are not part of its version). */
export const adsKey = (manifest: Pick<Manifest, 'ads'>): string =>
  (manifest.ads ?? []).map((a) => `${a.adId}@${a.at}`).join(',');

const startOf = (ad: Ad) => Date.parse(ad.at);

function adEntry(ad: Ad): ScheduleEntry {
  const start = startOf(ad);
  return {
    start,
    end: start + ad.seconds * 1000,
    fileId: ad.file.fileId,
    playlistId: ad.playlistId!,
    type: 'ADVERTISING',
    cut: false,
  };
}

/**
 * A timeline with the ads in their slots. `ready` says whether an ad's creative can play (cached); one that
 * cannot is skipped, so its slot plays the schedule's content, and `onFallback` hears of it once.
 */
export class AdTimeline extends Timeline {
  private readonly ads: Ad[];
  private readonly told = new Set<number>();

  constructor(
    input: ScheduleInput,
    ads: ManifestAds,
    private readonly ready: (file: ManifestFile) => boolean,
    private readonly onFallback: (ad: Ad) => void = () => undefined,
  ) {
    super(input);
    this.ads = ads.filter((a) => a.playlistId !== null).sort((a, b) => startOf(a) - startOf(b));
  }

  private playable(ad: Ad): boolean {
    if (this.ready(ad.file)) return true;
    if (!this.told.has(ad.adId)) {
      this.told.add(ad.adId);
      this.onFallback(ad);
    }
    return false;
  }

  override at(now: number): MainAt {
    const base = super.at(now);
    const current = this.ads.find(
      (a) => startOf(a) <= now && now < startOf(a) + a.seconds * 1000 && this.playable(a),
    );
    if (current) {
      const end = startOf(current) + current.seconds * 1000;
      const after = super.at(end);
      return { entry: adEntry(current), next: after.entry ?? after.next, pause: null };
    }
    const upcoming = this.ads.find((a) => startOf(a) > now && this.ready(a.file));
    if (!upcoming) return base;
    const at = startOf(upcoming);
    // The schedule's entry gives way where the ad begins.
    const entry = base.entry && base.entry.end > at ? { ...base.entry, end: at, cut: true } : base.entry;
    const next = !base.next || base.next.start >= at ? adEntry(upcoming) : base.next;
    return { entry, next, pause: entry ? null : base.pause };
  }

  /** The ad a shown entry was (by its creative and start), if any. */
  adOf(item: { fileId: number; start: number }): number | undefined {
    return this.ads.find((a) => a.file.fileId === item.fileId && startOf(a) === item.start)?.adId;
  }
}
