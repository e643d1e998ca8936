import i18n, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, type Locale } from '@vitrine/core';
import en from './en.json';
import ua from './ua.json';
import it from './it.json';
import ru from './ru.json';

export const resources = { en, ua, it, ru } as const;

/**
 * The spec's locale codes are en, ua, it and ru; i18next and Intl speak BCP 47, where Ukrainian is 'uk'.
 * i18next runs under the BCP 47 code so plural forms follow the language's own rules (one, few, many,
 * other in Ukrainian), and the app reads its locale back through appLocale().
 */
export const i18nLanguage = (locale: Locale): string => (locale === 'ua' ? 'uk' : locale);
export const appLocale = (language: string): Locale => (language === 'uk' ? 'ua' : language) as Locale;

/** i18next's settings for a locale: the four languages under their BCP 47 codes, English the fallback. */
export const i18nOptions = (locale: Locale): InitOptions => ({
  resources: {
    en: { translation: en },
    uk: { translation: ua },
    it: { translation: it },
    ru: { translation: ru },
  },
  lng: i18nLanguage(locale),
  fallbackLng: DEFAULT_LOCALE,
  interpolation: { escapeValue: false },
});

/** Starts i18next in the given locale; English is the fallback (spec §1). */
export function initI18n(locale: Locale): void {
  void i18n.use(initReactI18next).init(i18nOptions(locale));
  document.documentElement.lang = i18nLanguage(locale);
}

export default i18n;
