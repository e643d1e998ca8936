import { useEffect } from 'react';
import type { StudioLayer } from '@vitrine/core';
import { useSaveShortcut } from '../../../lib/unsaved';
import { nudgeLayer } from './documentEdits';
import { editorKeyAction } from './keys';

interface KeyHandlers {
  layer: StudioLayer | null;
  submit: () => unknown;
  undo: () => void;
  redo: () => void;
  deselect: () => void;
  removeLayer: (id: string) => void;
  updateLayer: (id: string, update: (layer: StudioLayer) => StudioLayer) => void;
}

/** The editor's shortcuts: undo, redo, deselect, delete and nudge (Shift: by 10) (editorKeyAction). */
export function useEditorKeys({
  layer,
  submit,
  undo,
  redo,
  deselect,
  removeLayer,
  updateLayer,
}: KeyHandlers) {
  // Ctrl+S saves from anywhere, a field included; the other keys act on the canvas, not in a field.
  useSaveShortcut(submit);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const action = editorKeyAction(event, layer);
      if (!action) return;
      if (action.kind !== 'deselect') event.preventDefault();
      if (action.kind === 'undo') undo();
      else if (action.kind === 'redo') redo();
      else if (action.kind === 'deselect') deselect();
      else if (layer && action.kind === 'remove') removeLayer(layer.id);
      else if (layer && action.kind === 'nudge')
        updateLayer(layer.id, (l) => nudgeLayer(l, action.dx, action.dy));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
}
