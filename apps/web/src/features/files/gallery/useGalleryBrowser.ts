import { useMemo, useRef, useState } from 'react';
import { useLocalStorage } from '@mantine/hooks';
import { LAYOUT_MODES, type FileItem, type GalleryItem } from '@vitrine/core';
import { useConfirm } from '../../../lib/confirm';
import { galleryKey, useGallery, useGalleryActions, type GallerySection } from '../files.api';
import { keyOf } from './format';
import type { GalleryView } from './GalleryToolbar';
import { useDragMove } from './useDragMove';
import { useFileDrop } from './useFileDrop';
import { useSelection } from './useSelection';
import { useUploads } from './useUploads';
import { useFetchDelayed } from '../../../lib/timing';

/** What the picker may do (spec §2). */
export interface GalleryModes {
  noLimitHeight?: boolean;
  noChooseFolders?: boolean;
  noChoose?: boolean;
  noCrud?: boolean;
  noDeleteAndFavorite?: boolean;
}

/** Which of the browser's dialogs is open: a file's preview, a name being given, an address being added. */
function useDialogs() {
  const [preview, setPreview] = useState<FileItem | null>(null);
  const [naming, setNaming] = useState<{ item?: GalleryItem } | null>(null);
  const [addingUrl, setAddingUrl] = useState(false);
  return { preview, setPreview, naming, setNaming, addingUrl, setAddingUrl };
}

/**
 * The gallery browser's state: the search, the list on screen and its actions, the selection, dragging
 * (items onto folders, files from the desktop), uploads, and which dialog is open.
 */
export function useGalleryBrowser({
  section,
  folderId,
  modes,
}: {
  section: Exclude<GallerySection, 'search'>;
  folderId: number;
  modes: GalleryModes;
}) {
  const confirm = useConfirm();
  const [search, setSearch] = useState('');
  const debounced = useFetchDelayed(search.trim());
  // The layout chosen last (page and picker alike), kept by the browser.
  const [stored, setView] = useLocalStorage<GalleryView>({
    key: 'vitrine.galleryLayout',
    defaultValue: 'FILL',
  });
  const view: GalleryView = LAYOUT_MODES.includes(stored) ? stored : 'FILL';
  const dialogs = useDialogs();
  const tempIds = useRef(-1);
  const uploads = useUploads(folderId);

  const listSection: GallerySection = debounced ? 'search' : section;
  const listArg = debounced ? debounced : section === 'home' || section === 'stock' ? folderId : undefined;
  const { data, isLoading } = useGallery(listSection, listArg);
  const actions = useGalleryActions(
    galleryKey(listSection, listArg),
    folderId,
    section === 'favorite' && !debounced,
  );
  const items = useMemo(() => data?.data ?? [], [data]);
  const selection = useSelection();
  const { selected, clear } = selection;
  const chosen = items.filter((i) => selected.has(keyOf(i)));
  const canCrud = !modes.noCrud && section === 'home' && !debounced;
  const canDelete = !modes.noDeleteAndFavorite && section !== 'stock';

  const move = (moving: GalleryItem[], target: number) => {
    actions.move.mutate({ items: moving, target });
    clear();
  };
  const { startDrag, onDropOnFolder } = useDragMove(items, selected, move);

  const drop = useFileDrop(canCrud, uploads.addFiles);
  const removeChosen = async (list: GalleryItem[]) => {
    if (list.length === 0 || !(await confirm())) return;
    actions.remove.mutate(list);
    clear();
  };

  const saveName = (item: GalleryItem | undefined, name: string) =>
    item
      ? actions.rename.mutateAsync({ item, name })
      : actions.createFolder.mutateAsync({ name, tempId: tempIds.current-- });

  return {
    section,
    folderId,
    modes,
    search,
    setSearch,
    debounced,
    view,
    setView,
    ...dialogs,
    ...uploads,
    data,
    isLoading,
    actions,
    items,
    ...selection,
    chosen,
    canCrud,
    canDelete,
    move,
    startDrag,
    onDropOnFolder,
    drop,
    removeChosen,
    saveName,
  };
}

export type GalleryBrowserState = ReturnType<typeof useGalleryBrowser>;
