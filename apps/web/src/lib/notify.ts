import { notifications } from '@mantine/notifications';
import { NOTIFICATION_MAX_LENGTH, NOTIFICATION_TIMEOUT_MS } from '@vitrine/core';

/** Spec §8: messages longer than 25 characters are cut to 25 followed by three dots. */
export function truncateMessage(message: string, max = NOTIFICATION_MAX_LENGTH): string {
  return message.length > max ? `${message.slice(0, max)}...` : message;
}

export interface NotifyOptions {
  /** Milliseconds before it dismisses itself; spec §9 default 5000. */
  timeout?: number;
  loading?: boolean;
}

export function notifySuccess(message: string, options: NotifyOptions = {}): void {
  notifications.show({
    message: truncateMessage(message),
    color: 'green',
    autoClose: options.timeout ?? NOTIFICATION_TIMEOUT_MS,
    loading: options.loading ?? false,
  });
}

export function notifyError(message: string, options: NotifyOptions = {}): void {
  notifications.show({
    message: truncateMessage(message),
    color: 'red',
    autoClose: options.timeout ?? NOTIFICATION_TIMEOUT_MS,
  });
}
