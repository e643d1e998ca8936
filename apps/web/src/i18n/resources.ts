import type { InitOptions } from 'i18next';
import type { Locale } from '@vitrine/core';
import en from './en.json';
import ua from './ua.json';
import it from './it.json';
import ru from './ru.json';
import { i18nSettings } from './index';

/**
 * Every locale's strings at once, for tests. The cabinet itself loads only the open page's locale
 * (`initI18n`), so the bundle people download carries one language, not four.
 */
export const resources = { en, ua, it, ru } as const;

/** i18next's settings for a locale with all four languages loaded, as tests set it up. */
export const i18nOptions = (locale: Locale): InitOptions =>
  i18nSettings(locale, {
    en: { translation: en },
    uk: { translation: ua },
    it: { translation: it },
    ru: { translation: ru },
  });
