import { useState } from 'react';
import { toggledId } from './selectionState';

/** Rows chosen for a bulk action: toggle one, choose or drop every row on the page, clear. */
export function useSelection() {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const toggle = (id: number) => setSelected((s) => toggledId(s, id));
  const setAll = (ids: number[], on: boolean) => setSelected(on ? new Set(ids) : new Set());
  const clear = () => setSelected(new Set());
  return { selected, ids: [...selected], toggle, setAll, clear };
}

export type Selection = ReturnType<typeof useSelection>;
