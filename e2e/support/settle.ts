import type { Locator, Page, Request } from 'playwright-core';
import { see } from './see.js';

/** Two animation frames: whatever React committed is laid out and painted. */
export async function painted(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/**
 * Every CSS animation and transition running on the page (a popover's fade, a drawer's slide) has
 * finished, and the result is painted: what a screenshot should wait for instead of a sleep.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  await painted(page);
}

/**
 * A chart (ECharts, drawn on a canvas) has finished drawing and animating: `lib/charts.ts` marks its
 * element `data-chart="drawn"` on ECharts' `finished` event.
 */
export async function chartsDrawn(scope: Page | Locator): Promise<void> {
  await see(scope.locator('[data-chart]:not([data-chart="drawn"])')).toHaveCount(0);
}

/**
 * A Leaflet map has stopped moving: its pane's transform is the same over ten frames in a row (a
 * keyboard pan or a fly animates the pane; the map's centre is read once it rests).
 */
export async function mapAtRest(map: Locator): Promise<void> {
  await map.evaluate(
    (element) =>
      new Promise<void>((done) => {
        const pane = element.querySelector<HTMLElement>('.leaflet-map-pane');
        let last = '';
        let still = 0;
        const look = () => {
          const now = pane?.style.transform ?? '';
          still = now === last ? still + 1 : 0;
          last = now;
          if (still >= 10) done();
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }),
  );
}

interface Traffic {
  open: Set<Request>;
  /** When the last request started or ended (ms since the epoch). */
  changed: number;
}
const traffic = new WeakMap<Page, Traffic>();

/**
 * Starts counting a page's requests in flight (streams left out: they stay open by design). Call it
 * before the navigation that `networkQuiet` is to wait for; later calls are no-ops.
 */
export function trackRequests(page: Page): void {
  if (traffic.has(page)) return;
  const state: Traffic = { open: new Set(), changed: Date.now() };
  traffic.set(page, state);
  page.on('request', (request) => {
    if (['eventsource', 'websocket'].includes(request.resourceType())) return;
    state.open.add(request);
    state.changed = Date.now();
  });
  const done = (request: Request) => {
    if (state.open.delete(request)) state.changed = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * No request of the page has been in flight for `quietMs`: what Playwright's `networkidle` load state
 * says for a whole load (with 500 ms), here also after a navigation inside the single-page app, where
 * that load state is not reached again. Fails after `limitMs`, naming what is still in flight.
 */
export async function networkQuiet(page: Page, quietMs = 250, limitMs = 20_000): Promise<void> {
  const state = traffic.get(page);
  if (!state) throw new Error('networkQuiet: call trackRequests(page) before navigating');
  const start = Date.now();
  while (state.open.size > 0 || Date.now() - state.changed < quietMs) {
    if (Date.now() - start > limitMs) {
      const open = [...state.open].map((request) => request.url());
      throw new Error(`the network was not quiet within ${limitMs} ms: ${open.join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
