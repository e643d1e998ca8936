/**
 * The placer's show streams in due order: earlier first, then the older playlist (show-placement.ts). A
 * binary heap whose keys sit in a typed array beside it, one number a stream (its due time from the day's
 * start, then its rank by playlist id), so that a comparison reads two numbers, not two streams: an
 * overbooked day turns the heap tens of thousands of times.
 */
/** What the heap reads of a show stream (shows.ts). */
export interface Due {
  /** The due time from the day's start (ms). */
  readonly dueInDay: number;
  /** The playlist's id. */
  readonly id: number;
  /** Its rank by id among the heap's streams, set by the heap. */
  rank: number;
  readonly done: boolean;
}

/** Ranks by playlist id fit below this, so that a key is exact (due in the day < 2^32 ms). */
const RANKS = 2 ** 20;

export class DueHeap<T extends Due> {
  /** The streams not done, in heap order (any order for a walk over them). */
  readonly items: T[];
  private readonly keys: Float64Array;

  constructor(streams: readonly T[]) {
    if (streams.length >= RANKS) throw new RangeError('too many show streams for one day');
    const byId = [...streams].sort((a, b) => a.id - b.id);
    byId.forEach((s, rank) => (s.rank = rank));
    this.items = streams.filter((s) => !s.done);
    this.keys = new Float64Array(this.items.length);
    this.items.forEach((s, i) => (this.keys[i] = keyOf(s)));
    for (let i = (this.items.length >> 1) - 1; i >= 0; i--) this.siftDown(i);
  }

  get size(): number {
    return this.items.length;
  }

  get top(): T | undefined {
    return this.items[0];
  }

  /** A stream moved on (later due, or done): back into its place, or out. */
  update(s: T): void {
    const items = this.items;
    const i = items[0] === s ? 0 : items.indexOf(s);
    if (s.done) {
      const last = items.pop()!;
      if (i === items.length) return;
      items[i] = last;
      this.keys[i] = this.keys[items.length]!;
    } else this.keys[i] = keyOf(s);
    this.fix(i);
  }

  private fix(i: number): void {
    const keys = this.keys;
    if (i > 0 && keys[i]! < keys[(i - 1) >> 1]!) this.climb(i, 0, this.items[i]!, keys[i]!);
    else this.siftDown(i);
  }

  /** Puts `item` in the hole at `i`, or above it while its key is less than its parent's (up to `top`). */
  private climb(hole: number, top: number, item: T, key: number): void {
    const { items, keys } = this;
    let i = hole;
    while (i > top) {
      const parent = (i - 1) >> 1;
      if (!(key < keys[parent]!)) break;
      items[i] = items[parent]!;
      keys[i] = keys[parent]!;
      i = parent;
    }
    items[i] = item;
    keys[i] = key;
  }

  /**
   * The hole goes down the smaller children to a leaf, then the stream climbs back (Floyd's way: about half
   * the comparisons, as a stream moved on mostly belongs low).
   */
  private siftDown(from: number): void {
    const { items, keys } = this;
    const n = items.length;
    const item = items[from]!;
    const key = keys[from]!;
    let i = from;
    for (let c = 2 * i + 1; c < n; c = 2 * i + 1) {
      if (c + 1 < n && keys[c + 1]! < keys[c]!) c++;
      items[i] = items[c]!;
      keys[i] = keys[c]!;
      i = c;
    }
    this.climb(i, from, item, key);
  }
}

/** A stream's place in due order as one number. */
export const keyOf = (s: Due): number => s.dueInDay * RANKS + s.rank;

/** Due order: earlier first, then the older playlist (the streams of one run share the day). */
export const before = (a: Due, b: Due): boolean => keyOf(a) < keyOf(b);
