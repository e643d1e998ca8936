import { Group } from '@mantine/core';
import { GalleryBreadcrumbs } from './GalleryBreadcrumbs';
import { GalleryToolbar } from './GalleryToolbar';
import type { GalleryBrowserState } from './useGalleryBrowser';

/** Breadcrumbs (in a folder, not in a search or a flat section) and the toolbar, on one line. */
export function GalleryHeader({
  browser: b,
  onOpenFolder,
}: {
  browser: GalleryBrowserState;
  onOpenFolder: (id: number) => void;
}) {
  return (
    <Group justify="space-between" wrap="wrap">
      {(b.section === 'home' || b.section === 'stock') && !b.debounced ? (
        <GalleryBreadcrumbs
          breadcrumbs={b.data?.breadcrumbs}
          onOpenFolder={onOpenFolder}
          onDropOnFolder={b.onDropOnFolder}
        />
      ) : (
        <span />
      )}
      <GalleryToolbar
        search={b.search}
        setSearch={b.setSearch}
        view={b.view}
        setView={b.setView}
        canCrud={b.canCrud}
        onNewFolder={() => b.setNaming({})}
        onAddUrl={() => b.setAddingUrl(true)}
        addFiles={b.addFiles}
      />
    </Group>
  );
}
