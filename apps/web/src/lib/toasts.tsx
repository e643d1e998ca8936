import { useSyncExternalStore } from 'react';
import type * as MantineNotifications from '@mantine/notifications';
import type { NotificationData } from '@mantine/notifications';
import { NOTIFICATION_TIMEOUT_MS } from '@vitrine/core';
import { loadOnce } from './loadOnce';

/**
 * The toasts (Mantine's notifications), loaded with the first one: the sign-in page that shows none never
 * downloads them (about 30 KB of script with their transitions and scroll lock; bench/README-web.md).
 */
let loaded: typeof MantineNotifications | undefined;
const listeners = new Set<() => void>();

/** Loads the toasts once; a load that failed (offline, a chunk a new release replaced) is tried again. */
const load = loadOnce(() =>
  import('@mantine/notifications').then((module) => {
    loaded = module;
    for (const listener of listeners) listener();
    return module;
  }),
);

/**
 * Shows a toast once the toasts are there. One that cannot be drawn (their chunk did not come) is still
 * in the top bar's history, where `notify` put it first.
 */
export function showToast(data: NotificationData): void {
  load().then(
    ({ notifications }) => notifications.show(data),
    () => undefined,
  );
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Where the toasts are drawn (top right, at most five at once), from the first toast on. Not a lazy
 * component: a chunk that fails to come must not take the app down with it.
 */
export function Toasts() {
  const module = useSyncExternalStore(subscribe, () => loaded);
  if (!module) return null;
  return <module.Notifications position="top-right" autoClose={NOTIFICATION_TIMEOUT_MS} limit={5} />;
}
