import { describe, expect, it } from 'vitest';
import { MAX_HEIGHT, MAX_WIDTH, isDrag, keyOf, placeOfKey, placesOf, previewScale } from './geometry';

describe('wall preview geometry', () => {
  it('lists every cell row by row', () => {
    expect(placesOf({ columns: 3, rows: 2 })).toEqual([
      { column: 0, row: 0 },
      { column: 1, row: 0 },
      { column: 2, row: 0 },
      { column: 0, row: 1 },
      { column: 1, row: 1 },
      { column: 2, row: 1 },
    ]);
  });

  it("reads a drop target's key back into its cell, and nothing outside the wall", () => {
    expect(placeOfKey(keyOf({ column: 2, row: 1 }))).toEqual({ column: 2, row: 1 });
    expect(placeOfKey(null)).toBeNull();
    expect(placeOfKey('')).toBeNull();
    expect(placeOfKey('1')).toBeNull();
    expect(placeOfKey('a:b')).toBeNull();
    expect(placeOfKey('1.5:2')).toBeNull();
  });

  it('scales the canvas to the room it has, within the largest preview', () => {
    expect(previewScale(380, { width: 3840, height: 1080 })).toBeCloseTo(380 / 3840);
    expect(previewScale(0, { width: 3840, height: 1080 })).toBeCloseTo(MAX_WIDTH / 3840);
    expect(previewScale(2000, { width: 3840, height: 1080 })).toBeCloseTo(MAX_WIDTH / 3840);
    expect(previewScale(2000, { width: 1080, height: 3840 })).toBeCloseTo(MAX_HEIGHT / 3840);
  });

  it('takes a press as a drag from 5 px on', () => {
    expect(isDrag({ x: 0, y: 0 }, { x: 3, y: 3 })).toBe(false);
    expect(isDrag({ x: 0, y: 0 }, { x: 3, y: 4 })).toBe(true);
    expect(isDrag({ x: 10, y: 10 }, { x: 10, y: 4 })).toBe(true);
  });
});
