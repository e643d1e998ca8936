import { describe, expect, it } from 'vitest';
import { ALIGNMENTS, alignBox } from './align.js';

describe('align to the canvas', () => {
  it('puts a box at each edge and in the middle, its size kept', () => {
    const box = { x: 10, y: 20, width: 200, height: 100, id: 'a' };
    const canvas = { width: 1920, height: 1080 };
    const placed = Object.fromEntries(ALIGNMENTS.map((to) => [to, alignBox(box, canvas, to)]));
    expect(placed.left).toMatchObject({ x: 0, y: 20 });
    expect(placed.center).toMatchObject({ x: 860, y: 20 });
    expect(placed.right).toMatchObject({ x: 1720, y: 20 });
    expect(placed.top).toMatchObject({ x: 10, y: 0 });
    expect(placed.middle).toMatchObject({ x: 10, y: 490 });
    expect(placed.bottom).toMatchObject({ x: 10, y: 980, width: 200, height: 100, id: 'a' });
  });
});
