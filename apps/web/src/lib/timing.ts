import { useEffect, type RefObject } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { FETCH_DELAY_MS, INTERSECTION_THRESHOLD, PREFETCH_TIMEOUT_MS } from '@vitrine/core';

/**
 * What is typed into a search or filter, as the server is asked for it: spec §9's fetch delay (200 ms)
 * after the last key, so typing a word asks once.
 */
export function useFetchDelayed<T>(value: T): T {
  return useDebouncedValue(value, FETCH_DELAY_MS)[0];
}

/** Runs `work` when the browser is idle, and at the latest after spec §9's prefetch timeout (2,000 ms). */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: PREFETCH_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, PREFETCH_TIMEOUT_MS);
  return () => window.clearTimeout(handle);
}

/**
 * Fetches ahead the page of every link (an element with `data-prefetch`, its value the path) under `root`
 * once a tenth of it is in view (spec §9's intersection threshold), when the browser is idle: the page's
 * code (and what its route loads first) is there before the click. Each path is fetched once.
 */
export function usePrefetchInView(
  root: RefObject<HTMLElement | null>,
  preload: (path: string) => unknown,
  /** Changes when the links may have changed (the menu of another page). */
  links: unknown,
): void {
  useEffect(() => {
    const element = root.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const done = new Set<string>();
    const pending: (() => void)[] = [];
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const path = (entry.target as HTMLElement).dataset.prefetch;
          if (!entry.isIntersecting || !path || done.has(path)) continue;
          done.add(path);
          observer.unobserve(entry.target);
          pending.push(whenIdle(() => void Promise.resolve(preload(path)).catch(() => undefined)));
        }
      },
      { threshold: INTERSECTION_THRESHOLD },
    );
    element.querySelectorAll<HTMLElement>('[data-prefetch]').forEach((link) => observer.observe(link));
    return () => {
      observer.disconnect();
      pending.forEach((cancel) => cancel());
    };
  }, [root, preload, links]);
}
