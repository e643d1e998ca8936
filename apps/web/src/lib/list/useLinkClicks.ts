import { useMemo, type FocusEvent, type MouseEvent } from 'react';
import { useRouter } from '@tanstack/react-router';

/** How long a pointer rests on a link (or the focus on it) before its page is loaded ahead (the router's intent). */
const PRELOAD_DELAY_MS = 50;

const linkOf = (event: { target: EventTarget }) =>
  event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-nav]') : null;

/**
 * One click handler for a table's plain links (`<a data-nav href>`, see cells.tsx): a plain click goes
 * through the router, as a router link's would; a middle or modified click (a new tab) is the browser's.
 * Resting on a link or focusing it loads its page ahead, as the router's links do ('intent').
 */
export function useLinkClicks() {
  const router = useRouter({ warn: false });
  return useMemo(() => {
    if (!router) return {};
    let timer: ReturnType<typeof setTimeout> | undefined;
    const preload = (event: MouseEvent | FocusEvent) => {
      const href = linkOf(event)?.getAttribute('href');
      if (!href) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        // Its address alone (with the base path), as navigate takes it; the router's types ask for a route.
        router
          .preloadRoute({ href } as unknown as Parameters<typeof router.preloadRoute>[0])
          .catch(() => undefined);
      }, PRELOAD_DELAY_MS);
    };
    return {
      onClick: (event: MouseEvent) => {
        const link = linkOf(event);
        const href = link?.getAttribute('href');
        if (!href || event.defaultPrevented || event.button !== 0) return;
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        void router.navigate({ href });
      },
      onMouseOver: preload,
      onFocus: preload,
      onMouseOut: () => clearTimeout(timer),
    };
  }, [router]);
}
