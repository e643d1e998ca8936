/**
 * A player's estimate of the server's clock (docs/walls.md), from NTP-style exchanges over its socket:
 * the player notes when it sent (t0) and received (t3) an answer, the server when it received (t1) and
 * sent it (t2). offset = ((t1 - t0) + (t2 - t3)) / 2, round trip = (t3 - t0) - (t2 - t1). Samples with a
 * long round trip (a queue somewhere) are the inaccurate ones: only the fastest are kept.
 */
export interface ClockSample {
  t0: number;
  t1: number;
  t2: number;
  t3: number;
}

export interface ClockEstimate {
  /** Add to the local clock to read the server's (ms). */
  offset: number;
  /** Half the round trip of the samples used: the error can be no larger (ms). */
  uncertainty: number;
  /** Samples that were used. */
  used: number;
}

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export const median = (values: readonly number[]): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * The offset from the samples whose round trip is within the fastest third (at least the fastest one):
 * the median of their offsets. Null without a usable sample.
 */
export function estimateClock(samples: readonly ClockSample[]): ClockEstimate | null {
  const measured = samples
    .map((s) => ({ offset: (s.t1 - s.t0 + (s.t2 - s.t3)) / 2, rtt: s.t3 - s.t0 - (s.t2 - s.t1) }))
    .filter((m) => Number.isFinite(m.offset) && m.rtt >= 0);
  if (measured.length === 0) return null;
  measured.sort((a, b) => a.rtt - b.rtt);
  const keep = measured.slice(0, Math.max(1, Math.ceil(measured.length / 3)));
  return {
    offset: median(keep.map((m) => m.offset)),
    uncertainty: Math.max(...keep.map((m) => m.rtt)) / 2,
    used: keep.length,
  };
}
