import { describe, expect, it } from 'vitest';
import { commitGesture, pushValue, redoStep, replaceValue, startHistory, undoStep } from './historyState';

describe('studio editor history', () => {
  it('undoes and redoes changes in order', () => {
    let h = startHistory('a');
    h = pushValue(h, 'b', 100);
    h = pushValue(h, 'c', 100);
    h = undoStep(h);
    expect(h.present).toBe('b');
    h = undoStep(h);
    expect(h).toEqual({ past: [], present: 'a', future: ['b', 'c'] });
    h = redoStep(h);
    expect(h).toEqual({ past: ['a'], present: 'b', future: ['c'] });
  });

  it('leaves the history as it is at either end', () => {
    const start = startHistory(1);
    expect(undoStep(start)).toBe(start);
    const end = pushValue(start, 2, 100);
    expect(redoStep(end)).toBe(end);
    expect(undoStep(undoStep(end))).toEqual({ past: [], present: 1, future: [2] });
  });

  it('drops the steps forward on a new change', () => {
    const h = undoStep(pushValue(pushValue(startHistory(1), 2, 100), 3, 100));
    expect(pushValue(h, 4, 100)).toEqual({ past: [1, 2], present: 4, future: [] });
  });

  it('makes no step when the value is the same', () => {
    const h = startHistory({ n: 1 });
    expect(pushValue(h, h.present, 100)).toBe(h);
    expect(pushValue(h, { n: 1 }, 100).past).toHaveLength(1);
  });

  it('keeps at most `depth` steps back, the latest ones', () => {
    let h = startHistory(0);
    for (let n = 1; n <= 5; n += 1) h = pushValue(h, n, 3);
    expect(h.past).toEqual([2, 3, 4]);
    expect(h.present).toBe(5);
  });

  it('replaces the value without a step, and a gesture makes one step from where it began', () => {
    let h = pushValue(startHistory('a'), 'b', 100);
    h = undoStep(h);
    h = replaceValue(h, 'drag-1');
    h = replaceValue(h, 'drag-2');
    expect(h).toEqual({ past: [], present: 'drag-2', future: ['b'] });
    h = commitGesture(h, 'a', 'drag-2', 100);
    expect(h).toEqual({ past: ['a'], present: 'drag-2', future: [] });
    expect(undoStep(h).present).toBe('a');
  });
});
