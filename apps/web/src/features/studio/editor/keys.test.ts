import { describe, expect, it } from 'vitest';
import { editorKeyAction, type KeyPress } from './keys';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});
const free = { locked: false };
const locked = { locked: true };

describe('studio editor keys', () => {
  it('undoes with Ctrl or Cmd + Z, redoes with Shift or Y', () => {
    expect(editorKeyAction(press('z', { ctrlKey: true }), null)).toEqual({ kind: 'undo' });
    expect(editorKeyAction(press('Z', { metaKey: true }), null)).toEqual({ kind: 'undo' });
    expect(editorKeyAction(press('Z', { ctrlKey: true, shiftKey: true }), null)).toEqual({ kind: 'redo' });
    expect(editorKeyAction(press('y', { ctrlKey: true }), free)).toEqual({ kind: 'redo' });
    expect(editorKeyAction(press('z'), null)).toBeNull();
  });

  it('deselects with Escape', () => {
    expect(editorKeyAction(press('Escape'), null)).toEqual({ kind: 'deselect' });
  });

  it('removes the selected layer with Delete or Backspace, locked or not', () => {
    expect(editorKeyAction(press('Delete'), free)).toEqual({ kind: 'remove' });
    expect(editorKeyAction(press('Backspace'), locked)).toEqual({ kind: 'remove' });
    expect(editorKeyAction(press('Delete'), null)).toBeNull();
  });

  it('nudges an unlocked layer by 1, by 10 with Shift', () => {
    expect(editorKeyAction(press('ArrowLeft'), free)).toEqual({ kind: 'nudge', dx: -1, dy: 0 });
    expect(editorKeyAction(press('ArrowRight'), free)).toEqual({ kind: 'nudge', dx: 1, dy: 0 });
    expect(editorKeyAction(press('ArrowUp', { shiftKey: true }), free)).toEqual({
      kind: 'nudge',
      dx: 0,
      dy: -10,
    });
    expect(editorKeyAction(press('ArrowDown'), free)).toEqual({ kind: 'nudge', dx: 0, dy: 1 });
    expect(editorKeyAction(press('ArrowDown'), locked)).toBeNull();
    expect(editorKeyAction(press('ArrowDown'), null)).toBeNull();
  });

  it('ignores other keys', () => {
    expect(editorKeyAction(press('a'), free)).toBeNull();
    expect(editorKeyAction(press('Enter'), free)).toBeNull();
  });
});
