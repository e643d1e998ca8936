import { useState } from 'react';
import type { GalleryItem } from '@vitrine/core';
import { keyOf } from './format';

/** The chosen folders and files, by key (a folder and a file may share an id). */
export function useSelection() {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const toggle = (item: GalleryItem) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(keyOf(item))) next.delete(keyOf(item));
      else next.add(keyOf(item));
      return next;
    });
  const clear = () => setSelected(new Set());
  return { selected, toggle, clear };
}
