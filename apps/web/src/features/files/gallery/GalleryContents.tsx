import { useLayoutEffect, useRef, useState } from 'react';
import { Card, Loader, ScrollArea, SimpleGrid, Text } from '@mantine/core';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { GalleryItem } from '@vitrine/core';
import { useVirtualRows } from '../../../lib/list/useVirtualRows';
import { keyOf } from './format';
import { GalleryCard, type CardActions } from './GalleryCard';
import { GalleryIconSprite } from './GalleryIcons';
import { GalleryTable } from './GalleryTable';
import { GAP, ROW_ESTIMATE, useColumns } from './layout';
import type { GalleryBrowserState } from './useGalleryBrowser';

/** A list row before it is measured. */
const TABLE_ROW = 41;
/** Folders up to this many items are rendered whole; larger ones (10,000 files) only where they are seen. */
const WHOLE_UP_TO = 120;

/**
 * What a card does, through one object that stays the same from render to render: a scroll renders only
 * the cards coming into view, not every card on screen again.
 */
function useCardActions(b: GalleryBrowserState, onOpenFolder: (id: number) => void) {
  const latest = useRef({ b, onOpenFolder });
  useLayoutEffect(() => {
    latest.current = { b, onOpenFolder };
  });
  const [actions] = useState<CardActions>(() => ({
    toggle: (item) => latest.current.b.toggle(item),
    preview: (file) => latest.current.b.setPreview(file),
    openFolder: (id) => latest.current.onOpenFolder(id),
    dragStart: (event, item) => latest.current.b.startDrag(event, item),
    drop: (event, id) => latest.current.b.onDropOnFolder(event, id),
    favorite: (item) => latest.current.b.actions.toggleFavorite.mutate(item),
    rename: (item) => latest.current.b.setNaming({ item }),
  }));
  return actions;
}

/**
 * The layout (spec §3): LIST is the table, the others tiles in rows of as many columns as fit; a large
 * folder's rows are rendered only in (and near) view, in the picker's box or on the page.
 */
function useGalleryLayout(b: GalleryBrowserState, limitHeight: boolean) {
  const { items } = b;
  const box = useRef<HTMLDivElement>(null);
  const start = useRef<HTMLDivElement>(null);
  // The layout (spec §3): LIST is the table, the others tiles in rows of `cols`.
  const { ref: frame, width } = useElementSize();
  const cols = useColumns(b.view, width);
  const anchor = useMergedRef(frame, start);
  const grid = b.view !== 'LIST';
  const rowCount = grid ? Math.ceil(items.length / cols) : items.length;
  const rows = useVirtualRows({
    count: rowCount,
    estimate: b.view === 'LIST' ? TABLE_ROW : ROW_ESTIMATE[b.view],
    keyOf: (index) => (grid ? `${b.view}/${index}/${cols}` : keyOf(items[index]!)),
    anchor: start,
    ...(limitHeight ? { scroller: box } : {}),
    wholeUpTo: grid ? Math.ceil(WHOLE_UP_TO / cols) : WHOLE_UP_TO,
    // A row of tiles is tall (and up to nine of them): one row beyond the window on each side is enough.
    // Names are shown whole (wrapped), so rows are measured as they come into view.
    overscan: grid ? 1 : 2,
  });
  return { box, anchor, grid, cols, rows };
}

/**
 * The open folder's (or the search's) items as cards or rows, or a loader, or what to say when empty. A
 * large folder renders only the cards or rows in (and near) view: in the picker's box, the box scrolls
 * them; on the page, the window.
 */
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
  const { t } = useTranslation();
  const { items, selected, canCrud } = b;
  const actions = useCardActions(b, onOpenFolder);
  const card = (item: GalleryItem) => (
    <GalleryCard
      key={keyOf(item)}
      item={item}
      selected={selected.has(keyOf(item))}
      choosable={choosable(item)}
      canCrud={canCrud}
      canDelete={b.canDelete}
      layout={b.view === 'LIST' ? 'FILL' : b.view}
      actions={actions}
      t={t}
    />
  );
  const { box, anchor, grid, cols, rows } = useGalleryLayout(b, limitHeight);
  return (
    <ScrollArea.Autosize mah={limitHeight ? '70vh' : undefined} viewportRef={box}>
      <GalleryIconSprite>
        <div ref={anchor}>
          {b.isLoading ? (
            <Loader />
          ) : items.length === 0 ? (
            <Card withBorder p="xl">
              <Text ta="center" c="dimmed">
                {empty}
              </Text>
            </Card>
          ) : grid && rows.whole ? (
            <SimpleGrid cols={cols} spacing={GAP} verticalSpacing={GAP}>
              {items.map(card)}
            </SimpleGrid>
          ) : grid ? (
            <div style={{ paddingTop: rows.before, paddingBottom: rows.after }}>
              {rows.items.map((row) => (
                <SimpleGrid
                  key={row.key}
                  data-index={row.index}
                  ref={rows.measure}
                  cols={cols}
                  spacing={GAP}
                  pb={GAP}
                >
                  {items.slice(row.index * cols, (row.index + 1) * cols).map(card)}
                </SimpleGrid>
              ))}
            </div>
          ) : (
            <GalleryTable
              items={items}
              rows={rows}
              selected={selected}
              canCrud={canCrud}
              toggle={b.toggle}
              onPreview={b.setPreview}
              onOpenFolder={onOpenFolder}
              startDrag={b.startDrag}
              onDropOnFolder={b.onDropOnFolder}
            />
          )}
        </div>
      </GalleryIconSprite>
    </ScrollArea.Autosize>
  );
}
