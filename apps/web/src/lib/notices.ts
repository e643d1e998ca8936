import { useSyncExternalStore } from 'react';
import { NOTIFICATION_MAX_LENGTH } from '@vitrine/core';

/** A toast's text cut to spec §9's length; the whole text stays in the history and behind 'More'. */
export function truncateMessage(message: string, max = NOTIFICATION_MAX_LENGTH): string {
  return message.length > max ? `${message.slice(0, max)}...` : message;
}

export type NoticeKind = 'success' | 'error' | 'warning' | 'info';

export interface Notice {
  id: number;
  kind: NoticeKind;
  /** The whole text (the toast shows its first 25 characters, spec §8). */
  message: string;
  at: number;
  read: boolean;
}

const MAX = 50;
let items: Notice[] = [];
let next = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listen) => listen());

/** Every notification this page showed, newest first, whole: the top bar's history reads it. */
export const notices = {
  add(kind: NoticeKind, message: string): void {
    items = [{ id: next++, kind, message, at: Date.now(), read: false }, ...items].slice(0, MAX);
    emit();
  },
  markRead(): void {
    if (items.every((n) => n.read)) return;
    items = items.map((n) => ({ ...n, read: true }));
    emit();
  },
  clear(): void {
    items = [];
    emit();
  },
  subscribe(listen: () => void): () => void {
    listeners.add(listen);
    return () => listeners.delete(listen);
  },
  snapshot: (): Notice[] => items,
};

export function useNotices(): Notice[] {
  return useSyncExternalStore(notices.subscribe, notices.snapshot);
}
