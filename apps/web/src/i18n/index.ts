import i18n, { type InitOptions, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, type Locale } from '@vitrine/core';

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

/** One locale's strings, a chunk of their own: a page loads its language only (a locale change reloads). */
const strings = (locale: Locale): Promise<Record<string, unknown>> =>
  import(`./${locale}.json`).then((module: { default: Record<string, unknown> }) => module.default);

/**
 * Starts i18next in the given locale with that locale's strings. English, the fallback for a string a
 * locale might lack, follows after the first render rather than before it.
 */
export async function initI18n(locale: Locale): Promise<void> {
  const own = await strings(locale);
  await i18n
    .use(initReactI18next)
    .init(i18nSettings(locale, { [i18nLanguage(locale)]: { translation: own } }));
  document.documentElement.lang = i18nLanguage(locale);
  if (locale !== DEFAULT_LOCALE) {
    void strings(DEFAULT_LOCALE).then((en) => i18n.addResourceBundle(DEFAULT_LOCALE, 'translation', en));
  }
}

export default i18n;
