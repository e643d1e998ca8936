import { Card, Loader, ScrollArea, SimpleGrid, Text } from '@mantine/core';
import type { GalleryItem } from '@vitrine/core';
import { keyOf } from './format';
import { GalleryCard } from './GalleryCard';
import { GalleryTable } from './GalleryTable';
import type { GalleryBrowserState } from './useGalleryBrowser';

/** The open folder's (or the search's) items as cards or rows, or a loader, or what to say when empty. */
export function GalleryContents({
  browser: b,
  empty,
  choosable,
  limitHeight,
  onOpenFolder,
}: {
  browser: GalleryBrowserState;
  /** Shown when there is nothing. */
  empty: string;
  choosable: (item: GalleryItem) => boolean;
  limitHeight: boolean;
  onOpenFolder: (id: number) => void;
}) {
  const { items, selected, canCrud, toggle, startDrag, onDropOnFolder } = b;
  const card = (item: GalleryItem) => (
    <GalleryCard
      key={keyOf(item)}
      item={item}
      selected={selected.has(keyOf(item))}
      choosable={choosable(item)}
      canCrud={canCrud}
      canDelete={b.canDelete}
      onToggle={() => toggle(item)}
      onPreview={b.setPreview}
      onOpenFolder={() => onOpenFolder(item.id)}
      onDragStart={(e) => startDrag(e, item)}
      onDropOnFolder={(e) => onDropOnFolder(e, item.id)}
      onFavorite={() => b.actions.toggleFavorite.mutate(item)}
      onRename={() => b.setNaming({ item })}
    />
  );
  return (
    <ScrollArea.Autosize mah={limitHeight ? '70vh' : undefined}>
      {b.isLoading ? (
        <Loader />
      ) : items.length === 0 ? (
        <Card withBorder p="xl">
          <Text ta="center" c="dimmed">
            {empty}
          </Text>
        </Card>
      ) : b.view === 'grid' ? (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} spacing="sm">
          {items.map(card)}
        </SimpleGrid>
      ) : (
        <GalleryTable
          items={items}
          selected={selected}
          canCrud={canCrud}
          toggle={toggle}
          onPreview={b.setPreview}
          onOpenFolder={onOpenFolder}
          startDrag={startDrag}
          onDropOnFolder={onDropOnFolder}
        />
      )}
    </ScrollArea.Autosize>
  );
}
