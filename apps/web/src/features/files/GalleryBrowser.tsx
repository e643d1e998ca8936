import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FileItem } from '@vitrine/core';
import { isFile, type GallerySection } from './files.api';
import { GalleryContents } from './gallery/GalleryContents';
import { GalleryDialogs } from './gallery/GalleryDialogs';
import { GalleryHeader } from './gallery/GalleryHeader';
import { moveTargets } from './gallery/moveTargets';
import { RefusalsAlert } from './gallery/RefusalsAlert';
import { SelectionBar } from './gallery/SelectionBar';
import { UploadsPanel } from './gallery/UploadsPanel';
import { useGalleryBrowser, type GalleryModes } from './gallery/useGalleryBrowser';

export type { GalleryModes } from './gallery/useGalleryBrowser';

/**
 * The library browser: the Gallery page and the file picker that playlists, widgets and screens use.
 * Folders and files, breadcrumbs, grid and list views, multi-select, drag-and-drop upload and move,
 * favorites, tags, search, preview and delete. Its state is `useGalleryBrowser`; each part is in gallery/.
 */
export function GalleryBrowser({
  section,
  folderId,
  onOpenFolder,
  onChoose,
  modes = {},
}: {
  section: Exclude<GallerySection, 'search'>;
  folderId: number;
  onOpenFolder: (id: number) => void;
  onChoose?: (files: FileItem[]) => void;
  modes?: GalleryModes;
}) {
  const { t } = useTranslation();
  const b = useGalleryBrowser({ section, folderId, modes });
  const { canCrud, debounced } = b;
  return (
    <Stack {...b.drop}>
      <GalleryHeader browser={b} onOpenFolder={onOpenFolder} />
      {b.chosen.length > 0 && (
        <SelectionBar
          chosen={b.chosen}
          onChoose={onChoose}
          moveTargets={moveTargets(t, b.data, folderId, b.items, b.selected)}
          onMove={(target) => b.move(b.chosen, target)}
          onDelete={() => void b.removeChosen(b.chosen)}
          canCrud={canCrud}
          canDelete={b.canDelete}
        />
      )}
      <RefusalsAlert refusals={b.refusals} onClose={b.clearRefusals} />
      <UploadsPanel />
      <GalleryContents
        browser={b}
        empty={debounced ? t('common.nothingFound') : canCrud ? t('gallery.emptyHome') : t('gallery.empty')}
        choosable={(item) => !modes.noChoose && (isFile(item) || !modes.noChooseFolders)}
        limitHeight={!modes.noLimitHeight}
        onOpenFolder={onOpenFolder}
      />
      <GalleryDialogs browser={b} />
    </Stack>
  );
}
