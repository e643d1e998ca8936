import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { blankDocument, withUploadedFonts, type StudioDocument } from '@vitrine/core';
import type { RenderWarning } from '@vitrine/render';
import { useSavedState, useUnsavedChanges } from '../../../lib/unsaved';
import { useHistory } from '../history';
import { useLibraryMedia, useStudioItem, type StudioKind } from '../studio.api';
import { placeLayer, type Box } from './documentEdits';
import { useEditorKeys } from './useEditorKeys';
import { useLayerEdits } from './useLayerEdits';
import { useStudioSave } from './useStudioSave';

/** What the renderer could not draw (a font, a file), each said once until the document changes. */
function useRenderWarnings(doc: StudioDocument) {
  const { t } = useTranslation();
  const [warnings, setWarnings] = useState<string[]>([]);
  const onWarning = useCallback(
    (w: RenderWarning) => {
      const text =
        w.kind === 'font'
          ? t('studio.fontMissing', { family: w.family })
          : t('studio.fileMissing', { id: w.fileId });
      setWarnings((list) => (list.includes(text) ? list : [...list, text]));
    },
    [t],
  );
  useEffect(() => setWarnings([]), [doc]);
  return { warnings, onWarning };
}

/**
 * A gesture on the canvas: each move replaces the document (no step), its end makes one step of the
 * history from the document before the gesture began.
 */
function useCanvasGesture(
  doc: StudioDocument,
  pageIndex: number,
  history: ReturnType<typeof useHistory<StudioDocument>>,
) {
  // The document before a gesture on the canvas began: one step of the history once it ends.
  const gestureFrom = useRef<StudioDocument | null>(null);
  const latest = useRef(doc);
  latest.current = doc;
  const onChange = (target: string, box: Box) => {
    const current = latest.current;
    gestureFrom.current ??= current;
    history.replace(placeLayer(current, pageIndex, target, box));
  };
  const onCommit = () => {
    if (gestureFrom.current) history.commit(gestureFrom.current, latest.current);
    gestureFrom.current = null;
  };
  return { onChange, onCommit };
}

/**
 * The studio editor's state: the item loaded (or a blank one for 'new'), the document with its undo
 * history, the name, the page and layer selected, the edits, the canvas gestures, the save, the keyboard,
 * and the warning before leaving with unsaved changes.
 */
export function useStudioEditor(kind: StudioKind) {
  const params = useParams({ strict: false });
  const id = params.id && params.id !== 'new' ? Number(params.id) : null;
  const { data: item } = useStudioItem(kind, id);
  const history = useHistory<StudioDocument>(blankDocument());
  const { data: library } = useLibraryMedia();
  const fontFiles = useMemo(() => (library ?? []).filter((f) => f.kind === 'font'), [library]);
  // The uploaded fonts the text uses go with the document: drawn here, saved, and cached by screens.
  const doc = useMemo(() => withUploadedFonts(history.value, fontFiles), [history.value, fontFiles]);
  const [name, setName] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const { reset } = history;
  // Spec §5: leaving with unsaved changes asks first; what was loaded or saved last is the baseline.
  const { isDirty, markSaved } = useSavedState({ name, document: history.value });
  useUnsavedChanges(isDirty);
  // The item is put in the editor once per item: a refetch (after a save, which moves its revision) keeps
  // what is being edited and its undo history; the query's answer still carries the new revision.
  const loaded = useRef<number | null>(null);
  useEffect(() => {
    if (item && loaded.current !== item.id) {
      loaded.current = item.id;
      reset(item.document);
      setName(item.name);
      markSaved({ name: item.name, document: item.document });
    }
  }, [item, reset, markSaved]);

  const page = doc.pages[pageIndex] ?? doc.pages[0]!;
  const layer = page.layers.find((l) => l.id === selected) ?? null;
  const urls = useMemo(() => new Map((library ?? []).map((f) => [f.id, f.url])), [library]);
  const fileUrl = useCallback((fileId: number) => urls.get(fileId) ?? null, [urls]);
  const { warnings, onWarning } = useRenderWarnings(doc);
  const edits = useLayerEdits({ doc, page, pageIndex, library, selected, setSelected, change: history.set });
  // A new item, once saved, is already in the editor as the server holds it: it is not put in again when
  // its address opens (the user may be typing by then).
  const adopt = useCallback((savedId: number) => {
    loaded.current = savedId;
  }, []);
  const save = useStudioSave({ kind, id, item, name, doc, edited: history.value, markSaved, adopt });
  useEditorKeys({
    ...edits,
    layer,
    submit: save.submit,
    undo: history.undo,
    redo: history.redo,
    deselect: () => setSelected(null),
  });
  const gesture = useCanvasGesture(doc, pageIndex, history);

  return {
    history,
    doc,
    page,
    layer,
    library,
    fontFiles,
    fileUrl,
    warnings,
    onWarning,
    gesture,
    save,
    edits,
    name,
    setName,
    pageIndex,
    setPageIndex,
    selected,
    setSelected,
  };
}

export type StudioEditor = ReturnType<typeof useStudioEditor>;
