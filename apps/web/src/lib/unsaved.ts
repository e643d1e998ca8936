import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useConfirm } from './confirm';

/**
 * What was last saved (or loaded) of a form's value, beside the value itself: `isDirty` says whether they
 * differ, read when it is asked (a navigation starting, the tab closing), never a render late.
 */
export function useSavedState<T>(value: T) {
  const current = useRef(value);
  current.current = value;
  const saved = useRef(JSON.stringify(value));
  const isDirty = useCallback(() => JSON.stringify(current.current) !== saved.current, []);
  /** Marks `value` (by default the value shown) as saved: a save succeeded, or the record loaded. */
  const markSaved = useCallback((value?: T) => {
    saved.current = JSON.stringify(value === undefined ? current.current : value);
  }, []);
  return { isDirty, markSaved };
}

/**
 * Spec §5: leaving a form with unsaved changes asks first. A navigation inside the cabinet (a link, the
 * menu, back) asks with the cabinet's dialog and stays when the answer is no; closing or reloading the
 * tab asks with the browser's own question. `leave` goes somewhere unasked (after a removal, say).
 */
export function useUnsavedChanges(isDirty: () => boolean): {
  leave: (go: () => Promise<unknown>) => Promise<void>;
} {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const free = useRef(false);
  const dirty = useRef(isDirty);
  useEffect(() => {
    dirty.current = isDirty;
  });
  useBlocker({
    shouldBlockFn: async () => {
      if (free.current || !dirty.current()) return false;
      return !(await confirm(t('common.unsaved')));
    },
    enableBeforeUnload: () => !free.current && dirty.current(),
  });
  const leave = useCallback(async (go: () => Promise<unknown>) => {
    free.current = true;
    try {
      await go();
    } finally {
      free.current = false;
    }
  }, []);
  return { leave };
}

/**
 * Ctrl+S (⌘S) saves the editor, wherever the focus is: in a field too (the browser's own 'Save page'
 * is not offered). `save` is read when the keys are pressed, so it sends what the form shows.
 */
export function useSaveShortcut(save: () => unknown): void {
  const latest = useRef(save);
  useEffect(() => {
    latest.current = save;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      if (!event.repeat) void latest.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/**
 * A dialog's form: leaving the page asks as any form does, and so does closing the dialog (Escape, its
 * cross, a click beside it) while it holds unsaved changes. Answers the dialog's guarded close.
 */
export function useUnsavedDialog(isDirty: () => boolean, close: () => void): () => void {
  const { t } = useTranslation();
  const confirm = useConfirm();
  useUnsavedChanges(isDirty);
  return () => {
    if (!isDirty()) close();
    else void confirm(t('common.unsaved')).then((leave) => leave && close());
  };
}
