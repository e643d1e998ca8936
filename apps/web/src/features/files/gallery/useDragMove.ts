import type { DragEvent } from 'react';
import { ROOT_FOLDER_ID, type GalleryItem } from '@vitrine/core';
import { keyOf } from './format';

const DRAGGED = 'application/x-vitrine-items';

/**
 * Moving items by dragging them onto a folder: the dragged item, or the whole selection when it is part of
 * it, travels as keys; a drop on a folder (or the root) hands the items found to `onMove`.
 */
export function useDragMove(
  items: GalleryItem[],
  selected: Set<string>,
  onMove: (moving: GalleryItem[], target: number) => void,
) {
  const startDrag = (event: DragEvent, item: GalleryItem) => {
    const keys = selected.has(keyOf(item)) ? [...selected] : [keyOf(item)];
    event.dataTransfer.setData(DRAGGED, keys.join(','));
    event.dataTransfer.effectAllowed = 'move';
  };

  const onDropOnFolder = (event: DragEvent, target: number) => {
    const dragged = event.dataTransfer.getData(DRAGGED);
    if (!dragged) return;
    event.preventDefault();
    event.stopPropagation();
    const keys = new Set(dragged.split(','));
    const moving = items.filter((i) => keys.has(keyOf(i)));
    if (target < ROOT_FOLDER_ID || moving.length === 0) return;
    onMove(moving, target);
  };

  return { startDrag, onDropOnFolder };
}
