import { describe, expect, it } from 'vitest';
import { byFile, mergedConfig, mostSpecific } from './file-rules.js';

const rule = (pointId: number | null, playlistId: number | null, extra: object = {}) => ({
  fileId: 1,
  pointId,
  playlistId,
  duration: null,
  volume: null,
  fit: null,
  muted: null,
  ...extra,
});

describe('file rules', () => {
  it('the most specific scope applies: screen and playlist, playlist, screen, everywhere', () => {
    const all = [rule(null, null), rule(7, null), rule(null, 3), rule(7, 3)];
    expect(mostSpecific(all, 7, 3)).toBe(all[3]);
    expect(mostSpecific(all, 8, 3)).toBe(all[2]);
    expect(mostSpecific(all, 7, 4)).toBe(all[1]);
    expect(mostSpecific(all, 8, 4)).toBe(all[0]);
    expect(mostSpecific([rule(7, 3)], 8, 3)).toBeNull();
  });

  it('configurations merge field by field, a null keeping the wider value', () => {
    const all = [
      rule(null, null, { duration: 20, volume: 50, fit: 'contain' }),
      rule(7, null, { volume: 0 }),
      rule(null, 3, { fit: 'cover', muted: true }),
    ];
    expect(mergedConfig(all, 7, 3)).toEqual({ duration: 20, volume: 0, fit: 'cover', muted: true });
    expect(mergedConfig(all, 8, 4)).toEqual({ duration: 20, volume: 50, fit: 'contain', muted: null });
    expect(byFile(all).get(1)).toHaveLength(3);
  });
});
