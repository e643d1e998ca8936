import { describe, expect, it } from 'vitest';
import { PLAYLIST_DEFAULTS, type PlaylistItem } from '@vitrine/core';
import { changeAt, formatSeconds, itemsSeconds, moveItem, newSection } from './contentItems';

const item = (
  fileId: number,
  mediaDuration: number | null,
  duration: number | null = null,
): PlaylistItem => ({
  fileId,
  duration,
  wallFit: null,
  name: `f${fileId}`,
  mime: 'image/png',
  kind: 'image',
  mediaDuration,
  thumbUrl: null,
});

describe('moveItem', () => {
  it('moves an item up or down without touching the list given', () => {
    const list = ['a', 'b', 'c'];
    expect(moveItem(list, 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(list, 0, 1)).toEqual(['b', 'a', 'c']);
    expect(list).toEqual(['a', 'b', 'c']);
  });
});

describe('changeAt', () => {
  it('changes one item only', () => {
    expect(changeAt([{ n: 1 }, { n: 2 }], 1, { n: 5 })).toEqual([{ n: 1 }, { n: 5 }]);
  });
});

describe('formatSeconds', () => {
  it('reads as minutes and seconds', () => {
    expect(formatSeconds(0)).toBe('0:00');
    expect(formatSeconds(75)).toBe('1:15');
    expect(formatSeconds(600)).toBe('10:00');
  });
});

describe('itemsSeconds', () => {
  it("sums a media's own length, else the item's duration", () => {
    expect(itemsSeconds([item(1, 12), item(2, null, 7)])).toBe(19);
  });
});

describe('newSection', () => {
  it('starts with the default length, once, empty, last', () => {
    expect(newSection(3)).toEqual({
      duration: PLAYLIST_DEFAULTS.sectionDuration,
      duplicate: null,
      order: 3,
      repeat: 1,
      files: [],
    });
  });
});
