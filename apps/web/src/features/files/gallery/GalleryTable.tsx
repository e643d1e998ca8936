import type { DragEvent } from 'react';
import { Anchor, Checkbox, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FileItem, GalleryItem } from '@vitrine/core';
import { isFile } from '../files.api';
import { fileDetails, keyOf } from './format';

/** The list view: one row per folder or file, with its checkbox, name (opens or previews), type and details. */
export function GalleryTable({
  items,
  selected,
  canCrud,
  toggle,
  onPreview,
  onOpenFolder,
  startDrag,
  onDropOnFolder,
}: {
  items: GalleryItem[];
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
    <Table striped highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th />
          <Table.Th>{t('gallery.name')}</Table.Th>
          <Table.Th>{t('gallery.type')}</Table.Th>
          <Table.Th>{t('gallery.details')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr
            key={keyOf(item)}
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
                onClick={() => (isFile(item) ? onPreview(item) : onOpenFolder(item.id))}
              >
                {item.name}
              </Anchor>
            </Table.Td>
            <Table.Td>{isFile(item) ? item.mime : t('gallery.folder')}</Table.Td>
            <Table.Td>{isFile(item) ? fileDetails(item) : ''}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
