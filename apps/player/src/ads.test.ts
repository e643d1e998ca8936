import { describe, expect, it } from 'vitest';
import type { ManifestFile } from '@vitrine/core';
import { AdTimeline, adsKey, filesWithAds } from './ads';
import { EIGHT, playlist, screen } from './testing';

const file = (fileId: number): ManifestFile => ({
  fileId,
  name: `ad-${fileId}.png`,
  kind: 'image',
  mime: 'image/png',
  url: `/ad/${fileId}`,
  hash: null,
  size: 100,
});
const input = { screen, playlists: [playlist({ id: 1, items: [{ fileId: 1, seconds: 10 }] })] };
const ad = {
  adId: 7,
  at: new Date(EIGHT + 25_000).toISOString(),
  seconds: 15,
  playlistId: 1,
  file: file(50),
};

describe('ads in their slots', () => {
  it('plays a ready ad in its slot, the content giving way where it begins and resuming after it', () => {
    const timeline = new AdTimeline(input, [ad], () => true);
    // 08:00:20-30 is the content's third show: cut at the ad's start, the ad next.
    expect(timeline.at(EIGHT + 21_000)).toMatchObject({
      entry: { fileId: 1, start: EIGHT + 20_000, end: EIGHT + 25_000, cut: true },
      next: { fileId: 50, start: EIGHT + 25_000, end: EIGHT + 40_000 },
    });
    expect(timeline.at(EIGHT + 26_000).entry).toMatchObject({
      fileId: 50,
      playlistId: 1,
      type: 'ADVERTISING',
    });
    expect(timeline.at(EIGHT + 40_000).entry).toMatchObject({ fileId: 1, start: EIGHT + 40_000 });
    expect(timeline.adOf({ fileId: 50, start: EIGHT + 25_000 })).toBe(7);
    expect(timeline.adOf({ fileId: 1, start: EIGHT + 20_000 })).toBeUndefined();
  });

  it("leaves the slot to the playlist's content when the creative is not ready, and says so once", () => {
    const missed: number[] = [];
    const timeline = new AdTimeline(
      input,
      [ad],
      () => false,
      (a) => missed.push(a.adId),
    );
    expect(timeline.at(EIGHT + 26_000).entry).toMatchObject({
      fileId: 1,
      start: EIGHT + 20_000,
      end: EIGHT + 30_000,
    });
    timeline.at(EIGHT + 31_000);
    expect(missed).toEqual([7]);
  });

  it('caches the creatives with the content, each once, and tells new ads from the same ones', () => {
    const files = [file(1)];
    expect(filesWithAds({ files, ads: [ad, { ...ad, adId: 8 }] }).map((f) => f.fileId)).toEqual([1, 50]);
    expect(adsKey({ ads: [ad] })).toBe(adsKey({ ads: [{ ...ad }] }));
    expect(adsKey({ ads: [ad] })).not.toBe(adsKey({ ads: [] }));
  });
});
