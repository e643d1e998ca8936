/** Playing a playlist's files in its order, seeded so that the same input plays the same. */
import type { FilesOrder } from '../playlist.js';
import type { ScheduleItem } from './types.js';

export function hash(...values: number[]): number {
  let h = 2166136261;
  for (const v of values) {
    h ^= v | 0;
    h = Math.imul(h, 16777619);
    h ^= Math.floor(v / 4294967296);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** A playlist's files in its order, one at a time, for as long as asked. */
export class Rotation {
  private queue: ScheduleItem[] = [];
  private last: ScheduleItem | null = null;
  private index = 0;
  readonly distinctFiles: number;

  constructor(
    private readonly items: readonly ScheduleItem[],
    private readonly order: FilesOrder,
    private readonly rng: () => number,
    /** Whether an item may start at an instant (its own schedule); none: always. */
    private readonly available?: (item: ScheduleItem, at: number) => boolean,
  ) {
    this.distinctFiles = new Set(items.map((i) => i.fileId)).size;
  }

  private pending: ScheduleItem | null = null;

  get size(): number {
    return this.items.length;
  }

  /** Whether an item may start at an instant (its own schedule). */
  mayStart(item: ScheduleItem, at: number): boolean {
    return !this.available || this.available(item, at);
  }

  /** The file the next turn plays, without taking it. */
  peek(): ScheduleItem {
    this.pending ??= this.draw();
    return this.pending;
  }

  next(): ScheduleItem {
    const item = this.peek();
    this.pending = null;
    return item;
  }

  /**
   * The file the next turn plays when it starts at `at`: files outside their own schedule then are passed
   * over in the order (docs/scheduling.md, A file's own schedule). Null when no file may start then.
   */
  peekAt(at: number): ScheduleItem | null {
    const ok = this.available;
    const first = this.peek();
    if (!ok || ok(first, at)) return first;
    for (let tries = 0; tries < 2 * this.items.length; tries++) {
      this.pending = null;
      const item = this.peek();
      if (ok(item, at)) return item;
    }
    // A random order that kept missing: the first file that may start.
    const any = this.items.find((item) => ok(item, at));
    if (!any) return null;
    this.pending = any;
    this.last = any;
    return any;
  }

  /** Takes the file `peekAt(at)` names. */
  nextAt(at: number): ScheduleItem | null {
    const item = this.peekAt(at);
    if (item) this.pending = null;
    return item;
  }

  private draw(): ScheduleItem {
    const n = this.items.length;
    let item: ScheduleItem;
    if (this.order === 'ONEOF') {
      let k = Math.floor(this.rng() * n);
      if (n > 1 && this.last && this.items[k]!.fileId === this.last.fileId) {
        k = (k + 1 + Math.floor(this.rng() * (n - 1))) % n;
      }
      item = this.items[k]!;
    } else if (this.order === 'RANDOM') {
      if (this.queue.length === 0) this.queue = this.shuffle();
      item = this.queue.shift()!;
    } else {
      const k = this.index++ % n;
      item = this.items[this.order === 'DESC' ? n - 1 - k : k]!;
    }
    this.last = item;
    return item;
  }

  private shuffle(): ScheduleItem[] {
    const list = [...this.items];
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(this.rng() * (i + 1));
      [list[i], list[j]] = [list[j]!, list[i]!];
    }
    // A new pass does not start with the file the previous one ended on.
    if (list.length > 1 && this.last && list[0]!.fileId === this.last.fileId) {
      [list[0], list[1]] = [list[1]!, list[0]!];
    }
    return list;
  }
}

export const ms = (seconds: number): number => Math.max(1, Math.round(seconds * 1000));
