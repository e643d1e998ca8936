import { useSyncExternalStore } from 'react';

export type NoticeKind = 'success' | 'error' | 'warning' | 'info';

export interface Notice {
  id: number;
  kind: NoticeKind;
  /** The whole text, as the toast showed it. */
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
