import i18n, { type InitOptions, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, type Locale } from '@vitrine/core';
import { loadOnce } from '../lib/loadOnce';

/**
 * The spec's locale codes are en, ua, it and ru; i18next and Intl speak BCP 47, where Ukrainian is 'uk'.
 * i18next runs under the BCP 47 code so plural forms follow the language's own rules (one, few, many,
 * other in Ukrainian), and the app reads its locale back through appLocale().
 */
export const i18nLanguage = (locale: Locale): string => (locale === 'ua' ? 'uk' : locale);
export const appLocale = (language: string): Locale => (language === 'uk' ? 'ua' : language) as Locale;

/** i18next's settings for a locale over the given strings; English is the fallback (spec §1). */
export const i18nSettings = (locale: Locale, resources: Resource): InitOptions => ({
  resources,
  lng: i18nLanguage(locale),
  fallbackLng: DEFAULT_LOCALE,
  interpolation: { escapeValue: false },
});

type Strings = Record<string, unknown>;
const def = (module: { default: Strings }) => module.default;

/**
 * Each locale's strings in two chunks (scripts/vite/locale-strings.ts, sections.ts): the first part is all
 * the sign-in page and the other pages outside the layout need; the rest comes with the layout's pages. A
 * page loads its own language only (a locale change reloads).
 */
const PARTS: Record<Locale, { first: () => Promise<Strings>; rest: () => Promise<Strings> }> = {
  en: {
    first: () => import('virtual:vitrine-strings/en/first').then(def),
    rest: () => import('virtual:vitrine-strings/en/rest').then(def),
  },
  ua: {
    first: () => import('virtual:vitrine-strings/ua/first').then(def),
    rest: () => import('virtual:vitrine-strings/ua/rest').then(def),
  },
  it: {
    first: () => import('virtual:vitrine-strings/it/first').then(def),
    rest: () => import('virtual:vitrine-strings/it/rest').then(def),
  },
  ru: {
    first: () => import('virtual:vitrine-strings/ru/first').then(def),
    rest: () => import('virtual:vitrine-strings/ru/rest').then(def),
  },
};

let started: Locale = DEFAULT_LOCALE;

/**
 * Starts i18next in the given locale with that locale's first strings. The rest (and English, the fallback
 * for a string a locale might lack) load with the first page of the layout (`loadAllStrings`).
 */
export async function initI18n(locale: Locale): Promise<void> {
  started = locale;
  const own = await PARTS[locale].first();
  await i18n
    .use(initReactI18next)
    .init(i18nSettings(locale, { [i18nLanguage(locale)]: { translation: own } }));
  document.documentElement.lang = i18nLanguage(locale);
}

/**
 * Every string of the started locale, and English's, once: what a page of the layout waits for. A failed
 * load (a new build took the chunk away) is tried again by the next page.
 */
export const loadAllStrings: () => Promise<void> = loadOnce(async () => {
  const locales: Locale[] = started === DEFAULT_LOCALE ? [started] : [started, DEFAULT_LOCALE];
  const parts = await Promise.all(
    locales.flatMap((locale) =>
      (started === locale ? [PARTS[locale].rest()] : [PARTS[locale].first(), PARTS[locale].rest()]).map(
        (load) => load.then((strings) => [locale, strings] as const),
      ),
    ),
  );
  for (const [locale, strings] of parts)
    i18n.addResourceBundle(i18nLanguage(locale), 'translation', strings, true, false);
});

export default i18n;
