import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, type Locale } from '@vitrine/core';
import en from './en.json';
import ua from './ua.json';
import it from './it.json';
import ru from './ru.json';

export const resources = { en, ua, it, ru } as const;

/** Starts i18next in the given locale; English is the fallback (spec §1). */
export function initI18n(locale: Locale): void {
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
}

export default i18n;
