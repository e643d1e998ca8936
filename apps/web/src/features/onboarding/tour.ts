import { useSyncExternalStore } from 'react';

/**
 * The how-to-start onboarding: a card on the dashboard until its person dismisses it (per person and
 * browser), and the tour, opened from the card or from the help menu whenever asked.
 */
let open = false;
let version = 0;
const listeners = new Set<() => void>();
const emit = () => {
  version += 1;
  listeners.forEach((listen) => listen());
};
const dismissedKey = (userId: number) => `vitrine.howToStart.dismissed.${userId}`;

export const tour = {
  open(): void {
    open = true;
    emit();
  },
  close(): void {
    open = false;
    emit();
  },
  dismissed: (userId: number): boolean => localStorage.getItem(dismissedKey(userId)) !== null,
  dismiss(userId: number): void {
    localStorage.setItem(dismissedKey(userId), '1');
    emit();
  },
  subscribe(listen: () => void): () => void {
    listeners.add(listen);
    return () => listeners.delete(listen);
  },
};

export const useTourOpen = (): boolean => useSyncExternalStore(tour.subscribe, () => open);

/** Whether the how-to-start card is dismissed, following a dismissal at once. */
export function useHowToStartDismissed(userId: number): boolean {
  useSyncExternalStore(tour.subscribe, () => version);
  return tour.dismissed(userId);
}
