import { describe, expect, it } from 'vitest';
import type { FileItem, FolderContents, FolderItem } from '@vitrine/core';
import {
  filesFirst,
  withFavoriteToggled,
  withNewFolder,
  withSavedFolder,
  withoutItems,
  withoutMoved,
} from './galleryEdits';

const folder = (id: number, favorite = false): FolderItem => ({
  id,
  name: `folder ${id}`,
  path: 0,
  index: 0,
  favorite,
  createdDate: '2026-01-01T00:00:00.000Z',
});
const file = (id: number, favorite = false): FileItem => ({
  ...folder(id, favorite),
  name: `file ${id}`,
  mime: 'image/png',
  kind: 'image',
  source: 'HOME',
  size: 1,
  width: null,
  height: null,
  duration: null,
  measuredBy: null,
  hash: null,
  tags: [],
  url: '',
  thumbUrl: null,
  remoteUrl: null,
  packageUrl: null,
});
const list = (...data: FolderContents['data']): FolderContents => ({ data, tags: [], breadcrumbs: [] });
const ids = (c: FolderContents) => c.data.map((i) => `${'mime' in i ? 'file' : 'folder'}:${i.id}`);

describe('gallery list edits', () => {
  it('tells a file from a folder of the same id', () => {
    const shown = list(folder(1), file(1), file(2));
    expect(ids(withoutItems(shown, [file(1)]))).toEqual(['folder:1', 'file:2']);
  });

  it('adds a new folder first, then swaps in the saved one', () => {
    const added = withNewFolder(list(file(1)), 7, { name: 'New', tempId: -1 });
    expect(added.data[0]).toMatchObject({ id: -1, name: 'New', path: 7, favorite: false });
    const saved = withSavedFolder(added, -1, folder(42));
    expect(ids(saved)).toEqual(['folder:42', 'file:1']);
  });

  it('toggles a favourite mark, or takes the item out of the favourites list', () => {
    const shown = list(folder(1), file(1, true));
    expect(withFavoriteToggled(shown, file(1, true), false).data.map((i) => i.favorite)).toEqual([
      false,
      false,
    ]);
    expect(ids(withFavoriteToggled(list(folder(3), file(1), file(2)), file(1), true))).toEqual([
      'file:2',
      'folder:3',
    ]);
  });

  it('moves items out of the folder, never the target folder itself, and nothing into the same folder', () => {
    const shown = list(folder(1), folder(2), file(3));
    const moved = withoutMoved(shown, 0, { items: [folder(1), folder(2), file(3)], target: 2 });
    expect(ids(moved)).toEqual(['folder:2']);
    expect(withoutMoved(shown, 0, { items: [file(3)], target: 0 })).toBe(shown);
  });

  it('puts files before folders, each in their order', () => {
    expect(filesFirst([folder(1), file(2), folder(3), file(4)]).map((i) => i.id)).toEqual([2, 4, 1, 3]);
  });
});
