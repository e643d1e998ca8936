import { describe, expect, it } from 'vitest';
import { markerStep } from './markerKeys';

describe('markerStep', () => {
  it('moves 10 px per arrow key, 1 px with Shift', () => {
    expect(markerStep('ArrowUp', false)).toEqual([0, -10]);
    expect(markerStep('ArrowDown', false)).toEqual([0, 10]);
    expect(markerStep('ArrowLeft', true)).toEqual([-1, 0]);
    expect(markerStep('ArrowRight', true)).toEqual([1, 0]);
  });

  it('ignores any other key', () => {
    expect(markerStep('Enter', false)).toBeNull();
    expect(markerStep('a', true)).toBeNull();
  });
});
