import { PLAYLIST_DEFAULTS, itemSeconds, type PlaylistItem } from '@vitrine/core';

/** 'm:ss', as the content lists show lengths. */
export const formatSeconds = (s: number) =>
  `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;

/** The list with the item at `from` moved to `to`. */
export function moveItem<T>(items: T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** The list with one item changed. */
export const changeAt = <T>(items: T[], index: number, change: Partial<T>): T[] =>
  items.map((x, i) => (i === index ? { ...x, ...change } : x));

/** How long the list plays: each item's own length, else its duration, else the default. */
export const itemsSeconds = (items: PlaylistItem[]) =>
  items.reduce((sum, i) => sum + itemSeconds(i, i.mediaDuration), 0);

/** A new block section, last in order. */
export const newSection = (order: number) => ({
  duration: PLAYLIST_DEFAULTS.sectionDuration,
  duplicate: null,
  order,
  repeat: 1,
  files: [] as PlaylistItem[],
});
