/** What a key does in the studio editor (outside a field): nothing is `null`. */
export type EditorKeyAction =
  | { kind: 'undo' }
  | { kind: 'redo' }
  | { kind: 'deselect' }
  | { kind: 'remove' }
  | { kind: 'nudge'; dx: number; dy: number };

/** The parts of a key event that decide its action. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

/**
 * Keyboard: Ctrl/Cmd+Z undo, Ctrl/Cmd+Shift+Z and Ctrl/Cmd+Y redo, Escape deselects, Delete and Backspace
 * remove the selected layer, the arrows nudge it by 1 (Shift: by 10) unless it is locked.
 */
export function editorKeyAction(
  press: KeyPress,
  selected: { locked: boolean } | null,
): EditorKeyAction | null {
  const mod = press.ctrlKey || press.metaKey;
  const key = press.key.toLowerCase();
  if (mod && key === 'z') return { kind: press.shiftKey ? 'redo' : 'undo' };
  if (mod && key === 'y') return { kind: 'redo' };
  if (press.key === 'Escape') return { kind: 'deselect' };
  if (selected && (press.key === 'Delete' || press.key === 'Backspace')) return { kind: 'remove' };
  if (selected && !selected.locked && press.key.startsWith('Arrow')) {
    const step = press.shiftKey ? 10 : 1;
    const dx = press.key === 'ArrowLeft' ? -step : press.key === 'ArrowRight' ? step : 0;
    const dy = press.key === 'ArrowUp' ? -step : press.key === 'ArrowDown' ? step : 0;
    return { kind: 'nudge', dx, dy };
  }
  return null;
}
