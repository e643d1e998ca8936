import { memo, type DragEvent } from 'react';
import { ActionIcon } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { FileItem, GalleryItem, LayoutMode } from '@vitrine/core';
import { isFile } from '../files.api';
import { FileIcon } from './FileIcon';
import { GalleryIcon } from './GalleryIcons';
import './GalleryCard.css';
import { fileDetails } from './format';

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

/** The card's picture: the thumbnail or poster, else the file kind's icon, or a folder. */
function CardPicture({ file }: { file: FileItem | null }) {
  return file?.thumbUrl ? (
    <img src={file.thumbUrl} alt="" loading="lazy" />
  ) : file ? (
    <FileIcon file={file} />
  ) : (
    <GalleryIcon name="folder" size={48} />
  );
}

interface CardButtonsProps {
  item: GalleryItem;
  canCrud: boolean;
  canDelete: boolean;
  actions: CardActions;
  t: TFunction;
}

/** The card's favourite and rename buttons, as the role may. */
function CardButtons({ item, canCrud, canDelete, actions, t }: CardButtonsProps) {
  return (
    <>
      {canDelete && (
        <ActionIcon
          size="sm"
          variant="subtle"
          color="yellow"
          aria-label={t(item.favorite ? 'gallery.unfavorite' : 'gallery.favorite', { name: item.name })}
          aria-pressed={item.favorite}
          onClick={() => actions.favorite(item)}
        >
          <GalleryIcon name={item.favorite ? 'starFilled' : 'star'} size={14} />
        </ActionIcon>
      )}
      {canCrud && (
        <ActionIcon
          size="sm"
          variant="subtle"
          aria-label={t('gallery.rename', { name: item.name })}
          onClick={() => actions.rename(item)}
        >
          <GalleryIcon name="pencil" size={14} />
        </ActionIcon>
      )}
    </>
  );
}

/**
 * One file or folder in the gallery's tiles: its thumbnail (or icon), its checkbox where it may be chosen,
 * its whole name (wrapped; a file opens its preview, a folder opens), favourite and rename; it drags onto
 * a folder. Plain elements with the card's look (GalleryCard.css, per layout), about sixteen a card;
 * rendered again only when its own item, choice, rights or layout change (not on every scroll).
 */
export const GalleryCard = memo(function GalleryCard({
  item,
  selected,
  choosable,
  canCrud,
  canDelete,
  layout,
  actions,
  t,
}: {
  item: GalleryItem;
  selected: boolean;
  choosable: boolean;
  canCrud: boolean;
  canDelete: boolean;
  layout: Exclude<LayoutMode, 'LIST'>;
  actions: CardActions;
  /** The page's translation (one lookup of the hook for all cards, not one per card). */
  t: TFunction;
}) {
  const file = isFile(item) ? item : null;
  const open = () => (file ? actions.preview(file) : actions.openFolder(item.id));
  const details = file ? fileDetails(file) : null;
  return (
    <div
      className="vitrine-card"
      draggable={canCrud}
      onDragStart={(e) => actions.dragStart(e, item)}
      onDragOver={(e) => !file && e.preventDefault()}
      onDrop={(e) => !file && actions.drop(e, item.id)}
      data-testid="gallery-item"
      data-name={item.name}
      data-selected={selected || undefined}
      data-layout={layout}
    >
      {/* The picture opens too, for a pointer; the name is the control for everyone else. */}
      <div className="vitrine-card-thumb" onClick={open}>
        <CardPicture file={file} />
      </div>
      <div className="vitrine-card-bar">
        {choosable ? (
          <input
            type="checkbox"
            className="vitrine-card-check"
            aria-label={t('gallery.select', { name: item.name })}
            checked={selected}
            onChange={() => actions.toggle(item)}
          />
        ) : null}
        <button
          type="button"
          className="vitrine-card-name"
          data-folder={file ? undefined : true}
          onClick={open}
          title={item.name}
        >
          {item.name}
        </button>
        <CardButtons item={item} canCrud={canCrud} canDelete={canDelete} actions={actions} t={t} />
      </div>
      {details !== null && (
        <div className="vitrine-card-details" title={details}>
          {details}
        </div>
      )}
    </div>
  );
});
