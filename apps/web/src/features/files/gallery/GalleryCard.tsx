import { memo, type DragEvent } from 'react';
import { ActionIcon, Anchor, Card, Checkbox, Group, Image, Text } from '@mantine/core';
import { IconFolder, IconPencil, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FileItem, GalleryItem } from '@vitrine/core';
import { isFile } from '../files.api';
import { FileIcon } from './FileIcon';
import { fileDetails } from './format';

/**
 * One file or folder in the gallery's grid: its thumbnail (or icon), its checkbox where it may be chosen,
 * its name (a file opens its preview, a folder opens), favourite and rename. It drags onto a folder.
 */
/** What a card does; one object for every card, the same from render to render. */
export interface CardActions {
  toggle: (item: GalleryItem) => void;
  preview: (file: FileItem) => void;
  openFolder: (id: number) => void;
  dragStart: (event: DragEvent, item: GalleryItem) => void;
  drop: (event: DragEvent, folderId: number) => void;
  favorite: (item: GalleryItem) => void;
  rename: (item: GalleryItem) => void;
}

/** Rendered again only when its own item, choice or rights change (not on every scroll of a large folder). */
export const GalleryCard = memo(function GalleryCard({
  item,
  selected,
  choosable,
  canCrud,
  canDelete,
  actions,
}: {
  item: GalleryItem;
  selected: boolean;
  choosable: boolean;
  canCrud: boolean;
  canDelete: boolean;
  actions: CardActions;
}) {
  const { t } = useTranslation();
  const file = isFile(item) ? item : null;
  return (
    <Card
      withBorder
      padding="xs"
      draggable={canCrud}
      onDragStart={(e) => actions.dragStart(e, item)}
      onDragOver={(e) => !file && e.preventDefault()}
      onDrop={(e) => !file && actions.drop(e, item.id)}
      data-testid="gallery-item"
      data-name={item.name}
      style={{
        outline: selected ? '2px solid var(--mantine-color-blue-filled)' : undefined,
      }}
    >
      <Card.Section
        h={120}
        style={{
          display: 'grid',
          placeItems: 'center',
          background: 'var(--mantine-color-default-hover)',
          cursor: 'pointer',
        }}
        onClick={() => (file ? actions.preview(file) : actions.openFolder(item.id))}
      >
        {file?.thumbUrl ? (
          <Image src={file.thumbUrl} alt="" h={120} w="100%" fit="contain" />
        ) : file ? (
          <FileIcon file={file} />
        ) : (
          <IconFolder size={48} stroke={1.2} aria-hidden />
        )}
      </Card.Section>
      <Group justify="space-between" wrap="nowrap" mt="xs" gap={4}>
        {choosable ? (
          <Checkbox
            size="xs"
            aria-label={t('gallery.select', { name: item.name })}
            checked={selected}
            onChange={() => actions.toggle(item)}
          />
        ) : null}
        {file ? (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => actions.preview(file)}
            title={item.name}
            style={{ flex: 1, textAlign: 'left', minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {item.name}
          </Anchor>
        ) : (
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={600}
            onClick={() => actions.openFolder(item.id)}
            title={item.name}
            style={{ flex: 1, textAlign: 'left', minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {item.name}
          </Anchor>
        )}
        {canDelete && (
          <ActionIcon
            size="sm"
            variant="subtle"
            color="yellow"
            aria-label={t(item.favorite ? 'gallery.unfavorite' : 'gallery.favorite', { name: item.name })}
            aria-pressed={item.favorite}
            onClick={() => actions.favorite(item)}
          >
            {item.favorite ? <IconStarFilled size={14} /> : <IconStar size={14} />}
          </ActionIcon>
        )}
        {canCrud && (
          <ActionIcon
            size="sm"
            variant="subtle"
            aria-label={t('gallery.rename', { name: item.name })}
            onClick={() => actions.rename(item)}
          >
            <IconPencil size={14} />
          </ActionIcon>
        )}
      </Group>
      {file && (
        <Text size="xs" c="dimmed">
          {fileDetails(file)}
        </Text>
      )}
    </Card>
  );
});
