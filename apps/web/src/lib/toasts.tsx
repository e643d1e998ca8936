import { lazy, Suspense, useSyncExternalStore } from 'react';
import type * as MantineNotifications from '@mantine/notifications';
import type { NotificationData } from '@mantine/notifications';
import { NOTIFICATION_TIMEOUT_MS } from '@vitrine/core';

/**
 * The toasts (Mantine's notifications), loaded with the first one: the sign-in page that shows none never
 * downloads them (about 30 KB of script with their transitions and scroll lock; bench/README-web.md).
 */
let loading: Promise<typeof MantineNotifications> | undefined;
const load = () => (loading ??= import('@mantine/notifications'));

let wanted = false;
const listeners = new Set<() => void>();

/** Shows a toast: the host mounts with the first, and shows what was asked before it was there. */
export function showToast(data: NotificationData): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void load().then(({ notifications }) => notifications.show(data));
}

const Notifications = lazy(() => load().then((module) => ({ default: module.Notifications })));

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Where the toasts are drawn (top right, at most five at once), from the first toast on. */
export function Toasts() {
  const shown = useSyncExternalStore(subscribe, () => wanted);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" autoClose={NOTIFICATION_TIMEOUT_MS} limit={5} />
    </Suspense>
  );
}
