import { useEffect } from 'react';
import type { BrandConfig, Locale, UserInfo } from '@vitrine/core';
import { HELP_WIDGET_LOCALE } from '../lib/locale';

/** Paths (without locale prefix) where the support chat shows: login, registration and root (spec §1). */
export const SUPPORT_CHAT_PATHS = ['/', '/login', '/reg'];

/** What a support-chat script exposes once loaded; it is polled for (spec §7: every 100 ms, ~100 tries). */
interface SupportChatApi {
  show(): void;
  hide(): void;
  identify(person: { name: string; email: string | null }): void;
  setLocale?(locale: string): void;
}

declare global {
  interface Window {
    supportChat?: SupportChatApi;
    clarity?: ((...args: unknown[]) => void) & { q?: unknown[] };
  }
}

function loadScript(id: string, src: string): void {
  if (document.getElementById(id)) return;
  const script = document.createElement('script');
  script.id = id;
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

function whenReady(check: () => SupportChatApi | undefined, then: (api: SupportChatApi) => void): () => void {
  let tries = 0;
  const timer = window.setInterval(() => {
    const api = check();
    tries += 1;
    if (api) {
      window.clearInterval(timer);
      then(api);
    } else if (tries >= 100) {
      window.clearInterval(timer);
    }
  }, 100);
  return () => window.clearInterval(timer);
}

/**
 * The support chat: loaded only when the deployment configures it, shown only on the login, registration
 * and root pages, hidden everywhere else, and told the user's name and e-mail where it shows.
 */
export function useSupportChat(
  brand: BrandConfig,
  path: string,
  user: UserInfo | null | undefined,
  locale: Locale,
) {
  const visible = SUPPORT_CHAT_PATHS.includes(path);
  const src = brand.supportChatScriptUrl;
  const name = user?.user.name;
  const email = user?.user.email ?? null;
  useEffect(() => {
    if (!src) return;
    if (visible) loadScript('support-chat', src);
    return whenReady(
      () => window.supportChat,
      (api) => {
        if (!visible) {
          api.hide();
          return;
        }
        api.setLocale?.(HELP_WIDGET_LOCALE[locale]);
        if (name) api.identify({ name, email });
        api.show();
      },
    );
  }, [src, visible, name, email, locale]);
}

/** Session analytics, only for users whose isClarityEnabled flag is on (spec §1). */
export function useSessionAnalytics(brand: BrandConfig, user: UserInfo | null | undefined) {
  const projectId = brand.clarityProjectId;
  const enabled = Boolean(user?.isClarityEnabled);
  const userId = user?.user.id;
  useEffect(() => {
    if (!projectId || !enabled) return;
    if (!window.clarity) {
      const queue: unknown[] = [];
      const clarity = (...args: unknown[]) => void queue.push(args);
      clarity.q = queue;
      window.clarity = clarity;
    }
    loadScript('session-analytics', `https://www.clarity.ms/tag/${encodeURIComponent(projectId)}`);
    if (userId !== undefined) window.clarity?.('identify', String(userId));
  }, [projectId, enabled, userId]);
}
