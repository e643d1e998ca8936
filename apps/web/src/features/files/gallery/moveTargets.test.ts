import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { FolderContents, GalleryItem } from '@vitrine/core';
import { moveTargets } from './moveTargets';

const t = ((key: string) => key) as unknown as TFunction;
const folder = (id: number, name: string) => ({ id, name }) as unknown as GalleryItem;
const contents = (breadcrumbs: { id: number; name: string }[]) =>
  ({ data: [], tags: [], breadcrumbs }) as unknown as FolderContents;

describe('where a selection can be moved', () => {
  it('offers the root once in a folder just below it, never a value twice', () => {
    const targets = moveTargets(t, contents([{ id: 7, name: 'Big' }]), 7, [folder(8, 'Inner')], new Set());
    expect(targets).toEqual([
      { value: '0', label: 'gallery.root' },
      { value: '8', label: 'Inner' },
    ]);
  });

  it('offers up one level and the root deeper down, and no chosen folder', () => {
    const crumbs = [
      { id: 7, name: 'Big' },
      { id: 9, name: 'Deep' },
    ];
    const targets = moveTargets(t, contents(crumbs), 9, [folder(10, 'A'), folder(11, 'B')], new Set(['d11']));
    expect(targets.map((o) => o.value)).toEqual(['7', '0', '10']);
    expect(new Set(targets.map((o) => o.value)).size).toBe(targets.length);
  });

  it('offers only the folders here at the root', () => {
    expect(moveTargets(t, contents([]), 0, [folder(3, 'C')], new Set())).toEqual([
      { value: '3', label: 'C' },
    ]);
  });
});
