import { describe, expect, it } from 'vitest';
import { FailureThrottle } from './throttle.js';

describe('FailureThrottle', () => {
  it('blocks a key after the limit within the window and forgets it after', () => {
    let now = 0;
    const throttle = new FailureThrottle(3, 1000, () => now);
    for (let i = 0; i < 3; i += 1) {
      expect(throttle.isBlocked('a')).toBe(false);
      throttle.fail('a');
    }
    expect(throttle.isBlocked('a')).toBe(true);
    expect(throttle.isBlocked('b')).toBe(false);
    now = 1001;
    expect(throttle.isBlocked('a')).toBe(false);
  });

  it('slides: old failures fall out one by one', () => {
    let now = 0;
    const throttle = new FailureThrottle(2, 100, () => now);
    throttle.fail('k');
    now = 60;
    throttle.fail('k');
    expect(throttle.isBlocked('k')).toBe(true);
    now = 101;
    expect(throttle.isBlocked('k')).toBe(false);
  });

  it('reset clears a key', () => {
    const throttle = new FailureThrottle(1, 1000);
    throttle.fail('x');
    throttle.reset('x');
    expect(throttle.isBlocked('x')).toBe(false);
  });
});
