import { describe, expect, it } from 'vitest';
import { blankDocument, blankPage, newLayer, type StudioDocument } from '@vitrine/core';
import {
  changeLayer,
  changePage,
  freshLayerId,
  freshPageId,
  moveLayer,
  nudgeLayer,
  placeLayer,
} from './documentEdits';

/** A page with layers a, b, c (a drawn first, c in front). */
function withLayers(): StudioDocument {
  const doc = blankDocument();
  const layers = ['a', 'b', 'c'].map((id) => newLayer('shape', id, doc));
  return { ...doc, pages: [{ ...doc.pages[0]!, layers }] };
}
const order = (doc: StudioDocument, page = 0) => doc.pages[page]!.layers.map((l) => l.id);

describe('studio layer moves', () => {
  it('moves a layer up (forward) and down (backward) by one', () => {
    const page = withLayers().pages[0]!;
    expect(moveLayer(page, 'a', 1).layers.map((l) => l.id)).toEqual(['b', 'a', 'c']);
    expect(moveLayer(page, 'c', -1).layers.map((l) => l.id)).toEqual(['a', 'c', 'b']);
    expect(moveLayer(page, 'b', 1).layers.map((l) => l.id)).toEqual(['a', 'c', 'b']);
  });

  it('leaves the page as it is at the front, at the back, or for an unknown layer', () => {
    const page = withLayers().pages[0]!;
    expect(moveLayer(page, 'c', 1)).toBe(page);
    expect(moveLayer(page, 'a', -1)).toBe(page);
    expect(moveLayer(page, 'zz', 1)).toBe(page);
  });

  it('brings a layer to the front or the back one step at a time', () => {
    let page = withLayers().pages[0]!;
    page = moveLayer(moveLayer(page, 'a', 1), 'a', 1);
    expect(page.layers.map((l) => l.id)).toEqual(['b', 'c', 'a']);
    page = moveLayer(moveLayer(page, 'a', -1), 'a', -1);
    expect(page.layers.map((l) => l.id)).toEqual(['a', 'b', 'c']);
  });

  it('does not change the page it was given', () => {
    const page = withLayers().pages[0]!;
    moveLayer(page, 'a', 1);
    expect(page.layers.map((l) => l.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('studio document edits', () => {
  it('changes one page and one layer, the others stay', () => {
    const doc = withLayers();
    const two = { ...doc, pages: [...doc.pages, blankPage('page-2')] };
    const changed = changePage(two, 0, (p) => changeLayer(p, 'b', (l) => ({ ...l, name: 'B' })));
    expect(changed.pages[0]!.layers[1]!.name).toBe('B');
    expect(changed.pages[1]).toBe(two.pages[1]);
    expect(changed.pages[0]!.layers[0]).toBe(two.pages[0]!.layers[0]);
  });

  it('places a layer in a new box and nudges it', () => {
    const doc = withLayers();
    const placed = placeLayer(doc, 0, 'a', { x: 5, y: 6, width: 7, height: 8, rotation: 9 });
    expect(placed.pages[0]!.layers[0]).toMatchObject({ x: 5, y: 6, width: 7, height: 8, rotation: 9 });
    expect(nudgeLayer(placed.pages[0]!.layers[0]!, -10, 1)).toMatchObject({ x: -5, y: 7 });
    expect(order(placed)).toEqual(['a', 'b', 'c']);
  });

  it('names new layers and pages with the first number not taken', () => {
    expect(freshLayerId('text', new Set())).toBe('text-1');
    expect(freshLayerId('text', new Set(['text-1', 'text-2', 'shape-3']))).toBe('text-3');
    expect(freshPageId([blankPage('page-1')])).toBe('page-2');
    expect(freshPageId([blankPage('page-2'), blankPage('page-3')])).toBe('page-4');
  });
});
