import { describe, expect, it } from 'vitest';
import { NO_SHARE, type ManifestFile, type ScheduleInputData } from '@vitrine/core';
import { playlistPart, type PlaylistPart } from '../../test/playlist-part.js';
import { contentVersion } from './content-sync.js';

const part = playlistPart;
type Part = PlaylistPart;

/** As the schedule loader builds a screen's input: each playlist's part spread, then its share. */
const screen = (id: number, parts: Part[]): ScheduleInputData => ({
  screen: { id, timezone: 'UTC', workFrom: null, workTo: null, commercialCycle: null, stopped: false },
  playlists: parts.map((p, i) => ({ ...p, share: i % 2 ? { screens: 3, index: id % 3 } : NO_SHARE })),
});

describe('content version', () => {
  const parts = [
    part(1),
    part(2, { theme: 'dark', interval: 5, secondary: { fileId: 7, seconds: 30 } }),
    part(3, { geofence: { lat: 1, lng: 2, radius: 3 }, noStats: true }),
  ];
  const files: ManifestFile[] = [
    { fileId: 10, name: 'a.png', kind: 'image', mime: 'image/png', url: '/a', hash: 'h1', size: 1 },
  ];
  const settings = { id: 1, name: 'Screen' } as unknown as Parameters<typeof contentVersion>[2];

  it('is the same whether playlists are written once for a batch or for every screen', () => {
    const memo = new Map<number, string>();
    for (const id of [1, 2, 3, 4]) {
      const schedule = screen(id, parts);
      expect(contentVersion(schedule, files, settings, memo)).toBe(contentVersion(schedule, files, settings));
    }
    expect(memo.size).toBe(3);
  });

  it('moves with a playlist, a share, a file or a setting', () => {
    const base = contentVersion(screen(1, parts), files, settings);
    expect(contentVersion(screen(2, parts), files, settings)).not.toBe(base);
    expect(contentVersion(screen(1, [part(1), ...parts.slice(1)].reverse()), files, settings)).not.toBe(base);
    expect(contentVersion(screen(1, parts), [{ ...files[0]!, hash: 'h2' }], settings)).not.toBe(base);
    expect(contentVersion(screen(1, parts), files, { ...settings, name: 'Other' })).not.toBe(base);
    // A file's name and address are labels.
    expect(contentVersion(screen(1, parts), [{ ...files[0]!, name: 'b.png', url: '/b' }], settings)).toBe(
      base,
    );
  });
});
