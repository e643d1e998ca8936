import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMINGS, Watchdog, restartDelay, timingsOf } from './watchdog.js';

const t = { silenceMs: 1000, checkMs: 100, evaluateTimeoutMs: 50, hungChecks: 3 };

describe('the watchdog', () => {
  it('reloads a silent page once, then restarts the browser', () => {
    const dog = new Watchdog(t, 0);
    expect(dog.check(900, true)).toBe('none');
    expect(dog.check(1001, true)).toBe('reload');
    // The reloaded page gets its full time too.
    expect(dog.check(1900, true)).toBe('none');
    expect(dog.check(2100, true)).toBe('restart');
  });

  it('forgives a page that reports again', () => {
    const dog = new Watchdog(t, 0);
    expect(dog.check(1001, true)).toBe('reload');
    dog.reported(1500);
    expect(dog.check(2400, true)).toBe('none');
    expect(dog.check(2600, true)).toBe('reload');
  });

  it('restarts the browser after three unanswered checks in a row', () => {
    const dog = new Watchdog(t, 0);
    expect(dog.check(100, false)).toBe('none');
    expect(dog.check(200, false)).toBe('none');
    expect(dog.check(300, true)).toBe('none');
    expect(dog.check(400, false)).toBe('none');
    expect(dog.check(500, false)).toBe('none');
    expect(dog.check(600, false)).toBe('restart');
  });

  it('does not expect the first-start page to report', () => {
    expect(new Watchdog(t, 0, false).check(60_000, true)).toBe('none');
  });

  it('waits longer before each start of a browser that keeps exiting', () => {
    expect([1, 2, 3, 5, 6, 9].map(restartDelay)).toEqual([1000, 2000, 4000, 16_000, 30_000, 30_000]);
  });

  it('takes its silence from VITRINE_WATCHDOG_SECONDS, never below the page report interval', () => {
    expect(timingsOf({})).toEqual(DEFAULT_TIMINGS);
    expect(timingsOf({ VITRINE_WATCHDOG_SECONDS: '60' })).toMatchObject({
      silenceMs: 60_000,
      checkMs: 10_000,
    });
    expect(timingsOf({ VITRINE_WATCHDOG_SECONDS: '8' })).toMatchObject({ silenceMs: 40_000 });
    expect(timingsOf({ VITRINE_WATCHDOG_SECONDS: 'soon' })).toEqual(DEFAULT_TIMINGS);
  });
});
