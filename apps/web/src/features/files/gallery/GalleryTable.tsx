import type { DragEvent } from 'react';
import { Anchor, Checkbox, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FileItem, GalleryItem } from '@vitrine/core';
import { SpacerRow } from '../../../lib/list/SpacerRow';
import type { VirtualRows } from '../../../lib/list/useVirtualRows';
import { isFile } from '../files.api';
import { fileDetails, keyOf } from './format';

/**
 * The list view: one row per folder or file, with its checkbox, name (opens or previews), type and details;
 * of a large folder only the `rows` in view, spacers standing in for the others.
 */
export function GalleryTable({
  items,
  rows,
  selected,
  canCrud,
  toggle,
  onPreview,
  onOpenFolder,
  startDrag,
  onDropOnFolder,
}: {
  items: GalleryItem[];
  rows: VirtualRows;
  selected: Set<string>;
  canCrud: boolean;
  toggle: (item: GalleryItem) => void;
  onPreview: (file: FileItem) => void;
  onOpenFolder: (id: number) => void;
  startDrag: (event: DragEvent, item: GalleryItem) => void;
  onDropOnFolder: (event: DragEvent, target: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table striped={rows.whole} highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th />
          <Table.Th>{t('gallery.name')}</Table.Th>
          <Table.Th>{t('gallery.type')}</Table.Th>
          <Table.Th>{t('gallery.details')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <SpacerRow height={rows.before} span={4} />
        {rows.items.map(({ index }) => {
          const item = items[index]!;
          return (
            <Table.Tr
              key={keyOf(item)}
              data-index={index}
              ref={rows.measure}
              draggable={canCrud}
              onDragStart={(e) => startDrag(e, item)}
              onDrop={(e) => !isFile(item) && onDropOnFolder(e, item.id)}
              onDragOver={(e) => !isFile(item) && e.preventDefault()}
            >
              <Table.Td>
                <Checkbox
                  size="xs"
                  aria-label={t('gallery.select', { name: item.name })}
                  checked={selected.has(keyOf(item))}
                  onChange={() => toggle(item)}
                />
              </Table.Td>
              <Table.Td>
                <Anchor
                  component="button"
                  type="button"
                  ta="left"
                  style={{ overflowWrap: 'anywhere' }}
                  onClick={() => (isFile(item) ? onPreview(item) : onOpenFolder(item.id))}
                >
                  {item.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{isFile(item) ? item.mime : t('gallery.folder')}</Table.Td>
              <Table.Td>{isFile(item) ? fileDetails(item) : ''}</Table.Td>
            </Table.Tr>
          );
        })}
        <SpacerRow height={rows.after} span={4} />
      </Table.Tbody>
    </Table>
  );
}
