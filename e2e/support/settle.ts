import type { Locator, Page } from 'playwright-core';
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
