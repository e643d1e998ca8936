import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger, LogBuffer } from './log';
import { NeutralSlide } from './neutral';

describe('the neutral slide', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 5, 10, 12));
  });
  afterEach(() => vi.useRealTimers());

  const slide = () => {
    const changes: boolean[] = [];
    const neutral = new NeutralSlide({
      log: createLogger(new LogBuffer(), false),
      onChange: (on) => changes.push(on),
    });
    return { neutral, changes };
  };

  it('keeps playing through the grace period, then goes neutral at the instant the manifest names', () => {
    const { neutral, changes } = slide();
    neutral.apply(new Date(Date.now() + 3 * 3_600_000).toISOString());
    expect(neutral.active).toBe(false);
    vi.advanceTimersByTime(3 * 3_600_000 - 1000);
    expect(changes).toEqual([]);
    vi.advanceTimersByTime(2000);
    expect(changes).toEqual([true]);
    expect(neutral.active).toBe(true);
    // The cabinet paid: the next manifest names no instant, and the schedule plays again at once.
    neutral.apply(null);
    expect(changes).toEqual([true, false]);
    neutral.destroy();
  });

  it('is neutral at once for an instant already past, and waits out a grace longer than a timer can', () => {
    const { neutral, changes } = slide();
    neutral.apply(new Date(0).toISOString());
    expect(changes).toEqual([true]);
    neutral.apply(new Date(Date.now() + 40 * 86_400_000).toISOString());
    expect(changes).toEqual([true, false]);
    vi.advanceTimersByTime(30 * 86_400_000);
    expect(neutral.active).toBe(false);
    vi.advanceTimersByTime(10 * 86_400_000 + 1000);
    expect(neutral.active).toBe(true);
    // A manifest saved before the field existed, or a value that is no instant, plays.
    neutral.apply(undefined);
    expect(neutral.active).toBe(false);
    neutral.apply('not a date');
    expect(neutral.active).toBe(false);
    neutral.destroy();
  });
});
