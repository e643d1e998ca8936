import { useTranslation } from 'react-i18next';
import { newLayer, type LayerKind, type StudioDocument, type StudioLayer } from '@vitrine/core';
import { notifyError } from '../../../lib/notify';
import type { useLibraryMedia } from '../studio.api';
import { changeLayer, changePage, freshLayerId, moveLayer } from './documentEdits';

type Page = StudioDocument['pages'][number];
type Library = ReturnType<typeof useLibraryMedia>['data'];

interface LayerEditsInput {
  doc: StudioDocument;
  page: Page;
  pageIndex: number;
  library: Library;
  selected: string | null;
  setSelected: (id: string | null) => void;
  /** A step of the history: the document changed from the current one. */
  change: (update: (doc: StudioDocument) => StudioDocument) => void;
}

/** The edits of the current page and its layers, each one step of the history. */
export function useLayerEdits({
  doc,
  page,
  pageIndex,
  library,
  selected,
  setSelected,
  change,
}: LayerEditsInput) {
  const { t } = useTranslation();
  const setPage = (update: (p: Page) => Page) => change((d) => changePage(d, pageIndex, update));
  const updateLayer = (id: string, update: (layer: StudioLayer) => StudioLayer) =>
    setPage((p) => changeLayer(p, id, update));
  const addLayer = (layerKind: LayerKind) => {
    const media = (library ?? []).find((f) => f.kind === (layerKind === 'video' ? 'video' : 'image'));
    if ((layerKind === 'image' || layerKind === 'video') && !media) {
      notifyError(t('studio.noMedia'));
      return;
    }
    const created = newLayer(
      layerKind,
      freshLayerId(layerKind, new Set(page.layers.map((l) => l.id))),
      doc,
      media?.id,
    );
    setPage((p) => ({ ...p, layers: [...p.layers, { ...created, name: t(`studio.kinds.${layerKind}`) }] }));
    setSelected(created.id);
  };
  const removeLayer = (target: string) => {
    setPage((p) => ({ ...p, layers: p.layers.filter((l) => l.id !== target) }));
    if (selected === target) setSelected(null);
  };
  const reorderLayer = (target: string, by: 1 | -1) => setPage((p) => moveLayer(p, target, by));
  return { setPage, updateLayer, addLayer, removeLayer, moveLayer: reorderLayer };
}

export type LayerEdits = ReturnType<typeof useLayerEdits>;
