import { describe, expect, it } from 'vitest';
import { gestureBox, snap } from './gestures';

const canvas = { width: 1000, height: 500, scale: 0.5 };
const from = { x: 100, y: 100, width: 200, height: 100, rotation: 0 };
const step = (dx: number, dy: number, degrees = 0, shiftKey = false) => ({ dx, dy, degrees, shiftKey });

describe('studio canvas gestures', () => {
  it('snaps to whole pixels, and to a target within 8 screen pixels', () => {
    expect(snap(10.4, [], 1)).toBe(10);
    expect(snap(17, [0], 0.5)).toBe(17);
    expect(snap(15, [0], 0.5)).toBe(0);
    expect(snap(7, [0], 1)).toBe(0);
  });

  it('moves a box, snapping to the canvas edges and centre', () => {
    expect(gestureBox('move', from, step(50.2, 20.7), canvas)).toEqual({ ...from, x: 150, y: 121 });
    expect(gestureBox('move', from, step(-95, 0), canvas)).toMatchObject({ x: 0 });
    expect(gestureBox('move', from, step(300, 100), canvas)).toMatchObject({ x: 400, y: 200 });
    expect(gestureBox('move', from, step(700, 300), canvas)).toMatchObject({ x: 800, y: 400 });
  });

  it('resizes a box, never under a pixel, snapping to the far edges', () => {
    expect(gestureBox('resize', from, step(-500, -500), canvas)).toMatchObject({ width: 1, height: 1 });
    expect(gestureBox('resize', from, step(695, 295), canvas)).toMatchObject({ width: 900, height: 400 });
    expect(gestureBox('resize', from, step(10, 20), canvas)).toMatchObject({
      x: 100,
      width: 210,
      height: 120,
    });
  });

  it('rotates with the pointer, every 15 degrees with Shift', () => {
    expect(gestureBox('rotate', from, step(0, 0, -90), canvas).rotation).toBe(0);
    expect(gestureBox('rotate', from, step(0, 0, 0), canvas).rotation).toBe(90);
    expect(gestureBox('rotate', from, step(0, 0, 100), canvas).rotation).toBe(-170);
    expect(gestureBox('rotate', from, step(0, 0, -83, true), canvas).rotation).toBe(0);
    expect(gestureBox('rotate', from, step(0, 0, -70, true), canvas).rotation).toBe(15);
  });
});
