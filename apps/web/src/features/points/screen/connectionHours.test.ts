import { describe, expect, it } from 'vitest';
import { CONNECTION_HOURS, connectionBars, noConnections } from './connectionHours';

const now = Date.parse('2026-12-06T10:20:00Z');

describe('the connection chart', () => {
  it('is empty for a screen that has not been online in the window', () => {
    const bars = connectionBars([], now);
    expect(bars).toHaveLength(CONNECTION_HOURS);
    expect(noConnections(bars)).toBe(true);
  });

  it('draws the hours a screen was online, in place, ending with the current hour', () => {
    const bars = connectionBars(
      [
        { hour: '2026-12-06T10:00:00.000Z', onlineSeconds: 1200, disconnections: 0 },
        { hour: '2026-12-06T08:00:00.000Z', onlineSeconds: 0, disconnections: 2 },
      ],
      now,
    );
    expect(bars.at(-1)).toEqual({ at: Date.parse('2026-12-06T10:00:00Z'), minutes: 20, drops: 0 });
    expect(bars.at(-3)).toMatchObject({ minutes: 0, drops: 2 });
    expect(noConnections(bars)).toBe(false);
  });
});
