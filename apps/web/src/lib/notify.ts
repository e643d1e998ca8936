import { createElement } from 'react';
import { NOTIFICATION_TIMEOUT_MS } from '@vitrine/core';
import { NoticeMessage } from './NoticeMessage';
import { notices, type NoticeKind } from './notices';
import { showToast } from './toasts';

export interface NotifyOptions {
  /** Milliseconds before it dismisses itself; spec §9 default 5000. */
  timeout?: number;
  loading?: boolean;
}

/** A success is green, a refusal red, a partial outcome yellow, a pending one blue: never a refusal in green. */
const COLORS: Record<NoticeKind, string> = {
  success: 'green',
  error: 'red',
  warning: 'yellow',
  info: 'blue',
};

/** A toast (its whole text, wrapped) that also goes to the top bar's history. */
export function notify(kind: NoticeKind, message: string, options: NotifyOptions = {}): void {
  notices.add(kind, message);
  showToast({
    message: createElement(NoticeMessage, { text: message }),
    color: COLORS[kind],
    className: `vitrine-notice-${kind}`,
    autoClose: options.timeout ?? NOTIFICATION_TIMEOUT_MS,
    loading: options.loading ?? false,
  });
}

export const notifySuccess = (message: string, options?: NotifyOptions) =>
  notify('success', message, options);
export const notifyError = (message: string, options?: NotifyOptions) => notify('error', message, options);
