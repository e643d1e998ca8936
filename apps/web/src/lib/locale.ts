import { DEFAULT_LOCALE, LANG_COOKIE, LANG_COOKIE_DAYS, LOCALES, type Locale } from '@vitrine/core';

const isLocale = (value: string | undefined): value is Locale =>
  value !== undefined && (LOCALES as readonly string[]).includes(value);

/** The locale a path is prefixed with (/ua, /it, /ru); English has no prefix. */
export function localeFromPath(pathname: string): Locale | null {
  const first = pathname.split('/')[1];
  return isLocale(first) && first !== DEFAULT_LOCALE ? first : null;
}

export function stripLocale(pathname: string): string {
  const locale = localeFromPath(pathname);
  if (!locale) return pathname;
  const rest = pathname.slice(locale.length + 1);
  return rest === '' ? '/' : rest;
}

/** A path (with its query) for a locale: /ua/login, /login. */
export function withLocale(path: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

export function readLangCookie(cookie: string = document.cookie): Locale | null {
  const value = cookie
    .split('; ')
    .find((c) => c.startsWith(`${LANG_COOKIE}=`))
    ?.split('=')[1];
  return isLocale(value) ? value : null;
}

export function writeLangCookie(locale: Locale): void {
  document.cookie = `${LANG_COOKIE}=${locale}; max-age=${LANG_COOKIE_DAYS * 24 * 3600}; path=/; samesite=lax`;
}

/**
 * Decides the locale at start-up. A prefixed URL wins and becomes the kept choice; an unprefixed URL with a
 * non-default language in the cookie is sent to its prefixed twin (spec §2: every target is prefixed).
 */
export function resolveStartLocale(): { locale: Locale; redirect?: string } {
  const { pathname, search, hash } = window.location;
  const fromPath = localeFromPath(pathname);
  const fromCookie = readLangCookie();
  if (fromPath) {
    if (fromCookie !== fromPath) writeLangCookie(fromPath);
    return { locale: fromPath };
  }
  if (fromCookie && fromCookie !== DEFAULT_LOCALE) {
    return { locale: fromCookie, redirect: withLocale(pathname, fromCookie) + search + hash };
  }
  return { locale: DEFAULT_LOCALE };
}

/** Switching sets the cookie, then reloads on the prefixed route (spec §1). */
export function switchLocale(locale: Locale): void {
  writeLangCookie(locale);
  const { pathname, search, hash } = window.location;
  window.location.assign(withLocale(stripLocale(pathname), locale) + search + hash);
}

/** The switcher's labels (spec §1). */
export const LOCALE_LABELS: Record<Locale, string> = { en: 'En', ua: 'Укр', it: 'It', ru: 'Ру' };
/** The help widget's language code: Russian maps to ru-RU (spec §1). */
export const HELP_WIDGET_LOCALE: Record<Locale, string> = { en: 'en', ua: 'uk', it: 'it', ru: 'ru-RU' };
