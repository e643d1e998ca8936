import { createContext, useContext, useId, type ReactNode } from 'react';
import {
  IconBroadcast,
  IconFile,
  IconFileMusic,
  IconFolder,
  IconMovie,
  IconPencil,
  IconStar,
  IconStarFilled,
} from '@tabler/icons-react';

/**
 * The gallery's icons drawn once, in a hidden sprite, and shown by reference (`<svg><use>`): two elements an
 * icon instead of a Tabler icon's own paths, on every card of a large folder.
 */
const ICONS = {
  file: IconFile,
  music: IconFileMusic,
  movie: IconMovie,
  broadcast: IconBroadcast,
  folder: IconFolder,
  pencil: IconPencil,
  star: IconStar,
  starFilled: IconStarFilled,
};
export type GalleryIconName = keyof typeof ICONS;

/** The sprite's id prefix: one per gallery on the page, so two never share an id. */
const Sprite = createContext('vitrine-gallery-icon');

/** Draws the sprite once and lets the icons inside refer to it. */
export function GalleryIconSprite({ children }: { children: ReactNode }) {
  const prefix = `vitrine-icon${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <Sprite.Provider value={prefix}>
      <svg aria-hidden width={0} height={0} style={{ position: 'absolute' }}>
        {Object.entries(ICONS).map(([name, Icon]) => (
          <symbol key={name} id={`${prefix}-${name}`} viewBox="0 0 24 24">
            <Icon size={24} stroke={name === 'folder' || name === 'file' ? 1.2 : 1.5} />
          </symbol>
        ))}
      </svg>
      {children}
    </Sprite.Provider>
  );
}

/** One of the sprite's icons (decorative: what it means is said by the control or text beside it). */
export function GalleryIcon({ name, size }: { name: GalleryIconName; size: number }) {
  const prefix = useContext(Sprite);
  return (
    <svg aria-hidden width={size} height={size}>
      <use href={`#${prefix}-${name}`} />
    </svg>
  );
}
