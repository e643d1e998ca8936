import { describe, expect, it } from 'vitest';
import { allChosen, toggledId } from './selectionState';

describe('list selection', () => {
  it('toggles one id, leaving the set it was given as it is', () => {
    const chosen = new Set([1, 2]);
    expect([...toggledId(chosen, 3)]).toEqual([1, 2, 3]);
    expect([...toggledId(chosen, 1)]).toEqual([2]);
    expect([...chosen]).toEqual([1, 2]);
  });

  it('toggling twice comes back to where it was', () => {
    const chosen = new Set([5]);
    expect(toggledId(toggledId(chosen, 9), 9)).toEqual(chosen);
  });

  it('says the page is all chosen only when every row of it is, and never for an empty page', () => {
    expect(allChosen([1, 2], new Set([1, 2, 3]))).toBe(true);
    expect(allChosen([1, 2], new Set([1]))).toBe(false);
    expect(allChosen([], new Set([1]))).toBe(false);
  });
});
