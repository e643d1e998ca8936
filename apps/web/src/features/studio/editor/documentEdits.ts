import type { StudioDocument, StudioLayer } from '@vitrine/core';

type Page = StudioDocument['pages'][number];
/** A layer's place on the canvas, as a gesture changes it. */
export type Box = Pick<StudioLayer, 'x' | 'y' | 'width' | 'height' | 'rotation'>;

/** A fresh id for a layer of the page: the kind and the first number not taken. */
export const freshLayerId = (kind: string, taken: Set<string>) => {
  for (let n = 1; ; n += 1) if (!taken.has(`${kind}-${n}`)) return `${kind}-${n}`;
};

/** A fresh id for a new page: `page-<count + 1>`, or the next number not taken. */
export const freshPageId = (pages: Page[]) => {
  const ids = new Set(pages.map((p) => p.id));
  let n = pages.length + 1;
  while (ids.has(`page-${n}`)) n += 1;
  return `page-${n}`;
};

/** The document with its page `pageIndex` changed. */
export const changePage = (doc: StudioDocument, pageIndex: number, change: (page: Page) => Page) => ({
  ...doc,
  pages: doc.pages.map((p, i) => (i === pageIndex ? change(p) : p)),
});

/** The page with one layer changed. */
export const changeLayer = (page: Page, id: string, update: (layer: StudioLayer) => StudioLayer) => ({
  ...page,
  layers: page.layers.map((l) => (l.id === id ? update(l) : l)),
});

/**
 * The page with a layer one step up (`1`, drawn later: in front) or down (`-1`) in the drawing order;
 * the page itself when the layer is not there or already at that end.
 */
export const moveLayer = (page: Page, id: string, by: 1 | -1): Page => {
  const from = page.layers.findIndex((l) => l.id === id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= page.layers.length) return page;
  const layers = [...page.layers];
  [layers[from], layers[to]] = [layers[to]!, layers[from]!];
  return { ...page, layers };
};

/** The document with a layer of the page placed in a new box (a gesture on the canvas). */
export const placeLayer = (doc: StudioDocument, pageIndex: number, id: string, box: Box) =>
  changePage(doc, pageIndex, (p) => changeLayer(p, id, (l) => ({ ...l, ...box })));

/** The layer's box moved by (dx, dy). */
export const nudgeLayer = (layer: StudioLayer, dx: number, dy: number): StudioLayer => ({
  ...layer,
  x: layer.x + dx,
  y: layer.y + dy,
});
