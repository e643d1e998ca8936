/** Sorted, disjoint lists of [start, end) instants (ms) and the set operations the engine needs. */

export type Interval = [number, number];

export function intersect(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const s = Math.max(a[i]![0], b[j]![0]);
    const e = Math.min(a[i]![1], b[j]![1]);
    if (s < e) out.push([s, e]);
    if (a[i]![1] < b[j]![1]) i++;
    else j++;
  }
  return out;
}

/** Sorted, disjoint union of any intervals. */
export function union(list: readonly Interval[]): Interval[] {
  const sorted = list.filter(([s, e]) => s < e).sort((x, y) => x[0] - y[0]);
  const out: Interval[] = [];
  for (const [s, e] of sorted) {
    const last = out.at(-1);
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

export function subtract(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  let j = 0;
  for (const [s0, e] of a) {
    let s = s0;
    while (j < b.length && b[j]![1] <= s) j++;
    let k = j;
    while (k < b.length && b[k]![0] < e) {
      if (b[k]![0] > s) out.push([s, b[k]![0]]);
      s = Math.max(s, b[k]![1]);
      k++;
    }
    if (s < e) out.push([s, e]);
  }
  return out;
}

export const total = (list: readonly Interval[]): number => list.reduce((sum, [s, e]) => sum + e - s, 0);
