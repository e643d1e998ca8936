import type { z } from 'zod';
import type { ConnectionHour } from '@vitrine/core';

const HOUR_MS = 3_600_000;
export const CONNECTION_HOURS = 48;

export interface ConnectionBar {
  at: number;
  minutes: number;
  drops: number;
}

/** The chart's 48 bars, oldest first, ending with the hour of `now`: hours without a row are zero. */
export function connectionBars(
  rows: readonly z.infer<typeof ConnectionHour>[],
  now: number,
): ConnectionBar[] {
  const byHour = new Map(rows.map((h) => [new Date(h.hour).getTime(), h]));
  const last = Math.floor(now / HOUR_MS) * HOUR_MS;
  return Array.from({ length: CONNECTION_HOURS }, (_, i) => {
    const at = last - (CONNECTION_HOURS - 1 - i) * HOUR_MS;
    const h = byHour.get(at);
    return { at, minutes: Math.round((h?.onlineSeconds ?? 0) / 60), drops: h?.disconnections ?? 0 };
  });
}

/** Nothing to draw: no minute online and no disconnection in the whole window (a new screen, say). */
export const noConnections = (bars: readonly ConnectionBar[]): boolean =>
  bars.every((bar) => bar.minutes === 0 && bar.drops === 0);
