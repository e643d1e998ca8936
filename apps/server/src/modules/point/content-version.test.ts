import { describe, expect, it } from 'vitest';
import { NO_SHARE, type ScheduleInputData } from '@vitrine/core';
import { playlistPart, type PlaylistPart } from '../../test/playlist-part.js';
import { contentVersion } from './content-sync.js';
import { Contributions, SUM_MODULUS, baseOf, deltaOf, sumOf, versionFrom } from './content-version.js';
import type { FileHash } from '../schedule/schedule-inputs.js';

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
  // Every playlist shows file 10 (its name and address are labels: only its hash counts).
  const files =
    (hash = 'h1') =>
    (): FileHash[] => [[10, hash]];
  const settings = { id: 1, name: 'Screen' } as unknown as Parameters<typeof contentVersion>[2];

  it('is the same whether playlists are worked out once for a batch or for every screen', () => {
    const batch = new Contributions(true);
    for (const id of [1, 2, 3, 4]) {
      const schedule = screen(id, parts);
      expect(contentVersion(schedule, files(), settings, batch)).toBe(
        contentVersion(schedule, files(), settings),
      );
    }
  });

  it("moves by one playlist's difference alone: the sum less its old contribution plus its new", () => {
    const contributions = new Contributions(false);
    const of = (p: Part[], hash = 'h1') =>
      sumOf(screen(1, p).playlists.map(({ share, ...part }) => contributions.of(part, share, files(hash))));
    const before = of(parts);
    const changed = [parts[0]!, { ...parts[1]!, interval: 9 }, parts[2]!];
    // The second playlist keeps its share (odd place): its contribution alone is what moved.
    const share = { screens: 3, index: 1 };
    const c = (p: Part) => contributions.of(p, share, files());
    expect((before + deltaOf(c(parts[1]!), c(changed[1]!))) % SUM_MODULUS).toBe(of(changed));
    const base = baseOf(screen(1, parts).screen, settings, null, undefined);
    expect(versionFrom(base, of(changed))).toBe(contentVersion(screen(1, changed), files(), settings));
  });

  it('moves with a playlist, a share, a file or a setting', () => {
    const base = contentVersion(screen(1, parts), files(), settings);
    expect(contentVersion(screen(2, parts), files(), settings)).not.toBe(base);
    // Shares follow places: the same playlists with their shares swapped are other content.
    expect(contentVersion(screen(1, [parts[1]!, parts[0]!, parts[2]!]), files(), settings)).not.toBe(base);
    expect(contentVersion(screen(1, parts.slice(1)), files(), settings)).not.toBe(base);
    expect(contentVersion(screen(1, parts), files('h2'), settings)).not.toBe(base);
    expect(contentVersion(screen(1, parts), files(), { ...settings, name: 'Other' })).not.toBe(base);
  });
});
