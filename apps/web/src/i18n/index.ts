import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LANG_COOKIE, LOCALES, type Locale } from '@vitrine/core';
import en from './en.json';
import ua from './ua.json';
import it from './it.json';
import ru from './ru.json';

/** The locale from the URL prefix (/ua, /it, /ru), else the lang cookie, else English. */
export function detectLocale(): Locale {
  const prefix = window.location.pathname.split('/')[1];
  if ((LOCALES as readonly string[]).includes(prefix ?? '') && prefix !== DEFAULT_LOCALE)
    return prefix as Locale;
  const cookie = document.cookie.split('; ').find((c) => c.startsWith(`${LANG_COOKIE}=`));
  const value = cookie?.split('=')[1];
  return (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : DEFAULT_LOCALE;
}

export const locale = detectLocale();

void i18n.use(initReactI18next).init({
  resources: {
    en: { translation: en },
    ua: { translation: ua },
    it: { translation: it },
    ru: { translation: ru },
  },
  lng: locale,
  fallbackLng: DEFAULT_LOCALE,
  interpolation: { escapeValue: false },
});
document.documentElement.lang = locale === 'ua' ? 'uk' : locale;

export default i18n;
