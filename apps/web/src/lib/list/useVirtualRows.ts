import { useLayoutEffect, useState, type Key, type RefObject } from 'react';
import { useVirtualizer, useWindowVirtualizer } from '@tanstack/react-virtual';

/** Rows rendered beyond the visible ones on each side, unless told otherwise. */
const OVERSCAN = 2;

export interface VirtualRows {
  /** Whether every row is rendered (a short list): no spacers, nothing to measure. */
  whole: boolean;
  /** The rows to render, in order: all of them while the list is short. */
  items: { index: number; key: Key }[];
  /** Space (px) before the first and after the last rendered row, for a spacer each. */
  before: number;
  after: number;
  /**
   * Given as the ref of each rendered row's element (which carries `data-index`): its real height. None for
   * a short list or rows of a fixed height.
   */
  measure: ((element: Element | null) => void) | undefined;
  /** Brings a row into view (as little scrolling as will do), rendering it first when it is not. */
  scrollTo: (index: number) => void;
}

/**
 * Rows of a long list rendered only where they can be seen, in the page's own flow: the rows before and
 * after the rendered ones are spacers of their measured (or estimated) height, so the page scrolls as ever
 * and keeps its length. The window scrolls them, or `scroller` when they sit in a bounded box of their
 * own (a picker's). Lists up to `wholeUpTo` rows are rendered whole, every row findable in the page.
 */
export function useVirtualRows({
  count,
  estimate,
  keyOf,
  anchor,
  scroller,
  wholeUpTo,
  overscan = OVERSCAN,
  fixed = false,
}: {
  count: number;
  /** A row's height (px) before it is measured (its height, when `fixed`). */
  estimate: number;
  /**
   * Every row is exactly `estimate` tall: rows are not measured, which spares a forced layout for each row
   * coming into view.
   */
  fixed?: boolean;
  keyOf: (index: number) => Key;
  /** The element the rows start in: its top is where the first row starts. */
  anchor: RefObject<HTMLElement | null>;
  scroller?: RefObject<HTMLElement | null>;
  wholeUpTo: number;
  /** Rows rendered beyond the visible ones on each side (fewer for tall rows). */
  overscan?: number;
}): VirtualRows {
  const virtual = count > wholeUpTo;
  const inBox = scroller !== undefined;
  // Where the rows start, measured from the top of what scrolls: when the list is laid out and whenever
  // the page (or the box) changes size, as what is above the rows does (a bar appearing); not after every
  // render, which forced a layout in the middle of each scroll's render. Read in a ResizeObserver's turn,
  // after the browser's own layout, it costs nothing.
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    if (!virtual) return;
    const measure = () => {
      const top = anchor.current?.getBoundingClientRect().top ?? 0;
      const box = scroller?.current;
      const start = box ? top - box.getBoundingClientRect().top + box.scrollTop : top + window.scrollY;
      setMargin((margin) => (Math.abs(start - margin) > 1 ? start : margin));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    const content = scroller?.current?.firstElementChild;
    if (content) observer.observe(content);
    return () => observer.disconnect();
  }, [virtual, count, anchor, scroller]);
  const options = {
    estimateSize: () => estimate,
    overscan,
    scrollMargin: margin,
    getItemKey: keyOf,
    // A scroll re-renders in React's own time, not synchronously inside every scroll event.
    useFlushSync: false,
  };
  // Both kinds are always made (hooks cannot be chosen at run time); the one not in use counts no rows.
  const inWindow = useWindowVirtualizer({ ...options, count: virtual && !inBox ? count : 0 });
  const inElement = useVirtualizer({
    ...options,
    count: virtual && inBox ? count : 0,
    getScrollElement: () => scroller?.current ?? null,
  });
  // A new height for rows of one height: their places are worked out again (the virtualiser keeps them).
  useLayoutEffect(() => {
    if (fixed) (inBox ? inElement : inWindow).measure();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [estimate]);
  if (!virtual) {
    return {
      whole: true,
      items: Array.from({ length: count }, (_, index) => ({ index, key: keyOf(index) })),
      before: 0,
      after: 0,
      measure: undefined,
      // Every row is in the page: the browser brings a focused one into view itself.
      scrollTo: () => undefined,
    };
  }
  const virtualizer = inBox ? inElement : inWindow;
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  return {
    whole: false,
    items,
    before: first ? first.start - margin : 0,
    after: last ? virtualizer.getTotalSize() - (last.end - margin) : 0,
    measure: fixed ? undefined : virtualizer.measureElement,
    scrollTo: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }),
  };
}
